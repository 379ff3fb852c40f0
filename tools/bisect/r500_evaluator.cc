// The r500 optimizing build as the bisection's oracle (r500_evaluator.h).
#include "tools/bisect/r500_evaluator.h"

#include "compiler/targets/r500/opt/r500_opt.h"
#include "emulator/r500/isa/text.h"
#include "tools/bisect/check_oracle.h"
#include "tools/bisect/evaluation_json.h"
#include "tools/bisect/isolate.h"

namespace shaderdiff::bisect {

std::string R500PassProbesNone() {
  return "none: the r500 optimizing build's fixed parts (the naive translation, clear-sync, validate) have no "
         "conservative substitutes to probe";
}

R500Evaluator::R500Evaluator(const tgsi::Shader& shader, harness::CheckOptions options, harness::ReferenceRun run,
                             bool isolate)
    : shader_(shader), options_(std::move(options)), isolate_(isolate) {
  options_.target = "r500";
  options_.build = harness::Build::kOptimizing;
  options_.opt_bisect_limit = -1;
  reference_.push_back(std::move(run));
  naive_ = NaiveBaseline(shader_, options_, reference_);
}

Evaluation R500Evaluator::EvaluateHere(const Selection& selection) const {
  r500opt::Options o;
  o.opt_bisect_limit = selection.limit;
  o.opt_bisect_allowed = selection.allowed;
  r500opt::Result r = r500opt::CompileR500Opt(shader_, o);
  Evaluation e;
  RecordDecisions(r.budget, &e);
  switch (r.status) {
    case r500naive::Status::kUnsupported:
      e.verdict = "unsupported";
      e.signature = "unsupported";
      e.detail = r.detail;
      e.not_bisectable = "the r500 optimizing build does not support the shader (" + r.detail +
                         "): unsupported is not a failure";
      return e;
    case r500naive::Status::kError: {
      // "pass P: ..." names the pass; "optimizer bug: ..." is validate's.
      const size_t colon = r.detail.find(':');
      const bool named = r.detail.starts_with("pass ") && colon != std::string::npos;
      e.verdict = "compile-error";
      e.signature = "compile-error in pass " + (named ? r.detail.substr(5, colon - 5) : std::string("validate"));
      e.detail = r.detail;
      return e;
    }
    case r500naive::Status::kOk: break;
  }
  for (size_t k = 0; k < r.program.state.code.size(); ++k) {
    e.disassembly += std::to_string(k) + ": " + r500::Disassemble(r.program.state.code[k]) + "\n";
  }
  const harness::CheckOutcome c = harness::CheckProgram(r.program, options_, reference_, &naive_);
  RecordOutcome(c, &e);
  return e;
}

Evaluation R500Evaluator::Evaluate(const Selection& selection) {
  if (!isolate_) return EvaluateHere(selection);
  return EvaluateIsolated([&] { return EvaluateHere(selection); });
}

}  // namespace shaderdiff::bisect
