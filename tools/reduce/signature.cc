// The failure signature (signature.h).
#include "tools/reduce/signature.h"

#include "tools/harness/failure_cause.h"

namespace shaderdiff::reduce {

using harness::Verdict;

bool FailureSignature::HasComponent() const {
  return verdict == Verdict::kMismatch || verdict == Verdict::kNaiveMismatch || verdict == Verdict::kBuildMismatch;
}

namespace {
std::string ComponentName(uint32_t output, int component) {
  if (component < 0) return "killed lane";
  return "OUT[" + std::to_string(output) + "]." + std::string(1, "xyzw"[component]);
}
}  // namespace

std::string FailureSignature::ToString() const {
  std::string s = std::string(harness::BuildName(build)) + " " + std::string(harness::VerdictName(verdict));
  if (HasComponent()) return s + " " + ComponentName(output, component);
  if (verdict == Verdict::kHazard) return s + " " + cause;
  if (!cause.empty()) return s + ": " + cause;
  return s;
}

nlohmann::json FailureSignature::ToJson() const {
  nlohmann::json j = {{"verdict", harness::VerdictName(verdict)}, {"build", harness::BuildName(build)},
                      {"text", ToString()}};
  if (HasComponent()) {
    j["output"] = output;
    j["component"] = component < 0 ? "killed" : std::string(1, "xyzw"[component]);
  }
  if (!cause.empty()) j["cause"] = cause;
  return j;
}

std::optional<FailureSignature> SignatureOf(const harness::CheckOutcome& outcome, harness::Build build) {
  FailureSignature s;
  s.verdict = outcome.verdict;
  s.build = build;
  switch (outcome.verdict) {
    case Verdict::kPass:
    case Verdict::kUnsupported:
    case Verdict::kUntested:
    case Verdict::kNotApplicable:
      return std::nullopt;
    case Verdict::kMismatch:
    case Verdict::kNaiveMismatch:
    case Verdict::kBuildMismatch:
      if (!outcome.mismatch) return std::nullopt;  // CheckCompiled always sets it
      s.output = outcome.mismatch->output;
      s.component = outcome.mismatch->component;
      return s;
    case Verdict::kCompileError:
      s.cause = harness::CompileErrorCause(outcome.detail);
      return s;
    case Verdict::kHazard:
      if (!outcome.hazards.empty()) s.cause = outcome.hazards.front().kind;
      return s;
    case Verdict::kTimeout:
      return s;
  }
  return std::nullopt;
}

}  // namespace shaderdiff::reduce
