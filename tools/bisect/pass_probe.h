/* Pass probes: naming the fixed pass (one that takes no rewrite decision)
   a failure comes from, by measurement. After the rewrite search
   (search.h), for each pass with a conservative substitute
   (compiler/targets/a3xx/conservative.h: out-of-ssa, regalloc, to-machine, legalize), the
   failing compiles are redone with that one pass replaced by its
   substitute: the unlimited compile, and limit 0 when it fails too. The
   pass whose substitution makes every one of them pass is named
   (`culprit_passes`); one whose substitute cannot compile the shader (it
   does not fit without register reuse) gives "no verdict", never a guess.

   The probes run only when the rewrite search cannot name the pass itself
   (ShouldProbe): the failure survives limit 0; it is a compile error of a
   pass that has a substitute or of a pass other than the culprit's; or it
   is a hazard or timeout (a timing failure, legalize's product, that a
   rewrite may only expose); or it is a mismatch a rewrite exposes and
   to-machine is substitutable. to-machine's substitute (its copies through
   scratch registers) is probed on mismatches only, and alone on a mismatch
   the rewrite search names rewrites for: its only choice, the copies'
   order, is checked by nothing but the values (ProbedPasses). Their compiles are counted apart
   (PassProbes::compiles), so the search's bound stays the search's.

   Invariant: a pass is named only from compiles actually made, and only
   when the substitute removes the failure on every failing selection. */
#pragma once

#include <string>
#include <vector>

#include "tools/bisect/search.h"

namespace shaderdiff::bisect {

// Why the probes should run for this result ("": they should not).
std::string ShouldProbe(const BisectResult& result, const std::vector<std::string>& substitutable);

// The passes ProbePasses substitutes for this result, in pipeline order.
std::vector<std::string> ProbedPasses(const BisectResult& result, const std::vector<std::string>& substitutable);

// Runs the probes when ShouldProbe says so; fills result->pass_probes.
void ProbePasses(Evaluator& evaluator, const std::vector<std::string>& substitutable, BisectResult* result);

}  // namespace shaderdiff::bisect
