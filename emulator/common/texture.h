// The deterministic procedural texture model shared by every executor (the
// TGSI reference interpreter and each GPU emulator), so that a texture
// instruction means the same thing everywhere.
//
// A texture unit is described entirely by a TextureUnit (part of the test
// vector): a seed, a size, a number of mip levels and sampler state. Texel
// values are a pure function of (seed, level, layer/face, x, y, z) and are
// multiples of 1/256 in [0, 1], so nearest sampling is exact and a
// texel is reproducible from its coordinates alone.
//
// Invariants:
// - Every function is pure: same inputs, same output words, on any host.
// - A result flagged `inexact` is one whose value the hardware leaves open
//   (filtering weights, LOD selection, coordinates on a texel boundary);
//   `undefined` marks values no spec defines (out-of-range fetches, query
//   components that do not exist for the target).
#pragma once

#include <array>
#include <cstdint>

#include "compiler/tgsi/names.h"
#include "emulator/common/words.h"

namespace shaderdiff::common {

enum class TexFilter : uint8_t { kNearest, kLinear };
enum class MipFilter : uint8_t { kNone, kNearest, kLinear };
enum class TexWrap : uint8_t { kRepeat, kClampToEdge, kMirroredRepeat };
// Shadow comparison: result = (ref <op> texel) ? 1.0 : 0.0.
enum class CompareFunc : uint8_t { kNever, kLess, kEqual, kLessEqual, kGreater, kNotEqual, kGreaterEqual, kAlways };

struct TextureUnit {
  uint64_t seed = 0;
  uint32_t width = 16;   // level-0 size; texels
  uint32_t height = 16;  // 1 for 1-D targets
  uint32_t depth = 1;    // 3-D depth, or the number of array layers (cube arrays: layers * 6 faces)
  uint32_t levels = 1;   // mip levels present (>= 1)
  TexFilter mag_filter = TexFilter::kNearest;
  TexFilter min_filter = TexFilter::kNearest;
  MipFilter mip_filter = MipFilter::kNone;
  TexWrap wrap_s = TexWrap::kRepeat;
  TexWrap wrap_t = TexWrap::kRepeat;
  TexWrap wrap_r = TexWrap::kRepeat;
  CompareFunc compare = CompareFunc::kLessEqual;  // used by shadow targets only
};

enum class LodMode : uint8_t {
  kImplicit,  // from the quad's coordinate differences (fragment shaders)
  kBias,      // implicit + lod_value
  kExplicit,  // lod_value
  kZero,      // level 0 (non-fragment stages with implicit LOD, *_LZ)
  kGradient,  // from ddx / ddy
};

struct SampleInput {
  // Coordinates as the target lays them out (docs/tgsi.md 2.9): s, t, r/layer, layer.
  std::array<float, 4> coord = {0, 0, 0, 0};
  float shadow_ref = 0;  // shadow targets only
  LodMode lod_mode = LodMode::kImplicit;
  float lod_value = 0;
  std::array<float, 3> ddx = {0, 0, 0};  // kGradient only
  std::array<float, 3> ddy = {0, 0, 0};
  std::array<int32_t, 3> offset = {0, 0, 0};  // texel offsets
};

struct SampleOutput {
  Vec4 words = {0, 0, 0, 0};  // float bits
  std::array<bool, 4> inexact = {false, false, false, false};
  std::array<bool, 4> undefined = {false, false, false, false};
};

// Samples four lanes that form a 2x2 quad (lane 0 top-left, 1 top-right,
// 2 bottom-left, 3 bottom-right) so that kImplicit/kBias can derive the LOD
// from coordinate differences. For lanes that are not a real quad, callers
// use kZero/kExplicit and the quad layout does not matter.
void SampleQuad(const TextureUnit& unit, tgsi::TextureTarget target,
                const std::array<SampleInput, 4>& in, std::array<SampleOutput, 4>& out);

// TXF: integer texel fetch at `coord` (x, y, z/layer as the target uses them)
// from mip level `lod`, plus `offset`. Out-of-range fetches are undefined.
SampleOutput FetchTexel(const TextureUnit& unit, tgsi::TextureTarget target,
                        std::array<int32_t, 3> coord, int32_t lod, std::array<int32_t, 3> offset);

// TXQ: integer width, height, depth/layers and number of levels at `lod`;
// components the target does not have are flagged undefined.
SampleOutput QuerySize(const TextureUnit& unit, tgsi::TextureTarget target, int32_t lod);

// TG4: gathers `component` (0..3) of the four texels bilinear filtering at
// level 0 would use, in the order (i0,j1), (i1,j1), (i1,j0), (i0,j0).
SampleOutput Gather(const TextureUnit& unit, tgsi::TextureTarget target, const SampleInput& in, int component);

// The value of one texel: four floats in [0, 1], multiples of 1/256.
std::array<float, 4> TexelValue(const TextureUnit& unit, uint32_t level, uint32_t layer,
                                uint32_t x, uint32_t y, uint32_t z);

}  // namespace shaderdiff::common
