// Common subexpression elimination over the dominator tree: a pure
// instruction (cat1/cat2/cat3 ALU or cat4 SFU defining one full-precision
// value, no relative or pinned operand, no a0/p0/hr0 result) that repeats
// an identical instruction (same opcode, flags, modifiers, immediates,
// consts and source values) in a dominating position is replaced by that
// earlier value. The selection emits such repeats for every component of
// a swizzled immediate or const and for repeated ARB-era expansions.
// A collect of the same values (in the same order; open components alike)
// is a common subexpression too: two identical output spans or texture
// coordinate vectors become one (outputs may share registers). Each
// replacement asks the rewrite budget ("cse"); DCE removes the duplicate.
#pragma once

#include "compiler/opt/ir.h"
#include "compiler/support/debug_counter.h"

namespace shaderdiff::opt {

bool EliminateCommonSubexpressions(Function& fn, compiler::RewriteBudget* budget);

}  // namespace shaderdiff::opt
