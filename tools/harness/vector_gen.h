// Seeded test-vector generation: every declared input, constant, system value
// and texture unit of a shader gets values drawn from Rng(seed).
//
// Invariants:
// - The result depends only on (shader declarations, options); the same seed
//   gives the same vector on every host. Barycentrics and vertex values
//   come from a second stream of the seed, so every other part of a vector
//   (constants, textures, system values, per-lane inputs) is what the same
//   seed gave before vectors had them.
// - Fragment vectors follow the shared interpolation model (test_vector.h):
//   every lane gets a barycentric pair (i, j), affine in its pixel position
//   (quads laid out as for POSITION: quad q covers pixels x = 2 (q mod 64)
//   + {0, 1}, y = 2 (q div 64) + {0, 1}), so derivatives agree across each
//   2x2 quad; without `edges` every pair has i, j in [0, 1] and i + j <= 1.
//   Interpolated and flat (CONSTANT) inputs get three vertex values per
//   component (whether an input is flat is the shader's to say: a flat one
//   reads the provoking vertex, common/interpolation.h; small integers for
//   its integer-read components). Smooth inputs with a component read as
//   an integer are per lane, as before: constant across each quad (integer
//   components) or a plane a + b*x + c*y (float components), edge values
//   then replacing single components. POSITION and FACE are per lane.
// - A fragment shader that interpolates at the centroid (an input declared
//   CENTROID, or INTERP_CENTROID) also gets per-lane centroid pairs
//   (test_vector.h "centroids"), from a third stream of the seed: about
//   one lane in two is partially covered, its centroid pair the plane's
//   pair at a point inside its pixel and the triangle, offset from the
//   center by (ex, ey) / 8 pixel (ex, ey in -3..3, not both 0); the other
//   lanes are fully covered (centroid = center, edge pairs included). The
//   model stays single-sample: no coverage mask, only that point. Other
//   shaders get no centroids (every pixel fully covered), so their vectors
//   are what they were.
// - Components the shader reads as integers (the opcode table's source type
//   is I or U) get small integers, -4..16, so loop bounds and indices read
//   from constants stay sane; components read as floats get floats on a
//   1/64 grid; unknown ones a mix of both (interpolated inputs: floats on the
//   grid at the vertices).
// - With `edges`, about one component in eight is an edge value: +-0,
//   denormals, +-Inf, NaN, +-FLT_MAX, 1+-ulp, INT_MIN, -1 (integer
//   components: 0, 1, -1, INT_MIN, 31, 32); vertex values included. Pairs
//   get edges too: about one quad in four is all (+0, +0) (the shader then
//   reads v0 exactly), and about one other lane in eight an edge pair
//   (EdgeBarycentrics: -0, 1, denormals, points outside the triangle, Inf,
//   NaN).
// - The shader's own values (dictionary_mix.h, shader_dictionary.h) are
//   mixed in last, from a stream of their own: in every vector, inputs and
//   constants that feed a relative index get small integers that keep it in
//   range (7/8) or just outside (1/8); with `dictionary`, also the shader's
//   immediates +-1 ulp / +-1, values on both sides of its comparisons, loop
//   bounds +-1 and copies of the values they are compared with.
#pragma once

#include <cstdint>
#include <string>

#include "compiler/tgsi/ast.h"
#include "emulator/common/test_vector.h"
#include "tools/harness/shader_dictionary.h"

namespace shaderdiff::harness {

struct VectorOptions {
  uint64_t seed = 1;
  uint32_t lanes = 0;  // 0 = the stage's default: 4 (one quad / four vertices), 1 for GEOM
  bool edges = false;
  bool dictionary = false;  // mix in the shader's own dictionary (dictionary_mix.h)
};

// Fills *vector; returns false with *error set if the options do not fit the
// shader (e.g. a fragment vector whose lane count is not a multiple of 4).
bool GenerateVector(const tgsi::Shader& shader, const VectorOptions& options,
                    common::TestVector* vector, std::string* error);
// The same with the shader's dictionary, AnalyzeShader(shader), computed
// once by a caller that draws many vectors of one shader.
bool GenerateVector(const tgsi::Shader& shader, const ShaderDictionary& dictionary, const VectorOptions& options,
                    common::TestVector* vector, std::string* error);

// The edge values drawn with `edges` (raw words), for tests and reports:
// for float or unknown components, and for integer components.
const std::vector<common::Word>& EdgeValues();
const std::vector<common::Word>& IntEdgeValues();
// The edge barycentric pairs drawn with `edges`.
const std::vector<common::Barycentric>& EdgeBarycentrics();

// Number of vertices a geometry shader receives for its GS_INPUT_PRIMITIVE.
uint32_t GeometryInputVertices(const tgsi::Shader& shader);

}  // namespace shaderdiff::harness
