// Dot products (DP2/DP3/DP4/DPH/DP2A: mul then MADs in x, y, z, w order, as
// tgsi_exec), XPD and X2D: the float ops whose result combines several
// components. Kernels and flag rules: ops_float_kernels.h, ops_float.cc.
#include "emulator/tgsi/ops_float_kernels.h"

namespace shaderdiff::tgsi_exec {
namespace {

using namespace float_ops;

// ---------------------------------------------------------- dot products

// a = {x0, x1, y0, y1, ...} for N products, then `Extra` addends.
template <int N, int Extra>
struct DotK : ArithKernel {
  static constexpr int kSrc = 2 * N + Extra;
  static constexpr bool kCustomSet = true;
  static Val SetOf(const Val* v, Word r, const Freedom&, bool) {
    ProductTerm p[N];
    for (int i = 0; i < N; ++i) p[i] = {v[2 * i], v[2 * i + 1], false};
    return SumOfProducts(p, N, v + 2 * N, Extra, r, Reason::kDotRounding);
  }
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    double terms[N + Extra];
    bool exact = true;
    for (int i = 0; i < N; ++i) {
      const float p = F(a[2 * i]), q = F(a[2 * i + 1]);
      exact = exact && ProductIsExact(p, q);
      terms[i] = static_cast<double>(p) * q;
    }
    for (int i = 0; i < Extra; ++i) terms[N + i] = F(a[2 * N + i]);
    if (!exact || !TermsSumExactly(terms, N + Extra)) f.Inexact(Reason::kDotRounding, {});
    float t = fp.Mul(F(a[0]), F(a[1]));
    for (int i = 1; i < N; ++i) t = fp.Mad(F(a[2 * i]), F(a[2 * i + 1]), t);
    for (int i = 0; i < Extra; ++i) t = fp.Add(F(a[2 * N + i]), t);
    // A -0 sum depends on how the implementation seeds its accumulator.
    if (IsNegZeroW(W(t))) f.zero_sign = true;
    return W(t);
  }
};

// DP2/DP3/DP4 (Extra 0), DPH (+ src1.w), DP2A (+ src2.x).
template <int N, Opcode Op>
void OpDot(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const LaneMask m = ex.exec;
  constexpr int Extra = (Op == Opcode::DPH || Op == Opcode::DP2A) ? 1 : 0;
  // Every operand is read before the store (FetchInPlace's condition).
  const Lanes* s0[4];
  const Lanes* s1[4];
  const Lanes* ops[2 * N + Extra];  // DotK's operand order
  for (int i = 0; i < N; ++i) {
    s0[i] = ops[2 * i] = &ex.FetchInPlace(in, 0, i, m);
    s1[i] = ops[2 * i + 1] = &ex.FetchInPlace(in, 1, i, m);
  }
  const Lanes* extra = nullptr;
  if (Op == Opcode::DPH) extra = &ex.FetchInPlace(in, 1, 3, m);
  if (Op == Opcode::DP2A) extra = &ex.FetchInPlace(in, 2, 0, m);
  if constexpr (Extra > 0) ops[2 * N] = extra;
  Lanes& r = ex.Result(0, 0);
  if (AllExact(ops, 2 * N + Extra, m)) {  // words in, words out; a set only where a lane's terms round
    EvalKernelExactLanes<DotK<N, Extra>>(ex, ops, m, r);
    StoreReplicated(ex, in, r);
    return;
  }
  ComputeLanes<DotK<N, Extra>>(ex, m, r, [&](int l, Val* a) {
    for (int i = 0; i < N; ++i) {
      a[2 * i] = s0[i]->Get(l);
      a[2 * i + 1] = s1[i]->Get(l);
    }
    if (Extra) a[2 * N] = extra->Get(l);
  });
  StoreReplicated(ex, in, r);
}

// XPD (removed): x = s0.y*s1.z - s0.z*s1.y, y = s0.z*s1.x - s1.z*s0.x,
// z = s0.x*s1.y - s0.y*s1.x, w = 1.
struct XpdK : ArithKernel {
  static constexpr int kSrc = 4;  // p, q, r, s -> p*q - r*s
  static constexpr bool kCustomSet = true;
  static Val SetOf(const Val* v, Word r, const Freedom&, bool) {
    const ProductTerm p[2] = {{v[0], v[1], false}, {v[2], v[3], true}};
    return SumOfProducts(p, 2, nullptr, 0, r, Reason::kDotRounding);
  }
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    const float p = F(a[0]), q = F(a[1]), r = F(a[2]), s = F(a[3]);
    bool exact = ProductIsExact(p, q) && ProductIsExact(r, s);
    const double t[2] = {static_cast<double>(p) * q, -(static_cast<double>(r) * s)};
    if (!exact || !TermsSumExactly(t, 2)) f.Inexact(Reason::kDotRounding, {});
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
    ComputeLanes<XpdK>(ex, m, ex.Result(0, c), [&](int l, Val* w) {
      for (int k = 0; k < 4; ++k) w[k] = (kTerms[c][k][0] == 0 ? a : b)[kTerms[c][k][1]]->Get(l);
    });
  }
  if (in.dst[0].mask & 8u) {
    Lanes& r = ex.Result(0, 3);
    ForLanes(m, [&](int l) { r.Set(l, Val::Exact(0x3f800000u)); });
  }
  ex.Store(in, 0);
}

// X2D (removed): x = z = s0.x + (s2.x*s1.x + s2.y*s1.y);
//                y = w = s0.y + (s2.z*s1.x + s2.w*s1.y).
struct X2dK : ArithKernel {
  static constexpr int kSrc = 5;  // base, p0, q0, p1, q1
  static constexpr bool kCustomSet = true;
  static Val SetOf(const Val* v, Word r, const Freedom&, bool) {
    const ProductTerm p[2] = {{v[1], v[2], false}, {v[3], v[4], false}};
    return SumOfProducts(p, 2, v, 1, r, Reason::kDotRounding);
  }
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    const float b = F(a[0]), p0 = F(a[1]), q0 = F(a[2]), p1 = F(a[3]), q1 = F(a[4]);
    const bool exact = ProductIsExact(p0, q0) && ProductIsExact(p1, q1);
    const double t[3] = {b, static_cast<double>(p0) * q0, static_cast<double>(p1) * q1};
    if (!exact || !TermsSumExactly(t, 3)) f.Inexact(Reason::kDotRounding, {});
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
    ComputeLanes<X2dK>(ex, m, ex.Result(0, c), [&](int l, Val* a) {
      a[0] = (ychan ? s0y : s0x).Get(l);
      a[1] = (ychan ? *s2[2] : *s2[0]).Get(l);
      a[2] = s1x.Get(l);
      a[3] = (ychan ? *s2[3] : *s2[1]).Get(l);
      a[4] = s1y.Get(l);
    });
  }
  ex.Store(in, 0);
}

}  // namespace

void RegisterFloatVectorOps(HandlerTable& t) {
  t.Set(Opcode::DP2, OpDot<2, Opcode::DP2>);
  t.Set(Opcode::DP3, OpDot<3, Opcode::DP3>);
  t.Set(Opcode::DP4, OpDot<4, Opcode::DP4>);
  t.Set(Opcode::DPH, OpDot<3, Opcode::DPH>);
  t.Set(Opcode::DP2A, OpDot<2, Opcode::DP2A>);
  t.Set(Opcode::XPD, OpXpd);
  t.Set(Opcode::X2D, OpX2d);
}

}  // namespace shaderdiff::tgsi_exec
