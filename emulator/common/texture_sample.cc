// Filtered sampling (SampleQuad: TEX/TXB/TXL/TXD and friends) and gathers
// (TG4) on the procedural texture.
//
// Per lane: check the inputs (non-finite coordinates, a NaN shadow reference
// or a NaN lod_value make the lane 0 words, all undefined), choose the cube
// face(s), the array layer(s) and the LOD selection(s), then filter. Every
// alternative a conforming implementation could pick (see
// texture_internal.h) is evaluated and merged into the model's own result, so
// `inexact` marks exactly the components that could differ.
//
// Filters (level size n, texel-space u' = s * n + offset, or s + offset for
// RECT):
// - nearest: texel floor(u'), wrapped per axis.
// - linear: taps floor(u' - 1/2) and +1 with weights 1 - a and a,
//   a = frac(u' - 1/2); bi-/trilinear by products of the axis weights, summed
//   in double in a fixed order and rounded once to float. A component is
//   exact only if every tap with a non-zero weight is exact and equal
//   (equal taps make any weighting agree); otherwise it is inexact.
// - mip linear blends two levels the same way.
// Cube faces are sampled as 2-D images with clamp-to-edge (no seamless
// filtering); a linear tap clamped at a face edge is inexact, because
// seamless hardware reads the neighbouring face there.
// RECT always clamps to edge; with a repeat/mirror wrap mode (not allowed by
// GL for rectangles) a tap that would need wrapping makes the result
// undefined.
// Shadow targets compare max(0, min(1, ref)) against the texel's x with
// `compare` before filtering: a texel becomes (r, r, r, 1), r in {0, 1}, so
// linear filtering averages comparison results and the result is
// (avg, avg, avg, 1). A comparison is inexact when the unclamped reference
// (float depth formats) or a reference within 2^-16 of the texel (depth
// quantization) would compare differently.
#include <cmath>

#include "emulator/common/texture.h"
#include "emulator/common/texture_internal.h"

namespace shaderdiff::common {

namespace ti = texture_internal;
using ti::Value;

namespace {

struct Context {
  const TextureUnit& unit;
  ti::TargetShape shape;
  uint32_t levels;
};

// What the filters need to know about one lane once its inputs are checked.
struct Lane {
  std::array<ti::CubeFace, 3> faces;
  int face_count = 1;
  ti::LayerPick layers;
  std::array<double, 3> coord = {0, 0, 0};  // addressed coordinates (non-cube)
  std::array<int32_t, 3> offset = {0, 0, 0};
  double shadow_ref = 0;
  bool undefined = false;  // defined value, but flagged undefined
};

// One level of one lane, addressed: texel-space coordinates and wrap modes.
struct Addressed {
  uint32_t level = 0;
  uint32_t slice = 0;  // the `layer` argument of TexelValue
  std::array<double, 3> u = {0, 0, 0};
  std::array<uint32_t, 3> n = {1, 1, 1};
  std::array<ti::AxisMode, 3> mode = {};
};

bool Compare(CompareFunc func, double ref, double texel) {
  switch (func) {
    case CompareFunc::kNever: return false;
    case CompareFunc::kLess: return ref < texel;
    case CompareFunc::kEqual: return ref == texel;
    case CompareFunc::kLessEqual: return ref <= texel;
    case CompareFunc::kGreater: return ref > texel;
    case CompareFunc::kNotEqual: return ref != texel;
    case CompareFunc::kGreaterEqual: return ref >= texel;
    case CompareFunc::kAlways: return true;
  }
  return false;
}

// A texel as the filters see it: its value, or its shadow comparison.
Value TexelFor(const Context& ctx, const Lane& lane, const Addressed& a,
               const std::array<uint32_t, 3>& xyz) {
  const std::array<float, 4> t = TexelValue(ctx.unit, a.level, a.slice, xyz[0], xyz[1], xyz[2]);
  Value v;
  if (!ctx.shape.shadow) {
    for (int c = 0; c < 4; ++c) v.v[c] = t[c];
    return v;
  }
  const double texel = t[0];
  const double ref = lane.shadow_ref;
  const double clamped = ref < 0 ? 0 : (ref > 1 ? 1 : ref);
  const bool r = Compare(ctx.unit.compare, clamped, texel);
  bool ambiguous = Compare(ctx.unit.compare, ref, texel) != r;
  if (clamped != texel && std::fabs(clamped - texel) < ti::kShadowTolerance) {
    ambiguous |= Compare(ctx.unit.compare, texel, texel) != r;
  }
  const double rv = r ? 1.0 : 0.0;
  v.v = {rv, rv, rv, 1.0};
  v.exact = {!ambiguous, !ambiguous, !ambiguous, true};
  return v;
}

// Repeat and mirror need the exact texel position even far from the
// texture; clamping modes do not (far away, every candidate clamps alike).
bool Periodic(ti::AxisMode mode) {
  return mode == ti::AxisMode::kRepeat || mode == ti::AxisMode::kMirroredRepeat;
}

Addressed Address(const Context& ctx, const Lane& lane, int face, uint32_t layer, uint32_t level) {
  const ti::Extent extent = ti::LevelExtent(ctx.unit, ctx.shape, level);
  Addressed a;
  a.level = level;
  if (ctx.shape.cube) {
    const uint32_t f = lane.faces[face].face;
    a.slice = ctx.shape.layer_coord >= 0 ? 6 * layer + f : f;
  } else {
    a.slice = layer;
  }
  const std::array<TexWrap, 3> wraps = {ctx.unit.wrap_s, ctx.unit.wrap_t, ctx.unit.wrap_r};
  for (int k = 0; k < ctx.shape.dims; ++k) {
    const double c = !ctx.shape.cube ? lane.coord[k] : (k == 0 ? lane.faces[face].s : lane.faces[face].t);
    a.n[k] = extent.size[k];
    a.u[k] = (ctx.shape.normalized ? c * a.n[k] : c) + lane.offset[k];
    if (ctx.shape.cube) {
      a.mode[k] = ti::AxisMode::kCubeFace;
    } else if (!ctx.shape.normalized) {
      a.mode[k] = wraps[k] == TexWrap::kClampToEdge ? ti::AxisMode::kClampToEdge
                                                    : ti::AxisMode::kRectStrict;
    } else {
      a.mode[k] = ti::AxisModeFor(wraps[k]);
    }
  }
  return a;
}

Value FilterNearest(const Context& ctx, const Lane& lane, const Addressed& a) {
  const int dims = ctx.shape.dims;
  std::array<ti::RawPick, 3> picks;
  bool unknown = false;
  for (int k = 0; k < dims; ++k) {
    picks[k] = ti::NearestCandidates(a.u[k]);
    unknown |= picks[k].unknown && Periodic(a.mode[k]);
  }
  Value primary;
  bool first = true;
  for (int i = 0; i < picks[0].count; ++i) {
    for (int j = 0; j < picks[1].count; ++j) {
      for (int k = 0; k < picks[2].count; ++k) {
        const std::array<int, 3> idx = {i, j, k};
        std::array<uint32_t, 3> xyz = {0, 0, 0};
        bool undefined = false;
        for (int axis = 0; axis < dims; ++axis) {
          const ti::Wrapped w = ti::WrapIndex(picks[axis].index[idx[axis]], a.n[axis], a.mode[axis]);
          xyz[axis] = w.index;
          undefined |= w.undefined;
        }
        Value v = TexelFor(ctx, lane, a, xyz);
        v.undefined = undefined;
        if (first) {
          primary = v;
          first = false;
        } else {
          ti::MergeAlternative(primary, v);
        }
      }
    }
  }
  if (unknown) primary.exact = {false, false, false, false};
  return primary;
}

Value FilterLinear(const Context& ctx, const Lane& lane, const Addressed& a) {
  const int dims = ctx.shape.dims;
  std::array<std::array<ti::Wrapped, 2>, 3> taps{};
  std::array<std::array<double, 2>, 3> weights = {{{1, 0}, {1, 0}, {1, 0}}};
  bool unknown = false;
  for (int k = 0; k < dims; ++k) {
    const double x = a.u[k] - 0.5;
    const double f = std::floor(x);
    const double frac = x - f;
    taps[k] = {ti::WrapIndex(f, a.n[k], a.mode[k]), ti::WrapIndex(f + 1, a.n[k], a.mode[k])};
    weights[k] = {1 - frac, frac};
    unknown |= ti::BoundaryTolerance(x) >= 1 && Periodic(a.mode[k]);
  }
  Value out;
  Value common;  // the first contributing tap
  bool have_common = false;
  std::array<double, 4> sum = {0, 0, 0, 0};
  for (int k = 0; k < 2; ++k) {
    for (int j = 0; j < 2; ++j) {
      for (int i = 0; i < 2; ++i) {
        const double w = weights[0][i] * weights[1][j] * weights[2][k];
        if (w == 0) continue;
        const std::array<const ti::Wrapped*, 3> tap = {&taps[0][i], &taps[1][j], &taps[2][k]};
        std::array<uint32_t, 3> xyz = {0, 0, 0};
        bool edge = false;
        for (int axis = 0; axis < dims; ++axis) {
          xyz[axis] = tap[axis]->index;
          out.undefined |= tap[axis]->undefined;
          edge |= tap[axis]->clamped && a.mode[axis] == ti::AxisMode::kCubeFace;
        }
        const Value t = TexelFor(ctx, lane, a, xyz);
        if (!have_common) common = t, have_common = true;
        for (int c = 0; c < 4; ++c) {
          sum[c] += w * t.v[c];
          if (edge || !t.exact[c] || t.v[c] != common.v[c]) out.exact[c] = false;
        }
      }
    }
  }
  for (int c = 0; c < 4; ++c) {
    out.v[c] = out.exact[c] ? common.v[c] : sum[c];
    if (unknown) out.exact[c] = false;
  }
  return out;
}

Value FilterLevel(const Context& ctx, const Lane& lane, int face, uint32_t layer, uint32_t level,
                  TexFilter filter) {
  const Addressed a = Address(ctx, lane, face, layer, level);
  return filter == TexFilter::kLinear ? FilterLinear(ctx, lane, a) : FilterNearest(ctx, lane, a);
}

Value Evaluate(const Context& ctx, const Lane& lane, int face, uint32_t layer,
               const ti::LodSelection& sel) {
  const TexFilter filter = sel.mag ? ctx.unit.mag_filter : ctx.unit.min_filter;
  const Value a = FilterLevel(ctx, lane, face, layer, sel.level_a, filter);
  if (sel.weight_b == 0) return a;
  const Value b = FilterLevel(ctx, lane, face, layer, sel.level_b, filter);
  Value out;
  out.undefined = a.undefined || b.undefined;
  for (int c = 0; c < 4; ++c) {
    out.exact[c] = a.exact[c] && b.exact[c] && a.v[c] == b.v[c];
    out.v[c] = out.exact[c] ? a.v[c] : a.v[c] * (1 - sel.weight_b) + b.v[c] * sel.weight_b;
  }
  return out;
}

// Checks a lane's coordinates, shadow reference and offsets and picks its
// face and layer candidates. Returns false when the lane is undefined
// altogether (its result is then 0 words, all undefined).
bool PrepareLane(const Context& ctx, const SampleInput& in, Lane& lane) {
  const ti::TargetShape& s = ctx.shape;
  const int spatial = s.cube ? 3 : s.dims;
  for (int k = 0; k < spatial; ++k) {
    if (!std::isfinite(in.coord[k])) return false;
  }
  if (s.layer_coord >= 0 && !std::isfinite(in.coord[s.layer_coord])) return false;
  if (s.shadow && std::isnan(in.shadow_ref)) return false;
  lane.shadow_ref = in.shadow_ref;

  for (int k = 0; k < spatial; ++k) {
    if (!s.offsets) {
      lane.undefined |= in.offset[k] != 0;  // ignored
    } else {
      lane.offset[k] = in.offset[k];
      lane.undefined |= in.offset[k] < ti::kMinTexelOffset || in.offset[k] > ti::kMaxTexelOffset;
    }
  }
  if (s.cube) {
    const std::array<double, 3> dir = {in.coord[0], in.coord[1], in.coord[2]};
    lane.face_count = ti::CubeFaceCandidates(dir, lane.faces);
    if (lane.face_count == 0) return false;
  } else {
    for (int k = 0; k < s.dims; ++k) lane.coord[k] = in.coord[k];
  }
  if (s.layer_coord >= 0) {
    lane.layers = ti::PickLayer(in.coord[s.layer_coord], ti::LevelExtent(ctx.unit, s, 0).layers);
  }
  return true;
}

SampleOutput SampleLane(const Context& ctx, const SampleInput& in, const ti::QuadLambda& quad) {
  Lane lane;
  if (!PrepareLane(ctx, in, lane)) return ti::UndefinedOutput();
  ti::LaneLambda lod = ti::ComputeLaneLambda(ctx.unit, ctx.shape, in, quad);
  if (lod.input_nan) return ti::UndefinedOutput();
  const bool lod_matters = ti::LodMatters(ctx.unit, ctx.levels);
  if (std::isnan(lod.lambda)) {  // undefined derivatives (neighbour lanes, gradients)
    lane.undefined |= lod_matters;
    lod.lambda = 0;
    lod.kind = ti::LambdaKind::kExact;
  }
  const ti::LodCandidates cands = ti::SelectLodCandidates(ctx.unit, ctx.levels, lod.lambda, lod.kind);

  Value result;
  bool first = true;
  for (int f = 0; f < lane.face_count; ++f) {
    for (int l = 0; l < lane.layers.count; ++l) {
      for (int s = 0; s < cands.count; ++s) {
        const Value v = Evaluate(ctx, lane, f, lane.layers.layer[l], cands.sel[s]);
        if (first) {
          result = v;
          first = false;
        } else {
          ti::MergeAlternative(result, v);
        }
      }
    }
  }
  if (cands.unknown && lod_matters) result.exact = {false, false, false, false};
  result.undefined |= lane.undefined;
  return ti::ToOutput(result);
}

}  // namespace

void SampleQuad(const TextureUnit& unit, tgsi::TextureTarget target,
                const std::array<SampleInput, 4>& in, std::array<SampleOutput, 4>& out) {
  const ti::TargetShape shape = ti::ShapeOf(target);
  if (!shape.valid || !shape.sampleable) {
    for (SampleOutput& o : out) o = ti::UndefinedOutput();
    return;
  }
  const Context ctx{unit, shape, ti::LevelCount(unit, shape)};
  ti::QuadLambda quad;
  for (const SampleInput& lane : in) {
    if (lane.lod_mode == LodMode::kImplicit || lane.lod_mode == LodMode::kBias) {
      quad = ti::ComputeQuadLambda(unit, shape, in);
      break;
    }
  }
  for (int i = 0; i < 4; ++i) out[i] = SampleLane(ctx, in[i], quad);
}

SampleOutput Gather(const TextureUnit& unit, tgsi::TextureTarget target, const SampleInput& in,
                    int component) {
  const Context ctx{unit, ti::ShapeOf(target), 1};
  if (!ctx.shape.valid || !ctx.shape.gatherable) return ti::UndefinedOutput();
  if (!ctx.shape.shadow && (component < 0 || component > 3)) return ti::UndefinedOutput();
  Lane lane;
  if (!PrepareLane(ctx, in, lane)) return ti::UndefinedOutput();
  const int channel = ctx.shape.shadow ? 0 : component;

  Value result;
  bool first = true;
  for (int f = 0; f < lane.face_count; ++f) {
    for (int l = 0; l < lane.layers.count; ++l) {
      const Addressed a = Address(ctx, lane, f, lane.layers.layer[l], 0);
      // The footprint's low corner (i0, j0) and its ambiguous neighbours.
      std::array<ti::RawPick, 2> picks = {ti::NearestCandidates(a.u[0] - 0.5),
                                          ti::NearestCandidates(a.u[1] - 0.5)};
      for (int i = 0; i < picks[0].count; ++i) {
        for (int j = 0; j < picks[1].count; ++j) {
          // Output order: (i0,j1), (i1,j1), (i1,j0), (i0,j0).
          constexpr std::array<std::array<int, 2>, 4> kCorners = {{{0, 1}, {1, 1}, {1, 0}, {0, 0}}};
          Value v;
          for (int c = 0; c < 4; ++c) {
            std::array<uint32_t, 3> xyz = {0, 0, 0};
            bool edge = false;
            for (int axis = 0; axis < 2; ++axis) {
              const double raw = picks[axis].index[axis == 0 ? i : j] + kCorners[c][axis];
              const ti::Wrapped w = ti::WrapIndex(raw, a.n[axis], a.mode[axis]);
              xyz[axis] = w.index;
              v.undefined |= w.undefined;
              edge |= w.clamped && a.mode[axis] == ti::AxisMode::kCubeFace;
            }
            const Value t = TexelFor(ctx, lane, a, xyz);
            v.v[c] = t.v[channel];
            v.exact[c] = t.exact[channel] && !edge && !(picks[0].unknown && Periodic(a.mode[0])) &&
                         !(picks[1].unknown && Periodic(a.mode[1]));
          }
          if (first) {
            result = v;
            first = false;
          } else {
            ti::MergeAlternative(result, v);
          }
        }
      }
    }
  }
  result.undefined |= lane.undefined;
  return ti::ToOutput(result);
}

}  // namespace shaderdiff::common
