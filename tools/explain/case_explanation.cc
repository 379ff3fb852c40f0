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
#include "tools/bisect/r500_evaluator.h"
#include "tools/bisect/search.h"
#include "tools/explain/attribution.h"
#include "tools/explain/explain.h"
#include "tools/explain/format.h"
#include "tools/harness/targets.h"
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
  const harness::TargetInfo* target = harness::FindTarget(options.target);
  bisect::BisectResult r;
  if (target && target->id == harness::TargetId::kR500) {  // no pass probes there (r500_evaluator.h)
    bisect::R500Evaluator evaluator(shader, options, std::move(run));
    r = bisect::Bisect(evaluator);
  } else {
    bisect::A3xxEvaluator evaluator(shader, options, std::move(run));
    r = bisect::Bisect(evaluator);
    bisect::ProbePasses(evaluator, compiler::ConservativePasses(), &r);
  }
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

// "pass/rewrite [+ ...] [+ pass P]", or the status when nothing is named.
std::string CulpritName(const CulpritInfo& culprit) {
  std::string name;
  for (const bisect::DecisionRecord& d : culprit.culprits) name += (name.empty() ? "" : " + ") + d.pass + "/" + d.rewrite;
  for (const std::string& p : culprit.culprit_passes) name += (name.empty() ? "pass " : " + pass ") + p;
  return name.empty() ? std::string(bisect::StatusName(culprit.status)) : name;
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
  const harness::TargetInfo* target = harness::FindTarget(options.target);
  if (target && target->id == harness::TargetId::kR500) {
    // The reduced case is bisected (its optimizing build's rewrites); explain
    // traces a3xx programs only (cmd_explain.cc says what r500 lacks).
    j["status"] = "skipped";
    j["reason"] = "explain traces a3xx programs only, not " + options.target + "; the reduced case stands" +
                  (opt ? " and is bisected" : "");
    if (!opt) {
      j["culprit"] = NaiveNotBisectable();
      out.culprit = "naive build (not bisectable)";
      return out;
    }
    const CulpritInfo culprit = BisectReduced(r->reduced.shader, r->reduced.vector, options, r->outcome.vector, -1);
    j["culprit"] = FormatJson(Explanation{}, culprit)["bisect"];
    out.culprit = CulpritName(culprit);
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
    out.culprit = CulpritName(culprit);
  } else {
    j["culprit"] = NaiveNotBisectable();
    out.culprit = "naive build (not bisectable)";
  }
  return out;
}

}  // namespace shaderdiff::explain
