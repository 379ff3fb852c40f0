// Peephole rewrites on the SSA graph, each a budget site:
//
//   bool-neg   %m = absneg.s (neg)%t where %t is a cmps result (0 or 1):
//              a use of %m that only tests it against zero (the middle
//              source of sel.b32, cmps.u/s.eq/ne against immediate 0, both
//              without modifiers) reads %t instead, since -1 and 1 are both
//              nonzero. TGSI's integer booleans (~0/0) come out of the
//              selection as this pair; when every use is a test, DCE then
//              removes the absneg.s.
#pragma once

#include "compiler/opt/ir.h"
#include "compiler/support/debug_counter.h"

namespace shaderdiff::opt {

bool Peephole(Function& fn, compiler::RewriteBudget* budget);

}  // namespace shaderdiff::opt
