// What both compiler fuzz targets (compile_naive_fuzzer.cc,
// compile_opt_fuzzer.cc) do with one input: TGSI text through the front
// door (an input it refuses is a result, not a finding), then one a3xx build
// (CompileA3xxBuild). Every status is a result: unsupported, an error, the
// optimizing build's work budget running out (compiler/pipeline.h: a limit
// linear in the shader's size, so a slow input is bounded). A crash or
// sanitizer report is a finding, and so is a kOk program that breaks the
// build's contract: every instruction passes a3xx::Validate and encodes,
// and there is one source-map entry per instruction.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "compiler/pipeline.h"
#include "compiler/tgsi/validate.h"
#include "emulator/a3xx/isa/isa.h"
#include "fuzz/libfuzzer/fuzz_check.h"

namespace shaderdiff::fuzz {

inline void CompileOneInput(const uint8_t* data, size_t size, bool optimizing) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const tgsi::FrontDoorResult front = tgsi::ParseAndValidate(text);
  if (!front.ok()) return;
  const naive::CompileResult r = compiler::CompileA3xxBuild(front.shader, optimizing);
  if (r.status != naive::CompileStatus::kOk) {
    FUZZ_CHECK(r.program.instrs.empty(), "a failed compile left a program: " + r.detail);
    return;
  }
  FUZZ_CHECK(!r.program.instrs.empty(), std::string("an empty program compiled ok"));
  FUZZ_CHECK(r.source_map.size() == r.program.instrs.size(),
             "source map of " + std::to_string(r.source_map.size()) + " entries for " +
                 std::to_string(r.program.instrs.size()) + " instructions");
  for (size_t i = 0; i < r.program.instrs.size(); ++i) {
    const a3xx::Instr& instr = r.program.instrs[i];
    const std::optional<std::string> invalid = a3xx::Validate(instr);
    FUZZ_CHECK(!invalid, "instruction " + std::to_string(i) + " invalid: " + invalid.value_or(""));
    std::string error;
    FUZZ_CHECK(a3xx::Encode(instr, &error).has_value(), "instruction " + std::to_string(i) + " does not encode: " + error);
  }
}

}  // namespace shaderdiff::fuzz
