// Peephole rewrites on TGSI booleans, each a budget site. The selection
// turns TGSI's integer booleans (~0 / 0) into a compare (0 / 1) followed by
// `absneg.s (neg)`; these rewrites keep booleans as 0/1 as long as possible:
//
//   bool-logic  and.b/or.b/xor.b of two negated 0/1 booleans (no modifiers)
//               becomes the same op on the 0/1 values followed by one
//               negation: -a op -b == -(a op b) for a, b in {0, 1}. The
//               result is again a negated 0/1 boolean, so chains collapse.
//   b2f         and.b of a negated 0/1 boolean with the known word 1.0f
//               (GLSL's bool-to-float) becomes cov.u32f32 of the 0/1 value.
//   bool-neg    a use of a negated 0/1 boolean that only tests it against
//               zero (the middle source of sel.b32, cmps.u/s.eq/ne against
//               immediate 0, both without modifiers) reads the 0/1 value.
// The bypassed negations die and DCE removes them.
#pragma once

#include "compiler/opt/ir.h"
#include "compiler/support/debug_counter.h"

namespace shaderdiff::opt {

bool Peephole(Function& fn, compiler::RewriteBudget* budget);

}  // namespace shaderdiff::opt
