// cat2 ALU opcodes (docs/isa-a3xx.md §2.3), one small kernel each. Every
// kernel computes on 32-bit values: half sources are widened first (float:
// binary16 -> binary32; signed/unsigned: extension, per the kernel's input
// domain) and half destinations narrowed after (float: RNE to binary16;
// integers: the low 16 bits). Per (rptN) iteration k, sources are read at
// slot issue + k and the destination written at issue + k (§4.1).
//
// Semantics (IEEE binary32, round to nearest even, the build has no FMA
// contraction):
//   add.f mul.f        a + b, a * b
//   min.f max.f        fminf / fmaxf (a quiet NaN operand yields the other)
//                      NaN results of these four: float_nan.h's pinned rules
//   sign.f             -1.0 if a < 0, +1.0 if a > 0, else +0.0 (NaN, +-0)
//   absneg.f           a with its (abs)/(neg) modifiers (a move)
//   floor.f ceil.f trunc.f  floorf / ceilf / truncf
//   rndne.f            round to nearest integral, ties to even
//   cmps.f.<cond>      1 if (a <cond> b) else 0, IEEE comparisons (NaN: only
//                      .ne is true); integer result, to a GPR or p0
//   add.u/s sub.u/s    wrapping 32-bit add/sub
//   cmps.u/s           unsigned / signed compare, 1 or 0
//   min/max.u/s        unsigned / signed
//   absneg.s           a with integer (abs)/(neg) (wrapping: |INT_MIN| = INT_MIN)
//   and/or/xor/not.b   bitwise; (neg) on a source is a bitwise NOT
//   mul.u24 / mul.s24  low 32 bits of the product of the low 24 bits
//                      (zero- / sign-extended)
//   mull.u             (a & 0xffff) * (b & 0xffff)
//   bfrev.b            bit reverse (of 16 bits for half sources)
//   clz.b              leading zeros (32 for 0; of 16 bits for half sources)
//   clz.s              leading bits equal to the sign bit, the sign bit
//                      included: clz(a ^ (a >> 31)); 32 for 0 and -1
//   shl.b shr.b ashr.b shifts by (b & 31); a half source is shifted as its
//                      32-bit extension, then truncated. A count >= 32
//                      (>= 16 for a half source) has no documented result:
//                      a "shift-count" hazard unless ShiftCountMode::kMask
//                      (emulator.h), which keeps the masked value silently
//   cbits.b            population count
// (sat) clamps float results to [0, 1] (NaN and -0 give +0) and is ignored
// on integer results. With DenormalMode::kFlushToZero, binary32 float
// inputs and results are flushed. cmpv.*, rndaz.f, mgen.b, getbit.b, setrm,
// shb and msad have no documented semantics and are reported unsupported;
// bary.f is in bary.cc.
#include <bit>
#include <cmath>

#include "emulator/a3xx/alu_common.h"
#include "emulator/a3xx/float_nan.h"
#include "emulator/a3xx/int_lanes.h"

namespace shaderdiff::a3xx {

namespace {

struct Ctx {
  Cond cond;
  bool half;  // sources are half registers
};

template <class T>
bool Compare(Cond c, T a, T b) {
  switch (c) {
    case Cond::kLt: return a < b;
    case Cond::kLe: return a <= b;
    case Cond::kGt: return a > b;
    case Cond::kGe: return a >= b;
    case Cond::kEq: return a == b;
    case Cond::kNe: return a != b;
  }
  return false;
}

// ---- kernel shapes: K::kSrcs, K::kIn (domain), K::kOut, K::kMod, K::Eval;
// K::kShift: the second source is a shift count (ShiftCountMode).
template <int N>
struct FloatOp {
  static constexpr bool kShift = false;
  static constexpr int kSrcs = N;
  static constexpr Dom kIn = Dom::kFloat, kOut = Dom::kFloat;
  static constexpr ModKind kMod = ModKind::kFloat;
};
template <int N, Dom D = Dom::kUnsigned, ModKind M = ModKind::kNone>
struct IntOp {
  static constexpr bool kShift = false;
  static constexpr int kSrcs = N;
  static constexpr Dom kIn = D, kOut = D;
  static constexpr ModKind kMod = M;
};
template <int N>
using BitOp = IntOp<N, Dom::kUnsigned, ModKind::kBitNot>;

// Eval4 (where given): four lanes of Eval's IEEE result, for blocks without
// a NaN (DenseFloatLanes); min and max pick by value exactly as
// MinPinned/MaxPinned do for two non-NaN operands (the first when equal).
struct AddF : FloatOp<2> {
  static float Eval(const Ctx&, float a, float b) { return AddPinned(a, b); }
  static F4 Eval4(F4 a, F4 b) { return a + b; }
};
struct MinF : FloatOp<2> {
  static float Eval(const Ctx&, float a, float b) { return MinPinned(a, b); }
  static F4 Eval4(F4 a, F4 b) { return AsF4(Select4(b < a, AsU4(b), AsU4(a))); }
};
struct MaxF : FloatOp<2> {
  static float Eval(const Ctx&, float a, float b) { return MaxPinned(a, b); }
  static F4 Eval4(F4 a, F4 b) { return AsF4(Select4(b > a, AsU4(b), AsU4(a))); }
};
struct MulF : FloatOp<2> {
  static float Eval(const Ctx&, float a, float b) { return MulPinned(a, b); }
  static F4 Eval4(F4 a, F4 b) { return a * b; }
};
struct SignF : FloatOp<1> {
  static float Eval(const Ctx&, float a, float) { return a < 0.0f ? -1.0f : (a > 0.0f ? 1.0f : 0.0f); }
};
struct AbsnegF : FloatOp<1> { static float Eval(const Ctx&, float a, float) { return a; } };
struct FloorF : FloatOp<1> { static float Eval(const Ctx&, float a, float) { return std::floor(a); } };
struct CeilF : FloatOp<1> { static float Eval(const Ctx&, float a, float) { return std::ceil(a); } };
struct RndneF : FloatOp<1> { static float Eval(const Ctx&, float a, float) { return RoundEvenF(a); } };
struct TruncF : FloatOp<1> { static float Eval(const Ctx&, float a, float) { return std::trunc(a); } };
struct CmpsF {
  static constexpr bool kShift = false;
  static constexpr int kSrcs = 2;
  static constexpr Dom kIn = Dom::kFloat, kOut = Dom::kUnsigned;
  static constexpr ModKind kMod = ModKind::kFloat;
  static Word Eval(const Ctx& x, float a, float b) { return Compare(x.cond, a, b) ? 1u : 0u; }
};

struct AddI : IntOp<2> { static Word Eval(const Ctx&, Word a, Word b) { return a + b; } };
struct SubI : IntOp<2> { static Word Eval(const Ctx&, Word a, Word b) { return a - b; } };
struct CmpsU : IntOp<2> {
  static constexpr bool kCompare = true;
  static Word Eval(const Ctx& x, Word a, Word b) { return Compare(x.cond, a, b) ? 1u : 0u; }
  template <Cond C>
  static Word EvalC(Word a, Word b) { return Compare(C, a, b) ? 1u : 0u; }
};
struct CmpsS : IntOp<2, Dom::kSigned> {
  static constexpr bool kCompare = true;
  static Word Eval(const Ctx& x, Word a, Word b) {
    return Compare(x.cond, static_cast<int32_t>(a), static_cast<int32_t>(b)) ? 1u : 0u;
  }
  template <Cond C>
  static Word EvalC(Word a, Word b) { return Compare(C, static_cast<int32_t>(a), static_cast<int32_t>(b)) ? 1u : 0u; }
};
struct MinU : IntOp<2> { static Word Eval(const Ctx&, Word a, Word b) { return a < b ? a : b; } };
struct MaxU : IntOp<2> { static Word Eval(const Ctx&, Word a, Word b) { return a > b ? a : b; } };
struct MinS : IntOp<2, Dom::kSigned> {
  static Word Eval(const Ctx&, Word a, Word b) { return static_cast<int32_t>(a) < static_cast<int32_t>(b) ? a : b; }
};
struct MaxS : IntOp<2, Dom::kSigned> {
  static Word Eval(const Ctx&, Word a, Word b) { return static_cast<int32_t>(a) > static_cast<int32_t>(b) ? a : b; }
};
struct AbsnegS : IntOp<1, Dom::kSigned, ModKind::kIntAbsNeg> {
  static Word Eval(const Ctx&, Word a, Word) { return a; }
};
struct AndB : BitOp<2> { static Word Eval(const Ctx&, Word a, Word b) { return a & b; } };
struct OrB : BitOp<2> { static Word Eval(const Ctx&, Word a, Word b) { return a | b; } };
struct XorB : BitOp<2> { static Word Eval(const Ctx&, Word a, Word b) { return a ^ b; } };
struct NotB : BitOp<1> { static Word Eval(const Ctx&, Word a, Word) { return ~a; } };
struct MulU24 : IntOp<2> {
  static Word Eval(const Ctx&, Word a, Word b) { return (a & 0xffffffu) * (b & 0xffffffu); }
};
struct MulS24 : IntOp<2, Dom::kSigned> {
  static Word Eval(const Ctx&, Word a, Word b) {
    const int64_t x = static_cast<int32_t>(a << 8) >> 8, y = static_cast<int32_t>(b << 8) >> 8;
    return static_cast<Word>(static_cast<uint64_t>(x * y));
  }
};
struct MullU : IntOp<2> { static Word Eval(const Ctx&, Word a, Word b) { return (a & 0xffffu) * (b & 0xffffu); } };
struct BfrevB : BitOp<1> {
  static Word Eval(const Ctx& x, Word a, Word) {
    Word r = 0;
    for (int i = 0; i < 32; ++i) r |= ((a >> i) & 1u) << (31 - i);
    return x.half ? r >> 16 : r;
  }
};
struct ClzB : BitOp<1> {
  static Word Eval(const Ctx& x, Word a, Word) {
    return x.half ? static_cast<Word>(std::countl_zero(a & 0xffffu) - 16) : static_cast<Word>(std::countl_zero(a));
  }
};
struct ClzS : IntOp<1, Dom::kSigned> {
  static Word Eval(const Ctx& x, Word a, Word) {
    const Word v = a ^ static_cast<Word>(static_cast<int32_t>(a) >> 31);
    const int n = std::countl_zero(v);
    return static_cast<Word>(x.half ? n - 16 : n);
  }
};
struct ShlB : BitOp<2> {
  static constexpr bool kShift = true;
  static Word Eval(const Ctx&, Word a, Word b) { return a << (b & 31u); }
};
struct ShrB : BitOp<2> {
  static constexpr bool kShift = true;
  static Word Eval(const Ctx&, Word a, Word b) { return a >> (b & 31u); }
};
struct AshrB : IntOp<2, Dom::kSigned, ModKind::kBitNot> {
  static constexpr bool kShift = true;
  static Word Eval(const Ctx&, Word a, Word b) { return static_cast<Word>(static_cast<int32_t>(a) >> (b & 31u)); }
};
struct CbitsB : BitOp<1> { static Word Eval(const Ctx&, Word a, Word) { return static_cast<Word>(std::popcount(a)); } };

template <class K>
void ExecCat2(Machine& m, const Prepared& p, LaneMask lanes) {
  const Instr& in = p.in;
  const Ctx ctx{in.cond, in.src[0].half};
  const bool ftz = m.opt.denormals == common::DenormalMode::kFlushToZero;
  const bool sat = in.has_flag(kFlagSat);
  const SrcMod mod0 = MakeMod(in.src[0], K::kMod);
  const SrcMod mod1 = MakeMod(in.src[1], K::kMod);
  const Word count_limit = ctx.half ? 16u : 32u;  // kShift: counts from here on are unknown on hardware
  const bool check_counts = K::kShift && m.opt.shift_counts == ShiftCountMode::kHazard;
  const bool dense = !ftz && DenseLanes(lanes);  // DenseFloatLanes applies
  for (int k = 0; k <= in.repeat; ++k) {
    const int64_t c = m.slot + k;
    const Word* a = ReadOperand(m, p, 0, k, c, lanes, K::kIn, m.scratch[0]);
    const Word* b = a;
    if constexpr (K::kSrcs > 1) b = ReadOperand(m, p, 1, k, c, lanes, K::kIn, m.scratch[1]);
    Word* out = m.scratch[3];
    if constexpr (K::kIn == Dom::kFloat && K::kOut == Dom::kFloat) {
      if (dense) {
        const auto eval = [&](float x, float y, float) { return K::Eval(ctx, x, y); };
        if constexpr (requires { K::Eval4(F4{}, F4{}); }) {
          DenseFloatLanes<K::kSrcs>(DenseCount(lanes), sat, {a, b, nullptr}, {mod0, mod1, SrcMod{}}, out, eval,
                                    [](F4 x, F4 y, F4) { return K::Eval4(x, y); });
        } else {
          DenseFloatLanes<K::kSrcs>(DenseCount(lanes), sat, {a, b, nullptr}, {mod0, mod1, SrcMod{}}, out, eval,
                                    NoBlockEval{});
        }
        WriteOperand(m, p, k, c, lanes, out, K::kOut);
        continue;
      }
    }
    if constexpr (K::kIn != Dom::kFloat) {
      if (DenseLanes(lanes)) {  // a full wave: int_lanes.h
        const int n = DenseCount(lanes);
        const std::array<const Word*, 3> src = {a, b, nullptr};
        const std::array<SrcMod, 3> mods = {mod0, mod1, SrcMod{}};
        bool count_out_of_range = false;
        if constexpr (requires { K::kCompare; }) {
          WithCond(ctx.cond, [&](auto cond) {
            DenseIntLanes<K::kSrcs>(n, src, mods, ctx.half, K::kIn, out,
                                    [](Word x, Word y, Word) { return K::template EvalC<decltype(cond)::value>(x, y); });
          });
        } else if constexpr (K::kShift) {
          // The largest count over the lanes decides the hazard: no branch per lane.
          Word max_count = 0;
          DenseIntLanes<K::kSrcs>(n, src, mods, ctx.half, K::kIn, out, [&](Word x, Word y, Word) {
            max_count = y > max_count ? y : max_count;
            return K::Eval(ctx, x, y);
          });
          count_out_of_range = max_count >= count_limit;
        } else {
          DenseIntLanes<K::kSrcs>(n, src, mods, ctx.half, K::kIn, out,
                                  [&](Word x, Word y, Word) { return K::Eval(ctx, x, y); });
        }
        if (check_counts && count_out_of_range) {
          m.Hazard(GprIndex(in.dst, k), 0, "shift-count");
          if (m.hazards.tripped()) return;
        }
        WriteOperand(m, p, k, c, lanes, out, K::kOut);
        continue;
      }
    }
    bool count_out_of_range = false;
    ForLanes(lanes, [&](int l) {
      if constexpr (K::kIn == Dom::kFloat) {
        const float x = InFloat(a[l], mod0, ftz);
        const float y = K::kSrcs > 1 ? InFloat(b[l], mod1, ftz) : 0.0f;
        if constexpr (K::kOut == Dom::kFloat) {
          out[l] = OutFloat(K::Eval(ctx, x, y), sat, ftz);
        } else {
          out[l] = K::Eval(ctx, x, y);
        }
      } else {
        const Word x = InInt(a[l], mod0, ctx.half, K::kIn);
        const Word y = K::kSrcs > 1 ? InInt(b[l], mod1, ctx.half, K::kIn) : 0u;
        if constexpr (K::kShift) count_out_of_range |= y >= count_limit;
        out[l] = K::Eval(ctx, x, y);
      }
    });
    if (check_counts && count_out_of_range) {
      m.Hazard(GprIndex(in.dst, k), 0, "shift-count");
      if (m.hazards.tripped()) return;
    }
    WriteOperand(m, p, k, c, lanes, out, K::kOut);
  }
}

// The plain form of an integer cat2 op (Cat2Form picks it in Prepare): no
// (rptN), every source and the destination resolved and of full precision,
// no source modifier that changes a value. A full wave runs the kernel on
// the operands as read, with no per-call modifier, repeat or precision
// decisions; any other lane mask takes ExecCat2, which computes the same for
// this form (the same reads, hazards and write, in the same order).
template <class K>
void ExecCat2Plain(Machine& m, const Prepared& p, LaneMask lanes) {
  if (!DenseLanes(lanes)) {
    ExecCat2<K>(m, p, lanes);
    return;
  }
  const int n = DenseCount(lanes);
  const int64_t c = m.slot;
  const Word* a = ReadOperand(m, p, 0, 0, c, lanes, K::kIn, m.scratch[0]);
  const Word* b = a;
  if constexpr (K::kSrcs > 1) b = ReadOperand(m, p, 1, 0, c, lanes, K::kIn, m.scratch[1]);
  Word* out = m.scratch[3];
  const std::array<const Word*, 3> src = {a, b, nullptr};
  constexpr std::array<SrcMod, 3> kPlain{};
  const Ctx ctx{p.in.cond, false};
  if constexpr (requires { K::kCompare; }) {
    WithCond(ctx.cond, [&](auto cond) {
      DenseIntLanes<K::kSrcs>(n, src, kPlain, false, K::kIn, out,
                              [](Word x, Word y, Word) { return K::template EvalC<decltype(cond)::value>(x, y); });
    });
  } else if constexpr (K::kShift) {
    Word max_count = 0;  // the largest count decides the hazard, as in ExecCat2
    DenseIntLanes<K::kSrcs>(n, src, kPlain, false, K::kIn, out, [&](Word x, Word y, Word) {
      max_count = y > max_count ? y : max_count;
      return K::Eval(ctx, x, y);
    });
    if (m.opt.shift_counts == ShiftCountMode::kHazard && max_count >= 32u) {
      m.Hazard(GprIndex(p.in.dst, 0), 0, "shift-count");
      if (m.hazards.tripped()) return;
    }
  } else {
    DenseIntLanes<K::kSrcs>(n, src, kPlain, false, K::kIn, out,
                            [&](Word x, Word y, Word) { return K::Eval(ctx, x, y); });
  }
  WriteReg(m, p.dst_form.idx, c, lanes, out, K::kOut);
}

// ExecCat2Plain<K> for an integer op in the plain form, else ExecCat2<K>.
template <class K>
ExecFn Cat2Form(const Prepared& p) {
  if constexpr (K::kIn != Dom::kFloat) {
    const Instr& in = p.in;
    bool plain = in.repeat == 0 && FullGprDst(p.dst_form);
    for (int s = 0; s < K::kSrcs; ++s) {
      plain = plain && FullResolved(p.src_form[s]) && IdentityMod(MakeMod(in.src[s], K::kMod));
    }
    if (plain) return ExecCat2Plain<K>;
  }
  return ExecCat2<K>;
}

ExecFn Cat2Handler(const Prepared& p) {
  switch (p.in.opcode) {
    case Opcode::ADD_F: return Cat2Form<AddF>(p);
    case Opcode::MIN_F: return Cat2Form<MinF>(p);
    case Opcode::MAX_F: return Cat2Form<MaxF>(p);
    case Opcode::MUL_F: return Cat2Form<MulF>(p);
    case Opcode::SIGN_F: return Cat2Form<SignF>(p);
    case Opcode::CMPS_F: return Cat2Form<CmpsF>(p);
    case Opcode::ABSNEG_F: return Cat2Form<AbsnegF>(p);
    case Opcode::FLOOR_F: return Cat2Form<FloorF>(p);
    case Opcode::CEIL_F: return Cat2Form<CeilF>(p);
    case Opcode::RNDNE_F: return Cat2Form<RndneF>(p);
    case Opcode::TRUNC_F: return Cat2Form<TruncF>(p);
    case Opcode::ADD_U:
    case Opcode::ADD_S: return Cat2Form<AddI>(p);
    case Opcode::SUB_U:
    case Opcode::SUB_S: return Cat2Form<SubI>(p);
    case Opcode::CMPS_U: return Cat2Form<CmpsU>(p);
    case Opcode::CMPS_S: return Cat2Form<CmpsS>(p);
    case Opcode::MIN_U: return Cat2Form<MinU>(p);
    case Opcode::MIN_S: return Cat2Form<MinS>(p);
    case Opcode::MAX_U: return Cat2Form<MaxU>(p);
    case Opcode::MAX_S: return Cat2Form<MaxS>(p);
    case Opcode::ABSNEG_S: return Cat2Form<AbsnegS>(p);
    case Opcode::AND_B: return Cat2Form<AndB>(p);
    case Opcode::OR_B: return Cat2Form<OrB>(p);
    case Opcode::NOT_B: return Cat2Form<NotB>(p);
    case Opcode::XOR_B: return Cat2Form<XorB>(p);
    case Opcode::MUL_U24: return Cat2Form<MulU24>(p);
    case Opcode::MUL_S24: return Cat2Form<MulS24>(p);
    case Opcode::MULL_U: return Cat2Form<MullU>(p);
    case Opcode::BFREV_B: return Cat2Form<BfrevB>(p);
    case Opcode::CLZ_S: return Cat2Form<ClzS>(p);
    case Opcode::CLZ_B: return Cat2Form<ClzB>(p);
    case Opcode::SHL_B: return Cat2Form<ShlB>(p);
    case Opcode::SHR_B: return Cat2Form<ShrB>(p);
    case Opcode::ASHR_B: return Cat2Form<AshrB>(p);
    case Opcode::CBITS_B: return Cat2Form<CbitsB>(p);
    default: return nullptr;
  }
}

}  // namespace

bool PrepareBary(Prepared& p, std::string* why);

bool PrepareAlu2(Prepared& p, std::string* why) {
  if (p.in.opcode == Opcode::BARY_F) return PrepareBary(p, why);
  p.exec = Cat2Handler(p);
  if (!p.exec) {
    *why = "opcode " + std::string(OpcodeName(p.in.opcode)) + " has no documented semantics (not modelled)";
    return false;
  }
  return true;
}

}  // namespace shaderdiff::a3xx
