// The reduction oracle (oracle.h).
#include "tools/reduce/oracle.h"

#include "emulator/tgsi/interpreter.h"

namespace shaderdiff::reduce {

OracleRun CheckOneVector(const tgsi::Shader& shader, const common::TestVector& vector,
                         const harness::CheckOptions& options, bool three_way) {
  OracleRun run;
  tgsi_exec::InterpreterOptions interp;
  interp.instruction_budget = options.interpreter_budget;
  std::vector<harness::ReferenceRun> reference(1);
  reference[0].choice = {.seed = vector.seed, .edges = false, .lanes = vector.lanes, .dictionary = false};
  reference[0].vector = vector;
  reference[0].result = tgsi_exec::Interpret(shader, vector, interp);
  harness::BuildResults naive;
  const bool with_naive = three_way && options.build == harness::Build::kOptimizing;
  if (with_naive) {
    harness::CheckOptions naive_options = options;
    naive_options.build = harness::Build::kNaive;
    naive_options.post_compile = nullptr;
    harness::CheckShaderAgainst(shader, naive_options, reference, nullptr, &naive);
  }
  harness::CheckOptions checked = options;
  checked.compare_builds = with_naive;
  run.outcome = harness::CheckShaderAgainst(shader, checked, reference, with_naive ? &naive : nullptr);
  run.reference = std::move(reference[0].result);
  return run;
}

Oracle::Oracle(harness::CheckOptions options, FailureSignature target, ExtraPredicate also)
    : options_(std::move(options)), target_(std::move(target)), also_(std::move(also)) {}

namespace {

// The reference's value at the failing component is one the comparison
// could hold against the build: defined, or a kill it is sure of.
bool ReferenceDefinedAt(const common::ExecResult& reference, const harness::Mismatch& m) {
  if (m.component < 0) {
    return m.lane < reference.killed_uncertain.size() ? !reference.killed_uncertain[m.lane] : true;
  }
  auto it = reference.undefined.find(m.output);
  if (it == reference.undefined.end() || m.lane >= it->second.size()) return true;
  return !it->second[m.lane][m.component];
}

}  // namespace

bool Oracle::Reproduces(const tgsi::Shader& shader, const common::TestVector& vector, OracleRun* run) {
  ++calls_;
  OracleRun local;
  OracleRun& r = run ? *run : local;
  r = CheckOneVector(shader, vector, options_, target_.verdict == harness::Verdict::kBuildMismatch);
  const std::optional<FailureSignature> got = SignatureOf(r.outcome, options_.build);
  if (!got || *got != target_) return false;
  if (target_.HasComponent() && !ReferenceDefinedAt(r.reference, *r.outcome.mismatch)) return false;
  return !also_ || also_(shader, vector);
}

}  // namespace shaderdiff::reduce
