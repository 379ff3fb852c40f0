// 32-bit integer and bit-field opcodes (docs/tgsi.md 2.6, 2.7): bit-exact
// two's-complement operations, shifts masked to 5 bits, tgsi_exec V22's
// division-by-zero values (IDIV 0, UDIV/UMOD/MOD ~0) and 19.1 bit-field
// rules (count 32 handled). The opcodes that are a plain function of their
// operand words declare kPureWords, so an all-active wave of exact operands
// takes ops.h's WordsLanes.
//
// Undefined: IDIV/MOD by zero (UDIV/UMOD are specified), INT_MIN / -1 and
// INT_MIN % -1, IBFE/UBFE/BFI with negative offset/bits or offset + bits >
// 32. Everything is computed on unsigned words, so no host UB occurs.
#include <bit>
#include <cstdint>

#include "compiler/tgsi/opcode.h"
#include "emulator/tgsi/ops.h"

namespace shaderdiff::tgsi_exec {
namespace {

using tgsi::Opcode;

inline int32_t I(Word w) { return static_cast<int32_t>(w); }
inline Word U(int32_t i) { return static_cast<Word>(i); }
constexpr Word kIntMin = 0x80000000u;

// Kernels with `kPureWords` (ops.h): the result is Words(operand words),
// exact, with no freedom and no float rule (Eval is Words).
template <Word (*Fn)(Word)>
struct Unary : IntKernel {
  static constexpr int kSrc = 1;
  static constexpr bool kPureWords = true;
  static Word Words(const Word* a) { return Fn(a[0]); }
  static Word Eval(Fp&, const Word* a, Freedom&) { return Words(a); }
};
template <Word (*Fn)(Word, Word)>
struct Binary : IntKernel {
  static constexpr int kSrc = 2;
  static constexpr bool kPureWords = true;
  static Word Words(const Word* a) { return Fn(a[0], a[1]); }
  static Word Eval(Fp&, const Word* a, Freedom&) { return Words(a); }
};

Word UAdd(Word a, Word b) { return a + b; }
Word UMul(Word a, Word b) { return a * b; }
Word IMulHi(Word a, Word b) {
  return static_cast<Word>(static_cast<uint64_t>(int64_t{I(a)} * int64_t{I(b)}) >> 32);
}
Word UMulHi(Word a, Word b) { return static_cast<Word>((uint64_t{a} * uint64_t{b}) >> 32); }
Word INeg(Word a) { return 0u - a; }
Word IAbs(Word a) { return I(a) < 0 ? 0u - a : a; }
Word ISsg(Word a) { return I(a) < 0 ? 0xffffffffu : (I(a) > 0 ? 1u : 0u); }
Word IMax(Word a, Word b) { return I(a) > I(b) ? a : b; }
Word IMin(Word a, Word b) { return I(a) < I(b) ? a : b; }
Word UMax(Word a, Word b) { return a > b ? a : b; }
Word UMin(Word a, Word b) { return a < b ? a : b; }
Word Not(Word a) { return ~a; }
Word And(Word a, Word b) { return a & b; }
Word Or(Word a, Word b) { return a | b; }
Word Xor(Word a, Word b) { return a ^ b; }
Word Shl(Word a, Word b) { return a << (b & 31u); }
Word IShr(Word a, Word b) { return U(I(a) >> (b & 31u)); }
Word UShr(Word a, Word b) { return a >> (b & 31u); }
Word ISlt(Word a, Word b) { return I(a) < I(b) ? 0xffffffffu : 0u; }
Word ISge(Word a, Word b) { return I(a) >= I(b) ? 0xffffffffu : 0u; }
Word USlt(Word a, Word b) { return a < b ? 0xffffffffu : 0u; }
Word USge(Word a, Word b) { return a >= b ? 0xffffffffu : 0u; }
Word USeq(Word a, Word b) { return a == b ? 0xffffffffu : 0u; }
Word USne(Word a, Word b) { return a != b ? 0xffffffffu : 0u; }
Word UDiv(Word a, Word b) { return b ? a / b : 0xffffffffu; }
Word UMod(Word a, Word b) { return b ? a % b : 0xffffffffu; }
Word Brev(Word a) {
  Word r = 0;
  for (int i = 0; i < 32; ++i) r |= ((a >> i) & 1u) << (31 - i);
  return r;
}
Word Popc(Word a) { return static_cast<Word>(std::popcount(a)); }
Word Lsb(Word a) { return a ? static_cast<Word>(std::countr_zero(a)) : 0xffffffffu; }
Word UMsb(Word a) { return a ? static_cast<Word>(31 - std::countl_zero(a)) : 0xffffffffu; }
Word IMsb(Word a) {
  const Word v = I(a) < 0 ? ~a : a;
  return v ? static_cast<Word>(31 - std::countl_zero(v)) : 0xffffffffu;
}

struct UMadK : IntKernel {
  static constexpr int kSrc = 3;
  static constexpr bool kPureWords = true;
  static Word Words(const Word* a) { return a[0] * a[1] + a[2]; }
  static Word Eval(Fp&, const Word* a, Freedom&) { return Words(a); }
};

struct IDivK : IntKernel {
  static constexpr int kSrc = 2;
  static Word Eval(Fp&, const Word* a, Freedom& f) {
    if (a[1] == 0) {
      f.undef = Reason::kIdivByZero;
      return 0;
    }
    if (a[0] == kIntMin && a[1] == 0xffffffffu) {
      f.undef = Reason::kIntDivOverflow;
      return kIntMin;
    }
    return U(I(a[0]) / I(a[1]));
  }
};
struct ModK : IntKernel {
  static constexpr int kSrc = 2;
  static Word Eval(Fp&, const Word* a, Freedom& f) {
    if (a[1] == 0) {
      f.undef = Reason::kModByZero;
      return 0xffffffffu;
    }
    if (a[0] == kIntMin && a[1] == 0xffffffffu) {
      f.undef = Reason::kIntDivOverflow;
      return 0;
    }
    return U(I(a[0]) % I(a[1]));
  }
};

// GLSL / tgsi.rst: undefined when offset < 0, bits < 0 or offset + bits > 32.
inline bool BitfieldOutOfRange(Word offset, Word bits) {
  const int64_t o = I(offset), n = I(bits);
  return o < 0 || n < 0 || o + n > 32;
}

template <bool Signed>
struct BfeK : IntKernel {
  static constexpr int kSrc = 3;  // value, offset, bits
  static Word Eval(Fp&, const Word* a, Freedom& f) {
    if (BitfieldOutOfRange(a[1], a[2])) f.undef = Reason::kBitfieldRange;
    const Word v = a[0];
    const uint32_t offset = a[1] & 31u;
    uint32_t width = a[2];
    if (width == 32 && offset == 0) return v;
    width &= 31u;
    if (width == 0) return 0;
    if (width + offset < 32) {
      const Word shifted = v << (32 - width - offset);
      return Signed ? U(I(shifted) >> (32 - width)) : shifted >> (32 - width);
    }
    return Signed ? U(I(v) >> offset) : v >> offset;
  }
};

struct BfiK : IntKernel {
  static constexpr int kSrc = 4;  // base, insert, offset, bits
  static Word Eval(Fp&, const Word* a, Freedom& f) {
    if (BitfieldOutOfRange(a[2], a[3])) f.undef = Reason::kBitfieldRange;
    const uint32_t width = a[3];
    const uint32_t offset = a[2] & 31u;
    if (width == 32) return a[1];
    // tgsi_exec computes ((1 << width) - 1) << offset in int; widths >= 32
    // are C-undefined there (and flagged here): use width & 31.
    const Word mask = ((width & 31u) == 0 ? 0u : ((1u << (width & 31u)) - 1u)) << offset;
    return ((a[1] << offset) & mask) | (a[0] & ~mask);
  }
};

template <class K>
void Comp(Exec& ex, const DInst& in) {
  CompOp<K>(ex, in);
}

}  // namespace

void RegisterIntOps(HandlerTable& t) {
  t.Set(Opcode::UADD, Comp<Binary<UAdd>>);
  t.Set(Opcode::UMUL, Comp<Binary<UMul>>);
  t.Set(Opcode::UMAD, Comp<UMadK>);
  t.Set(Opcode::IMUL_HI, Comp<Binary<IMulHi>>);
  t.Set(Opcode::UMUL_HI, Comp<Binary<UMulHi>>);
  t.Set(Opcode::IDIV, Comp<IDivK>);
  t.Set(Opcode::UDIV, Comp<Binary<UDiv>>);
  t.Set(Opcode::MOD, Comp<ModK>);
  t.Set(Opcode::UMOD, Comp<Binary<UMod>>);
  t.Set(Opcode::INEG, Comp<Unary<INeg>>);
  t.Set(Opcode::IABS, Comp<Unary<IAbs>>);
  t.Set(Opcode::ISSG, Comp<Unary<ISsg>>);
  t.Set(Opcode::IMAX, Comp<Binary<IMax>>);
  t.Set(Opcode::IMIN, Comp<Binary<IMin>>);
  t.Set(Opcode::UMAX, Comp<Binary<UMax>>);
  t.Set(Opcode::UMIN, Comp<Binary<UMin>>);
  t.Set(Opcode::NOT, Comp<Unary<Not>>);
  t.Set(Opcode::AND, Comp<Binary<And>>);
  t.Set(Opcode::OR, Comp<Binary<Or>>);
  t.Set(Opcode::XOR, Comp<Binary<Xor>>);
  t.Set(Opcode::SHL, Comp<Binary<Shl>>);
  t.Set(Opcode::ISHR, Comp<Binary<IShr>>);
  t.Set(Opcode::USHR, Comp<Binary<UShr>>);
  t.Set(Opcode::ISLT, Comp<Binary<ISlt>>);
  t.Set(Opcode::ISGE, Comp<Binary<ISge>>);
  t.Set(Opcode::USLT, Comp<Binary<USlt>>);
  t.Set(Opcode::USGE, Comp<Binary<USge>>);
  t.Set(Opcode::USEQ, Comp<Binary<USeq>>);
  t.Set(Opcode::USNE, Comp<Binary<USne>>);
  t.Set(Opcode::IBFE, Comp<BfeK<true>>);
  t.Set(Opcode::UBFE, Comp<BfeK<false>>);
  t.Set(Opcode::BFI, Comp<BfiK>);
  t.Set(Opcode::BREV, Comp<Unary<Brev>>);
  t.Set(Opcode::POPC, Comp<Unary<Popc>>);
  t.Set(Opcode::LSB, Comp<Unary<Lsb>>);
  t.Set(Opcode::IMSB, Comp<Unary<IMsb>>);
  t.Set(Opcode::UMSB, Comp<Unary<UMsb>>);
}

}  // namespace shaderdiff::tgsi_exec
