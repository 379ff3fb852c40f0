// Joining ENDIF pops for the r500 optimizing build (A.12). The naive
// translation closes each IF with its own FC: a JUMP that never jumps
// (JUMP_ANY, JUMP_FUNC 0x00) and, staying, decrements the inactive
// pixels' branch counters by B_POP_CNT (B_OP0 DECR); a pixel whose counter
// goes negative becomes active again. Nested IFs that end together give a
// run of such "pure pops". Decrementing by a, then by b, is decrementing by
// a + b (a pixel wakes in the first step iff c < a, in the second iff
// c - a < b; active pixels are untouched by either), so a run of pure pops
// is one pure pop of the sum.
//
// Rewrite `join-pops`: a maximal run of two or more pure pops becomes one.
// Every FC that jumps into the middle of the run (an ELSE jumping past its
// ENDIF, an IF without ELSE jumping past its ENDIF) would have executed the
// pops from its target to the run's end; it now jumps past the run with
// its own jump-taken pop plus those (B_OP1 DECR, or B_OP1 NONE with no
// pops left). Declined, or not taken, when such a jumper's B_OP1 is INCR,
// or when a pop count would exceed B_POP_CNT's 5 bits (isa/fields.def: the
// stricter reading of the field's width).
// Invariants: every path pops the same levels in the same order relative to
// the non-FC instructions it runs, so every pixel is active at the same
// ALU, TEX and OUT instructions as before; the passes run on Editable
// programs (every FC a local JUMP without address-stack operations).
#pragma once

#include <vector>

#include "compiler/support/debug_counter.h"
#include "emulator/r500/isa/instr.h"

namespace shaderdiff::r500opt {

// Returns the number of rewrites taken.
int JoinPops(std::vector<r500::Instr>& code, compiler::RewriteBudget* budget);

}  // namespace shaderdiff::r500opt
