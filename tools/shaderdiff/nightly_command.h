// `shaderdiff nightly` with its test-only customisation point.
//
// RunNightly (commands.h) is RunNightlyWith(args, {}). The test-only binary
// //tools/shaderdiff:shaderdiff_fault_injected passes faults: the nightly
// then applies a program fault to every optimizing-build program (through
// harness::CheckOptions::post_compile) and calls a stage fault as each
// stage of each shader begins (ShaderRunOptions::stage_hook, to crash or
// hang it), records their names in the report's settings ("fault"), and
// writes each failing check's reproduction command as a rerun of that one
// shader by the same faulty binary (`emulate` compiles on its own path,
// which the fault does not reach).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "emulator/a3xx/isa/shader_state.h"
#include "tools/harness/check.h"
#include "tools/harness/corpus.h"
#include "tools/nightly/shader_run.h"
#include "tools/shaderdiff/nightly_options.h"

namespace shaderdiff::cli {

struct NightlyHooks {
  std::string fault;                                // the faults' names, comma-separated; empty: none
  std::function<void(a3xx::Program&)> opt_fault;    // applied to the optimizing build's programs
  std::function<void(const harness::CorpusEntry&, const std::string& stage)> stage_fault;  // as each stage begins
  std::string command;                              // how the faulty binary is invoked, for reproduction commands
};

int RunNightlyWith(const std::vector<std::string>& args, const NightlyHooks& hooks);

// The pieces of a nightly that the test-only mutation score
// (tools/mutants) runs the same way:
// the corpus indices a run covers: its shard, then the --shader filter
// (shard membership depends only on the index, as in deqp-runner, where the
// fraction is taken before the include filters); false after printing an
// unknown --shader;
bool SelectShaders(const harness::Corpus& corpus, const NightlyConfig& config, std::vector<size_t>* selected);
// the reference and check options (vectors, lanes, seed, budget);
harness::CheckOptions NightlyCheckOptions(const NightlyConfig& config);
// the report's "settings" object.
nlohmann::json NightlySettings(const NightlyConfig& config, const harness::CheckOptions& base,
                               const std::vector<nightly::CheckPlan>& plans, const NightlyHooks& hooks);

}  // namespace shaderdiff::cli
