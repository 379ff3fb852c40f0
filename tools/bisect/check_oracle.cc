// The oracles' shared parts (check_oracle.h).
#include "tools/bisect/check_oracle.h"

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

}  // namespace shaderdiff::bisect
