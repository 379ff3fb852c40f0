// Seeded test-vector generation: every declared input, constant, system value
// and texture unit of a shader gets values drawn from Rng(seed).
//
// Invariants:
// - The result depends only on (shader declarations, options); the same seed
//   gives the same vector on every host.
// - Fragment inputs are smooth across each 2x2 quad (a plane a + b*x + c*y,
//   flat for CONSTANT interpolation), so derivatives and implicit texture
//   LOD behave as on real hardware; edge values then replace single
//   components.
// - Components the shader reads as integers (the opcode table's source type
//   is I or U) get small integers, -4..16, so loop bounds and indices read
//   from constants stay sane; components read as floats get floats on a
//   1/64 grid; unknown ones a mix of both.
// - With `edges`, about one component in eight is an edge value: +-0,
//   denormals, +-Inf, NaN, +-FLT_MAX, 1+-ulp, INT_MIN, -1 (integer
//   components: 0, 1, -1, INT_MIN, 31, 32).
#pragma once

#include <cstdint>
#include <string>

#include "compiler/tgsi/ast.h"
#include "emulator/common/test_vector.h"

namespace shaderdiff::harness {

struct VectorOptions {
  uint64_t seed = 1;
  uint32_t lanes = 0;  // 0 = the stage's default: 4 (one quad / four vertices), 1 for GEOM
  bool edges = false;
};

// Fills *vector; returns false with *error set if the options do not fit the
// shader (e.g. a fragment vector whose lane count is not a multiple of 4).
bool GenerateVector(const tgsi::Shader& shader, const VectorOptions& options,
                    common::TestVector* vector, std::string* error);

// The edge values drawn with `edges` (raw words), for tests and reports:
// for float or unknown components, and for integer components.
const std::vector<common::Word>& EdgeValues();
const std::vector<common::Word>& IntEdgeValues();

// Number of vertices a geometry shader receives for its GS_INPUT_PRIMITIVE.
uint32_t GeometryInputVertices(const tgsi::Shader& shader);

}  // namespace shaderdiff::harness
