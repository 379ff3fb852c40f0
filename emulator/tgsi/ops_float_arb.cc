// The ARB-style multi-result float ops: DST, LIT, EXP, LOG, SCS, NRM, NRM4
// and the removed RFL (docs/tgsi.md 2.3, 2.12), computing only the written
// channels and fetching every source before storing (aliasing-safe).
#include "emulator/tgsi/ops_float_kernels.h"

namespace shaderdiff::tgsi_exec {
namespace {

using namespace float_ops;

// ------------------------------------------------ ARB multi-result ops

// DST: x = 1; y = s0.y * s1.y; z = s0.z; w = s1.w.
void OpDst(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const LaneMask m = ex.exec;
  const uint8_t mask = in.dst[0].mask;
  if (mask & 2u) {
    const Lanes& a = ex.Fetch(in, 0, 1, m);
    const Lanes& b = ex.Fetch(in, 1, 1, m);
    ComputeLanes<MulK>(ex, m, ex.Result(0, 1), [&](int l, Val* w) {
      w[0] = a.Get(l);
      w[1] = b.Get(l);
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
    ForLanes(m, [&](int l) { r.Set(l, Val::Exact(0x3f800000u)); });
  }
  ex.Store(in, 0);
}

// LIT: x = 1; y = max(s.x, 0); z = s.x > 0 ? pow(max(s.y, 0), clamp(s.w, -128, 128)) : 0; w = 1.
struct LitYK : CopyKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    const float v = fp.In(F(a[0]));
    MinMaxFreedom(v, 0.0f, f);
    return W(std::fmax(v, 0.0f));
  }
};
struct LitZK : ArithKernel {
  static constexpr int kSrc = 3;  // s.x, s.y, s.w
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    const float sx = fp.In(F(a[0])), sy = fp.In(F(a[1])), sw = fp.In(F(a[2]));
    const float base = std::fmax(sy, 0.0f);
    const float e = std::fmax(std::fmin(sw, 128.0f), -128.0f);
    if (sx == 0.0f || std::isnan(sx)) {
      f.undef = Reason::kLitEdge;
    } else if (sx > 0.0f) {
      f.Inexact(Reason::kLit, precision::kPow);
      if (!(sy > 0.0f) || !(std::fabs(sw) <= 128.0f)) f.undef = Reason::kLitEdge;
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
    ComputeLanes<LitYK>(ex, m, ex.Result(0, 1), [&](int l, Val* w) { w[0] = sx.Get(l); });
  }
  if (mask & 4u) {
    const Lanes& sy = ex.Fetch(in, 0, 1, m);
    const Lanes& sw = ex.Fetch(in, 0, 3, m);
    ComputeLanes<LitZK>(ex, m, ex.Result(0, 2), [&](int l, Val* w) {
      w[0] = sx.Get(l);
      w[1] = sy.Get(l);
      w[2] = sw.Get(l);
      // s.y / s.w only matter when the pow is selected.
      if (w[0].exact() && !(F(w[0].w) > 0.0f) && !IsNanW(w[0].w)) w[1] = w[2] = Val::Exact(0);
    });
  }
  for (int c : {0, 3}) {
    if (mask & (1u << c)) {
      Lanes& r = ex.Result(0, c);
      ForLanes(m, [&](int l) { r.Set(l, Val::Exact(0x3f800000u)); });
    }
  }
  ex.Store(in, 0);
}

// EXP: f = floor(s.x); x = EX2(f); y = s.x - f; z = EX2(s.x); w = 1.
struct ExpXK : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Freedom& f) { return W(Ex2(fp, fp.Floor(F(a[0])), f, Reason::kExp)); }
};
struct ExpZK : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* a, Freedom& f) { return W(Ex2(fp, F(a[0]), f, Reason::kExp)); }
};

// LOG: a = |s.x|; l = LG2(a); x = floor(l); y = a / EX2(floor(l)); z = l; w = 1.
// LOG.x and LOG.y near a power of two, where floor(l) may differ by one,
// are any value; elsewhere x is exact and y is a division (with the
// division's tolerance), z a log2.
inline void LogFreedom(Fp& fp, float a, float l, bool floor_matters, Freedom& f) {
  a = fp.In(a);
  if (a == 0.0f || std::isinf(a) || std::isnan(a)) {
    f.undef = Reason::kLogRange;
    return;
  }
  if (floor_matters) {
    const float n = std::round(l);
    const float tol = std::fmax(0x1p-20f, std::fabs(l) * 0x1p-20f);
    if (std::fabs(l - n) <= tol) f.undef = Reason::kLogNearPowerOfTwo;
  }
}
struct LogXK : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* w, Freedom& f) {
    const float a = std::fabs(F(w[0]));
    const float l = Lg2(fp, a);
    LogFreedom(fp, a, l, true, f);
    return W(fp.Floor(l));
  }
};
struct LogYK : ArithKernel {
  static constexpr int kSrc = 1;
  static constexpr bool kMonotone = false;  // a sawtooth in [1, 2)
  static Word Eval(Fp& fp, const Word* w, Freedom& f) {
    const float a = std::fabs(F(w[0]));
    const float l = Lg2(fp, a);
    LogFreedom(fp, a, l, true, f);
    f.Inexact(Reason::kLog, precision::kDiv);
    const float p = std::ldexp(1.0f, static_cast<int>(std::fmax(std::fmin(fp.Floor(l), 128.0f), -150.0f)));
    return W(p == 0.0f ? 0.0f : fp.Div(a, p));
  }
  static void Bound(const Val* v, SetBuilder& b) {
    if (!(v[0].set & kSetInterval)) return;
    const Val a = AbsFloat(v[0]);
    if (std::floor(std::log2(F(a.lo))) != std::floor(std::log2(F(a.hi)))) b.AddInterval(0x3f800000u, 0x40000000u);
  }
};
struct LogZK : ArithKernel {
  static constexpr int kSrc = 1;
  static Word Eval(Fp& fp, const Word* w, Freedom& f) {
    const float a = std::fabs(F(w[0]));
    const float l = Lg2(fp, a);
    LogFreedom(fp, a, l, false, f);
    f.Inexact(Reason::kLog, precision::kLg2);
    return W(l);
  }
};

template <class KX, class KY, class KZ>
void OpExpLog(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const LaneMask m = ex.exec;
  const Lanes& s = ex.Fetch(in, 0, 0, m);
  auto g = [&](int l, Val* w) { w[0] = s.Get(l); };
  const uint8_t mask = in.dst[0].mask;
  if (mask & 1u) ComputeLanes<KX>(ex, m, ex.Result(0, 0), g);
  if (mask & 2u) ComputeLanes<KY>(ex, m, ex.Result(0, 1), g);
  if (mask & 4u) ComputeLanes<KZ>(ex, m, ex.Result(0, 2), g);
  if (mask & 8u) {
    Lanes& r = ex.Result(0, 3);
    ForLanes(m, [&](int l) { r.Set(l, Val::Exact(0x3f800000u)); });
  }
  ex.Store(in, 0);
}

// SCS (removed): x = cos(s.x), y = sin(s.x), z = 0, w = 1.
void OpScs(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const LaneMask m = ex.exec;
  const Lanes& s = ex.Fetch(in, 0, 0, m);
  auto g = [&](int l, Val* w) { w[0] = s.Get(l); };
  const uint8_t mask = in.dst[0].mask;
  if (mask & 1u) ComputeLanes<CosK>(ex, m, ex.Result(0, 0), g);
  if (mask & 2u) ComputeLanes<SinK>(ex, m, ex.Result(0, 1), g);
  for (int c : {2, 3}) {
    if (mask & (1u << c)) {
      Lanes& r = ex.Result(0, c);
      const Word v = c == 2 ? 0u : 0x3f800000u;
      ForLanes(m, [&](int l) { r.Set(l, Val::Exact(v)); });
    }
  }
  ex.Store(in, 0);
}

// NRM / NRM4 (removed): s * RSQ(dot(s, s)) with a MUL/ADD chain; NRM w = 1.
template <int N>
struct NrmK : ArithKernel {
  static constexpr int kSrc = N + 1;  // the channel value, then the N components
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    f.Inexact(Reason::kRsq, precision::kRsq);
    float d = fp.Mul(F(a[1]), F(a[1]));
    for (int i = 1; i < N; ++i) {
      const float p = fp.Mul(F(a[1 + i]), F(a[1 + i]));
      d = fp.Add(d, p);
    }
    if (!(d > 0.0f)) f.undef = Reason::kRsqDomain;
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
    ComputeLanes<NrmK<N>>(ex, m, ex.Result(0, c), [&](int l, Val* w) {
      w[0] = s[c]->Get(l);
      for (int i = 0; i < N; ++i) w[1 + i] = s[i]->Get(l);
    });
  }
  if (N == 3 && (in.dst[0].mask & 8u)) {
    Lanes& r = ex.Result(0, 3);
    ForLanes(m, [&](int l) { r.Set(l, Val::Exact(0x3f800000u)); });
  }
  ex.Store(in, 0);
}

// RFL (removed): k = 2*dot3(s0,s1) / dot3(s0,s0); xyz = s0*k - s1; w = 1.
struct RflK : ArithKernel {
  static constexpr int kSrc = 8;  // channel c of s0 and s1, then s0.xyz, s1.xyz
  // A rational function of its operands: no bound from candidates (and 3^8
  // of them); operands with sets make any value.
  static constexpr bool kMonotone = false;
  static void Bound(const Val*, SetBuilder& b) { b.MarkAny(Reason::kInexactOperand); }
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    f.Inexact(Reason::kDiv, precision::kDiv);
    float d01 = fp.Mul(F(a[2]), F(a[5]));
    float d00 = fp.Mul(F(a[2]), F(a[2]));
    for (int i = 1; i < 3; ++i) {
      const float p = fp.Mul(F(a[2 + i]), F(a[5 + i]));
      d01 = fp.Add(d01, p);
      const float q = fp.Mul(F(a[2 + i]), F(a[2 + i]));
      d00 = fp.Add(d00, q);
    }
    const float two = fp.Mul(2.0f, d01);
    if (d00 == 0.0f) f.undef = Reason::kDivByZero;
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
    ComputeLanes<RflK>(ex, m, ex.Result(0, c), [&](int l, Val* w) {
      w[0] = s0[c]->Get(l);
      w[1] = s1[c]->Get(l);
      for (int i = 0; i < 3; ++i) {
        w[2 + i] = s0[i]->Get(l);
        w[5 + i] = s1[i]->Get(l);
      }
    });
  }
  if (in.dst[0].mask & 8u) {
    Lanes& r = ex.Result(0, 3);
    ForLanes(m, [&](int l) { r.Set(l, Val::Exact(0x3f800000u)); });
  }
  ex.Store(in, 0);
}

}  // namespace

void RegisterFloatArbOps(HandlerTable& t) {
  t.Set(Opcode::DST, OpDst);
  t.Set(Opcode::LIT, OpLit);
  t.Set(Opcode::EXP, OpExpLog<ExpXK, FrcK, ExpZK>);
  t.Set(Opcode::LOG, OpExpLog<LogXK, LogYK, LogZK>);
  t.Set(Opcode::SCS, OpScs);
  t.Set(Opcode::NRM, OpNrm<3>);
  t.Set(Opcode::NRM4, OpNrm<4>);
  t.Set(Opcode::RFL, OpRfl);
}

}  // namespace shaderdiff::tgsi_exec
