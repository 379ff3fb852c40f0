// Level-of-detail computation and level selection.
//
// lambda = log2(rho), rho = max(|d/dx|, |d/dy|) of the texel-space
// coordinate derivatives (Euclidean lengths; GL allows approximations, which
// is one reason derived LODs get an ambiguity window). log2 is computed by
// Log2 below, never by the host libm. Derivatives per LodMode:
// - kImplicit: d/dx = lane 1 - lane 0, d/dy = lane 2 - lane 0 (coarse, one
//   lambda per quad), scaled by the level-0 size (RECT: already texels);
// - kBias: the same plus the lane's lod_value;
// - kGradient: the lane's ddx / ddy, scaled the same way;
// - kExplicit: lambda = lod_value; kZero: lambda = 0.
// Array layers never contribute. Cube maps project the direction
// derivatives onto lane 0's face (texture_cube.cc) and are kUnknown.
//
// Selection (SelectLod), with levels = the target's level count:
// - lambda <= 0 (including -inf): magnification, level 0, mag_filter.
// - otherwise minification with min_filter:
//   mip none (or one level): level 0;
//   mip nearest: level ceil(lambda + 1/2) - 1 for lambda > 1/2, else 0
//     (GL's rule: ties at k + 1/2 round DOWN to the finer level k), clamped
//     to levels - 1;
//   mip linear: floor(lambda) and floor(lambda) + 1 blended by the fraction;
//     lambda >= levels - 1 uses the last level alone.
//
// Ambiguity (SelectLodCandidates) returns the model's selection first, then
// the selections hardware could legitimately make instead:
// - kWindow (implicit, bias, gradient, explicit lods that are not multiples
//   of 1/256): the selections at lambda -+ 1/256;
// - kExact: at an exact mip-nearest tie k + 1/2 also level k + 1;
// - always: GL's c = 1/2 rule (mag LINEAR with a NEAREST_MIPMAP_* min
//   filter magnifies for lambda <= 1/2), for lambda in (0, 1/2].
#include <cmath>
#include <limits>
#include <numbers>

#include "emulator/common/texture_internal.h"

namespace shaderdiff::common::texture_internal {

double Log2(double x) {
  if (std::isnan(x) || x < 0) return std::numeric_limits<double>::quiet_NaN();
  if (x == 0) return -std::numeric_limits<double>::infinity();
  if (std::isinf(x)) return x;
  int e = 0;
  double m = std::frexp(x, &e);  // exact: x = m * 2^e, m in [0.5, 1)
  if (m < 0.70710678118654752440) {
    m *= 2;
    --e;
  }
  // m in [sqrt(1/2), sqrt(2)): ln m = 2 atanh(s) = 2 (s + s^3/3 + s^5/5 ...),
  // |s| <= 0.172, so 12 terms leave an error far below one ulp.
  const double s = (m - 1) / (m + 1);
  const double s2 = s * s;
  double sum = 0;
  for (int k = 11; k >= 0; --k) sum = sum * s2 + 1.0 / (2 * k + 1);
  return e + 2 * s * sum * std::numbers::log2e;
}

double RhoSquared(const std::array<double, 3>& dx, const std::array<double, 3>& dy) {
  const double lx = dx[0] * dx[0] + dx[1] * dx[1] + dx[2] * dx[2];
  const double ly = dy[0] * dy[0] + dy[1] * dy[1] + dy[2] * dy[2];
  if (std::isnan(lx) || std::isnan(ly)) return std::numeric_limits<double>::quiet_NaN();
  return lx > ly ? lx : ly;
}

double LambdaFromRhoSquared(double rho_squared) { return 0.5 * Log2(rho_squared); }

bool operator==(const LodSelection& a, const LodSelection& b) {
  return a.mag == b.mag && a.level_a == b.level_a && a.level_b == b.level_b &&
         a.weight_b == b.weight_b;
}

LodSelection SelectLod(const TextureUnit& unit, uint32_t levels, double lambda) {
  LodSelection sel;
  if (!(lambda > 0)) return sel;  // magnification
  sel.mag = false;
  if (unit.mip_filter == MipFilter::kNone || levels <= 1) return sel;
  const double top = static_cast<double>(levels) - 1;
  if (lambda >= top) {
    sel.level_a = sel.level_b = levels - 1;
    return sel;
  }
  if (unit.mip_filter == MipFilter::kNearest) {
    const double d = lambda <= 0.5 ? 0 : std::ceil(lambda + 0.5) - 1;  // in [0, top]
    sel.level_a = sel.level_b = static_cast<uint32_t>(d);
    return sel;
  }
  const double d = std::floor(lambda);  // in [0, top)
  sel.level_a = static_cast<uint32_t>(d);
  sel.level_b = sel.level_a + 1;
  sel.weight_b = lambda - d;
  if (sel.weight_b == 0) sel.level_b = sel.level_a;
  return sel;
}

bool LodMatters(const TextureUnit& unit, uint32_t levels) {
  return unit.mag_filter != unit.min_filter ||
         (unit.mip_filter != MipFilter::kNone && levels > 1);
}

LodCandidates SelectLodCandidates(const TextureUnit& unit, uint32_t levels, double lambda,
                                  LambdaKind kind) {
  LodCandidates out;
  out.sel[0] = SelectLod(unit, levels, lambda);
  auto add = [&out](const LodSelection& s) {
    for (int i = 0; i < out.count; ++i) {
      if (out.sel[i] == s) return;
    }
    if (out.count < static_cast<int>(out.sel.size())) out.sel[out.count++] = s;
  };
  const bool gl_c_rule = unit.mag_filter == TexFilter::kLinear &&
                         unit.min_filter == TexFilter::kNearest &&
                         unit.mip_filter != MipFilter::kNone;
  auto add_c_rule = [&](double l) {
    if (gl_c_rule && l > 0 && l <= 0.5) add(LodSelection{});
  };

  switch (kind) {
    case LambdaKind::kUnknown:
      out.unknown = true;
      break;
    case LambdaKind::kExact:
      add_c_rule(lambda);
      if (unit.mip_filter == MipFilter::kNearest && lambda >= 0.5 &&
          lambda - std::floor(lambda) == 0.5 && lambda < static_cast<double>(levels) - 1) {
        LodSelection up = out.sel[0];
        up.level_a = up.level_b = out.sel[0].level_a + 1;
        add(up);
      }
      break;
    case LambdaKind::kWindow:
      for (const double l : {lambda - kLodWindow, lambda + kLodWindow}) {
        add(SelectLod(unit, levels, l));
      }
      for (const double l : {lambda - kLodWindow, lambda, lambda + kLodWindow}) add_c_rule(l);
      break;
  }
  return out;
}


namespace {

bool AnyNonFinite(const SampleInput& in, int count) {
  for (int k = 0; k < count; ++k) {
    if (!std::isfinite(in.coord[k])) return true;
  }
  return false;
}

}  // namespace

QuadLambda ComputeQuadLambda(const TextureUnit& unit, const TargetShape& shape,
                             const std::array<SampleInput, 4>& in) {
  const int spatial = shape.cube ? 3 : shape.dims;
  QuadLambda q;
  if (AnyNonFinite(in[0], spatial) || AnyNonFinite(in[1], spatial) || AnyNonFinite(in[2], spatial)) {
    q.lambda = std::numeric_limits<double>::quiet_NaN();
    return q;
  }
  const Extent e = LevelExtent(unit, shape, 0);
  std::array<double, 3> dx = {0, 0, 0}, dy = {0, 0, 0};
  for (int k = 0; k < spatial; ++k) {
    dx[k] = static_cast<double>(in[1].coord[k]) - in[0].coord[k];
    dy[k] = static_cast<double>(in[2].coord[k]) - in[0].coord[k];
  }
  if (shape.cube) {
    const std::array<double, 3> dir = {in[0].coord[0], in[0].coord[1], in[0].coord[2]};
    q.lambda = LambdaFromRhoSquared(CubeRhoSquared(dir, dx, dy, e.size[0], e.size[1]));
    q.kind = LambdaKind::kUnknown;
    return q;
  }
  if (shape.normalized) {
    for (int k = 0; k < shape.dims; ++k) dx[k] *= e.size[k], dy[k] *= e.size[k];
  }
  q.lambda = LambdaFromRhoSquared(RhoSquared(dx, dy));
  return q;
}

LaneLambda ComputeLaneLambda(const TextureUnit& unit, const TargetShape& shape,
                             const SampleInput& in, const QuadLambda& quad) {
  LaneLambda l;
  switch (in.lod_mode) {
    case LodMode::kZero:
      break;
    case LodMode::kExplicit: {
      // Hardware quantizes explicit LODs (commonly to 1/256): values on that
      // grid are exact, others get the ambiguity window.
      l.lambda = in.lod_value;
      l.input_nan = std::isnan(in.lod_value);
      const double scaled = l.lambda * 256;
      const bool on_grid = std::fabs(l.lambda) < 1048576 && std::floor(scaled) == scaled;
      l.kind = std::isinf(l.lambda) || on_grid ? LambdaKind::kExact : LambdaKind::kWindow;
      break;
    }
    case LodMode::kImplicit:
      l.lambda = quad.lambda, l.kind = quad.kind;
      break;
    case LodMode::kBias:
      l.lambda = quad.lambda + in.lod_value, l.kind = quad.kind;
      l.input_nan = std::isnan(in.lod_value);
      break;
    case LodMode::kGradient: {
      const Extent e = LevelExtent(unit, shape, 0);
      std::array<double, 3> dx = {0, 0, 0}, dy = {0, 0, 0};
      if (shape.cube) {
        const std::array<double, 3> dir = {in.coord[0], in.coord[1], in.coord[2]};
        for (int k = 0; k < 3; ++k) dx[k] = in.ddx[k], dy[k] = in.ddy[k];
        l.lambda = LambdaFromRhoSquared(CubeRhoSquared(dir, dx, dy, e.size[0], e.size[1]));
        l.kind = LambdaKind::kUnknown;
        break;
      }
      for (int k = 0; k < shape.dims; ++k) {
        const double scale = shape.normalized ? e.size[k] : 1.0;
        dx[k] = in.ddx[k] * scale, dy[k] = in.ddy[k] * scale;
      }
      l.lambda = LambdaFromRhoSquared(RhoSquared(dx, dy));
      l.kind = LambdaKind::kWindow;
      break;
    }
  }
  return l;
}

}  // namespace shaderdiff::common::texture_internal
