/* One shader through the nightly's pipeline (shader_run.h). */
#include "tools/nightly/shader_run.h"

#include <algorithm>
#include <array>
#include <chrono>

#include "compiler/tgsi/parser.h"
#include "compiler/tgsi/printer.h"
#include "emulator/common/allowed_set.h"
#include "emulator/tgsi/coverage.h"

namespace shaderdiff::nightly {
namespace {

using nlohmann::json;

struct ReferenceSummary {
  std::string verdict = "pass";
  std::string detail;
  uint64_t components = 0, undefined = 0, inexact = 0, instructions = 0, vectors = 0;
  std::array<uint64_t, static_cast<size_t>(common::SetKind::kCount)> kinds{};  // by common::SetKind
  std::map<std::string, uint64_t> reasons;  // flagged components by reason code
  tgsi_exec::BranchCounts branches;
  std::vector<uint32_t> timeouts;                       // vectors that exhausted the budget
  const harness::ReferenceRun* first_timeout = nullptr;  // the first of them
};

void Tally(const common::ExecResult& r, ReferenceSummary& s) {
  for (const auto& [index, lanes] : r.outputs) {
    const auto& u = r.undefined.at(index);
    const auto& x = r.inexact.at(index);
    const auto sets = r.allowed.find(index);
    const auto why = r.reasons.find(index);
    for (size_t l = 0; l < lanes.size(); ++l) {
      for (int c = 0; c < 4; ++c) {
        ++s.components;
        s.undefined += u[l][c];
        s.inexact += x[l][c] && !u[l][c];
        const bool has_set = sets != r.allowed.end() && l < sets->second.size();
        const common::AllowedSet set = has_set ? sets->second[l][c] : common::AllowedSet{};
        const std::string reason = why != r.reasons.end() && l < why->second.size() ? why->second[l][c] : "";
        ++s.kinds[static_cast<size_t>(common::ClassifySet(u[l][c], x[l][c], set, reason))];
        if ((u[l][c] || x[l][c]) && !reason.empty()) ++s.reasons[reason];
      }
    }
  }
}

// Whether some operand of the shader is relatively addressed (ADDR).
bool UsesRelativeAddressing(const tgsi::Shader& shader) {
  auto relative = [](const tgsi::Register& r) {
    return r.index.indirect.has_value() || (r.dimension && r.dimension->indirect.has_value());
  };
  for (const tgsi::Instruction& insn : shader.instructions) {
    for (const tgsi::SrcOperand& src : insn.src) {
      if (relative(src.reg)) return true;
    }
    for (const tgsi::DstOperand& dst : insn.dst) {
      if (relative(dst.reg)) return true;
    }
  }
  return false;
}

// The reference interpreter's verdict over a shader's runs. A run that
// exhausts the instruction budget is that vector's outcome (the shader loops
// forever on that input): it is recorded in `timeouts` and skipped. The
// verdict is pass, the first unsupported / error run's, or untested when
// every vector timed out; flag counts come from the runs that finished.
void SummarizeReference(const std::vector<harness::ReferenceRun>& runs, ReferenceSummary& s) {
  for (uint32_t i = 0; i < runs.size(); ++i) {
    const harness::ReferenceRun& run = runs[i];
    ++s.vectors;
    s.instructions += run.result.instructions_executed;
    if (run.result.status == common::ExecStatus::kOk) {
      Tally(run.result, s);
      continue;
    }
    if (run.result.status == common::ExecStatus::kTimeout) {
      if (s.timeouts.empty()) s.first_timeout = &run;
      s.timeouts.push_back(i);
      continue;
    }
    if (s.verdict != "pass") continue;
    s.verdict = run.result.status == common::ExecStatus::kUnsupported ? "unsupported" : "error";
    s.detail = run.result.detail + " (vector seed " + std::to_string(run.choice.seed) +
               (run.choice.edges ? ", edges" : "") + (run.choice.dictionary ? ", dictionary" : "") + ")";
  }
  if (!runs.empty() && s.timeouts.size() == runs.size() && s.verdict == "pass") {
    s.verdict = "untested";
    s.detail = "every vector (" + std::to_string(runs.size()) +
               ") exhausted the interpreter budget: the shader loops forever on them, so none was tested (" +
               s.first_timeout->result.detail + ")";
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
  if (o.vectors_compared_to_naive) j["vectors_compared_to_naive"] = o.vectors_compared_to_naive;
  if (IsFailure(o.verdict)) j["reproduce"] = reproduce;
  return j;
}

}  // namespace

bool IsFailure(harness::Verdict v) {
  return v != harness::Verdict::kPass && v != harness::Verdict::kUnsupported && v != harness::Verdict::kUntested;
}

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

namespace {

// Runs every configured check against `reference` (with `seed` in place of
// the plans' own, for the exploration) and calls done(plan, options used,
// outcome) for each, in plan order. Each target's naive results feed its
// optimizing build's three-way comparison (DefaultPlans lists the naive
// build first). Check time goes to run.check_seconds.
template <typename Done>
void RunChecks(const tgsi::Shader& shader, const ShaderRunOptions& options,
               const std::vector<harness::ReferenceRun>& reference, std::optional<uint64_t> seed, ShaderRun& run,
               Done done) {
  std::map<std::string, harness::BuildResults> naive_results;
  for (const CheckPlan& plan : options.checks) {
    const auto tc = std::chrono::steady_clock::now();
    harness::CheckOptions check_options = plan.options;
    if (seed) check_options.seed = *seed;
    const bool naive = check_options.build == harness::Build::kNaive;
    const auto found = naive_results.find(check_options.target);
    const harness::CheckOutcome c = harness::CheckShaderAgainst(
        shader, check_options, reference, !naive && found != naive_results.end() ? &found->second : nullptr,
        naive ? &naive_results[check_options.target] : nullptr);
    run.check_seconds[plan.config] += std::chrono::duration<double>(std::chrono::steady_clock::now() - tc).count();
    done(plan, check_options, c);
  }
}

// The exploration seed's vectors on top of the stable run's entry: its
// reference runs (their branches added to the stable ones' coverage) and
// checks; every failure the stable run did not have becomes a finding.
void Explore(const harness::CorpusEntry& e, const tgsi::Shader& shader, const ShaderRunOptions& options,
             uint64_t seed, tgsi_exec::BranchCoverage& coverage, ShaderRun& run) {
  json& s = run.shader;
  const auto t0 = std::chrono::steady_clock::now();
  harness::CheckOptions reference_options = options.reference;
  reference_options.seed = seed;
  std::vector<harness::ReferenceRun> reference;
  std::string error;
  json findings = json::array();
  ReferenceSummary ref;
  if (!harness::RunReference(shader, e.hash, reference_options, &reference, &error, &coverage)) {
    ref.verdict = "error";
    ref.detail = error;
  } else {
    SummarizeReference(reference, ref);
  }
  run.reference_vectors += ref.vectors;
  run.reference_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const tgsi_exec::BranchCounts branches = tgsi_exec::CountBranches(shader, coverage);
  json explore{{"branches", {{"total", branches.total}, {"both_ways", branches.both_ways}}}};
  if (!ref.timeouts.empty()) explore["timeouts"] = ref.timeouts.size();
  // The interpreter's own failures (untested is not one).
  if (ref.verdict != "pass" && ref.verdict != "untested" && s.value("verdict", "") == "pass") {
    findings.push_back({{"config", "reference"}, {"verdict", ref.verdict}, {"detail", ref.detail}});
  }
  if (!reference.empty()) {
    RunChecks(shader, options, reference, seed, run,
              [&](const CheckPlan& plan, const harness::CheckOptions& check_options, const harness::CheckOutcome& c) {
                const std::string stable = s["checks"][plan.config].value("verdict", "");
                const bool stable_failed = stable != "pass" && stable != "unsupported" && stable != "untested";
                if (!IsFailure(c.verdict) || stable_failed) return;
                json finding = CheckJson(c, options.reproduce(e, check_options, c));
                finding["config"] = plan.config;
                findings.push_back(std::move(finding));
              });
  }
  explore["findings"] = std::move(findings);
  s["explore"] = std::move(explore);
}

}  // namespace

ShaderRun RunShader(const harness::CorpusEntry& e, const ShaderRunOptions& options) {
  ShaderRun run;
  const auto t0 = std::chrono::steady_clock::now();
  ReferenceSummary ref;
  std::string stage = "?";
  tgsi::ParseResult parsed = tgsi::ParseShader(e.text);
  std::vector<harness::ReferenceRun> reference;
  tgsi_exec::BranchCoverage coverage;
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
    have_reference = harness::RunReference(parsed.shader, e.hash, options.reference, &reference, &error, &coverage);
    if (!have_reference) {
      ref.verdict = "error";
      ref.detail = error;
    } else {
      SummarizeReference(reference, ref);
      ref.branches = tgsi_exec::CountBranches(parsed.shader, coverage);
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
  json kinds = json::object();
  for (size_t k = 0; k < ref.kinds.size(); ++k) {
    if (ref.kinds[k]) kinds[std::string(common::SetKindName(static_cast<common::SetKind>(k)))] = ref.kinds[k];
  }
  s["sets"] = kinds;
  if (!ref.detail.empty()) s["detail"] = ref.detail;
  if (!ref.reasons.empty()) s["reasons"] = ref.reasons;
  if (!ref.timeouts.empty()) {
    s["timeouts"] = {{"count", ref.timeouts.size()},
                     {"vectors", ref.timeouts},
                     {"reproduce", harness::InterpCommand(options.corpus + "/" + e.name, ref.first_timeout->choice)}};
  }
  if (!have_reference) return run;
  s["branches"] = {{"total", ref.branches.total}, {"both_ways", ref.branches.both_ways}};
  if (UsesRelativeAddressing(parsed.shader)) s["relative_addressing"] = true;
  RunChecks(parsed.shader, options, reference, std::nullopt, run,
            [&](const CheckPlan& plan, const harness::CheckOptions& check_options, const harness::CheckOutcome& c) {
              const std::string repro = IsFailure(c.verdict) ? options.reproduce(e, check_options, c) : "";
              s["checks"][plan.config] = CheckJson(c, repro);
            });
  if (options.explore_seed) Explore(e, parsed.shader, options, *options.explore_seed, coverage, run);
  return run;
}

}  // namespace shaderdiff::nightly
