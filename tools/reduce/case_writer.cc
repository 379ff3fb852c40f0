// The files of a reduced case (case_writer.h).
#include "tools/reduce/case_writer.h"

#include "compiler/tgsi/printer.h"
#include "tools/harness/targets.h"
#include "tools/harness/vector_json.h"
#include "tools/reduce/shader_edit.h"

namespace shaderdiff::reduce {

namespace {

nlohmann::json Size(const ReduceCase& c) {
  return {{"instructions", InstructionCount(c.shader)},
          {"declarations", c.shader.declarations.size()},
          {"immediates", c.shader.immediates.size()},
          {"lanes", c.vector.lanes}};
}

}  // namespace

std::string ReducedReproCommand(const ReduceResult& result, const harness::CheckOptions& options,
                                const std::string& program) {
  const harness::TargetInfo* target = harness::FindTarget(options.target);
  if (target && !target->emulate_runs_shaders && result.outcome.vector) {
    // r500's `emulate` runs assembly: `check --vector` runs the one reduced vector.
    return program + " check --target " + target->name + " --build " + std::string(harness::BuildName(options.build)) +
           " reduced.tgsi --vector vector.json";
  }
  std::string command = harness::ReproCommand("reduced.tgsi", options, result.outcome, program);
  if (result.outcome.vector) {
    // The same command, reading the reduced vector instead of drawing one.
    const std::string flags = harness::VectorFlags(*result.outcome.vector);
    const size_t at = command.find(flags);
    if (at != std::string::npos) command.replace(at, flags.size(), " --vector vector.json");
  }
  return command;
}

std::map<std::string, std::string> CaseFiles(const ReduceResult& result, const harness::CheckOptions& options,
                                             const std::string& program, const nlohmann::json& source) {
  std::map<std::string, std::string> files;
  files["reduced.tgsi"] = tgsi::PrintShader(result.reduced.shader);
  files["vector.json"] = harness::VectorToJson(result.reduced.vector).dump(1) + "\n";
  const std::string command = ReducedReproCommand(result, options, program);
  // The binary is the command's first word; $SHADERDIFF overrides it.
  const size_t space = command.find(' ');
  files["repro.sh"] =
      "#!/bin/sh\n"
      "# The reduced case of: " + result.signature.ToString() + "\n"
      "# Exits non-zero when the failure reproduces (1: a difference or hazard, 3: timeout,\n"
      "# 5: compile error), 0 when it does not. SHADERDIFF names the binary to run.\n"
      "cd \"$(dirname \"$0\")\" || exit 2\n"
      "exec \"${SHADERDIFF:-" + command.substr(0, space) + "}\"" + command.substr(space) + "\n";
  nlohmann::json j = {
      {"schema", 1},
      {"signature", result.signature.ToJson()},
      {"source", source},
      {"detail", result.outcome.detail},
      {"before", Size(result.original)},
      {"after", Size(result.reduced)},
      {"oracle_calls", result.oracle_calls},
      {"invalid_candidates", result.invalid_candidates},
      {"seconds", result.seconds},
      {"stopped_by", result.stopped_by},
      {"accepted", result.accepted},
      {"reproduce", command},
  };
  j["crashed_candidates"] = result.crashed_candidates;
  if (result.crash) {
    j["crash"] = {{"how", result.crash_how}, {"shader", "crash.tgsi"}, {"vector", "crash-vector.json"}};
    files["crash.tgsi"] = tgsi::PrintShader(result.crash->shader);
    files["crash-vector.json"] = harness::VectorToJson(result.crash->vector).dump(1) + "\n";
  }
  files["reduce.json"] = j.dump(1) + "\n";
  return files;
}

}  // namespace shaderdiff::reduce
