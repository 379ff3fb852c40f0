/* The bisection's oracle for the a3xx optimizing build: one shader, one
   vector, compiled with a chosen selection of rewrite decisions and checked
   exactly as `shaderdiff check` checks it (harness::CheckProgram: reference
   membership, then bit for bit against the naive build's result on the
   same vector, which is computed once here).

   The failure signature (what "the same failure" means):
     mismatch / build-mismatch  verdict + the first differing output
                                component ("mismatch at OUT[1].y"), or the
                                killed-lane difference;
     hazard, timeout            the verdict;
     compile-error              "compile-error in pass P" (the failing pass,
                                or "the emulator" for a program it refused);
     crash                      how the compile or run died (each evaluation
                                runs in a forked child, isolate.h).
   Unsupported and untested outcomes are not failures of a rewrite: they
   are marked not bisectable with the reason.

   Invariants: the same selection gives the same evaluation; the naive
   build's and the reference's results are computed once, before any
   selection is evaluated. */
#pragma once

#include <utility>

#include "compiler/tgsi/ast.h"
#include "tools/bisect/check_oracle.h"
#include "tools/bisect/search.h"
#include "tools/harness/check.h"

namespace shaderdiff::bisect {

class A3xxEvaluator : public CheckOracle {
 public:
  // `options` and `run`: CheckOracle's; the target is a3xx.
  A3xxEvaluator(const tgsi::Shader& shader, harness::CheckOptions options, harness::ReferenceRun run,
                bool isolate = true)
      : CheckOracle(shader, std::move(options), std::move(run), "a3xx", isolate) {}

  Evaluation EvaluateHere(const Selection& selection) const override;
};

}  // namespace shaderdiff::bisect
