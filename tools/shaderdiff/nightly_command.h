// `shaderdiff nightly` with its test-only customisation point.
//
// RunNightly (commands.h) is RunNightlyWith(args, {}). The test-only binary
// //tools/shaderdiff:shaderdiff_fault_injected passes a fault: the nightly
// then applies it to every optimizing-build program (through
// harness::CheckOptions::post_compile), records its name in the report's
// settings ("fault"), and writes each failing check's reproduction command
// as a rerun of that one shader by the same faulty binary (`emulate` compiles
// on its own path, which the fault does not reach).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "emulator/a3xx/isa/shader_state.h"

namespace shaderdiff::cli {

struct NightlyHooks {
  std::string fault;                                // the fault's name; empty: none
  std::function<void(a3xx::Program&)> opt_fault;    // applied to the optimizing build's programs
  std::string command;                              // how the faulty binary is invoked, for reproduction commands
};

int RunNightlyWith(const std::vector<std::string>& args, const NightlyHooks& hooks);

}  // namespace shaderdiff::cli
