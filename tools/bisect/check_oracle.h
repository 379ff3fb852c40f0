/* What the bisection's oracles for every target share (a3xx_evaluator.h,
   r500_evaluator.h): each compiles its optimizing build with a selection of
   rewrite decisions, then checks the program exactly as `shaderdiff check`
   does. The failure signature, the naive build's result on the vector
   (computed once), the decision log and the check's outcome are recorded
   here the same way for every target.

   CheckOracle is the base both oracles derive from: it holds the shader,
   the check's options (the target's optimizing build, no limit of its
   own), the one vector with the reference's result and the naive build's
   result on it, and runs each evaluation in a forked child (isolate.h)
   unless told not to. A target writes only EvaluateHere: its compile and
   its disassembly.

   Invariant: an unsupported or untested check outcome is marked not
   bisectable with the reason, never taken for a pass or a failure. */
#pragma once

#include <string>
#include <vector>

#include "compiler/support/debug_counter.h"
#include "compiler/tgsi/ast.h"
#include "tools/bisect/search.h"
#include "tools/harness/check.h"

namespace shaderdiff::bisect {

// "" for a pass; the verdict and the first differing output component
// ("mismatch at OUT[1].y"), or the killed-lane difference; a program the
// emulator refused is "compile-error in the emulator".
std::string Signature(const harness::CheckOutcome& outcome);

// The naive build's result on the reference's vector(s), when the options
// compare builds (empty otherwise): computed once, before any selection.
harness::BuildResults NaiveBaseline(const tgsi::Shader& shader, const harness::CheckOptions& options,
                                    const std::vector<harness::ReferenceRun>& reference);

// Every decision the compile asked, in order.
void RecordDecisions(const compiler::RewriteBudget& budget, Evaluation* e);

// The check's verdict, signature and detail; unsupported and untested are
// not bisectable (nothing was compared).
void RecordOutcome(const harness::CheckOutcome& outcome, Evaluation* e);

// A compile the build refused as unsupported: not a failure of a rewrite.
// `build` names it in the reason ("the r500 optimizing build").
void RecordUnsupported(const std::string& build, const std::string& detail, Evaluation* e);

class CheckOracle : public Evaluator {
 public:
  Evaluation Evaluate(const Selection& selection) override;

  // The evaluation without forking (what the child runs).
  virtual Evaluation EvaluateHere(const Selection& selection) const = 0;

 protected:
  // `options`: vectors, hazards and budgets as the check uses them; the
  // build is taken to be `target`'s optimizing one. `run`: the vector and
  // the reference interpreter's result on it (harness::RunReference's
  // form). The naive build's result is computed here, once.
  CheckOracle(const tgsi::Shader& shader, harness::CheckOptions options, harness::ReferenceRun run,
              const std::string& target, bool isolate);

  const tgsi::Shader& shader_;
  harness::CheckOptions options_;
  std::vector<harness::ReferenceRun> reference_;  // the one vector
  harness::BuildResults naive_;                   // the naive build's result on it, if it passed
  bool isolate_;
};

}  // namespace shaderdiff::bisect
