// The a3xx optimizing build as the bisection's oracle (a3xx_evaluator.h).
#include "tools/bisect/a3xx_evaluator.h"

#include "compiler/pipeline.h"
#include "emulator/a3xx/isa/codec.h"
#include "emulator/a3xx/isa/disasm.h"
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

A3xxEvaluator::A3xxEvaluator(const tgsi::Shader& shader, harness::CheckOptions options, harness::ReferenceRun run,
                             bool isolate)
    : shader_(shader), options_(std::move(options)), isolate_(isolate) {
  options_.build = harness::Build::kOptimizing;
  options_.opt_bisect_limit = -1;
  reference_.push_back(std::move(run));
  if (options_.compare_builds) {
    harness::CheckOptions naive = options_;
    naive.build = harness::Build::kNaive;
    harness::CheckShaderAgainst(shader_, naive, reference_, nullptr, &naive_);
  }
}

Evaluation A3xxEvaluator::EvaluateHere(const Selection& selection) const {
  compiler::OptOptions o;
  o.opt_bisect_limit = selection.limit;
  o.opt_bisect_allowed = selection.allowed;
  o.conservative_passes = options_.conservative_passes;
  o.conservative_passes.insert(selection.conservative.begin(), selection.conservative.end());
  o.dump_all = true;
  compiler::OptResult r = compiler::CompileA3xxOpt(shader_, o);
  Evaluation e;
  for (const compiler::RewriteBudget::Decision& d : r.budget.log()) {
    e.decisions.push_back({d.index, d.pass, d.rewrite, d.taken});
  }
  e.dumps = std::move(r.dumps);
  switch (r.status) {
    case naive::CompileStatus::kUnsupported:
      e.verdict = "unsupported";
      e.signature = "unsupported";
      e.detail = r.detail;
      e.not_bisectable = "the optimizing build does not support the shader (" + r.detail +
                         "): unsupported is not a failure";
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
  e.verdict = std::string(harness::VerdictName(c.verdict));
  e.signature = Signature(c);
  e.detail = c.detail;
  if (c.verdict == harness::Verdict::kUnsupported || c.verdict == harness::Verdict::kUntested) {
    e.not_bisectable = e.verdict + ": " + c.detail + " (nothing was compared)";
  }
  return e;
}

Evaluation A3xxEvaluator::Evaluate(const Selection& selection) {
  if (!isolate_) return EvaluateHere(selection);
  return EvaluateIsolated([&] { return EvaluateHere(selection); });
}

}  // namespace shaderdiff::bisect
