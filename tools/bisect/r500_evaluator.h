/* The bisection's oracle for the r500 optimizing build
   (compiler/targets/r500/opt): one fragment shader, one vector, compiled
   with a chosen selection of rewrite decisions (r500opt::Options: a prefix
   limit or an explicit decision set) and checked exactly as `shaderdiff
   check --target r500 --build opt` checks it (harness::CheckProgram's r500
   overload: reference membership, then bit for bit against the r500 naive
   build's result on the same vector, computed once here).

   The failure signature is A3xxEvaluator's (a3xx_evaluator.h: Signature):
   verdict and first differing output component, "compile-error in pass P"
   (P read from the r500 build's "pass P: ..." detail, else "the r500
   optimizing build"), or how an isolated compile ended.

   What does not carry over from a3xx, said rather than faked: the r500 build
   has no per-pass IR dumps (Evaluation::dumps stays empty, so the report
   says "no dump of pass P"), and no fixed pass has a conservative substitute
   (R500PassProbesNone: the pass probes report that there are none).

   Invariants: the same selection gives the same evaluation; the naive
   build's and the reference's results are computed once, before any
   selection is evaluated. */
#pragma once

#include <string>
#include <utility>

#include "compiler/tgsi/ast.h"
#include "tools/bisect/check_oracle.h"
#include "tools/bisect/search.h"
#include "tools/harness/check.h"

namespace shaderdiff::bisect {

class R500Evaluator : public CheckOracle {
 public:
  // `options` and `run`: CheckOracle's; the target is r500.
  R500Evaluator(const tgsi::Shader& shader, harness::CheckOptions options, harness::ReferenceRun run,
                bool isolate = true)
      : CheckOracle(shader, std::move(options), std::move(run), "r500", isolate) {}

  Evaluation EvaluateHere(const Selection& selection) const override;
};

// Why the pass probes do not run on r500 (reported in PassProbes::none).
std::string R500PassProbesNone();

}  // namespace shaderdiff::bisect
