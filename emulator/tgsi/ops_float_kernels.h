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

inline bool SameBits(float a, float b) {
  return W(a) == W(b) || (std::isnan(a) && std::isnan(b));
}

template <class K, class Gather>
void ComputeLanes(Exec& ex, LaneMask m, Lanes& r, Gather g) {
  ForLanes(m, [&](int l) {
    Word a[K::kSrc];
    InFlags f;
    g(l, a, f);
    r.Set(l, EvalKernel<K>(ex, a, f));
  });
}

// ---------------------------------------------------------------- kernels

struct MovK : CopyKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp&, const Word* a, Reason&, Reason&) { return a[0]; }
};
struct AbsK : CopyKernel {  // removed ABS: fabsf (a bit operation)
  static constexpr int kSrc = 1;
  static Word Eval(Fp&, const Word* a, Reason&, Reason&) { return a[0] & 0x7fffffffu; }
};
struct AddK : ArithKernel {
  static constexpr int kSrc = 2;
  static constexpr bool kCancels = true;
  static float LargestTerm(const Word* a) { return std::fmax(std::fabs(F(a[0])), std::fabs(F(a[1]))); }
  static Word Eval(Fp& fp, const Word* a, Reason&, Reason&) { return W(fp.Add(F(a[0]), F(a[1]))); }
};
struct SubK : ArithKernel {
  static constexpr int kSrc = 2;
  static constexpr bool kCancels = true;
  static float LargestTerm(const Word* a) { return std::fmax(std::fabs(F(a[0])), std::fabs(F(a[1]))); }
  static Word Eval(Fp& fp, const Word* a, Reason&, Reason&) { return W(fp.Sub(F(a[0]), F(a[1]))); }
};
struct MulK : ArithKernel {
  static constexpr int kSrc = 2;
  static Word Eval(Fp& fp, const Word* a, Reason&, Reason&) { return W(fp.Mul(F(a[0]), F(a[1]))); }
};

inline void MadInexact(float a, float b, float c, Reason& x) {
  const float p = a * b;
  const float unfused = p + c;
  if (!SameBits(unfused, std::fmaf(a, b, c))) x = Reason::kMadFusion;
}

struct MadK : ArithKernel {
  static constexpr int kSrc = 3;
  static constexpr bool kCancels = true;
  static float LargestTerm(const Word* a) {
    return std::fmax(std::fabs(F(a[0]) * F(a[1])), std::fabs(F(a[2])));
  }
  static Word Eval(Fp& fp, const Word* a, Reason&, Reason& x) {
    MadInexact(F(a[0]), F(a[1]), F(a[2]), x);
    return W(fp.Mad(F(a[0]), F(a[1]), F(a[2])));
  }
};
struct FmaK : ArithKernel {
  static constexpr int kSrc = 3;
  static constexpr bool kCancels = true;
  static float LargestTerm(const Word* a) {
    return std::fmax(std::fabs(F(a[0]) * F(a[1])), std::fabs(F(a[2])));
  }
  static Word Eval(Fp& fp, const Word* a, Reason&, Reason& x) {
    MadInexact(F(a[0]), F(a[1]), F(a[2]), x);
    return W(fp.Fma(F(a[0]), F(a[1]), F(a[2])));
  }
};
struct LrpK : ArithKernel {
  static constexpr int kSrc = 3;
  static Word Eval(Fp& fp, const Word* a, Reason&, Reason& x) {
    const float s0 = F(a[0]), s1 = F(a[1]), s2 = F(a[2]);
    bool exact = ProductIsExact(s0, s1) && ProductIsExact(s0, s2);
    if (exact) {
      const double g1[3] = {static_cast<double>(s0) * s1, -(static_cast<double>(s0) * s2), s2};
      const double g2[2] = {s1, -static_cast<double>(s2)};
      const double g3[2] = {1.0, -static_cast<double>(s0)};
      exact = TermsSumExactly(g1, 3) && TermsSumExactly(g2, 2) && TermsSumExactly(g3, 2);
    }
    if (!exact) x = Reason::kLrpFormula;
    const float d = fp.Sub(s1, s2);
    const float p = fp.Mul(s0, d);
    return W(fp.Add(p, s2));
  }
};
struct DivK : ArithKernel {
  static constexpr int kSingularOperand = 1;
  static constexpr int kSrc = 2;
  static Word Eval(Fp& fp, const Word* a, Reason& u, Reason& x) {
    const float b = fp.In(F(a[1]));
    if (b == 0.0f) u = Reason::kDivByZero;
    if (!IsPowerOfTwo(b) || std::fabs(b) > 0x1p126f) x = Reason::kDiv;
    return W(fp.Div(F(a[0]), b));
  }
};
struct RcpK : ArithKernel {
  static constexpr int kSingularOperand = 0;
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Reason&, Reason& x) {
    x = Reason::kRcp;
    return W(fp.Div(1.0f, F(a[0])));
  }
};
struct RsqK : ArithKernel {
  static constexpr int kSingularOperand = 0;
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Reason& u, Reason& x) {
    x = Reason::kRsq;
    const float v = fp.In(F(a[0]));
    if (v <= 0.0f) u = Reason::kRsqDomain;
    return W(fp.Div(1.0f, fp.Sqrt(v)));
  }
};
struct SqrtK : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Reason& u, Reason& x) {
    x = Reason::kSqrt;
    const float v = fp.In(F(a[0]));
    if (v < 0.0f) u = Reason::kSqrtDomain;
    return W(fp.Sqrt(v));
  }
};
inline float Ex2(Fp& fp, float v, Reason& u) {
  v = fp.In(v);
  if (v < -126.0f || v > 127.0f) u = Reason::kEx2Range;
  return fp.Out(std::pow(2.0f, v));
}
inline float Lg2(Fp& fp, float v) {
  const float l = std::log(fp.In(v));
  const float r = l * 1.442695f;
  return fp.Out(r);
}
struct Ex2K : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Reason& u, Reason& x) {
    x = Reason::kEx2;
    return W(Ex2(fp, F(a[0]), u));
  }
};
struct Lg2K : ArithKernel {
  static constexpr int kSingularOperand = 0;
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Reason& u, Reason& x) {
    x = Reason::kLg2;
    if (fp.In(F(a[0])) < 0.0f) u = Reason::kLg2Domain;
    return W(Lg2(fp, F(a[0])));
  }
};
struct PowK : ArithKernel {
  static constexpr int kSingularOperand = 0;
  static constexpr int kSrc = 2;
  static Word Eval(Fp& fp, const Word* a, Reason& u, Reason& x) {
    x = Reason::kPow;
    const float b = fp.In(F(a[0])), e = fp.In(F(a[1]));
    if (!(b > 0.0f) || !std::isfinite(b) || !std::isfinite(e)) u = Reason::kPowDomain;
    return W(fp.Out(std::pow(b, e)));
  }
};
constexpr float kTrigLimit = 1024.0f;
struct SinK : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Reason& u, Reason& x) {
    x = Reason::kSin;
    const float v = fp.In(F(a[0]));
    if (std::fabs(v) > kTrigLimit) u = Reason::kTrigRange;
    return W(fp.Out(std::sin(v)));
  }
};
struct CosK : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Reason& u, Reason& x) {
    x = Reason::kCos;
    const float v = fp.In(F(a[0]));
    if (std::fabs(v) > kTrigLimit) u = Reason::kTrigRange;
    return W(fp.Out(std::cos(v)));
  }
};

inline void MinMaxFlags(float a, float b, Reason& u) {
  if (std::isnan(a) || std::isnan(b)) {
    u = Reason::kNanOperand;
  } else if (a == 0.0f && b == 0.0f && std::signbit(a) != std::signbit(b)) {
    u = Reason::kSignedZero;
  }
}
struct MinK : CopyKernel {  // returns one operand's word (no NaN result unless both are NaN)
  static constexpr int kSrc = 2;
  static Word Eval(Fp& fp, const Word* a, Reason& u, Reason&) {
    const float x = fp.In(F(a[0])), y = fp.In(F(a[1]));
    MinMaxFlags(x, y, u);
    return W(std::fmin(x, y));
  }
};
struct MaxK : CopyKernel {
  static constexpr int kSrc = 2;
  static Word Eval(Fp& fp, const Word* a, Reason& u, Reason&) {
    const float x = fp.In(F(a[0])), y = fp.In(F(a[1]));
    MinMaxFlags(x, y, u);
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
template <Cmp C>
struct SetK : IntKernel {  // SLT..SNE: 1.0 / 0.0
  static constexpr int kSrc = 2;
  static Word Eval(Fp& fp, const Word* a, Reason&, Reason&) {
    return Compare<C>(fp.In(F(a[0])), fp.In(F(a[1]))) ? 0x3f800000u : 0u;
  }
};
template <Cmp C>
struct FSetK : IntKernel {  // FSLT..FSNE: ~0 / 0
  static constexpr int kSrc = 2;
  static Word Eval(Fp& fp, const Word* a, Reason&, Reason&) {
    return Compare<C>(fp.In(F(a[0])), fp.In(F(a[1]))) ? 0xffffffffu : 0u;
  }
};

struct FrcK : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Reason&, Reason&) {
    const float v = fp.In(F(a[0]));
    return W(fp.Sub(v, fp.Floor(v)));
  }
};
struct FlrK : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Reason&, Reason&) { return W(fp.Floor(F(a[0]))); }
};
struct CeilK : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Reason& u, Reason&) {
    const Word r = W(fp.Ceil(F(a[0])));
    if (IsNegZeroW(r)) u = Reason::kSignedZero;  // x + FRC(-x) lowerings give +0
    return r;
  }
};
struct TruncK : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Reason& u, Reason&) {
    const Word r = W(fp.Trunc(F(a[0])));
    if (IsNegZeroW(r)) u = Reason::kSignedZero;
    return r;
  }
};
struct RoundK : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Reason& u, Reason&) {
    const Word r = W(fp.Out(RoundEven(fp.In(F(a[0])))));
    if (IsNegZeroW(r)) u = Reason::kSignedZero;
    return r;
  }
};
struct SsgK : IntKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Reason& u, Reason&) {
    const float v = fp.In(F(a[0]));
    if (std::isnan(v)) u = Reason::kNanOperand;
    if (IsNegZeroW(W(v))) u = Reason::kSignedZero;
    return W(v < 0.0f ? -1.0f : (v > 0.0f ? 1.0f : 0.0f));
  }
};
struct LdexpK : ArithKernel {
  static constexpr int kSrc = 2;
  static Word Eval(Fp& fp, const Word* a, Reason&, Reason&) {
    return W(fp.Out(std::ldexp(fp.In(F(a[0])), common::AsInt(a[1]))));
  }
};
struct RccK : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Reason& u, Reason& x) {
    x = Reason::kRcp;
    const float v = fp.In(F(a[0]));
    if (v == 0.0f) u = Reason::kDivByZero;
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
