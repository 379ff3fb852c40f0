/* One shader through the nightly's pipeline (shader_run.h). */
#include "tools/nightly/shader_run.h"

#include <algorithm>
#include <chrono>

#include "compiler/tgsi/parser.h"
#include "compiler/tgsi/printer.h"

namespace shaderdiff::nightly {
namespace {

using nlohmann::json;

struct ReferenceSummary {
  std::string verdict = "pass";
  std::string detail;
  uint64_t components = 0, undefined = 0, inexact = 0, instructions = 0, vectors = 0;
};

void Tally(const common::ExecResult& r, ReferenceSummary& s) {
  for (const auto& [index, lanes] : r.outputs) {
    const auto& u = r.undefined.at(index);
    const auto& x = r.inexact.at(index);
    for (size_t l = 0; l < lanes.size(); ++l) {
      for (int c = 0; c < 4; ++c) {
        ++s.components;
        s.undefined += u[l][c];
        s.inexact += x[l][c] && !u[l][c];
      }
    }
  }
}

// The reference interpreter's verdict over a shader's runs: pass, or the
// first run's timeout / unsupported / error; flag counts from the runs that
// finished.
void SummarizeReference(const std::vector<harness::ReferenceRun>& runs, ReferenceSummary& s) {
  for (const harness::ReferenceRun& run : runs) {
    ++s.vectors;
    s.instructions += run.result.instructions_executed;
    if (run.result.status == common::ExecStatus::kOk) {
      Tally(run.result, s);
      continue;
    }
    if (s.verdict != "pass") continue;
    s.verdict = run.result.status == common::ExecStatus::kTimeout       ? "timeout"
                : run.result.status == common::ExecStatus::kUnsupported ? "unsupported"
                                                                        : "error";
    s.detail = run.result.detail + " (vector seed " + std::to_string(run.choice.seed) +
               (run.choice.edges ? ", edges" : "") + ")";
  }
}

json CheckJson(const harness::CheckOutcome& o, const std::string& reproduce) {
  json j{{"verdict", std::string(harness::VerdictName(o.verdict))}};
  if (!o.detail.empty()) j["detail"] = o.detail;
  if (o.verdict == harness::Verdict::kUnsupported) return j;
  j["instructions"] = o.program.instructions;
  j["nops"] = o.program.nops;
  j["full_regs"] = o.program.full_regs;
  j["cycles"] = o.cycles.cycles;
  j["stall_cycles"] = o.cycles.stall_cycles;
  j["vectors_run"] = o.vectors_run;
  j["components"] = {{"exact", o.totals.compared}, {"inexact", o.totals.tolerant}, {"undefined", o.totals.skipped}};
  if (IsFailure(o.verdict)) j["reproduce"] = reproduce;
  return j;
}

}  // namespace

bool IsFailure(harness::Verdict v) { return v != harness::Verdict::kPass && v != harness::Verdict::kUnsupported; }

std::vector<CheckPlan> DefaultPlans(const harness::CheckOptions& base) {
  std::vector<CheckPlan> plans;
  for (harness::Build build : {harness::Build::kNaive, harness::Build::kOptimizing}) {
    CheckPlan plan{"a3xx/" + std::string(harness::BuildName(build)), base};
    plan.options.target = "a3xx";
    plan.options.build = build;
    plans.push_back(std::move(plan));
  }
  return plans;
}

ShaderRun RunShader(const harness::CorpusEntry& e, const ShaderRunOptions& options) {
  ShaderRun run;
  const auto t0 = std::chrono::steady_clock::now();
  ReferenceSummary ref;
  std::string stage = "?";
  tgsi::ParseResult parsed = tgsi::ParseShader(e.text);
  std::vector<harness::ReferenceRun> reference;
  bool have_reference = false;
  if (!parsed.ok()) {
    ref.verdict = "parse-error";
    ref.detail = parsed.error->ToString(e.name);
  } else {
    stage = std::string(tgsi::Name(parsed.shader.processor));
    if (tgsi::PrintShader(parsed.shader) != e.text) {
      ref.verdict = "print-mismatch";
      ref.detail = "printing the parsed shader does not reproduce the file";
    }
    std::string error;
    have_reference = harness::RunReference(parsed.shader, e.hash, options.reference, &reference, &error);
    if (!have_reference) {
      ref.verdict = "error";
      ref.detail = error;
    } else {
      SummarizeReference(reference, ref);
    }
  }
  run.reference_vectors = ref.vectors;
  run.reference_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  for (const harness::ReferenceRun& r : reference) {
    // instructions_executed counts once per wave of up to 64 lanes.
    run.reference_lane_instructions += r.result.instructions_executed * std::min<uint64_t>(r.vector.lanes, 64);
  }
  json& s = run.shader;
  s = json{{"file", e.name}, {"hash", harness::HashHex(e.hash)}, {"stage", stage}, {"verdict", ref.verdict},
           {"components", ref.components}, {"undefined", ref.undefined}, {"inexact", ref.inexact},
           {"instructions_executed", ref.instructions}};
  if (!ref.detail.empty()) s["detail"] = ref.detail;
  if (!have_reference) return run;
  for (const CheckPlan& plan : options.checks) {
    const auto tc = std::chrono::steady_clock::now();
    harness::CheckOutcome c = harness::CheckShaderAgainst(parsed.shader, plan.options, reference);
    run.check_seconds[plan.config] += std::chrono::duration<double>(std::chrono::steady_clock::now() - tc).count();
    const std::string repro = IsFailure(c.verdict) ? options.reproduce(e, plan.options, c) : "";
    s["checks"][plan.config] = CheckJson(c, repro);
  }
  return run;
}

}  // namespace shaderdiff::nightly
