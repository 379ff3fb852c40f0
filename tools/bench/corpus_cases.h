// The shipped corpus as benchmark input: every shader that parses, with one
// seeded vector each (seed = the shader's hash, so every benchmark and run
// sees the same inputs). SHADERDIFF_CORPUS overrides the folder; under
// `bazel run` the workspace's corpus/ is used.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "compiler/tgsi/ast.h"
#include "emulator/common/test_vector.h"

namespace shaderdiff::bench {

struct CorpusCase {
  std::string name;
  uint64_t hash = 0;
  tgsi::Shader shader;
  common::TestVector vector;
};

// Exits with a message if the corpus cannot be read.
std::vector<CorpusCase> LoadCorpusCases(uint32_t lanes, bool edges);

}  // namespace shaderdiff::bench
