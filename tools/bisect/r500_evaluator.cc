// The r500 optimizing build as the bisection's oracle (r500_evaluator.h).
#include "tools/bisect/r500_evaluator.h"

#include "compiler/targets/r500/opt/r500_opt.h"
#include "emulator/r500/isa/text.h"

namespace shaderdiff::bisect {

std::string R500PassProbesNone() {
  return "none: the r500 optimizing build's fixed parts (the naive translation, clear-sync, validate) have no "
         "conservative substitutes to probe";
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
      RecordUnsupported("the r500 optimizing build", r.detail, &e);
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

}  // namespace shaderdiff::bisect
