/* What the bisection's oracles for every target share (a3xx_evaluator.h,
   r500_evaluator.h): each compiles its optimizing build with a selection of
   rewrite decisions, then checks the program exactly as `shaderdiff check`
   does. The failure signature, the naive build's result on the vector
   (computed once), the decision log and the check's outcome are recorded
   here the same way for every target.

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

}  // namespace shaderdiff::bisect
