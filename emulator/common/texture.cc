// Texel values, target shapes, level extents and the two integer-addressed
// texture operations (TXF = FetchTexel, TXQ = QuerySize).
//
// TexelValue hashes (seed, level, layer, x, y, z) with splitmix64 steps and
// maps each component to k/256, k in 0..256: exact in binary32, and any
// average of two such values is exact too.
//
// Target conventions (docs/tgsi.md 2.9; see texture_internal.h for shapes):
// - Non-mipmapped targets (BUFFER, RECT, SHADOWRECT, MSAA) have one level.
// - `depth` is the 3-D depth, the layer count of 1-D/2-D arrays, or
//   layers * 6 for cube arrays (cubes = max(1, depth / 6)). A cube face f of
//   cube c is stored as hash layer 6 * c + f.
// - Sizes of 0 are treated as 1; levels of 0 as 1.
// - TXF: BUFFER ignores `lod`; MSAA uses `lod` as the sample index and has a
//   single sample (index 0); cube targets cannot be fetched (undefined);
//   shadow targets return the raw texel (TXF ignores sampler state).
//   Out-of-range coordinates, layers, levels or samples give 0 words, all
//   undefined. Offsets apply to the addressed axes (never to the layer);
//   a non-zero offset on a target without offsets is ignored and undefined,
//   one outside [-8, 7] is applied but undefined.
// - TXQ: components the target lacks, every component of a BUFFER but x,
//   and x/y/z at a lod outside [0, levels) are 0 and undefined (softpipe
//   leaves them unwritten); w = levels is defined except for BUFFER.
#include "emulator/common/texture.h"

#include <algorithm>

#include "emulator/common/texture_internal.h"

namespace shaderdiff::common {

namespace ti = texture_internal;
using tgsi::TextureTarget;

namespace {

uint64_t SplitMix(uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

bool OffsetOutOfRange(int32_t o) { return o < ti::kMinTexelOffset || o > ti::kMaxTexelOffset; }

}  // namespace

std::array<float, 4> TexelValue(const TextureUnit& unit, uint32_t level, uint32_t layer,
                                uint32_t x, uint32_t y, uint32_t z) {
  uint64_t h = SplitMix(unit.seed);
  h = SplitMix(h ^ level);
  h = SplitMix(h ^ (uint64_t{layer} << 1));
  h = SplitMix(h ^ x);
  h = SplitMix(h ^ (uint64_t{y} << 2));
  h = SplitMix(h ^ (uint64_t{z} << 3));
  std::array<float, 4> out{};
  for (uint32_t c = 0; c < 4; ++c) {
    const uint32_t k = static_cast<uint32_t>(SplitMix(h + c) % 257);  // 0..256
    out[c] = static_cast<float>(k) / 256.0f;                          // exact
  }
  return out;
}

namespace texture_internal {

TargetShape ShapeOf(TextureTarget target) {
  TargetShape s;
  s.valid = true;
  s.sampleable = true;
  s.offsets = true;
  switch (target) {
    case TextureTarget::kBuffer:
      s.dims = 1, s.buffer = true, s.mipmapped = false, s.sampleable = false, s.offsets = false;
      break;
    case TextureTarget::k1D: s.dims = 1; break;
    case TextureTarget::kShadow1D: s.dims = 1, s.shadow = true; break;
    case TextureTarget::k2D: s.dims = 2, s.gatherable = true; break;
    case TextureTarget::kShadow2D: s.dims = 2, s.shadow = true, s.gatherable = true; break;
    case TextureTarget::k3D: s.dims = 3; break;
    case TextureTarget::kRect:
      s.dims = 2, s.normalized = false, s.mipmapped = false, s.gatherable = true;
      break;
    case TextureTarget::kShadowRect:
      s.dims = 2, s.normalized = false, s.mipmapped = false, s.gatherable = true, s.shadow = true;
      break;
    case TextureTarget::k1DArray: s.dims = 1, s.layer_coord = 1; break;
    case TextureTarget::kShadow1DArray: s.dims = 1, s.layer_coord = 1, s.shadow = true; break;
    case TextureTarget::k2DArray: s.dims = 2, s.layer_coord = 2, s.gatherable = true; break;
    case TextureTarget::kShadow2DArray:
      s.dims = 2, s.layer_coord = 2, s.gatherable = true, s.shadow = true;
      break;
    case TextureTarget::kCube: s.dims = 2, s.cube = true, s.gatherable = true, s.offsets = false; break;
    case TextureTarget::kShadowCube:
      s.dims = 2, s.cube = true, s.gatherable = true, s.offsets = false, s.shadow = true;
      break;
    case TextureTarget::kCubeArray:
      s.dims = 2, s.cube = true, s.layer_coord = 3, s.gatherable = true, s.offsets = false;
      break;
    case TextureTarget::kShadowCubeArray:
      s.dims = 2, s.cube = true, s.layer_coord = 3, s.gatherable = true, s.offsets = false;
      s.shadow = true;
      break;
    case TextureTarget::k2DMsaa:
      s.dims = 2, s.msaa = true, s.mipmapped = false, s.sampleable = false, s.offsets = false;
      break;
    case TextureTarget::k2DArrayMsaa:
      s.dims = 2, s.layer_coord = 2, s.msaa = true, s.mipmapped = false, s.sampleable = false;
      s.offsets = false;
      break;
    case TextureTarget::kUnknown:
    default:
      return TargetShape{};
  }
  return s;
}

uint32_t LevelCount(const TextureUnit& unit, const TargetShape& shape) {
  return shape.mipmapped ? std::max<uint32_t>(1, unit.levels) : 1;
}

uint32_t Minify(uint32_t size, uint32_t level) {
  size = std::max<uint32_t>(1, size);
  return level >= 32 ? 1 : std::max<uint32_t>(1, size >> level);
}

Extent LevelExtent(const TextureUnit& unit, const TargetShape& shape, uint32_t level) {
  Extent e;
  e.size[0] = Minify(unit.width, level);
  if (shape.dims >= 2) e.size[1] = Minify(unit.height, level);
  if (shape.dims >= 3) e.size[2] = Minify(unit.depth, level);
  if (shape.layer_coord >= 0) {
    e.layers = std::max<uint32_t>(1, shape.cube ? unit.depth / 6 : unit.depth);
  }
  return e;
}

void MergeAlternative(Value& primary, const Value& alt) {
  for (int c = 0; c < 4; ++c) {
    if (alt.undefined || !alt.exact[c] || alt.v[c] != primary.v[c]) primary.exact[c] = false;
  }
}

SampleOutput ToOutput(const Value& value) {
  SampleOutput out;
  for (int c = 0; c < 4; ++c) {
    out.words[c] = FromFloat(static_cast<float>(value.v[c]));
    out.inexact[c] = !value.exact[c];
    out.undefined[c] = value.undefined;
  }
  return out;
}

SampleOutput UndefinedOutput() {
  SampleOutput out;
  out.undefined = {true, true, true, true};
  return out;
}

}  // namespace texture_internal

SampleOutput FetchTexel(const TextureUnit& unit, TextureTarget target,
                        std::array<int32_t, 3> coord, int32_t lod, std::array<int32_t, 3> offset) {
  const ti::TargetShape shape = ti::ShapeOf(target);
  if (!shape.valid || shape.cube) return ti::UndefinedOutput();

  uint32_t level = 0;
  if (shape.msaa) {
    if (lod != 0) return ti::UndefinedOutput();  // single-sample model
  } else if (!shape.buffer) {
    if (lod < 0 || static_cast<uint32_t>(lod) >= ti::LevelCount(unit, shape)) {
      return ti::UndefinedOutput();
    }
    level = static_cast<uint32_t>(lod);
  }

  bool offset_undefined = false;
  const ti::Extent extent = ti::LevelExtent(unit, shape, level);
  std::array<uint32_t, 3> xyz = {0, 0, 0};
  for (int axis = 0; axis < shape.dims; ++axis) {
    int64_t o = offset[axis];
    if (!shape.offsets && o != 0) offset_undefined = true, o = 0;
    if (OffsetOutOfRange(static_cast<int32_t>(o))) offset_undefined = true;
    const int64_t i = int64_t{coord[axis]} + o;
    if (i < 0 || i >= int64_t{extent.size[axis]}) return ti::UndefinedOutput();
    xyz[axis] = static_cast<uint32_t>(i);
  }
  uint32_t layer = 0;
  if (shape.layer_coord >= 0) {
    const int32_t l = coord[shape.layer_coord];
    if (l < 0 || static_cast<uint32_t>(l) >= extent.layers) return ti::UndefinedOutput();
    layer = static_cast<uint32_t>(l);
  }

  const std::array<float, 4> t = TexelValue(unit, level, layer, xyz[0], xyz[1], xyz[2]);
  SampleOutput out;
  for (int c = 0; c < 4; ++c) {
    out.words[c] = FromFloat(t[c]);
    out.undefined[c] = offset_undefined;
  }
  return out;
}

SampleOutput QuerySize(const TextureUnit& unit, TextureTarget target, int32_t lod) {
  const ti::TargetShape shape = ti::ShapeOf(target);
  SampleOutput out = ti::UndefinedOutput();
  if (!shape.valid) return out;
  if (shape.buffer) {
    out.words[0] = FromInt(static_cast<int32_t>(std::max<uint32_t>(1, unit.width)));
    out.undefined[0] = false;
    return out;
  }
  const uint32_t levels = ti::LevelCount(unit, shape);
  out.words[3] = FromInt(static_cast<int32_t>(levels));
  out.undefined[3] = false;
  if (lod < 0 || static_cast<uint32_t>(lod) >= levels) return out;

  const ti::Extent e = ti::LevelExtent(unit, shape, static_cast<uint32_t>(lod));
  auto set = [&out](int c, uint32_t v) {
    out.words[c] = FromInt(static_cast<int32_t>(v));
    out.undefined[c] = false;
  };
  set(0, e.size[0]);
  if (shape.dims >= 2) {
    set(1, e.size[1]);
  } else if (shape.layer_coord >= 0) {
    set(1, e.layers);  // 1-D array: (width, layers)
  }
  if (shape.dims == 3) {
    set(2, e.size[2]);
  } else if (shape.dims == 2 && shape.layer_coord >= 0) {
    set(2, e.layers);  // 2-D / cube / MSAA arrays: (width, height, layers or cubes)
  }
  return out;
}

}  // namespace shaderdiff::common
