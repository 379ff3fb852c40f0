// Internal to the float ops (ops_float*.cc): the per-lane kernels of the
// float opcodes and the generic component-wise / replicated drivers, shared by
// ops_float.cc (arithmetic, comparisons, selections, derivatives),
// ops_float_vector.cc (dot products, XPD, X2D) and ops_float_arb.cc (the
// ARB-style multi-result ops). The formulas and flag rules are described in
// ops_float.cc's file comment.
#pragma once

#include <cmath>

#include "compiler/tgsi/opcode.h"
#include "emulator/tgsi/ops.h"

namespace shaderdiff::tgsi_exec::float_ops {


using tgsi::Opcode;

template <class K, class Gather>
void ComputeLanes(Exec& ex, LaneMask m, Lanes& r, Gather g) {
  ForLanes(m, [&](int l) {
    Val v[K::kSrc];
    g(l, v);
    r.Set(l, EvalKernel<K>(ex, v));
  });
}

// ---------------------------------------------------------------- kernels

struct MovK : CopyKernel {
  static constexpr int kSrc = 1;
  static constexpr bool kIdentity = true;
  static Word Eval(Fp&, const Word* a, Freedom&) { return a[0]; }
};
struct AbsK : CopyKernel {  // removed ABS: fabsf (a bit operation)
  static constexpr int kSrc = 1;
  static Word Eval(Fp&, const Word* a, Freedom&) { return a[0] & 0x7fffffffu; }
};
// kPlain (ops.h, PlainLanes): Plain is Eval without denormals, no freedom.
struct AddK : ArithKernel {
  static constexpr int kSrc = 2;
  static constexpr bool kPlain = true;
  static constexpr bool kBoxHull = true;
  static constexpr bool kWaveLanes = true;
  static void Hull(const float* lo, const float* hi, float* out_lo, float* out_hi) { AddHull(lo, hi, out_lo, out_hi); }
  static Word Eval(Fp& fp, const Word* a, Freedom&) { return W(fp.Add(F(a[0]), F(a[1]))); }
  static float Plain(const float* a) { return a[0] + a[1]; }
};
struct SubK : ArithKernel {
  static constexpr int kSrc = 2;
  static constexpr bool kPlain = true;
  static constexpr bool kBoxHull = true;
  static constexpr bool kWaveLanes = true;
  static void Hull(const float* lo, const float* hi, float* out_lo, float* out_hi) { SubHull(lo, hi, out_lo, out_hi); }
  static Word Eval(Fp& fp, const Word* a, Freedom&) { return W(fp.Sub(F(a[0]), F(a[1]))); }
  static float Plain(const float* a) { return a[0] - a[1]; }
};
struct MulK : ArithKernel {
  static constexpr int kSrc = 2;
  static constexpr bool kPlain = true;
  static constexpr bool kBoxHull = true;
  static constexpr bool kWaveLanes = true;
  static void Hull(const float* lo, const float* hi, float* out_lo, float* out_hi) { MulHull(lo, hi, out_lo, out_hi); }
  static Word Eval(Fp& fp, const Word* a, Freedom&) { return W(fp.Mul(F(a[0]), F(a[1]))); }
  static float Plain(const float* a) { return a[0] * a[1]; }
};

// MAD may be fused or not (tgsi.rst): the other form is an alternative.
struct MadK : ArithKernel {
  static constexpr int kSrc = 3;
  static constexpr bool kPlain = true;
  static constexpr bool kPlainCheck = true;
  static constexpr Reason kAltReason = Reason::kMadFusion;
  static constexpr bool kBoxHull = true;
  static constexpr bool kWaveLanes = true;
  static void Hull(const float* lo, const float* hi, float* out_lo, float* out_hi) { MadHull(lo, hi, out_lo, out_hi); }
  static float Plain(const float* a) {
    const float p = a[0] * a[1];  // two roundings: -ffp-contract=off
    return p + a[2];
  }
  // Marks in `bad` the lanes of a block whose fused form differs
  // (kPlainAltBit, the fused word in `alt`) and those where Eval sees a
  // denormal product or the fused word is not a finite normal or zero
  // (kPlainSlowBit) (ops_float.cc). Only PlainLanes<MadK> calls it, which
  // is WaveLanes' fallback on a host without AVX2 and FMA, and
  // wave_lanes_test's reference.
  static void PlainSlow(const float (*a)[kPlainBlock], const Word* r, uint8_t* bad, Word* alt);
  // Inlined everywhere: the set builder calls it with an IEEE Fp per
  // combination, which then folds away (GCC stops inlining it once
  // BoxHullLanes calls it too, and that cost 1.5 times Eval's instructions).
  [[gnu::always_inline]] static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    Fp other = fp;
    const Word fused = W(other.Fma(F(a[0]), F(a[1]), F(a[2])));
    const Word r = W(fp.Mad(F(a[0]), F(a[1]), F(a[2])));
    if (fused != r) f.Alt(Reason::kMadFusion, fused);
    return r;
  }
};
struct FmaK : ArithKernel {
  static constexpr int kSrc = 3;
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    Fp other = fp;
    const Word unfused = W(other.Mad(F(a[0]), F(a[1]), F(a[2])));
    const Word r = W(fp.Fma(F(a[0]), F(a[1]), F(a[2])));
    if (unfused != r) f.Alt(Reason::kMadFusion, unfused);
    return r;
  }
};
// LRP = a*(b-c)+c in tgsi_exec; other implementations use a*b+(1-a)*c or
// fused forms: bounded as the sum of products a*b - a*c + c.
struct LrpK : ArithKernel {
  static constexpr int kSrc = 3;
  static constexpr bool kCustomSet = true;
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    const float s0 = F(a[0]), s1 = F(a[1]), s2 = F(a[2]);
    bool exact = ProductIsExact(s0, s1) && ProductIsExact(s0, s2);
    if (exact) {
      const double g1[3] = {static_cast<double>(s0) * s1, -(static_cast<double>(s0) * s2), s2};
      const double g2[2] = {s1, -static_cast<double>(s2)};
      const double g3[2] = {1.0, -static_cast<double>(s0)};
      exact = TermsSumExactly(g1, 3) && TermsSumExactly(g2, 2) && TermsSumExactly(g3, 2);
    }
    if (!exact) f.Inexact(Reason::kLrpFormula, {});
    const float d = fp.Sub(s1, s2);
    const float p = fp.Mul(s0, d);
    return W(fp.Add(p, s2));
  }
  static Val SetOf(const Val* v, Word r, const Freedom&, bool) {
    const ProductTerm p[2] = {{v[0], v[1], false}, {v[0], v[2], true}};
    const Val sum = SumOfProducts(p, 2, &v[2], 1, r, Reason::kLrpFormula);
    if (sum.undef != Reason::kNone || !DifferenceMayBeDenormal(v[1], v[2])) return sum;
    return WithFlushedDifference(sum, v[0], v[2]);
  }
};
struct DivK : ArithKernel {
  static constexpr int kSrc = 2;
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    const float b = fp.In(F(a[1]));
    if (b == 0.0f) f.undef = Reason::kDivByZero;
    if (!IsPowerOfTwo(b) || std::fabs(b) > 0x1p126f) f.Inexact(Reason::kDiv, precision::kDiv);
    return W(fp.Div(F(a[0]), b));
  }
};
struct RcpK : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    f.Inexact(Reason::kRcp, precision::kRcp);
    return W(fp.Div(1.0f, F(a[0])));
  }
};
struct RsqK : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    f.Inexact(Reason::kRsq, precision::kRsq);
    const float v = fp.In(F(a[0]));
    if (v <= 0.0f) f.undef = Reason::kRsqDomain;
    return W(fp.Div(1.0f, fp.Sqrt(v)));
  }
};
struct SqrtK : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    f.Inexact(Reason::kSqrt, precision::kSqrt);
    const float v = fp.In(F(a[0]));
    if (v < 0.0f) f.undef = Reason::kSqrtDomain;
    return W(fp.Sqrt(v));
  }
};
// EX2 with its (3 + 2|x|) ulp tolerance; `why` names the op (ex2 / exp).
inline float Ex2(Fp& fp, float v, Freedom& f, Reason why) {
  v = fp.In(v);
  if (v < -126.0f || v > 127.0f) f.undef = Reason::kEx2Range;
  f.Inexact(why, {precision::Ex2Ulps(std::fabs(v)), 0, 0});
  return fp.Out(std::pow(2.0f, v));
}
inline float Lg2(Fp& fp, float v) {
  const float l = std::log(fp.In(v));
  const float r = l * 1.442695f;
  return fp.Out(r);
}
struct Ex2K : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Freedom& f) { return W(Ex2(fp, F(a[0]), f, Reason::kEx2)); }
};
struct Lg2K : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    f.Inexact(Reason::kLg2, precision::kLg2);
    if (fp.In(F(a[0])) < 0.0f) f.undef = Reason::kLg2Domain;
    return W(Lg2(fp, F(a[0])));
  }
};
struct PowK : ArithKernel {
  static constexpr int kSrc = 2;
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    f.Inexact(Reason::kPow, precision::kPow);
    const float b = fp.In(F(a[0])), e = fp.In(F(a[1]));
    if (!(b > 0.0f) || !std::isfinite(b) || !std::isfinite(e)) f.undef = Reason::kPowDomain;
    return W(fp.Out(std::pow(b, e)));
  }
};
constexpr float kTrigLimit = 1024.0f;
// Adds [-1, 1] (widened by the trig tolerance) when the operand's interval
// holds a critical point of sin (offset pi/2) or cos (offset 0).
inline void TrigBound(const Val& v, double offset, SetBuilder& b) {
  if (!(v.set & kSetInterval)) return;
  const double lo = F(v.lo), hi = F(v.hi);
  const double pi = 3.14159265358979323846;
  if (std::floor((lo - offset) / pi) != std::floor((hi - offset) / pi)) {
    Word l, h, unused;
    Widen(W(-1.0f), precision::kTrig, &l, &unused);
    Widen(W(1.0f), precision::kTrig, &unused, &h);
    b.AddInterval(l, h);
  }
}
struct SinK : ArithKernel {
  static constexpr int kSrc = 1;
  static constexpr bool kMonotone = false;
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    f.Inexact(Reason::kSin, precision::kTrig);
    const float v = fp.In(F(a[0]));
    if (std::fabs(v) > kTrigLimit) f.undef = Reason::kTrigRange;
    return W(fp.Out(std::sin(v)));
  }
  static void Bound(const Val* v, SetBuilder& b) { TrigBound(v[0], 3.14159265358979323846 / 2, b); }
};
struct CosK : ArithKernel {
  static constexpr int kSrc = 1;
  static constexpr bool kMonotone = false;
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    f.Inexact(Reason::kCos, precision::kTrig);
    const float v = fp.In(F(a[0]));
    if (std::fabs(v) > kTrigLimit) f.undef = Reason::kTrigRange;
    return W(fp.Out(std::cos(v)));
  }
  static void Bound(const Val* v, SetBuilder& b) { TrigBound(v[0], 0.0, b); }
};

// MIN/MAX of a NaN may give the other operand or NaN; of +0/-0, either zero.
inline void MinMaxFreedom(float a, float b, Freedom& f) {
  if (std::isnan(a) || std::isnan(b)) {
    f.nan_ok = true;
  } else if (a == 0.0f && b == 0.0f && std::signbit(a) != std::signbit(b)) {
    f.zero_sign = true;
  }
}
struct MinK : CopyKernel {  // returns one operand's word (no NaN result unless both are NaN)
  static constexpr int kSrc = 2;
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    const float x = fp.In(F(a[0])), y = fp.In(F(a[1]));
    MinMaxFreedom(x, y, f);
    return W(std::fmin(x, y));
  }
};
struct MaxK : CopyKernel {
  static constexpr int kSrc = 2;
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    const float x = fp.In(F(a[0])), y = fp.In(F(a[1]));
    MinMaxFreedom(x, y, f);
    return W(std::fmax(x, y));
  }
};

enum class Cmp { kLt, kGe, kEq, kGt, kLe, kNe };
template <Cmp C>
inline bool Compare(float x, float y) {
  switch (C) {
    case Cmp::kLt: return x < y;
    case Cmp::kGe: return x >= y;
    case Cmp::kEq: return x == y;
    case Cmp::kGt: return x > y;
    case Cmp::kLe: return x <= y;
    case Cmp::kNe: return x != y;
  }
  return false;
}
// Both compare families are kPlainWord (ops.h PlainLanes): on operands that
// are not denormal, Eval is the plain compare and reports no freedom.
template <Cmp C>
struct SetK : KernelBase {  // SLT..SNE: 1.0 / 0.0 (a set of both is [0, 1])
  static constexpr int kSrc = 2;
  static constexpr bool kPlain = true;
  static constexpr bool kPlainWord = true;
  static Word Eval(Fp& fp, const Word* a, Freedom&) {
    return Compare<C>(fp.In(F(a[0])), fp.In(F(a[1]))) ? 0x3f800000u : 0u;
  }
  static Word PlainWord(const float* a) { return Compare<C>(a[0], a[1]) ? 0x3f800000u : 0u; }
};
template <Cmp C>
struct FSetK : CompareKernel {  // FSLT..FSNE: ~0 / 0
  static constexpr int kSrc = 2;
  static constexpr bool kPlain = true;
  static constexpr bool kPlainWord = true;
  static Word Eval(Fp& fp, const Word* a, Freedom&) {
    return Compare<C>(fp.In(F(a[0])), fp.In(F(a[1]))) ? 0xffffffffu : 0u;
  }
  static Word PlainWord(const float* a) { return Compare<C>(a[0], a[1]) ? 0xffffffffu : 0u; }
};

// FRC is a sawtooth: an interval across an integer gives [0, 1].
inline void FracBound(const Val& v, SetBuilder& b) {
  if (!(v.set & kSetInterval) || std::floor(F(v.lo)) != std::floor(F(v.hi))) b.AddInterval(0, 0x3f800000u);
}
struct FrcK : ArithKernel {
  static constexpr int kSrc = 1;
  static constexpr bool kMonotone = false;
  static Word Eval(Fp& fp, const Word* a, Freedom&) {
    const float v = fp.In(F(a[0]));
    return W(fp.Sub(v, fp.Floor(v)));
  }
  static void Bound(const Val* v, SetBuilder& b) { FracBound(v[0], b); }
};
struct FlrK : ArithKernel {  // FLR(-0) = -0 in every lowering: no freedom
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Freedom&) { return W(fp.Floor(F(a[0]))); }
};
struct CeilK : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    const Word r = W(fp.Ceil(F(a[0])));
    if (IsNegZeroW(r)) f.zero_sign = true;  // x + FRC(-x) lowerings give +0
    return r;
  }
};
struct TruncK : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    const Word r = W(fp.Trunc(F(a[0])));
    if (IsNegZeroW(r)) f.zero_sign = true;
    return r;
  }
};
struct RoundK : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    const Word r = W(fp.Out(RoundEven(fp.In(F(a[0])))));
    if (IsNegZeroW(r)) f.zero_sign = true;
    return r;
  }
};
struct SsgK : KernelBase {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    const float v = fp.In(F(a[0]));
    if (std::isnan(v)) f.undef = Reason::kNanOperand;
    if (IsNegZeroW(W(v))) f.zero_sign = true;  // SSG(-0) is +0 in tgsi_exec, -0 elsewhere
    return W(v < 0.0f ? -1.0f : (v > 0.0f ? 1.0f : 0.0f));
  }
};
struct LdexpK : ArithKernel {
  static constexpr int kSrc = 2;
  static constexpr unsigned kWordOperands = 2;  // the exponent is an integer
  // GLSL's ldexp (the only source of LDEXP in nir_to_tgsi's output): an
  // exponent above 128 is undefined, below -126 the result may be flushed
  // to zero (hardware without ldexp splits it into two multiplications by
  // powers of two clamped to that range); an infinity scaled that far down
  // is undefined too (0 * inf in such a lowering).
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    const int32_t e = common::AsInt(a[1]);
    const float x = fp.In(F(a[0]));
    if (e > 128 || (e < -126 && std::isinf(x))) f.undef = Reason::kLdexpRange;
    const float r = fp.Out(std::ldexp(x, e));
    if (e < -126 && !std::isnan(r)) f.Alt(Reason::kLdexpFlush, std::signbit(r) ? 0x80000000u : 0u);
    return W(r);
  }
};
struct RccK : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    f.Inexact(Reason::kRcp, precision::kRcp);
    const float v = fp.In(F(a[0]));
    if (v == 0.0f) f.undef = Reason::kDivByZero;
    float r = fp.Div(1.0f, v);
    if (r > 0.0f) {
      r = std::fmin(std::fmax(r, 5.42101e-20f), 1.84467e19f);
    } else if (r < 0.0f) {
      r = std::fmin(std::fmax(r, -1.84467e19f), -5.42101e-20f);
    }
    return W(r);
  }
};

// -------------------------------------------------------- generic handlers

template <class K>
void Comp(Exec& ex, const DInst& in) {
  CompOp<K>(ex, in);
}
template <class K>
void Repl(Exec& ex, const DInst& in) {
  ReplOp<K>(ex, in);
}

// Writes a constant to every written channel (SFL = 0.0, STR = 1.0).

}  // namespace shaderdiff::tgsi_exec::float_ops

namespace shaderdiff::tgsi_exec {
void RegisterFloatVectorOps(HandlerTable& t);
void RegisterFloatArbOps(HandlerTable& t);
}  // namespace shaderdiff::tgsi_exec
