// The reduction oracle (oracle.h).
#include "tools/reduce/oracle.h"

#include <signal.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "emulator/tgsi/interpreter.h"
#include "tools/bisect/isolate.h"

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
  const common::OutputLanes* out = reference.FindOutput(m.output);
  if (out == nullptr || m.lane >= out->lanes()) return true;
  return !out->Undefined(m.lane, m.component);
}

}  // namespace

namespace {

nlohmann::json Encode(const OracleRun& run, bool defined) {
  const harness::CheckOutcome& o = run.outcome;
  nlohmann::json j = {{"verdict", static_cast<int>(o.verdict)}, {"detail", o.detail}, {"defined", defined}};
  if (o.vector) {
    j["vector"] = {o.vector->seed, o.vector->edges, o.vector->lanes, o.vector->dictionary};
  }
  if (o.mismatch) j["mismatch"] = {o.mismatch->output, o.mismatch->lane, o.mismatch->component, o.mismatch->builds};
  if (!o.hazards.empty()) j["hazard"] = o.hazards.front().kind;
  return j;
}

IsolatedCheck Decode(const nlohmann::json& j) {
  IsolatedCheck c;
  harness::CheckOutcome& o = c.outcome;
  o.verdict = static_cast<harness::Verdict>(j.at("verdict").get<int>());
  o.detail = j.at("detail").get<std::string>();
  c.reference_defined = j.at("defined").get<bool>();
  if (j.contains("vector")) {
    const nlohmann::json& v = j["vector"];
    o.vector = harness::VectorChoice{v[0].get<uint64_t>(), v[1].get<bool>(), v[2].get<uint32_t>(), v[3].get<bool>()};
  }
  if (j.contains("mismatch")) {
    const nlohmann::json& m = j["mismatch"];
    o.mismatch = harness::Mismatch{};
    o.mismatch->output = m[0].get<uint32_t>();
    o.mismatch->lane = m[1].get<uint32_t>();
    o.mismatch->component = m[2].get<int>();
    o.mismatch->builds = m[3].get<bool>();
  }
  if (j.contains("hazard")) {
    o.hazards.emplace_back();
    o.hazards.back().kind = j["hazard"].get<std::string>();
  }
  return c;
}

}  // namespace

std::optional<IsolatedCheck> CheckIsolated(const tgsi::Shader& shader, const common::TestVector& vector,
                                           const harness::CheckOptions& options, bool three_way, std::string* how) {
  const bisect::IsolatedRun run = bisect::RunIsolated([&] {
    // In the child: SIGINT is the parent's to decide; a hang ends at the alarm.
    signal(SIGINT, SIG_IGN);
    alarm(kCheckSeconds);
    const OracleRun r = CheckOneVector(shader, vector, options, three_way);
    const bool defined = !r.outcome.mismatch || ReferenceDefinedAt(r.reference, *r.outcome.mismatch);
    return Encode(r, defined).dump();
  });
  if (!run.output) {
    *how = run.ended;
    if (run.ended.find("SIGALRM") != std::string::npos) *how += " (more than " + std::to_string(kCheckSeconds) + " s)";
    return std::nullopt;
  }
  try {
    return Decode(nlohmann::json::parse(*run.output));
  } catch (const nlohmann::json::exception& e) {
    *how = std::string("unreadable report from the check: ") + e.what();
    return std::nullopt;
  }
}

bool Oracle::Reproduces(const tgsi::Shader& shader, const common::TestVector& vector,
                        harness::CheckOutcome* outcome) {
  ++calls_;
  std::string how;
  std::optional<IsolatedCheck> check =
      CheckIsolated(shader, vector, options_, target_.verdict == harness::Verdict::kBuildMismatch, &how);
  if (!check) {
    if (!first_crash_) first_crash_ = Crash{shader, vector, how};
    ++crashes_;
    return false;
  }
  if (outcome) *outcome = check->outcome;
  const std::optional<FailureSignature> got = SignatureOf(check->outcome, options_.build);
  if (!got || *got != target_) return false;
  if (target_.HasComponent() && !check->reference_defined) return false;
  return !also_ || also_(shader, vector);
}

}  // namespace shaderdiff::reduce
