// Per-axis texel addressing for the procedural texture model: wrap modes,
// the nearest texel and its ambiguous neighbour, and array-layer selection.
//
// Invariants:
// - Inputs are finite texel-space doubles (callers reject NaN/Inf first).
//   Wrapping uses std::fmod (exact) or clamping before any integer
//   conversion, so huge coordinates never reach an out-of-range cast.
// - Wrap modes follow GL 4.6 table 8.20: repeat = i mod n; clamp-to-edge =
//   clamp(i, 0, n-1); mirrored repeat = (n-1) - mirror((i mod 2n) - n) with
//   mirror(a) = a >= 0 ? a : -(1 + a).
// - Nearest picks floor(u') (the texel containing the point); a point within
//   max(2^-12, |u'| * 2^-20) texels of a boundary also yields the neighbour
//   on the other side as an alternative.
// - Layers: clamp(RNE(r), 0, layers - 1); an exact .5 tie also yields the
//   other neighbour as an alternative.
#include <algorithm>
#include <cmath>

#include "emulator/common/texture_internal.h"

namespace shaderdiff::common::texture_internal {

AxisMode AxisModeFor(TexWrap wrap) {
  switch (wrap) {
    case TexWrap::kClampToEdge: return AxisMode::kClampToEdge;
    case TexWrap::kMirroredRepeat: return AxisMode::kMirroredRepeat;
    case TexWrap::kRepeat:
    default: return AxisMode::kRepeat;
  }
}

Wrapped WrapIndex(double raw, uint32_t n, AxisMode mode) {
  const double size = n;
  const bool inside = raw >= 0 && raw < size;
  Wrapped w;
  switch (mode) {
    case AxisMode::kRepeat: {
      double m = std::fmod(raw, size);  // exact, |m| < n
      if (m < 0) m += size;
      w.index = static_cast<uint32_t>(m);
      return w;
    }
    case AxisMode::kMirroredRepeat: {
      double m = std::fmod(raw, 2 * size);
      if (m < 0) m += 2 * size;
      const double a = m - size;
      const double mirrored = a >= 0 ? a : -(1 + a);
      w.index = static_cast<uint32_t>(size - 1 - mirrored);
      return w;
    }
    case AxisMode::kClampToEdge:
    case AxisMode::kCubeFace:
    case AxisMode::kRectStrict:
      w.index = static_cast<uint32_t>(std::clamp(raw, 0.0, size - 1));
      w.clamped = !inside;
      w.undefined = !inside && mode == AxisMode::kRectStrict;
      return w;
  }
  return w;
}

double BoundaryTolerance(double u) {
  return std::max(kBoundaryTolerance, std::fabs(u) * kRelativeTolerance);
}

RawPick NearestCandidates(double u) {
  RawPick pick;
  const double f = std::floor(u);
  const double frac = u - f;  // exact
  const double tol = BoundaryTolerance(u);
  pick.index[0] = f;
  if (tol >= 1) {
    pick.unknown = true;  // float32 hardware cannot even resolve the texel
    return pick;
  }
  if (frac <= tol) pick.index[pick.count++] = f - 1;
  if (1 - frac <= tol) pick.index[pick.count++] = f + 1;
  return pick;
}

double RoundHalfEven(double x) {
  const double f = std::floor(x);
  const double d = x - f;
  if (d < 0.5) return f;
  if (d > 0.5) return f + 1;
  return std::fmod(f, 2.0) == 0 ? f : f + 1;
}

LayerPick PickLayer(double coord, uint32_t layers) {
  const double top = static_cast<double>(layers) - 1;
  // Clamping to [-1, layers] first does not change the clamped result and
  // keeps the rounding in a small range.
  const double x = std::clamp(coord, -1.0, top + 1);
  LayerPick pick;
  const double r = RoundHalfEven(x);
  pick.layer[0] = static_cast<uint32_t>(std::clamp(r, 0.0, top));
  const double f = std::floor(x);
  if (x - f == 0.5) {
    const double other = (r == f) ? f + 1 : f;
    const auto alt = static_cast<uint32_t>(std::clamp(other, 0.0, top));
    if (alt != pick.layer[0]) pick.layer[pick.count++] = alt;
  }
  return pick;
}

}  // namespace shaderdiff::common::texture_internal
