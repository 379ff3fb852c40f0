// Reductions of metamorphic, worker-crash and worker-timeout findings (finding_reduce.h).
#include "tools/fuzz/finding_reduce.h"

#include <functional>

#include "compiler/tgsi/printer.h"
#include "compiler/tgsi/validate.h"
#include "fuzz/mutate/metamorphic_oracle.h"
#include "tools/bisect/isolate.h"
#include "tools/harness/corpus.h"
#include "tools/harness/shader_dictionary.h"
#include "tools/harness/targets.h"
#include "tools/harness/vector_gen.h"
#include "tools/harness/vector_json.h"
#include "tools/reduce/oracle.h"
#include "tools/reduce/shader_edit.h"

namespace shaderdiff::fuzz {

namespace {

// The build whose check runs every build of `target` (targets.h).
harness::Build EveryBuild(const std::string& target) {
  const harness::TargetInfo* t = harness::FindTarget(target);
  return t ? harness::EveryBuild(*t) : harness::Build::kOptimizing;
}

using nlohmann::json;

json Summary(const reduce::ReduceResult& r, const std::string& predicate) {
  return json{{"predicate", predicate},
              {"before", {{"instructions", reduce::InstructionCount(r.original.shader)}, {"lanes", r.original.vector.lanes}}},
              {"after", {{"instructions", reduce::InstructionCount(r.reduced.shader)}, {"lanes", r.reduced.vector.lanes}}},
              {"oracle_calls", r.oracle_calls},
              {"invalid_candidates", r.invalid_candidates},
              {"seconds", r.seconds},
              {"stopped_by", r.stopped_by},
              {"accepted", r.accepted}};
}

// The first seed (`seed`, then 1..kPairSeeds) at which the transform of
// `parent` differs with `signature` on `vector`, found in a child process
// limited to reduce::kCheckSeconds of CPU time (a wall-clock alarm would
// end it on a loaded machine as if it hung) and stopped when `interrupted`
// says so.
std::optional<uint64_t> PairSeed(const tgsi::Shader& parent, const PairTransform& transform, uint64_t seed,
                                 const common::TestVector& vector, const std::string& signature,
                                 const harness::CheckOptions& check, const std::function<bool()>& interrupted) {
  bisect::IsolationLimits limits;
  limits.cpu_seconds = reduce::kCheckSeconds;
  // With a hook the child ignores SIGINT (the campaign's to decide); without
  // one it must ignore it itself.
  limits.interrupted = interrupted ? interrupted : [] { return false; };
  const bisect::IsolatedRun run = bisect::RunIsolated([&] {
    for (uint64_t k = 0; k <= kPairSeeds; ++k) {
      const uint64_t s = k == 0 ? seed : k;
      if (k > 0 && s == seed) continue;
      const std::optional<tgsi::Shader> mutated = transform(parent, s);
      if (!mutated) continue;
      const PairRuns pair = RunPairReferenceOn(parent, *mutated, vector, check);
      const MetamorphicOutcome o = CheckMetamorphicRuns(*mutated, pair, check);
      if (o.difference && o.difference->Signature() == signature) return std::to_string(s);
    }
    return std::string();
  }, limits);
  if (!run.output || run.output->empty()) return std::nullopt;
  return std::stoull(*run.output);
}

bool Interrupted(const reduce::ReduceOptions& budget, const reduce::ReduceResult& r) {
  return r.stopped_by == "interrupt" || (budget.interrupted && budget.interrupted());
}

}  // namespace

std::string ShaderShape(const tgsi::Shader& s) {
  std::string out;
  for (const tgsi::Instruction& i : s.instructions) out += (out.empty() ? "" : " ") + std::string(tgsi::OpcodeName(i.opcode));
  return out;
}

std::optional<ReducedFinding> ReduceMetamorphicPair(const tgsi::Shader& parent, const PairTransform& transform,
                                                    uint64_t seed, const common::TestVector& vector,
                                                    const std::string& signature, const harness::CheckOptions& check,
                                                    const reduce::ReduceOptions& budget, std::string* error) {
  const reduce::CasePredicate still_differs = [&](const tgsi::Shader& candidate, const common::TestVector& v) {
    return PairSeed(candidate, transform, seed, v, signature, check, budget.interrupted).has_value();
  };
  std::optional<reduce::ReduceResult> r = reduce::ReduceWithPredicate(parent, vector, still_differs, budget, error);
  if (!r) {
    *error = "the pair: " + *error;
    return std::nullopt;
  }
  if (Interrupted(budget, *r)) {
    *error = "interrupted";
    return std::nullopt;
  }
  const std::optional<uint64_t> shown_by = PairSeed(r->reduced.shader, transform, seed, r->reduced.vector, signature, check,
                                                     budget.interrupted);
  const std::optional<tgsi::Shader> mutated =
      shown_by ? transform(r->reduced.shader, *shown_by) : std::nullopt;  // it applied in the predicate's child
  if (!mutated) {
    *error = "the transform does not apply to the reduced parent";
    return std::nullopt;
  }
  common::TestVector v = r->reduced.vector;
  ZeroNewUniforms(r->reduced.shader, *mutated, &v);
  ReducedFinding out;
  out.files["case.tgsi"] = tgsi::PrintShader(*mutated);
  out.files["original.tgsi"] = tgsi::PrintShader(r->reduced.shader);
  out.files["vector.json"] = harness::VectorToJson(v).dump(1) + "\n";
  out.reduce = Summary(*r, "the same transform of the reduced parent (its seed, else seeds 1.." +
                              std::to_string(kPairSeeds) + ") still gives " + signature);
  out.reduce["parent_after"] = reduce::InstructionCount(r->reduced.shader);
  out.reduce["transform_seed"] = *shown_by;
  out.shape = ShaderShape(*mutated);
  out.instructions = reduce::InstructionCount(*mutated);
  return out;
}

std::optional<ReducedFinding> ReduceCrash(const tgsi::Shader& shader, const std::vector<common::TestVector>& vectors,
                                          const std::string& how, const harness::CheckOptions& check,
                                          const reduce::ReduceOptions& budget, std::string* error) {
  harness::CheckOptions opt = check;
  opt.build = EveryBuild(check.target);
  const reduce::CasePredicate dies_alike = [&](const tgsi::Shader& candidate, const common::TestVector& v) {
    std::string ended;
    return !reduce::CheckIsolated(candidate, v, opt, /*three_way=*/true, &ended) && ended == how;
  };
  for (const common::TestVector& vector : vectors) {
    if (budget.interrupted && budget.interrupted()) break;
    if (!dies_alike(shader, vector)) continue;
    std::optional<reduce::ReduceResult> r = reduce::ReduceWithPredicate(shader, vector, dies_alike, budget, error);
    if (!r) return std::nullopt;
    if (Interrupted(budget, *r)) {
      *error = "interrupted";
      return std::nullopt;
    }
    ReducedFinding out;
    out.files["case.tgsi"] = tgsi::PrintShader(r->reduced.shader);
    out.files["vector.json"] = harness::VectorToJson(r->reduced.vector).dump(1) + "\n";
    out.reduce = Summary(*r, "the check of the case on vector.json (reference, both builds) still ends: " + how);
    out.shape = ShaderShape(r->reduced.shader);
    out.instructions = reduce::InstructionCount(r->reduced.shader);
    return out;
  }
  *error = "no single vector's check of the program ends " + how + " (it needs the worker's whole evaluation)";
  return std::nullopt;
}

CpuLimitedRun CheckWithinCpu(const tgsi::Shader& shader, const common::TestVector& vector,
                             const harness::CheckOptions& check, double cpu_seconds,
                             const std::function<bool()>& interrupted, std::string* how) {
  harness::CheckOptions opt = check;
  opt.build = EveryBuild(check.target);
  bisect::IsolationLimits limits;
  limits.cpu_seconds = cpu_seconds;
  // With no hook of the caller's the child still ignores SIGINT: the campaign's to decide.
  limits.interrupted = interrupted ? interrupted : [] { return false; };
  const bisect::IsolatedRun run = bisect::RunIsolated(
      [&] {
        reduce::CheckOneVector(shader, vector, opt, /*three_way=*/true);
        return std::string();
      },
      limits);
  switch (run.end) {
    case bisect::IsolatedEnd::kFinished:
      return CpuLimitedRun::kFinished;
    case bisect::IsolatedEnd::kPastCpu:
      return CpuLimitedRun::kPastBudget;
    default:
      *how = run.ended;
      return CpuLimitedRun::kOther;
  }
}

std::optional<ReducedFinding> ReduceTimeout(const tgsi::Shader& shader, const std::vector<common::TestVector>& vectors,
                                            const harness::CheckOptions& check, double step_cpu_seconds,
                                            double deadline_cpu_seconds, const reduce::ReduceOptions& budget,
                                            std::string* error) {
  harness::CheckOptions step = check;
  step.cycle_budget = std::min<uint64_t>(check.cycle_budget, kTimeoutCycleBudget);
  const reduce::CasePredicate still_hangs = [&](const tgsi::Shader& candidate, const common::TestVector& v) {
    std::string how;
    return CheckWithinCpu(candidate, v, step, step_cpu_seconds, budget.interrupted, &how) == CpuLimitedRun::kPastBudget;
  };
  char limits[160];
  std::snprintf(limits, sizeof limits, "%g s of CPU time (cycle budget %llu)", step_cpu_seconds,
                static_cast<unsigned long long>(step.cycle_budget));
  for (const common::TestVector& vector : vectors) {
    if (budget.interrupted && budget.interrupted()) break;
    if (!still_hangs(shader, vector)) continue;
    std::optional<reduce::ReduceResult> r = reduce::ReduceWithPredicate(shader, vector, still_hangs, budget, error);
    if (!r) return std::nullopt;
    if (Interrupted(budget, *r)) {
      *error = "interrupted";
      return std::nullopt;
    }
    // Faithful to the finding: the reduced case's check runs past the worker's whole deadline.
    std::string how;
    const CpuLimitedRun confirmed =
        CheckWithinCpu(r->reduced.shader, r->reduced.vector, check, deadline_cpu_seconds, budget.interrupted, &how);
    if (confirmed != CpuLimitedRun::kPastBudget) {
      char deadline[64];
      std::snprintf(deadline, sizeof deadline, "%g s of CPU time: ", deadline_cpu_seconds);
      *error = "the reduced case (" + std::to_string(reduce::InstructionCount(r->reduced.shader)) +
               " instructions) ran past " + limits + " but not past the deadline, " + deadline + (confirmed == CpuLimitedRun::kFinished ? std::string("its check finished (slow, not hung)") : how);
      return std::nullopt;
    }
    ReducedFinding out;
    out.files["case.tgsi"] = tgsi::PrintShader(r->reduced.shader);
    out.files["vector.json"] = harness::VectorToJson(r->reduced.vector).dump(1) + "\n";
    char deadline[64];
    std::snprintf(deadline, sizeof deadline, "%g s of CPU time", deadline_cpu_seconds);
    out.reduce = Summary(*r, std::string("the check of the case on vector.json (reference, both builds) still runs past ") +
                                 limits + "; the reduced case's runs past the deadline, " + deadline);
    out.reduce["step_cpu_seconds"] = step_cpu_seconds;
    out.reduce["deadline_cpu_seconds"] = deadline_cpu_seconds;
    out.shape = ShaderShape(r->reduced.shader);
    out.instructions = reduce::InstructionCount(r->reduced.shader);
    return out;
  }
  if (budget.interrupted && budget.interrupted()) {
    *error = "interrupted";
    return std::nullopt;
  }
  *error = std::string("no single vector's check of the program runs past ") + limits +
           " (the worker's time goes to its whole evaluation, or to loops that end at the emulator's cycle budget)";
  return std::nullopt;
}

std::vector<common::TestVector> ProgramVectors(const FuzzProgram& program, const tgsi::Shader& shader,
                                               const harness::CheckOptions& check) {
  std::vector<common::TestVector> out;
  const tgsi::Shader* drawn_for = &shader;
  std::string text = program.text;
  std::optional<tgsi::Shader> original;
  if (program.preserving) {
    if (program.original_shader) {
      original = *program.original_shader;
    } else {
      tgsi::FrontDoorResult r = tgsi::ParseAndValidate(program.original_text);
      if (!r.ok()) return out;
      original = std::move(r.shader);
    }
    drawn_for = &*original;
    text = program.original_text;
  }
  const uint64_t hash = harness::HashText(text);
  const harness::ShaderDictionary dictionary = harness::AnalyzeShader(*drawn_for);
  for (uint32_t v = 0; v < check.vectors; ++v) {
    common::TestVector vector;
    std::string error;
    const harness::VectorChoice choice = harness::ChooseVector(check, hash, v, *drawn_for);
    if (!harness::GenerateVector(*drawn_for, dictionary, harness::VectorOptionsFor(choice), &vector, &error)) continue;
    if (original) ZeroNewUniforms(*original, shader, &vector);
    out.push_back(std::move(vector));
  }
  return out;
}

}  // namespace shaderdiff::fuzz
