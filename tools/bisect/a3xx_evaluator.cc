// The a3xx optimizing build as the bisection's oracle (a3xx_evaluator.h).
#include "tools/bisect/a3xx_evaluator.h"

#include "compiler/pipeline.h"
#include "emulator/a3xx/isa/codec.h"
#include "emulator/a3xx/isa/disasm.h"

namespace shaderdiff::bisect {

Evaluation A3xxEvaluator::EvaluateHere(const Selection& selection) const {
  compiler::OptOptions o;
  o.opt_bisect_limit = selection.limit;
  o.opt_bisect_allowed = selection.allowed;
  o.conservative_passes = options_.conservative_passes;
  o.conservative_passes.insert(selection.conservative.begin(), selection.conservative.end());
  o.dump_all = true;
  compiler::OptResult r = compiler::CompileA3xxOpt(shader_, o);
  Evaluation e;
  RecordDecisions(r.budget, &e);
  e.dumps = std::move(r.dumps);
  switch (r.status) {
    case naive::CompileStatus::kUnsupported:
      RecordUnsupported("the optimizing build", r.detail, &e);
      return e;
    case naive::CompileStatus::kError:
      e.verdict = "compile-error";
      e.signature = "compile-error in pass " + r.failed_pass;
      e.detail = "pass " + r.failed_pass + ": " + r.detail;
      return e;
    case naive::CompileStatus::kOk: break;
  }
  std::vector<uint64_t> words;
  for (const a3xx::Instr& i : r.program.instrs) words.push_back(a3xx::Encode(i).value_or(0));
  e.disassembly = a3xx::DisassembleProgram(words);
  const harness::CheckOutcome c = harness::CheckProgram(r.program, options_, reference_, &naive_);
  RecordOutcome(c, &e);
  return e;
}

}  // namespace shaderdiff::bisect
