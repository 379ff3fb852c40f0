// Float arithmetic, comparisons, selections, dot products, the ARB-style
// multi-result ops, derivatives and the removed float opcodes
// (docs/tgsi.md 2.2-2.4, 2.12), with exactly tgsi_exec V22's formulas:
// MAD = a*b+c unfused, LRP = a*(b-c)+c, DPn = mul then MADs in x,y,z,w
// order, MIN/MAX = fminf/fmaxf, ROUND = half to even, FRC = x - floor(x),
// LG2 = logf(x) * 1.442695f, EX2 = powf(2, x) (release build), SSG/CMP as
// C comparisons.
//
// Flags per op (reasons.h): transcendental results are inexact; MAD/FMA are
// inexact only when fused and unfused results differ; DP*/LRP/XPD/X2D only
// when their terms do not sum exactly (fp.h TermsSumExactly); DIV only when
// the divisor is not a power of two. Domain edges (RSQ <= 0, SQRT/LG2 < 0,
// POW, EX2 range, LIT, LOG) are undefined. NaN/-0 dependent results follow
// the per-op policy listed in reasons.h.
#include <cmath>

#include "compiler/tgsi/opcode.h"
#include "emulator/tgsi/ops.h"

namespace shaderdiff::tgsi_exec {
namespace {

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
  static Word Eval(Fp& fp, const Word* a, Reason&, Reason&) { return W(fp.Add(F(a[0]), F(a[1]))); }
};
struct SubK : ArithKernel {
  static constexpr int kSrc = 2;
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
  static Word Eval(Fp& fp, const Word* a, Reason&, Reason& x) {
    MadInexact(F(a[0]), F(a[1]), F(a[2]), x);
    return W(fp.Mad(F(a[0]), F(a[1]), F(a[2])));
  }
};
struct FmaK : ArithKernel {
  static constexpr int kSrc = 3;
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
template <Word kValue>
void ConstOp(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  for (int c = 0; c < 4; ++c) {
    if (!(in.dst[0].mask & (1u << c))) continue;
    Lanes& r = ex.Result(0, c);
    ForLanes(ex.exec, [&](int l) { r.Set(l, Val{kValue, Reason::kNone, Reason::kNone}); });
  }
  ex.Store(in, 0);
}

// Selections: the result is a copy of the chosen source; the condition's
// flags matter only where the two choices differ.
enum class SelKind { kCmp, kUcmp, kCnd };

template <SelKind S>
void Select(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const LaneMask m = ex.exec;
  const bool flush = ex.opt.denormals == common::DenormalMode::kFlushToZero;
  for (int c = 0; c < 4; ++c) {
    if (!(in.dst[0].mask & (1u << c))) continue;
    const Lanes& s0 = ex.Fetch(in, 0, c, m);
    const Lanes& s1 = ex.Fetch(in, 1, c, m);
    const Lanes& s2 = ex.Fetch(in, 2, c, m);
    Lanes& r = ex.Result(0, c);
    ForLanes(m, [&](int l) {
      // CMP: src0 < 0 ? src1 : src2;  UCMP: src0 != 0 ? src1 : src2;
      // CND (removed): src2 > 0.5 ? src0 : src1.
      const Lanes& cs = S == SelKind::kCnd ? s2 : s0;
      const Lanes& ta = S == SelKind::kCnd ? s0 : s1;
      const Lanes& fa = S == SelKind::kCnd ? s1 : s2;
      const Word cw = cs.w[l];
      bool take;
      Reason amb = Reason::kNone;
      if (S == SelKind::kUcmp) {
        take = cw != 0;
      } else if (S == SelKind::kCmp) {
        float cv = F(cw);
        if (IsDenormW(cw)) {
          // DAZ turns a negative denormal into -0, which does not select src1.
          if (cw & 0x80000000u) amb = Reason::kDenormal;
          if (flush) cv = std::copysign(0.0f, cv);
        }
        take = cv < 0.0f;
        if (std::isnan(cv)) amb = Reason::kNanOperand;
        if (IsNegZeroW(cw)) amb = Reason::kSignedZero;
      } else {
        const float cv = F(cw);
        take = cv > 0.5f;
        if (std::isnan(cv)) amb = Reason::kNanOperand;
      }
      const Val chosen = (take ? ta : fa).Get(l);
      const bool differ = ta.w[l] != fa.w[l] || ta.u[l] != fa.u[l] || ta.x[l] != fa.x[l];
      InFlags f;
      f.Add(chosen);
      if (differ) f.Add(cs, l);
      Val v = FinishCopy(chosen.w, f, differ ? amb : Reason::kNone);
      r.Set(l, v);
    });
  }
  ex.Store(in, 0);
}

// CLAMP (removed): src0 < src1 ? src1 : (src0 > src2 ? src2 : src0).
struct ClampK : CopyKernel {
  static constexpr int kSrc = 3;
  static Word Eval(Fp& fp, const Word* a, Reason& u, Reason&) {
    const float v = fp.In(F(a[0])), lo = fp.In(F(a[1])), hi = fp.In(F(a[2]));
    if (std::isnan(v) || std::isnan(lo) || std::isnan(hi)) u = Reason::kNanOperand;
    auto mixed = [](float p, float q) { return p == 0.0f && q == 0.0f && std::signbit(p) != std::signbit(q); };
    if (mixed(v, lo) || mixed(v, hi)) u = Reason::kSignedZero;
    return W(v < lo ? lo : (v > hi ? hi : v));
  }
};

void OpClamp(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const LaneMask m = ex.exec;
  for (int c = 0; c < 4; ++c) {
    if (!(in.dst[0].mask & (1u << c))) continue;
    const Lanes& s0 = ex.Fetch(in, 0, c, m);
    const Lanes& s1 = ex.Fetch(in, 1, c, m);
    const Lanes& s2 = ex.Fetch(in, 2, c, m);
    ComputeLanes<ClampK>(ex, m, ex.Result(0, c), [&](int l, Word* a, InFlags& f) {
      a[0] = s0.w[l];
      a[1] = s1.w[l];
      a[2] = s2.w[l];
      f.Add(s0, l);
      f.Add(s1, l);
      f.Add(s2, l);
    });
  }
  ex.Store(in, 0);
}

// ---------------------------------------------------------- dot products

// a = {x0, x1, y0, y1, ...} for N products, then `Extra` addends.
template <int N, int Extra>
struct DotK : ArithKernel {
  static constexpr int kSrc = 2 * N + Extra;
  static Word Eval(Fp& fp, const Word* a, Reason& u, Reason& x) {
    double terms[N + Extra];
    bool exact = true;
    for (int i = 0; i < N; ++i) {
      const float p = F(a[2 * i]), q = F(a[2 * i + 1]);
      exact = exact && ProductIsExact(p, q);
      terms[i] = static_cast<double>(p) * q;
    }
    for (int i = 0; i < Extra; ++i) terms[N + i] = F(a[2 * N + i]);
    if (!exact || !TermsSumExactly(terms, N + Extra)) x = Reason::kDotRounding;
    float t = fp.Mul(F(a[0]), F(a[1]));
    for (int i = 1; i < N; ++i) t = fp.Mad(F(a[2 * i]), F(a[2 * i + 1]), t);
    for (int i = 0; i < Extra; ++i) t = fp.Add(F(a[2 * N + i]), t);
    // A -0 sum depends on how the implementation seeds its accumulator.
    if (IsNegZeroW(W(t))) u = Reason::kSignedZero;
    return W(t);
  }
};

// DP2/DP3/DP4 (Extra 0), DPH (+ src1.w), DP2A (+ src2.x).
template <int N, Opcode Op>
void OpDot(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const LaneMask m = ex.exec;
  constexpr int Extra = (Op == Opcode::DPH || Op == Opcode::DP2A) ? 1 : 0;
  const Lanes* s0[4];
  const Lanes* s1[4];
  for (int i = 0; i < N; ++i) {
    s0[i] = &ex.Fetch(in, 0, i, m);
    s1[i] = &ex.Fetch(in, 1, i, m);
  }
  const Lanes* extra = nullptr;
  if (Op == Opcode::DPH) extra = &ex.Fetch(in, 1, 3, m);
  if (Op == Opcode::DP2A) extra = &ex.Fetch(in, 2, 0, m);
  Lanes& r = ex.Result(0, 0);
  ComputeLanes<DotK<N, Extra>>(ex, m, r, [&](int l, Word* a, InFlags& f) {
    for (int i = 0; i < N; ++i) {
      a[2 * i] = s0[i]->w[l];
      a[2 * i + 1] = s1[i]->w[l];
      f.Add(*s0[i], l);
      f.Add(*s1[i], l);
    }
    if (Extra) {
      a[2 * N] = extra->w[l];
      f.Add(*extra, l);
    }
  });
  StoreReplicated(ex, in, r);
}

// XPD (removed): x = s0.y*s1.z - s0.z*s1.y, y = s0.z*s1.x - s1.z*s0.x,
// z = s0.x*s1.y - s0.y*s1.x, w = 1.
struct XpdK : ArithKernel {
  static constexpr int kSrc = 4;  // p, q, r, s -> p*q - r*s
  static Word Eval(Fp& fp, const Word* a, Reason&, Reason& x) {
    const float p = F(a[0]), q = F(a[1]), r = F(a[2]), s = F(a[3]);
    bool exact = ProductIsExact(p, q) && ProductIsExact(r, s);
    const double t[2] = {static_cast<double>(p) * q, -(static_cast<double>(r) * s)};
    if (!exact || !TermsSumExactly(t, 2)) x = Reason::kDotRounding;
    const float m1 = fp.Mul(p, q);
    const float m2 = fp.Mul(r, s);
    return W(fp.Sub(m1, m2));
  }
};

void OpXpd(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const LaneMask m = ex.exec;
  const Lanes* a[3];
  const Lanes* b[3];
  for (int i = 0; i < 3; ++i) {
    a[i] = &ex.Fetch(in, 0, i, m);
    b[i] = &ex.Fetch(in, 1, i, m);
  }
  // {p source, p comp, q source, q comp, ...} per channel
  static constexpr int kTerms[3][4][2] = {
      {{0, 1}, {1, 2}, {0, 2}, {1, 1}},
      {{0, 2}, {1, 0}, {1, 2}, {0, 0}},
      {{0, 0}, {1, 1}, {0, 1}, {1, 0}},
  };
  for (int c = 0; c < 3; ++c) {
    if (!(in.dst[0].mask & (1u << c))) continue;
    ComputeLanes<XpdK>(ex, m, ex.Result(0, c), [&](int l, Word* w, InFlags& f) {
      for (int k = 0; k < 4; ++k) {
        const Lanes& s = *(kTerms[c][k][0] == 0 ? a : b)[kTerms[c][k][1]];
        w[k] = s.w[l];
        f.Add(s, l);
      }
    });
  }
  if (in.dst[0].mask & 8u) {
    Lanes& r = ex.Result(0, 3);
    ForLanes(m, [&](int l) { r.Set(l, Val{0x3f800000u, Reason::kNone, Reason::kNone}); });
  }
  ex.Store(in, 0);
}

// X2D (removed): x = z = s0.x + (s2.x*s1.x + s2.y*s1.y);
//                y = w = s0.y + (s2.z*s1.x + s2.w*s1.y).
struct X2dK : ArithKernel {
  static constexpr int kSrc = 5;  // base, p0, q0, p1, q1
  static Word Eval(Fp& fp, const Word* a, Reason&, Reason& x) {
    const float b = F(a[0]), p0 = F(a[1]), q0 = F(a[2]), p1 = F(a[3]), q1 = F(a[4]);
    const bool exact = ProductIsExact(p0, q0) && ProductIsExact(p1, q1);
    const double t[3] = {b, static_cast<double>(p0) * q0, static_cast<double>(p1) * q1};
    if (!exact || !TermsSumExactly(t, 3)) x = Reason::kDotRounding;
    const float m0 = fp.Mul(p0, q0);
    const float s = fp.Mad(p1, q1, m0);
    return W(fp.Add(b, s));
  }
};

void OpX2d(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const LaneMask m = ex.exec;
  const Lanes& s0x = ex.Fetch(in, 0, 0, m);
  const Lanes& s0y = ex.Fetch(in, 0, 1, m);
  const Lanes& s1x = ex.Fetch(in, 1, 0, m);
  const Lanes& s1y = ex.Fetch(in, 1, 1, m);
  const Lanes* s2[4];
  for (int i = 0; i < 4; ++i) s2[i] = &ex.Fetch(in, 2, i, m);
  for (int c = 0; c < 4; ++c) {
    if (!(in.dst[0].mask & (1u << c))) continue;
    const bool ychan = (c & 1) != 0;
    ComputeLanes<X2dK>(ex, m, ex.Result(0, c), [&](int l, Word* a, InFlags& f) {
      const Lanes& base = ychan ? s0y : s0x;
      const Lanes& p0 = ychan ? *s2[2] : *s2[0];
      const Lanes& p1 = ychan ? *s2[3] : *s2[1];
      a[0] = base.w[l];
      a[1] = p0.w[l];
      a[2] = s1x.w[l];
      a[3] = p1.w[l];
      a[4] = s1y.w[l];
      f.Add(base, l);
      f.Add(p0, l);
      f.Add(s1x, l);
      f.Add(p1, l);
      f.Add(s1y, l);
    });
  }
  ex.Store(in, 0);
}

// ------------------------------------------------ ARB multi-result ops

// DST: x = 1; y = s0.y * s1.y; z = s0.z; w = s1.w.
void OpDst(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const LaneMask m = ex.exec;
  const uint8_t mask = in.dst[0].mask;
  if (mask & 2u) {
    const Lanes& a = ex.Fetch(in, 0, 1, m);
    const Lanes& b = ex.Fetch(in, 1, 1, m);
    ComputeLanes<MulK>(ex, m, ex.Result(0, 1), [&](int l, Word* w, InFlags& f) {
      w[0] = a.w[l];
      w[1] = b.w[l];
      f.Add(a, l);
      f.Add(b, l);
    });
  }
  if (mask & 4u) {
    const Lanes& a = ex.Fetch(in, 0, 2, m);
    Lanes& r = ex.Result(0, 2);
    ForLanes(m, [&](int l) { r.Set(l, a.Get(l)); });
  }
  if (mask & 8u) {
    const Lanes& b = ex.Fetch(in, 1, 3, m);
    Lanes& r = ex.Result(0, 3);
    ForLanes(m, [&](int l) { r.Set(l, b.Get(l)); });
  }
  if (mask & 1u) {
    Lanes& r = ex.Result(0, 0);
    ForLanes(m, [&](int l) { r.Set(l, Val{0x3f800000u, Reason::kNone, Reason::kNone}); });
  }
  ex.Store(in, 0);
}

// LIT: x = 1; y = max(s.x, 0); z = s.x > 0 ? pow(max(s.y, 0), clamp(s.w, -128, 128)) : 0; w = 1.
struct LitYK : CopyKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Reason& u, Reason&) {
    const float v = fp.In(F(a[0]));
    MinMaxFlags(v, 0.0f, u);
    return W(std::fmax(v, 0.0f));
  }
};
struct LitZK : ArithKernel {
  static constexpr int kSrc = 3;  // s.x, s.y, s.w
  static Word Eval(Fp& fp, const Word* a, Reason& u, Reason& x) {
    const float sx = fp.In(F(a[0])), sy = fp.In(F(a[1])), sw = fp.In(F(a[2]));
    const float base = std::fmax(sy, 0.0f);
    const float e = std::fmax(std::fmin(sw, 128.0f), -128.0f);
    if (sx == 0.0f || std::isnan(sx)) {
      u = Reason::kLitEdge;
    } else if (sx > 0.0f) {
      x = Reason::kLit;
      if (!(sy > 0.0f) || !(std::fabs(sw) <= 128.0f)) u = Reason::kLitEdge;
    }
    const float p = fp.Out(std::pow(base, e));
    return W(0.0f < sx ? p : 0.0f);
  }
};

void OpLit(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const LaneMask m = ex.exec;
  const uint8_t mask = in.dst[0].mask;
  const Lanes& sx = ex.Fetch(in, 0, 0, m);
  if (mask & 2u) {
    ComputeLanes<LitYK>(ex, m, ex.Result(0, 1), [&](int l, Word* w, InFlags& f) {
      w[0] = sx.w[l];
      f.Add(sx, l);
    });
  }
  if (mask & 4u) {
    const Lanes& sy = ex.Fetch(in, 0, 1, m);
    const Lanes& sw = ex.Fetch(in, 0, 3, m);
    ComputeLanes<LitZK>(ex, m, ex.Result(0, 2), [&](int l, Word* w, InFlags& f) {
      w[0] = sx.w[l];
      w[1] = sy.w[l];
      w[2] = sw.w[l];
      f.Add(sx, l);
      // s.y / s.w only matter when the pow is selected.
      if (F(sx.w[l]) > 0.0f || sx.u[l] != Reason::kNone || std::isnan(F(sx.w[l]))) {
        f.Add(sy, l);
        f.Add(sw, l);
      }
    });
  }
  for (int c : {0, 3}) {
    if (mask & (1u << c)) {
      Lanes& r = ex.Result(0, c);
      ForLanes(m, [&](int l) { r.Set(l, Val{0x3f800000u, Reason::kNone, Reason::kNone}); });
    }
  }
  ex.Store(in, 0);
}

// EXP: f = floor(s.x); x = EX2(f); y = s.x - f; z = EX2(s.x); w = 1.
struct ExpXK : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Reason& u, Reason& x) {
    x = Reason::kExp;
    return W(Ex2(fp, fp.Floor(F(a[0])), u));
  }
};
struct ExpYK : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Reason&, Reason&) {
    const float v = fp.In(F(a[0]));
    return W(fp.Sub(v, fp.Floor(v)));
  }
};
struct ExpZK : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Reason& u, Reason& x) {
    x = Reason::kExp;
    return W(Ex2(fp, F(a[0]), u));
  }
};

// LOG: a = |s.x|; l = LG2(a); x = floor(l); y = a / EX2(floor(l)); z = l; w = 1.
inline void LogFlags(Fp& fp, float a, float l, bool floor_matters, Reason& u, Reason& x) {
  x = Reason::kLog;
  a = fp.In(a);
  if (a == 0.0f || std::isinf(a) || std::isnan(a)) {
    u = Reason::kLogRange;
    return;
  }
  if (floor_matters) {
    const float n = std::round(l);
    const float tol = std::fmax(0x1p-20f, std::fabs(l) * 0x1p-20f);
    if (std::fabs(l - n) <= tol) u = Reason::kLogNearPowerOfTwo;
  }
}
struct LogXK : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* w, Reason& u, Reason& x) {
    const float a = std::fabs(F(w[0]));
    const float l = Lg2(fp, a);
    LogFlags(fp, a, l, true, u, x);
    return W(fp.Floor(l));
  }
};
struct LogYK : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* w, Reason& u, Reason& x) {
    const float a = std::fabs(F(w[0]));
    const float l = Lg2(fp, a);
    LogFlags(fp, a, l, true, u, x);
    Reason ignore = Reason::kNone;
    const float p = Ex2(fp, fp.Floor(l), ignore);
    return W(p == 0.0f ? 0.0f : fp.Div(a, p));
  }
};
struct LogZK : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* w, Reason& u, Reason& x) {
    const float a = std::fabs(F(w[0]));
    const float l = Lg2(fp, a);
    LogFlags(fp, a, l, false, u, x);
    return W(l);
  }
};

template <class KX, class KY, class KZ>
void OpExpLog(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const LaneMask m = ex.exec;
  const Lanes& s = ex.Fetch(in, 0, 0, m);
  auto g = [&](int l, Word* w, InFlags& f) {
    w[0] = s.w[l];
    f.Add(s, l);
  };
  const uint8_t mask = in.dst[0].mask;
  if (mask & 1u) ComputeLanes<KX>(ex, m, ex.Result(0, 0), g);
  if (mask & 2u) ComputeLanes<KY>(ex, m, ex.Result(0, 1), g);
  if (mask & 4u) ComputeLanes<KZ>(ex, m, ex.Result(0, 2), g);
  if (mask & 8u) {
    Lanes& r = ex.Result(0, 3);
    ForLanes(m, [&](int l) { r.Set(l, Val{0x3f800000u, Reason::kNone, Reason::kNone}); });
  }
  ex.Store(in, 0);
}

// SCS (removed): x = cos(s.x), y = sin(s.x), z = 0, w = 1.
void OpScs(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const LaneMask m = ex.exec;
  const Lanes& s = ex.Fetch(in, 0, 0, m);
  auto g = [&](int l, Word* w, InFlags& f) {
    w[0] = s.w[l];
    f.Add(s, l);
  };
  const uint8_t mask = in.dst[0].mask;
  if (mask & 1u) ComputeLanes<CosK>(ex, m, ex.Result(0, 0), g);
  if (mask & 2u) ComputeLanes<SinK>(ex, m, ex.Result(0, 1), g);
  for (int c : {2, 3}) {
    if (mask & (1u << c)) {
      Lanes& r = ex.Result(0, c);
      const Word v = c == 2 ? 0u : 0x3f800000u;
      ForLanes(m, [&](int l) { r.Set(l, Val{v, Reason::kNone, Reason::kNone}); });
    }
  }
  ex.Store(in, 0);
}

// NRM / NRM4 (removed): s * RSQ(dot(s, s)) with a MUL/ADD chain; NRM w = 1.
template <int N>
struct NrmK : ArithKernel {
  static constexpr int kSrc = N + 1;  // the channel value, then the N components
  static Word Eval(Fp& fp, const Word* a, Reason& u, Reason& x) {
    x = Reason::kRsq;
    float d = fp.Mul(F(a[1]), F(a[1]));
    for (int i = 1; i < N; ++i) {
      const float p = fp.Mul(F(a[1 + i]), F(a[1 + i]));
      d = fp.Add(d, p);
    }
    if (!(d > 0.0f)) u = Reason::kRsqDomain;
    const float r = fp.Div(1.0f, fp.Sqrt(d));
    return W(fp.Mul(F(a[0]), r));
  }
};

template <int N>
void OpNrm(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const LaneMask m = ex.exec;
  const Lanes* s[4];
  for (int i = 0; i < N; ++i) s[i] = &ex.Fetch(in, 0, i, m);
  for (int c = 0; c < N; ++c) {
    if (!(in.dst[0].mask & (1u << c))) continue;
    ComputeLanes<NrmK<N>>(ex, m, ex.Result(0, c), [&](int l, Word* w, InFlags& f) {
      w[0] = s[c]->w[l];
      for (int i = 0; i < N; ++i) {
        w[1 + i] = s[i]->w[l];
        f.Add(*s[i], l);
      }
    });
  }
  if (N == 3 && (in.dst[0].mask & 8u)) {
    Lanes& r = ex.Result(0, 3);
    ForLanes(m, [&](int l) { r.Set(l, Val{0x3f800000u, Reason::kNone, Reason::kNone}); });
  }
  ex.Store(in, 0);
}

// RFL (removed): k = 2*dot3(s0,s1) / dot3(s0,s0); xyz = s0*k - s1; w = 1.
struct RflK : ArithKernel {
  static constexpr int kSrc = 8;  // channel c of s0 and s1, then s0.xyz, s1.xyz
  static Word Eval(Fp& fp, const Word* a, Reason& u, Reason& x) {
    x = Reason::kDiv;
    float d01 = fp.Mul(F(a[2]), F(a[5]));
    float d00 = fp.Mul(F(a[2]), F(a[2]));
    for (int i = 1; i < 3; ++i) {
      const float p = fp.Mul(F(a[2 + i]), F(a[5 + i]));
      d01 = fp.Add(d01, p);
      const float q = fp.Mul(F(a[2 + i]), F(a[2 + i]));
      d00 = fp.Add(d00, q);
    }
    const float two = fp.Mul(2.0f, d01);
    if (d00 == 0.0f) u = Reason::kDivByZero;
    const float k = fp.Div(two, d00);
    const float p = fp.Mul(F(a[0]), k);
    return W(fp.Sub(p, F(a[1])));
  }
};

void OpRfl(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const LaneMask m = ex.exec;
  const Lanes* s0[3];
  const Lanes* s1[3];
  for (int i = 0; i < 3; ++i) {
    s0[i] = &ex.Fetch(in, 0, i, m);
    s1[i] = &ex.Fetch(in, 1, i, m);
  }
  for (int c = 0; c < 3; ++c) {
    if (!(in.dst[0].mask & (1u << c))) continue;
    ComputeLanes<RflK>(ex, m, ex.Result(0, c), [&](int l, Word* w, InFlags& f) {
      w[0] = s0[c]->w[l];
      w[1] = s1[c]->w[l];
      for (int i = 0; i < 3; ++i) {
        w[2 + i] = s0[i]->w[l];
        w[5 + i] = s1[i]->w[l];
        f.Add(*s0[i], l);
        f.Add(*s1[i], l);
      }
    });
  }
  if (in.dst[0].mask & 8u) {
    Lanes& r = ex.Result(0, 3);
    ForLanes(m, [&](int l) { r.Set(l, Val{0x3f800000u, Reason::kNone, Reason::kNone}); });
  }
  ex.Store(in, 0);
}

// ------------------------------------------------------------ derivatives

enum class Deriv { kDdx, kDdy, kDdxFine, kDdyFine };

template <Deriv D>
void OpDeriv(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const LaneMask pot = ex.Potential();
  LaneMask quads = 0;
  for (int q = 0; q < ex.lanes; q += 4) {
    const LaneMask qm = (LaneMask{0xF} << q) & ex.all;
    if (pot & qm) quads |= qm;
  }
  const bool frag = ex.prog.stage == tgsi::Processor::kFragment;
  const LaneMask maybe_killed = ex.killed | ex.kill_unc_u | ex.kill_unc_x;
  for (int c = 0; c < 4; ++c) {
    if (!(in.dst[0].mask & (1u << c))) continue;
    const Lanes& s = ex.Fetch(in, 0, c, quads);
    Lanes& r = ex.Result(0, c);
    ForLanes(ex.exec, [&](int l) {
      const int q = l & ~3;
      const LaneMask qm = (LaneMask{0xF} << q) & ex.all;
      Val v[4];
      for (int i = 0; i < 4; ++i) {
        v[i] = (q + i < ex.lanes) ? s.Get(q + i) : Val{0, Reason::kDerivativeNonFragment, Reason::kNone};
      }
      // Operand pairs (minuend, subtrahend) per lane position in the quad.
      const int p = l & 3;
      int hi, lo;
      switch (D) {
        case Deriv::kDdx: hi = 3, lo = 2; break;                       // bottom row
        case Deriv::kDdy: hi = 2, lo = 0; break;                       // left column
        case Deriv::kDdxFine: hi = (p < 2) ? 1 : 3, lo = (p < 2) ? 0 : 2; break;
        case Deriv::kDdyFine: hi = (p & 1) ? 3 : 2, lo = (p & 1) ? 1 : 0; break;
      }
      InFlags f;
      f.Add(v[hi]);
      f.Add(v[lo]);
      Word a[2] = {v[hi].w, v[lo].w};
      Val out = EvalKernel<SubK>(ex, a, f);
      Reason own = Reason::kNone;
      if (!frag) {
        own = Reason::kDerivativeNonFragment;
      } else if ((ex.exec & qm) != qm || (ex.Uncertain() & qm) != 0) {
        own = Reason::kDerivativeDivergent;
      } else if (maybe_killed & qm) {
        own = Reason::kDerivativeAfterKill;
      } else if (D == Deriv::kDdx || D == Deriv::kDdy) {
        // The other row / column must agree, or coarse implementations differ.
        const int ohi = D == Deriv::kDdx ? 1 : 3, olo = D == Deriv::kDdx ? 0 : 1;
        InFlags g;
        g.Add(v[ohi]);
        g.Add(v[olo]);
        Word b[2] = {v[ohi].w, v[olo].w};
        const Val other = EvalKernel<SubK>(ex, b, g);
        if (other.undef != Reason::kNone && out.undef == Reason::kNone) {
          out.undef = other.undef;
        } else if (other.w != out.w && !(IsNanW(other.w) && IsNanW(out.w))) {
          own = Reason::kDerivativeCoarse;
        }
        if (out.inexact == Reason::kNone && other.inexact != Reason::kNone) out.inexact = Reason::kInexactOperand;
      }
      if (out.undef == Reason::kNone) out.undef = own;
      r.Set(l, out);
    });
  }
  ex.Store(in, 0);
}

}  // namespace

void RegisterFloatOps(HandlerTable& t) {
  t.Set(Opcode::MOV, Comp<MovK>);
  // The vector holds final per-lane fragment inputs and the model is
  // single-sample: centroid / sample re-interpolation reads the input as is
  // (what tgsi_exec does). INTERP_OFFSET needs interpolation coefficients
  // and stays unsupported.
  t.Set(Opcode::INTERP_CENTROID, Comp<MovK>);
  t.Set(Opcode::INTERP_SAMPLE, Comp<MovK>);
  t.Set(Opcode::ABS, Comp<AbsK>);
  t.Set(Opcode::ADD, Comp<AddK>);
  t.Set(Opcode::SUB, Comp<SubK>);
  t.Set(Opcode::MUL, Comp<MulK>);
  t.Set(Opcode::MAD, Comp<MadK>);
  t.Set(Opcode::FMA, Comp<FmaK>);
  t.Set(Opcode::LRP, Comp<LrpK>);
  t.Set(Opcode::DIV, Comp<DivK>);
  t.Set(Opcode::RCP, Repl<RcpK>);
  t.Set(Opcode::RSQ, Repl<RsqK>);
  t.Set(Opcode::SQRT, Repl<SqrtK>);
  t.Set(Opcode::EX2, Repl<Ex2K>);
  t.Set(Opcode::LG2, Repl<Lg2K>);
  t.Set(Opcode::POW, Repl<PowK>);
  t.Set(Opcode::SIN, Repl<SinK>);
  t.Set(Opcode::COS, Repl<CosK>);
  t.Set(Opcode::RCC, Repl<RccK>);
  t.Set(Opcode::MIN, Comp<MinK>);
  t.Set(Opcode::MAX, Comp<MaxK>);
  t.Set(Opcode::SLT, Comp<SetK<Cmp::kLt>>);
  t.Set(Opcode::SGE, Comp<SetK<Cmp::kGe>>);
  t.Set(Opcode::SEQ, Comp<SetK<Cmp::kEq>>);
  t.Set(Opcode::SGT, Comp<SetK<Cmp::kGt>>);
  t.Set(Opcode::SLE, Comp<SetK<Cmp::kLe>>);
  t.Set(Opcode::SNE, Comp<SetK<Cmp::kNe>>);
  t.Set(Opcode::FSLT, Comp<FSetK<Cmp::kLt>>);
  t.Set(Opcode::FSGE, Comp<FSetK<Cmp::kGe>>);
  t.Set(Opcode::FSEQ, Comp<FSetK<Cmp::kEq>>);
  t.Set(Opcode::FSNE, Comp<FSetK<Cmp::kNe>>);
  t.Set(Opcode::FRC, Comp<FrcK>);
  t.Set(Opcode::FLR, Comp<FlrK>);
  t.Set(Opcode::CEIL, Comp<CeilK>);
  t.Set(Opcode::TRUNC, Comp<TruncK>);
  t.Set(Opcode::ROUND, Comp<RoundK>);
  t.Set(Opcode::SSG, Comp<SsgK>);
  t.Set(Opcode::LDEXP, Comp<LdexpK>);
  t.Set(Opcode::SFL, ConstOp<0u>);
  t.Set(Opcode::STR, ConstOp<0x3f800000u>);
  t.Set(Opcode::CMP, Select<SelKind::kCmp>);
  t.Set(Opcode::UCMP, Select<SelKind::kUcmp>);
  t.Set(Opcode::CND, Select<SelKind::kCnd>);
  t.Set(Opcode::CLAMP, OpClamp);
  t.Set(Opcode::DP2, OpDot<2, Opcode::DP2>);
  t.Set(Opcode::DP3, OpDot<3, Opcode::DP3>);
  t.Set(Opcode::DP4, OpDot<4, Opcode::DP4>);
  t.Set(Opcode::DPH, OpDot<3, Opcode::DPH>);
  t.Set(Opcode::DP2A, OpDot<2, Opcode::DP2A>);
  t.Set(Opcode::XPD, OpXpd);
  t.Set(Opcode::X2D, OpX2d);
  t.Set(Opcode::DST, OpDst);
  t.Set(Opcode::LIT, OpLit);
  t.Set(Opcode::EXP, OpExpLog<ExpXK, ExpYK, ExpZK>);
  t.Set(Opcode::LOG, OpExpLog<LogXK, LogYK, LogZK>);
  t.Set(Opcode::SCS, OpScs);
  t.Set(Opcode::NRM, OpNrm<3>);
  t.Set(Opcode::NRM4, OpNrm<4>);
  t.Set(Opcode::RFL, OpRfl);
  t.Set(Opcode::DDX, OpDeriv<Deriv::kDdx>);
  t.Set(Opcode::DDY, OpDeriv<Deriv::kDdy>);
  t.Set(Opcode::DDX_FINE, OpDeriv<Deriv::kDdxFine>);
  t.Set(Opcode::DDY_FINE, OpDeriv<Deriv::kDdyFine>);
}

}  // namespace shaderdiff::tgsi_exec
