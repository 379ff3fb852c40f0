// The pairing scheduler of the r500 optimizing build. The program is cut
// into runs of movable instructions (access.h Kind::kAlu and kTex) between
// barriers (FC, TEXKILL, MDH/MDV, ALU-result and predicate writers, ...)
// and jump targets; each run is list-scheduled over a per-channel
// dependency graph (read after write and write after write: a later
// instruction; write after read: the same instruction or later, since every
// source of a pair is read before either half writes, A.3):
//   * a ready lookup first (TEX results are asynchronous: issued early,
//     consecutive lookups share one semaphore acquire, legalize.h);
//   * else the ready half with the highest priority (no outputs first, then
//     not reading a lookup still in flight, then the longest path to the
//     run's end), and in the other unit the best ready half whose sources
//     fit the three slots with it (halves.h): one instruction.
// OUT halves pair only with OUT halves and come after everything else of
// their run, in their own order per unit.
// Rewrites: run (a run in scheduled order instead of the
// translation's), pair (two halves in one instruction).
// Invariants: every dependency is honoured; barriers and jump targets keep
// their places (FC addresses are remapped).
#pragma once

#include <vector>

#include "compiler/support/debug_counter.h"
#include "emulator/r500/isa/instr.h"

namespace shaderdiff::r500opt {

// Returns the number of rewrites taken.
int SchedulePairs(std::vector<r500::Instr>& code, compiler::RewriteBudget* budget);

}  // namespace shaderdiff::r500opt
