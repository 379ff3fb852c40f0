// Out-of-SSA for the optimizing a3xx compiler: phi arguments become
// kParCopy nodes at the end of the predecessors, so that register
// allocation can give each phi and its copies ("a phi web") one register.
//
// For every live phi p in block B with argument a_i from B.preds[i]:
//   c_i = kParCopy(a_i) is placed at the end of preds[i] (before its br/jump,
//   if any) and p reads c_i. kNoValue arguments (undefined on that edge)
//   get no copy. A predecessor listed twice with the same argument shares
//   one copy.
// A web {p, c_i...} can only get one register if p is dead wherever some
// c_i is written. Two situations break that, and both are repaired by
// isolating p: a copy p' = kParCopy(p) is placed right after B's phis and
// every other reader of p reads p' instead (p then lives only from B's
// start to p'):
//   - order within a predecessor: the copies at the end of one block run
//     one after another; a copy reading phi q must run before the copy that
//     writes q's web. The copies are ordered so (a topological order); a
//     cycle (e.g. the swap x' = phi(x0, y'), y' = phi(y0, x')) cannot be
//     ordered, and its first phi is isolated to break it.
//   - the "lost copy": p is still live after c_i (live-out of preds[i],
//     typically a loop-carried value also used after the loop).
// Phis of the fixed classes (a0/p0/hr0) are never isolated: their copies
// are no-ops and deps keep their values disjoint.
#pragma once

#include "compiler/opt/ir.h"

namespace shaderdiff::opt {

void InsertPhiCopies(Function& fn);

}  // namespace shaderdiff::opt
