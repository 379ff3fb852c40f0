// What both emulator fuzz targets' cases share (emulate_cases.h,
// r500_emulate_cases.h): an embedded TGSI shader by name, parsed through the
// front door, and its seeded one-quad vector (harness::GenerateVector, seed
// 1, 4 lanes). A case that does not parse, compile or get a vector is a bug
// of the case's file, not a finding: it aborts naming the file and case.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

#include "compiler/tgsi/validate.h"
#include "emulator/common/test_vector.h"
#include "tools/harness/vector_gen.h"

namespace shaderdiff::fuzz {

struct CaseSource {
  const char* name;
  const char* text;
};

[[noreturn]] inline void CaseFailed(const char* file, const char* name, const std::string& why) {
  std::fprintf(stderr, "%s: case %s: %s\n", file, name, why.c_str());
  std::abort();
}

inline tgsi::Shader ParseCase(const char* file, const CaseSource& source) {
  tgsi::FrontDoorResult front = tgsi::ParseAndValidate(source.text);
  if (!front.ok()) CaseFailed(file, source.name, front.errors.front().ToString(source.name));
  return std::move(front.shader);
}

inline common::TestVector CaseVector(const char* file, const CaseSource& source, const tgsi::Shader& shader) {
  common::TestVector vector;
  std::string error;
  if (!harness::GenerateVector(shader, {.seed = 1, .lanes = 4}, &vector, &error)) CaseFailed(file, source.name, error);
  return vector;
}

}  // namespace shaderdiff::fuzz
