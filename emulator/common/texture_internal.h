// Internal pieces of the procedural texture model, shared by the texture*.cc
// files: target shapes and level extents, per-axis addressing (wrap modes,
// nearest/linear footprints, array layers), cube-face selection and LOD
// selection. Executors include texture.h only.
//
// Conventions and invariants:
// - Texel-space coordinates are doubles: u' = s * size + offset for
//   normalized targets, s + offset for RECT. A float times a size < 2^29 is
//   exact in double, so every decision is a deterministic IEEE computation.
//   Nothing here converts a double to an integer type unless the value has
//   first been wrapped or clamped into range (no out-of-range casts).
// - The only host math used is std::floor, std::fmod and std::frexp (all
//   exact, independent of the rounding mode); log2 is computed here with a
//   fixed series (Log2), so results do not depend on the host libm.
// - A Value carries four components, per-component exactness and an
//   undefined flag. Alternatives that hardware may legitimately pick (the
//   other side of a texel boundary, another LOD selection, another tie rule)
//   are evaluated too and merged into the primary Value; a component stays
//   exact only if every alternative gives the same exact value.
#pragma once

#include <array>
#include <cstdint>

#include "compiler/tgsi/names.h"
#include "emulator/common/texture.h"

namespace shaderdiff::common::texture_internal {

// A texel-space coordinate this close to a texel boundary may land on either
// side in hardware (nearest texel choice, gather footprint). Widened for
// large coordinates to cover float32 rounding of s * size.
inline constexpr double kBoundaryTolerance = 1.0 / 4096;      // 2^-12 texels
inline constexpr double kRelativeTolerance = 1.0 / 1048576;   // 2^-20 * |u'|
// LOD values this close to a level-selection boundary are ambiguous.
inline constexpr double kLodWindow = 1.0 / 256;
// A shadow reference this close to (but not equal to) the texel compares
// differently once hardware converts both to a depth format.
inline constexpr double kShadowTolerance = 1.0 / 65536;
// GL's minimum guaranteed texel-offset range; hardware encodes no more.
inline constexpr int32_t kMinTexelOffset = -8;
inline constexpr int32_t kMaxTexelOffset = 7;

// ---------------------------------------------------------------- targets

struct TargetShape {
  bool valid = false;      // false for kUnknown
  int dims = 0;            // addressed dimensions (cube: the 2 face axes)
  int layer_coord = -1;    // coord index of the array layer, -1 if none
  bool cube = false;
  bool shadow = false;
  bool normalized = true;  // false for RECT / SHADOWRECT
  bool mipmapped = true;   // false for BUFFER, RECT, MSAA
  bool buffer = false;
  bool msaa = false;
  bool sampleable = false;  // SampleQuad defines a result
  bool gatherable = false;  // Gather defines a result
  bool offsets = false;     // texel offsets are meaningful
};
TargetShape ShapeOf(tgsi::TextureTarget target);

// Mip levels a target has: 1 for non-mipmapped targets, else max(1, levels).
uint32_t LevelCount(const TextureUnit& unit, const TargetShape& shape);
// max(1, size >> level), safe for any level.
uint32_t Minify(uint32_t size, uint32_t level);

struct Extent {
  std::array<uint32_t, 3> size = {1, 1, 1};  // texels per addressed axis
  uint32_t layers = 1;  // array layers (cube arrays: cubes); 1 if not an array
};
Extent LevelExtent(const TextureUnit& unit, const TargetShape& shape, uint32_t level);

// ----------------------------------------------------------------- values

struct Value {
  std::array<double, 4> v = {0, 0, 0, 0};
  std::array<bool, 4> exact = {true, true, true, true};
  bool undefined = false;
};
// Clears primary.exact[c] wherever `alt` is inexact, undefined or different.
void MergeAlternative(Value& primary, const Value& alt);
SampleOutput ToOutput(const Value& value);
SampleOutput UndefinedOutput();  // zeros, all four components undefined

// ------------------------------------------------------------- addressing

enum class AxisMode : uint8_t {
  kRepeat,
  kClampToEdge,
  kMirroredRepeat,
  kCubeFace,    // clamp to edge; a clamped tap is ambiguous (seamless filtering)
  kRectStrict,  // RECT with a non-clamp wrap mode: clamp, but a tap that needed wrapping is undefined
};
AxisMode AxisModeFor(TexWrap wrap);

struct Wrapped {
  uint32_t index = 0;
  bool clamped = false;    // the raw index was outside [0, n)
  bool undefined = false;  // kRectStrict and the raw index was outside [0, n)
};
// Wraps an integral raw texel index (any finite double) into [0, n).
Wrapped WrapIndex(double raw, uint32_t n, AxisMode mode);

// Tolerance around texel boundaries at texel-space coordinate u.
double BoundaryTolerance(double u);
// Raw texel index floor(u), plus the neighbour(s) across a boundary when u
// lies within BoundaryTolerance of it. `unknown`: the tolerance reaches a
// whole texel (|u'| >= 2^20), so no texel choice is reliable.
struct RawPick {
  std::array<double, 3> index = {0, 0, 0};
  int count = 1;
  bool unknown = false;
};
RawPick NearestCandidates(double u);

// Round half to even, for finite x (no host rounding mode involved).
double RoundHalfEven(double x);
// Array layer: clamp(RNE(coord), 0, layers - 1); an exact .5 tie adds the
// other neighbour (GL/softpipe use floor(x + 0.5)).
struct LayerPick {
  std::array<uint32_t, 2> layer = {0, 0};
  int count = 1;
};
LayerPick PickLayer(double coord, uint32_t layers);

// ------------------------------------------------------------------ cubes

struct CubeFace {
  uint32_t face = 0;  // 0..5 = +X, -X, +Y, -Y, +Z, -Z
  double s = 0.5;     // normalized face coordinates
  double t = 0.5;
};
// Faces a finite, non-zero direction may select: the primary by the
// X > Y > Z priority on equal magnitudes, then the other tied faces.
// Returns 0 for a zero direction (undefined).
int CubeFaceCandidates(const std::array<double, 3>& dir, std::array<CubeFace, 3>& out);
// Squared scale factor rho^2 at direction `dir` on its primary face, for
// direction derivatives dx, dy and a face of w x h texels (GL's quotient rule).
double CubeRhoSquared(const std::array<double, 3>& dir, const std::array<double, 3>& dx,
                      const std::array<double, 3>& dy, uint32_t w, uint32_t h);

// -------------------------------------------------------------------- LOD

// log2(x) from an exact frexp split and a fixed atanh series: deterministic
// on every IEEE host, exact at powers of two.
double Log2(double x);
// lambda = log2(rho) = 0.5 * log2(rho^2); -inf for rho = 0, NaN for NaN.
double LambdaFromRhoSquared(double rho_squared);
// rho^2 = max(|dx|^2, |dy|^2) for texel-space derivative vectors.
double RhoSquared(const std::array<double, 3>& dx, const std::array<double, 3>& dy);

struct LodSelection {
  bool mag = true;        // magnification: level 0, mag_filter
  uint32_t level_a = 0;   // minification: level_a (and level_b, weight_b)
  uint32_t level_b = 0;
  double weight_b = 0;    // 0 = level_a only
};
bool operator==(const LodSelection& a, const LodSelection& b);
LodSelection SelectLod(const TextureUnit& unit, uint32_t levels, double lambda);

enum class LambdaKind : uint8_t {
  kExact,    // known exactly (kZero, explicit multiples of 1/256, +-inf)
  kWindow,   // computed or quantized by hardware: +-kLodWindow is ambiguous
  kUnknown,  // implementation-specific (cube-map derivatives)
};
struct LodCandidates {
  std::array<LodSelection, 8> sel;  // sel[0] is the model's choice
  int count = 1;
  bool unknown = false;  // any level may be chosen
};
LodCandidates SelectLodCandidates(const TextureUnit& unit, uint32_t levels, double lambda,
                                  LambdaKind kind);
// Whether the LOD can change a result at all for this unit.
bool LodMatters(const TextureUnit& unit, uint32_t levels);

// The quad's implicit lambda: lane 1 - lane 0 along x, lane 2 - lane 0 along
// y, in level-0 texels (RECT: texels as given). NaN when lane 0, 1 or 2 has
// a non-finite coordinate. kUnknown for cube targets.
struct QuadLambda {
  double lambda = 0;
  LambdaKind kind = LambdaKind::kWindow;
};
QuadLambda ComputeQuadLambda(const TextureUnit& unit, const TargetShape& shape,
                             const std::array<SampleInput, 4>& in);

// One lane's lambda (before selection) and how certain it is. `input_nan`:
// the lane's own lod_value is NaN and used, so the lane is undefined.
struct LaneLambda {
  double lambda = 0;
  LambdaKind kind = LambdaKind::kExact;
  bool input_nan = false;
};
LaneLambda ComputeLaneLambda(const TextureUnit& unit, const TargetShape& shape,
                             const SampleInput& in, const QuadLambda& quad);

}  // namespace shaderdiff::common::texture_internal
