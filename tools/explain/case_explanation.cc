// Reduce + bisect + explain of one case, as a JSON object (case_explanation.h).
#include "tools/explain/case_explanation.h"

#include <algorithm>
#include <chrono>
#include <optional>

#include "compiler/tgsi/printer.h"
#include "emulator/tgsi/interpreter.h"
#include "compiler/pipeline.h"
#include "tools/bisect/a3xx_evaluator.h"
#include "tools/bisect/pass_probe.h"
#include "tools/bisect/search.h"
#include "tools/explain/attribution.h"
#include "tools/explain/explain.h"
#include "tools/explain/format.h"
#include "tools/harness/vector_json.h"
#include "tools/reduce/case_writer.h"
#include "tools/reduce/reducer.h"
#include "tools/reduce/shader_edit.h"

namespace shaderdiff::explain {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

std::string Shape(const tgsi::Shader& s) {
  std::string out;
  for (const tgsi::Instruction& i : s.instructions) out += (out.empty() ? "" : " ") + std::string(tgsi::OpcodeName(i.opcode));
  return out;
}

// The bisection of the (reduced) case, with the attribution of the named instruction.
CulpritInfo BisectReduced(const tgsi::Shader& shader, const common::TestVector& vector,
                          const harness::CheckOptions& options, const std::optional<harness::VectorChoice>& choice,
                          int32_t tgsi_index) {
  harness::ReferenceRun run;
  run.vector = vector;
  if (choice) run.choice = *choice;
  tgsi_exec::InterpreterOptions io;
  io.instruction_budget = options.interpreter_budget;
  run.result = tgsi_exec::Interpret(shader, vector, io);
  bisect::A3xxEvaluator evaluator(shader, options, std::move(run));
  bisect::BisectResult r = bisect::Bisect(evaluator);
  bisect::ProbePasses(evaluator, compiler::ConservativePasses(), &r);
  CulpritInfo info;
  info.probed = !r.pass_probes.why.empty();
  info.culprit_passes = r.pass_probes.culprit_passes;
  info.pass_probe_compiles = r.pass_probes.compiles;
  info.status = r.status;
  info.reason = r.reason;
  info.culprits = r.culprits;
  info.compiles = r.compiles;
  if ((r.status == bisect::Status::kCulprit || r.status == bisect::Status::kCulpritSet) && tgsi_index >= 0) {
    info.attribution = Attribute(shader, r.good_selection, r.bad_selection, tgsi_index);
  }
  return info;
}

// The culprit object of a naive-build failure.
json NaiveNotBisectable() {
  return {{"status", "not-bisectable"},
          {"reason", "a failure of the naive build: it has no rewrites to bisect"},
          {"compiles", 0},
          {"culprits", json::array()}};
}

}  // namespace

uint64_t OracleCallsFor(double seconds) {
  if (!(seconds > 0)) return 0;
  return std::min<uint64_t>(1000, std::max<uint64_t>(1, static_cast<uint64_t>(seconds * 100)));
}

CaseExplanation ExplainCase(const tgsi::Shader& shader, const common::TestVector& vector,
                            const harness::CheckOptions& options, const CaseBudget& budget, const std::string& program,
                            const json& source) {
  const auto start = Clock::now();
  CaseExplanation out;
  json& j = out.explanation;
  j["budget"] = {{"seconds", budget.seconds}, {"oracle_calls", budget.max_oracle_calls}};

  reduce::ReduceOptions ro;
  ro.check = options;
  ro.max_oracle_calls = budget.max_oracle_calls;
  ro.max_seconds = budget.seconds;
  ro.interrupted = budget.interrupted;
  std::string error;
  std::optional<reduce::ReduceResult> r = reduce::Reduce(shader, vector, ro, &error);
  if (!r) {
    j["status"] = "not-reduced";
    j["reason"] = "the case cannot be reduced: " + error;
    return out;
  }
  out.reduced = true;
  out.files = reduce::CaseFiles(*r, ro.check, program, source);
  out.shape = Shape(r->reduced.shader);
  out.instructions = reduce::InstructionCount(r->reduced.shader);
  j["reduced"] = {{"signature", r->signature.ToString()},
                  {"tgsi", tgsi::PrintShader(r->reduced.shader)},
                  {"vector", harness::VectorToJson(r->reduced.vector)},
                  {"instructions", {{"before", reduce::InstructionCount(r->original.shader)}, {"after", out.instructions}}},
                  {"lanes", {{"before", r->original.vector.lanes}, {"after", r->reduced.vector.lanes}}},
                  {"oracle_calls", r->oracle_calls},
                  {"stopped_by", r->stopped_by}};
  if (r->stopped_by == "oracle-calls" || r->stopped_by == "time") j["budget_exhausted"] = r->stopped_by;

  const bool opt = options.build == harness::Build::kOptimizing;
  if (budget.interrupted && budget.interrupted()) {
    // The bisection has no stop of its own: not started after a stop.
    j["status"] = "interrupted";
    j["reason"] = "stopped after the reduction";
    out.culprit = opt ? "not bisected (stopped)" : "naive build (not bisectable)";
    return out;
  }
  if (std::chrono::duration<double>(Clock::now() - start).count() >= budget.seconds) {
    j["budget_exhausted"] = "time";
    j["status"] = "not-named";
    j["reason"] = "the reduction spent the budget: no time left to bisect and explain";
    out.culprit = opt ? "not bisected (budget)" : "naive build (not bisectable)";
    return out;
  }
  if (options.target != "a3xx") {
    // r500 (the campaign's): the reduced case is the result; explain traces
    // a3xx programs, and the naive build has no rewrites to bisect.
    j["status"] = "skipped";
    j["reason"] = "explain traces a3xx programs only so far, not " + options.target + "; the reduced case stands";
    j["culprit"] = NaiveNotBisectable();
    out.culprit = "naive build (not bisectable)";
    return out;
  }
  ExplainOptions eo;
  eo.check = options;
  const Explanation e = Explain(r->reduced.shader, r->reduced.vector, eo);
  json ej = FormatJson(e, std::nullopt);
  j["status"] = ej["status"];
  j["explain"] = std::move(ej);
  if (e.pc < 0) j["reason"] = e.reason;

  if (opt) {
    const CulpritInfo culprit = BisectReduced(r->reduced.shader, r->reduced.vector, options, r->outcome.vector, e.tgsi_index);
    json c = FormatJson(e, culprit)["bisect"];
    j["culprit"] = c;
    for (const bisect::DecisionRecord& d : culprit.culprits) {
      out.culprit += (out.culprit.empty() ? "" : " + ") + d.pass + "/" + d.rewrite;
    }
    for (const std::string& p : culprit.culprit_passes) out.culprit += (out.culprit.empty() ? "pass " : " + pass ") + p;
    if (out.culprit.empty()) out.culprit = std::string(bisect::StatusName(culprit.status));
  } else {
    j["culprit"] = NaiveNotBisectable();
    out.culprit = "naive build (not bisectable)";
  }
  return out;
}

}  // namespace shaderdiff::explain
