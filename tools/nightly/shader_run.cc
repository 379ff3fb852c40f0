/* One shader through the nightly's pipeline, stage by stage (shader_run.h). */
#include "tools/nightly/shader_run.h"

#include <algorithm>
#include <array>
#include <chrono>

#include "compiler/tgsi/parser.h"
#include "compiler/tgsi/printer.h"
#include "compiler/tgsi/validate.h"
#include "emulator/common/allowed_set.h"
#include "emulator/tgsi/coverage.h"
#include "tools/harness/targets.h"
#include "tools/ir3_dump/program.h"

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
  for (const common::OutputLanes& out : r.outputs) {
    for (size_t l = 0; l < out.lanes(); ++l) {
      for (int c = 0; c < 4; ++c) {
        const bool u = out.Undefined(l, c), x = out.Inexact(l, c);
        ++s.components;
        s.undefined += u;
        s.inexact += x && !u;
        const std::string_view reason = out.Reason(l, c);
        ++s.kinds[static_cast<size_t>(common::ClassifySet(u, x, out.Allowed(l, c), reason))];
        if ((u || x) && !reason.empty()) ++s.reasons[std::string(reason)];
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
// every vector timed out; flag counts come from the runs that finished. A
// failure's detail starts with FILE:LINE:COL of the instruction (`file`:
// the shader's name) when the interpreter names one.
void SummarizeReference(const std::vector<harness::ReferenceRun>& runs, const std::string& file,
                        ReferenceSummary& s) {
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
    const tgsi::SourceLocation& at = run.result.location;
    s.detail = (at.line > 0 ? file + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) + ": " : "") +
               run.result.detail + " (vector seed " + std::to_string(run.choice.seed) +
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
  if (o.verdict == harness::Verdict::kUnsupported || o.verdict == harness::Verdict::kNotApplicable) return j;
  j["instructions"] = o.program.instructions;
  j["nops"] = o.program.nops;
  j["full_regs"] = o.program.full_regs;
  j["cycles"] = o.cycles.cycles;
  j["stall_cycles"] = o.cycles.stall_cycles;
  j["vectors_run"] = o.vectors_run;
  if (o.vectors_undefined_timeout) j["vectors_undefined_timeout"] = o.vectors_undefined_timeout;
  j["components"] = {{"exact", o.totals.compared}, {"inexact", o.totals.tolerant}, {"undefined", o.totals.skipped}};
  if (o.vectors_compared_to_naive) j["vectors_compared_to_naive"] = o.vectors_compared_to_naive;
  if (IsFailure(o.verdict)) j["reproduce"] = reproduce;
  return j;
}

}  // namespace

bool IsFailure(harness::Verdict v) {
  return v != harness::Verdict::kPass && v != harness::Verdict::kUnsupported && v != harness::Verdict::kUntested &&
         v != harness::Verdict::kNotApplicable;
}

std::vector<CheckPlan> DefaultPlans(const harness::CheckOptions& base, const std::string& mesa_programs) {
  std::vector<CheckPlan> plans;
  auto add = [&](const std::string& target, harness::Build build, const std::string& programs) {
    CheckPlan plan{target + "/" + std::string(harness::BuildName(build)), base, programs};
    plan.options.target = target;
    plan.options.build = build;
    plans.push_back(std::move(plan));
  };
  // Every target in the table's order, each build it has, naive first (the
  // optimizing build's three-way comparison reads the naive results).
  for (const harness::TargetInfo& t : harness::Targets()) {
    for (harness::Build b : harness::TargetBuilds(t, !mesa_programs.empty()))
      add(t.name, b, b == harness::Build::kMesa ? mesa_programs : "");
  }
  return plans;
}

namespace {

// Runs the configured checks from `first_check` on against `reference`
// (with `seed` in place of the plans' own, for the exploration) and calls
// done(plan, options used, outcome, seconds) for each, in plan order. Each
// target's naive results feed its optimizing build's three-way comparison
// (DefaultPlans lists the naive build first) when that naive check ran
// here. The stage hook runs before each: "<config>", or "explore/<config>"
// in the exploration.
template <typename Done>
void RunChecks(const harness::CorpusEntry& e, const tgsi::Shader& shader, const ShaderRunOptions& options,
               const std::vector<harness::ReferenceRun>& reference, std::optional<uint64_t> seed, size_t first_check,
               Done done) {
  std::map<std::string, harness::BuildResults> naive_results;
  for (size_t i = first_check; i < options.checks.size(); ++i) {
    const CheckPlan& plan = options.checks[i];
    if (options.stage_hook) options.stage_hook(e, seed ? std::string(kExploreStage) + "/" + plan.config : plan.config);
    const auto tc = std::chrono::steady_clock::now();
    harness::CheckOptions check_options = plan.options;
    if (seed) check_options.seed = *seed;
    if (check_options.build == harness::Build::kMesa)
      check_options.mesa_program = ir3_dump::ProgramPathIn(plan.mesa_programs, e.hash);
    const bool naive = check_options.build == harness::Build::kNaive;
    const auto found = naive_results.find(check_options.target);
    const harness::CheckOutcome c = harness::CheckShaderAgainst(
        shader, check_options, reference, !naive && found != naive_results.end() ? &found->second : nullptr,
        naive ? &naive_results[check_options.target] : nullptr);
    done(plan, check_options, c, std::chrono::duration<double>(std::chrono::steady_clock::now() - tc).count());
  }
}

// The exploration seed's vectors on top of the stable run's: its reference
// runs (their branches added to the stable ones' coverage) and checks, each
// failure reported as a finding candidate (ShaderRun::Add keeps those the
// stable run did not have).
void Explore(const harness::CorpusEntry& e, const tgsi::Shader& shader, const ShaderRunOptions& options,
             uint64_t seed, tgsi_exec::BranchCoverage& coverage, StageListener& listener) {
  if (options.stage_hook) options.stage_hook(e, kExploreStage);
  const auto t0 = std::chrono::steady_clock::now();
  harness::CheckOptions reference_options = options.reference;
  reference_options.seed = seed;
  std::vector<harness::ReferenceRun> reference;
  std::string error;
  ReferenceSummary ref;
  if (!harness::RunReference(shader, e.hash, reference_options, &reference, &error, &coverage)) {
    ref.verdict = "error";
    ref.detail = error;
  } else {
    SummarizeReference(reference, e.name, ref);
  }
  ExploreReferencePart part;
  part.vectors = ref.vectors;
  part.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const tgsi_exec::BranchCounts branches = tgsi_exec::CountBranches(shader, coverage);
  part.explore = json{{"branches", {{"total", branches.total}, {"both_ways", branches.both_ways}}}};
  if (!ref.timeouts.empty()) part.explore["timeouts"] = ref.timeouts.size();
  // The interpreter's own failures (untested is not one).
  if (ref.verdict != "pass" && ref.verdict != "untested") {
    part.finding = {{"config", kReferenceStage}, {"verdict", ref.verdict}, {"detail", ref.detail}};
  }
  part.checks_follow = !reference.empty();
  listener.ExploreReference(std::move(part));
  if (reference.empty()) return;
  RunChecks(e, shader, options, reference, seed, 0,
            [&](const CheckPlan& plan, const harness::CheckOptions& check_options, const harness::CheckOutcome& c,
                double seconds) {
              json finding;
              if (IsFailure(c.verdict)) {
                finding = CheckJson(c, options.reproduce(e, check_options, c));
                finding["config"] = plan.config;
              }
              listener.ExploreCheck({plan.config, std::move(finding), seconds});
            });
}

// Whether the stable entry's check `config` failed (not pass, unsupported, untested or not-applicable).
bool StableFailed(const json& shader, const std::string& config) {
  std::string verdict;
  if (auto checks = shader.find("checks"); checks != shader.end()) {
    if (auto c = checks->find(config); c != checks->end()) verdict = c->value("verdict", "");
  }
  return verdict != "pass" && verdict != "unsupported" && verdict != "untested" && verdict != "not-applicable";
}

}  // namespace

void RunStages(const harness::CorpusEntry& e, const ShaderRunOptions& options, size_t first_check,
               StageListener& listener) {
  if (options.stage_hook) options.stage_hook(e, kReferenceStage);
  ReferencePart part;
  const auto t0 = std::chrono::steady_clock::now();
  ReferenceSummary ref;
  std::string stage = "?";
  // The front door: a shader that does not parse or validate reaches no
  // executor or compiler; its verdict says why, with FILE:LINE:COL.
  tgsi::FrontDoorResult parsed = tgsi::ParseAndValidate(e.text);
  std::vector<harness::ReferenceRun> reference;
  tgsi_exec::BranchCoverage coverage;
  if (!parsed.ok()) {
    ref.verdict = parsed.parsed ? "invalid" : "parse-error";
    ref.detail = parsed.errors.front().ToString(e.name);
    if (parsed.errors.size() > 1) ref.detail += " (and " + std::to_string(parsed.errors.size() - 1) + " more)";
  } else {
    stage = std::string(tgsi::Name(parsed.shader.processor));
    if (tgsi::PrintShader(parsed.shader) != e.text) {
      ref.verdict = "print-mismatch";
      ref.detail = "printing the parsed shader does not reproduce the file";
    }
    std::string error;
    part.checks_follow =
        harness::RunReference(parsed.shader, e.hash, options.reference, &reference, &error, &coverage);
    if (!part.checks_follow) {
      ref.verdict = "error";
      ref.detail = error;
    } else {
      SummarizeReference(reference, e.name, ref);
      ref.branches = tgsi_exec::CountBranches(parsed.shader, coverage);
    }
  }
  part.vectors = ref.vectors;
  part.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  for (const harness::ReferenceRun& r : reference) {
    // instructions_executed counts once per wave of up to 64 lanes.
    part.lane_instructions += r.result.instructions_executed * std::min<uint64_t>(r.vector.lanes, 64);
  }
  json& s = part.entry;
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
  if (part.checks_follow) {
    s["branches"] = {{"total", ref.branches.total}, {"both_ways", ref.branches.both_ways}};
    if (UsesRelativeAddressing(parsed.shader)) s["relative_addressing"] = true;
  }
  const bool checks_follow = part.checks_follow;
  listener.Reference(std::move(part));
  if (!checks_follow) return;
  RunChecks(e, parsed.shader, options, reference, std::nullopt, first_check,
            [&](const CheckPlan& plan, const harness::CheckOptions& check_options, const harness::CheckOutcome& c,
                double seconds) {
              const std::string repro = IsFailure(c.verdict) ? options.reproduce(e, check_options, c) : "";
              listener.Check({plan.config, CheckJson(c, repro), seconds});
            });
  if (options.explore_seed) Explore(e, parsed.shader, options, *options.explore_seed, coverage, listener);
}

void ShaderRun::Add(ReferencePart part) {
  if (have_reference) return;
  have_reference = true;
  shader = std::move(part.entry);  // the reference stage always reports before any check
  reference_vectors = part.vectors;
  reference_seconds = part.seconds;
  reference_lane_instructions = part.lane_instructions;
}

void ShaderRun::Add(CheckPart part) {
  shader["checks"][part.config] = std::move(part.check);
  check_seconds[part.config] += part.seconds;
}

void ShaderRun::Add(ExploreReferencePart part) {
  reference_vectors += part.vectors;
  reference_seconds += part.seconds;
  json explore = std::move(part.explore);
  explore["findings"] = json::array();
  if (!part.finding.is_null() && shader.value("verdict", "") == "pass") explore["findings"].push_back(part.finding);
  shader["explore"] = std::move(explore);
}

void ShaderRun::Add(ExploreCheckPart part) {
  check_seconds[part.config] += part.seconds;
  if (part.finding.is_null() || StableFailed(shader, part.config)) return;
  shader["explore"]["findings"].push_back(std::move(part.finding));
}

void ShaderRun::AddFinding(json finding) {
  json& explore = shader["explore"];
  if (!explore.contains("findings")) explore["findings"] = json::array();
  explore["findings"].push_back(std::move(finding));
}

ShaderRun RunShader(const harness::CorpusEntry& e, const ShaderRunOptions& options, size_t first_check) {
  struct Assemble : StageListener {
    ShaderRun run;
    void Reference(ReferencePart part) override { run.Add(std::move(part)); }
    void Check(CheckPart part) override { run.Add(std::move(part)); }
    void ExploreReference(ExploreReferencePart part) override { run.Add(std::move(part)); }
    void ExploreCheck(ExploreCheckPart part) override { run.Add(std::move(part)); }
  } assemble;
  RunStages(e, options, first_check, assemble);
  return std::move(assemble.run);
}

ReferencePart FailedReference(const harness::CorpusEntry& e, const std::string& verdict, const std::string& detail,
                              const std::string& reproduce) {
  ReferencePart part;
  part.entry = json{{"file", e.name}, {"hash", harness::HashHex(e.hash)}, {"stage", "?"}, {"verdict", verdict},
                    {"detail", detail}, {"components", 0}, {"undefined", 0}, {"inexact", 0},
                    {"sets", json::object()}, {"instructions_executed", 0}};
  if (!reproduce.empty()) part.entry["reproduce"] = reproduce;
  return part;
}

CheckPart FailedCheck(const std::string& config, const std::string& verdict, const std::string& detail,
                      const std::string& reproduce) {
  json check{{"verdict", verdict}, {"detail", detail}};
  if (!reproduce.empty()) check["reproduce"] = reproduce;
  return {config, std::move(check), 0};
}

}  // namespace shaderdiff::nightly
