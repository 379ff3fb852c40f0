// The oracles' shared parts (check_oracle.h).
#include "tools/bisect/check_oracle.h"

#include <utility>

#include "tools/bisect/evaluation_json.h"

namespace shaderdiff::bisect {

std::string Signature(const harness::CheckOutcome& o) {
  const std::string verdict(harness::VerdictName(o.verdict));
  switch (o.verdict) {
    case harness::Verdict::kPass: return "";
    case harness::Verdict::kMismatch:
    case harness::Verdict::kNaiveMismatch:
    case harness::Verdict::kBuildMismatch:
      if (!o.mismatch) return verdict;
      if (o.mismatch->component < 0) return verdict + " in the killed lanes";
      return verdict + " at OUT[" + std::to_string(o.mismatch->output) + "]." + "xyzw"[o.mismatch->component];
    case harness::Verdict::kCompileError: return "compile-error in the emulator";  // it refused the program
    default: return verdict;
  }
}

harness::BuildResults NaiveBaseline(const tgsi::Shader& shader, const harness::CheckOptions& options,
                                    const std::vector<harness::ReferenceRun>& reference) {
  harness::BuildResults naive;
  if (!options.compare_builds) return naive;
  harness::CheckOptions naive_options = options;
  naive_options.build = harness::Build::kNaive;
  harness::CheckShaderAgainst(shader, naive_options, reference, nullptr, &naive);
  return naive;
}

void RecordDecisions(const compiler::RewriteBudget& budget, Evaluation* e) {
  for (const compiler::RewriteBudget::Decision& d : budget.log()) {
    e->decisions.push_back({d.index, d.pass, d.rewrite, d.taken});
  }
}

void RecordOutcome(const harness::CheckOutcome& c, Evaluation* e) {
  e->verdict = std::string(harness::VerdictName(c.verdict));
  e->signature = Signature(c);
  e->detail = c.detail;
  if (c.verdict == harness::Verdict::kUnsupported || c.verdict == harness::Verdict::kUntested) {
    e->not_bisectable = e->verdict + ": " + c.detail + " (nothing was compared)";
  }
}

void RecordUnsupported(const std::string& build, const std::string& detail, Evaluation* e) {
  e->verdict = "unsupported";
  e->signature = "unsupported";
  e->detail = detail;
  e->not_bisectable = build + " does not support the shader (" + detail + "): unsupported is not a failure";
}

CheckOracle::CheckOracle(const tgsi::Shader& shader, harness::CheckOptions options, harness::ReferenceRun run,
                         const std::string& target, bool isolate)
    : shader_(shader), options_(std::move(options)), isolate_(isolate) {
  options_.target = target;
  options_.build = harness::Build::kOptimizing;
  options_.opt_bisect_limit = -1;
  reference_.push_back(std::move(run));
  naive_ = NaiveBaseline(shader_, options_, reference_);
}

Evaluation CheckOracle::Evaluate(const Selection& selection) {
  if (!isolate_) return EvaluateHere(selection);
  return EvaluateIsolated([&] { return EvaluateHere(selection); });
}

}  // namespace shaderdiff::bisect
