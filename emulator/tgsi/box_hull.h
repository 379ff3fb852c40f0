// Closed-form allowed sets of ADD, SUB, MUL and MAD over interval operands:
// what the set builder (ops.h EvalKernelSetEnumerated) returns, without
// evaluating the kernel at every combination of candidate values.
//
// Why it is the same set. Each of these operations is monotone in every
// operand over the operands' box (ADD, SUB, round-to-nearest of a sum), or
// bilinear (MUL, MAD's product), so over the box its smallest and largest
// results are taken at corners of the box, and rounding to nearest is
// monotone, so the rounded results keep that order:
// - ADD: [lo0 + lo1, hi0 + hi1]; SUB: [lo0 - hi1, hi0 - lo1];
// - MUL: the smallest and largest of the four corner products;
// - MAD (a*b + c): unfused, round(round(a*b) + c), from the smallest and
//   largest rounded corner product with c's ends; fused, fmaf at the corner
//   whose exact product (a double, exact for two floats) is smallest or
//   largest, with c's ends. The hull is the wider of the two forms (the
//   builder includes the fused alternative whenever it differs).
// Every corner is a candidate combination of the builder, so these bounds
// are its hull's bounds, and every other candidate result (zeros inside an
// interval, the reference's own word) lies between them.
//
// When it applies (BoxHullSet returns false otherwise and the caller
// enumerates): some operand carries a set (not exact), none is undefined or
// may be NaN, every operand's ends (or exact word) are finite and not
// denormal (zeros allowed: they only ever give results inside the hull),
// both result bounds are finite normal nonzero words (so a bound has one
// word: no +-0 tie whose word would depend on the builder's order, no flush
// of a denormal bound, no infinity, no NaN), and the reference's word and
// the alternatives the kernel reported for it lie inside. Then the builder's
// set is exactly: the reference word alone when the bounds are one word
// (every candidate gave it), else the interval [lo, hi] with cause
// inexact-operand (an operand's set made the result a set) and no NaN.
// box_hull_test compares it with the enumeration field by field.
#pragma once

#include <cmath>

#include "emulator/tgsi/fp.h"
#include "emulator/tgsi/machine_types.h"
#include "emulator/tgsi/value_set.h"

namespace shaderdiff::tgsi_exec {

// The hull's bounds from the operands' ends (lo[i] <= hi[i] by value), as
// IEEE binary32 results (no flushing: the builder evaluates candidates so).
inline void AddHull(const float* lo, const float* hi, float* out_lo, float* out_hi) {
  *out_lo = lo[0] + lo[1];
  *out_hi = hi[0] + hi[1];
}
inline void SubHull(const float* lo, const float* hi, float* out_lo, float* out_hi) {
  *out_lo = lo[0] - hi[1];
  *out_hi = hi[0] - lo[1];
}

namespace box_hull {

// The corners of a*b: which ends give the smallest and largest exact
// product (index 0: lo, 1: hi, for a then b).
struct ProductCorners {
  float min_a, min_b, max_a, max_b;
  float min_rounded, max_rounded;  // the smallest / largest rounded product
};
inline ProductCorners Corners(float a_lo, float a_hi, float b_lo, float b_hi) {
  const float as[2] = {a_lo, a_hi}, bs[2] = {b_lo, b_hi};
  ProductCorners c{a_lo, b_lo, a_lo, b_lo, 0, 0};
  double dmin = static_cast<double>(a_lo) * b_lo, dmax = dmin;
  c.min_rounded = c.max_rounded = a_lo * b_lo;
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 2; ++j) {
      const double d = static_cast<double>(as[i]) * bs[j];  // exact
      const float p = as[i] * bs[j];
      if (d < dmin) dmin = d, c.min_a = as[i], c.min_b = bs[j];
      if (d > dmax) dmax = d, c.max_a = as[i], c.max_b = bs[j];
      if (p < c.min_rounded) c.min_rounded = p;
      if (p > c.max_rounded) c.max_rounded = p;
    }
  }
  return c;
}

}  // namespace box_hull

inline void MulHull(const float* lo, const float* hi, float* out_lo, float* out_hi) {
  const box_hull::ProductCorners c = box_hull::Corners(lo[0], hi[0], lo[1], hi[1]);
  *out_lo = c.min_rounded;
  *out_hi = c.max_rounded;
}

// MAD, fused or not (MadK's Eval reports the other form as an alternative).
inline void MadHull(const float* lo, const float* hi, float* out_lo, float* out_hi) {
  const box_hull::ProductCorners c = box_hull::Corners(lo[0], hi[0], lo[1], hi[1]);
  const float unfused_lo = c.min_rounded + lo[2], unfused_hi = c.max_rounded + hi[2];
  const float fused_lo = std::fmaf(c.min_a, c.min_b, lo[2]), fused_hi = std::fmaf(c.max_a, c.max_b, hi[2]);
  *out_lo = std::fmin(unfused_lo, fused_lo);
  *out_hi = std::fmax(unfused_hi, fused_hi);
}

namespace box_hull {

// A finite word that is not a denormal (zeros allowed).
inline bool PlainEnd(Word w) { return (w & 0x7f800000u) != 0x7f800000u && ((w & 0x7f800000u) != 0 || (w & 0x7fffffu) == 0); }
// A finite normal nonzero word.
inline bool NormalBound(Word w) { return (w & 0x7f800000u) != 0x7f800000u && (w & 0x7f800000u) != 0; }
inline bool Within(Word w, int64_t lo, int64_t hi) {
  if (IsNanW(w)) return false;
  const int64_t k = common::OrderedKey(w);
  return lo <= k && k <= hi;
}

}  // namespace box_hull

// The set EvalKernelSetEnumerated<K> builds for operands whose ends are
// l[i] <= h[i] (an exact operand's word twice), reference word r and its
// freedom f, in closed form through K::Hull; false when the conditions in
// the file comment do not hold (the caller enumerates).
template <class K>
bool BoxHullOfEnds(const Word* l, const Word* h, Word r, const Freedom& f, Val* out) {
  constexpr int N = K::kSrc;
  if (f.undef != Reason::kNone || !f.tol.none() || f.nan_ok || f.zero_sign) return false;
  float lo[N], hi[N];
  for (int i = 0; i < N; ++i) {
    if (!box_hull::PlainEnd(l[i]) || !box_hull::PlainEnd(h[i])) return false;
    lo[i] = F(l[i]);
    hi[i] = F(h[i]);
  }
  float flo, fhi;
  K::Hull(lo, hi, &flo, &fhi);
  const Word wlo = W(flo), whi = W(fhi);
  if (!box_hull::NormalBound(wlo) || !box_hull::NormalBound(whi)) return false;
  const int64_t klo = common::OrderedKey(wlo), khi = common::OrderedKey(whi);
  if (!box_hull::Within(r, klo, khi)) return false;
  for (int i = 0; i < f.n_alt; ++i) {
    if (!box_hull::Within(f.alt[i], klo, khi)) return false;
  }
  if (wlo == whi) {
    *out = Val::Exact(r);
    return true;
  }
  Val s;
  s.w = r;
  s.inexact = Reason::kInexactOperand;
  s.set = kSetInterval;
  s.lo = wlo;
  s.hi = whi;
  *out = s;
  return true;
}

// BoxHullOfEnds for operands v (some not exact, none undefined).
template <class K>
bool BoxHullSet(const Val* v, Word r, const Freedom& f, Val* out) {
  constexpr int N = K::kSrc;
  Word l[N], h[N];
  for (int i = 0; i < N; ++i) {
    const Val& x = v[i];
    l[i] = h[i] = x.w;
    if (x.inexact != Reason::kNone) {
      if (x.set != kSetInterval) return false;  // may be NaN
      l[i] = x.lo;
      h[i] = x.hi;
    }
  }
  return BoxHullOfEnds<K>(l, h, r, f, out);
}

// The lanes m of r = K(s...) whose operands are all defined and carry at
// most an interval set (the mixed waves' lanes that are not exact): what
// EvalKernel<K> gives each of them, where BoxHullOfEnds applies, read
// straight from the lanes' planes (no Val per operand, no call through
// EvalKernel and EvalKernelSet); the reference word is K::Eval under
// `primary`, as EvalKernel computes it. Returns the lanes left for the
// general path (an undefined operand, a set that may be NaN, an end or
// bound outside the closed form's conditions). corner_lanes_test compares
// each lane with EvalKernel on millions of random operand sets.
template <class K>
LaneMask BoxHullLanes(const Fp& primary, const Lanes* const* s, LaneMask m, Lanes& r) {
  constexpr int N = K::kSrc;
  LaneMask rest = 0;
  ForLanes(m, [&](int l) {
    Word a[N], lo[N], hi[N];
    bool ok = true;
    for (int i = 0; i < N; ++i) {
      const Lanes& v = *s[i];
      a[i] = lo[i] = hi[i] = v.w[l];
      ok = ok && v.u[l] == Reason::kNone;
      if (v.x[l] != Reason::kNone) {
        ok = ok && v.s[l] == kSetInterval;
        lo[i] = v.lo[l];
        hi[i] = v.hi[l];
      }
      // BoxHullOfEnds' first test, before Eval: edge lanes leave cheaply.
      ok = ok && box_hull::PlainEnd(lo[i]) && box_hull::PlainEnd(hi[i]);
    }
    Val out;
    if (ok) {
      Fp fp = primary;
      Freedom f;
      const Word w = K::Eval(fp, a, f);
      ok = BoxHullOfEnds<K>(lo, hi, w, f, &out);
    }
    if (ok) {
      r.Set(l, out);
    } else {
      rest |= LaneMask{1} << l;
    }
  });
  return rest;
}

}  // namespace shaderdiff::tgsi_exec
