// 32-bit conversions (docs/tgsi.md 2.5): F2I/F2U (truncate), ARL
// ((int)floor), ARR ((int)floor(x + 0.5)), UARL (word copy), I2F/U2F (round
// to nearest even), PK2H / UP2H (IEEE half, round to nearest even).
//
// Any value: float->int of NaN or out of range (the word written is x86's
// 0x80000000 pattern, or for F2U of (-2^31, -1] the int32 truncation, as GCC
// 12 on x86-64 gives), or of a set straddling an integer; PK2H of NaN (half
// NaN bits differ), of a value not exactly representable as half (GL leaves
// that rounding open) or giving a half denormal.
// Sets: I2F/U2F of integers above 2^24 that need rounding (1 ulp); UP2H of
// a half denormal (it or the zero it flushes to) or of a half NaN (any NaN).
#include <cmath>

#include "compiler/tgsi/opcode.h"
#include "emulator/tgsi/ops.h"

namespace shaderdiff::tgsi_exec {
namespace {

using tgsi::Opcode;

// Truncated value t fits int32 (t already integral or NaN).
inline bool FitsInt32(float t) { return t >= -2147483648.0f && t < 2147483648.0f; }

inline Word ToInt32Bits(float t) {
  return FitsInt32(t) ? static_cast<Word>(static_cast<int32_t>(t)) : 0x80000000u;
}

// Float -> int conversions read floats (a set whose members convert to
// different integers is any value: inexact-comparison) and produce words.
struct F2IK : CompareKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    const float t = std::trunc(fp.In(F(a[0])));
    if (!FitsInt32(t)) f.undef = Reason::kFloatToIntRange;
    return ToInt32Bits(t);
  }
};
struct F2UK : CompareKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    const float v = fp.In(F(a[0]));
    if (v > -1.0f && v < 4294967296.0f) return static_cast<Word>(std::trunc(v) + 0.0f);
    f.undef = Reason::kFloatToIntRange;
    return ToInt32Bits(std::trunc(v));
  }
};
struct ArlK : CompareKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    const float t = std::floor(fp.In(F(a[0])));
    if (!FitsInt32(t)) f.undef = Reason::kFloatToIntRange;
    return ToInt32Bits(t);
  }
};
struct ArrK : CompareKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    const float t = std::floor(fp.Add(F(a[0]), 0.5f));
    if (!FitsInt32(t)) f.undef = Reason::kFloatToIntRange;
    return ToInt32Bits(t);
  }
};
struct UarlK : IntKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp&, const Word* a, Freedom&) { return a[0]; }
};
// Int -> float: integer operands, float results (1 ulp where rounding).
struct IntToFloatKernel : IntKernel {
  static constexpr bool kFloatOut = true;
};
struct I2FK : IntToFloatKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp&, const Word* a, Freedom& f) {
    const int32_t i = static_cast<int32_t>(a[0]);
    const float r = static_cast<float>(i);
    if (static_cast<double>(r) != static_cast<double>(i)) f.Inexact(Reason::kConversionRounding, precision::kConversion);
    return W(r);
  }
};
struct U2FK : IntToFloatKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp&, const Word* a, Freedom& f) {
    const float r = static_cast<float>(a[0]);
    if (static_cast<double>(r) != static_cast<double>(a[0])) f.Inexact(Reason::kConversionRounding, precision::kConversion);
    return W(r);
  }
};

// PK2H: replicated half(src.x) | half(src.y) << 16. The packed word is not
// a float: NaN, half denormals and an open rounding make it any value.
struct Pk2hK : CompareKernel {
  static constexpr int kSrc = 2;
  static uint16_t Half(Fp& fp, Word w, Freedom& fr) {
    const float f = fp.In(F(w));
    if (std::isnan(f)) fr.undef = Reason::kNanOperand;
    const uint16_t h = FloatToHalf(f);
    const bool half_denorm = (h & 0x7c00u) == 0 && (h & 0x3ffu) != 0;
    if (half_denorm && fr.undef == Reason::kNone) fr.undef = Reason::kDenormal;
    if (!std::isnan(f) && HalfToFloat(h) != f && !(std::isinf(f)) && fr.undef == Reason::kNone)
      fr.undef = Reason::kConversionRounding;
    return h;
  }
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    const uint16_t lo = Half(fp, a[0], f);
    const uint16_t hi = Half(fp, a[1], f);
    return static_cast<Word>(lo) | (static_cast<Word>(hi) << 16);
  }
};

void OpPk2h(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const LaneMask m = ex.exec;
  const Lanes& sx = ex.Fetch(in, 0, 0, m);
  const Lanes& sy = ex.Fetch(in, 0, 1, m);
  Lanes& r = ex.Result(0, 0);
  ForLanes(m, [&](int l) {
    const Val a[2] = {sx.Get(l), sy.Get(l)};
    r.Set(l, EvalKernel<Pk2hK>(ex, a));
  });
  StoreReplicated(ex, in, r);
}

// UP2H: x = z = half(src.x & 0xffff), y = w = half(src.x >> 16).
void OpUp2h(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const LaneMask m = ex.exec;
  const Lanes& s = ex.Fetch(in, 0, 0, m);
  for (int c = 0; c < 4; ++c) {
    if (!(in.dst[0].mask & (1u << c))) continue;
    Lanes& r = ex.Result(0, c);
    ForLanes(m, [&](int l) {
      const uint16_t h = static_cast<uint16_t>((c & 1) ? (s.w[l] >> 16) : (s.w[l] & 0xffffu));
      const Word w = W(HalfToFloat(h));
      const Val src = s.Get(l);
      Val v = Val::Exact(w);
      if (src.undef != Reason::kNone) {
        v = Val::Any(w, src.undef);
      } else if (src.inexact != Reason::kNone) {
        v = Val::Any(w, Reason::kInexactBits);
      } else if (IsNanW(w)) {  // a half NaN's payload may not survive: any NaN
        v.inexact = Reason::kNanResult;
        v.set = kSetNan;
      } else if ((h & 0x7c00u) == 0 && (h & 0x3ffu) != 0) {  // a half denormal may be flushed
        v.inexact = Reason::kDenormal;
        v.set = kSetInterval;
        v.lo = v.hi = w;
        (h & 0x8000u ? v.hi : v.lo) = w & 0x80000000u;
      }
      r.Set(l, v);
    });
  }
  ex.Store(in, 0);
}

template <class K>
void Comp(Exec& ex, const DInst& in) {
  CompOp<K>(ex, in);
}

}  // namespace

void RegisterConvertOps(HandlerTable& t) {
  t.Set(Opcode::F2I, Comp<F2IK>);
  t.Set(Opcode::F2U, Comp<F2UK>);
  t.Set(Opcode::ARL, Comp<ArlK>);
  t.Set(Opcode::ARR, Comp<ArrK>);
  t.Set(Opcode::UARL, Comp<UarlK>);
  t.Set(Opcode::I2F, Comp<I2FK>);
  t.Set(Opcode::U2F, Comp<U2FK>);
  t.Set(Opcode::PK2H, OpPk2h);
  t.Set(Opcode::UP2H, OpUp2h);
}

}  // namespace shaderdiff::tgsi_exec
