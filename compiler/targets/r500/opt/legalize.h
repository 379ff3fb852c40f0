// Legalize for the r500 optimizing build: the texture semaphore (A.11) and
// the MDH/MDV NOP rule (A.13 item 2), recomputed for the final order (the
// passes before it start by clearing every TEX_SEM_ACQUIRE, TEX_SEM_WAIT and
// NOP bit of the translation).
//
// Texture grouping: lookups issued since the last acquire are a group in
// flight; the first instruction that fetches or writes any channel of a
// group's destinations waits (TEX_SEM_WAIT), and the group's last lookup
// acquires (with its own WAIT: an acquiring instruction must wait, A.11).
// Rewrite tex-join: a lookup joins the group in flight instead
// of acquiring at once with a WAIT on the next instruction (the naive
// translator's policy, which a declined rewrite gives back).
// Conservatively, nothing is in flight across a block boundary: every FC
// instruction and every jump target waits for what is in flight. The last
// instruction (an OUT) always waits (A.13 item 6).
// NOP: the last non-TEX instruction before each MDH/MDV, and every FC
// jumping to one, gets its NOP bit.
// Invariants: no instruction fetches or writes a TEX destination that no
// WAIT has covered (the emulator's tex-read-before-wait and
// write-before-tex-wait hazards cannot occur).
#pragma once

#include <vector>

#include "compiler/support/debug_counter.h"
#include "emulator/r500/isa/instr.h"

namespace shaderdiff::r500opt {

// Clears every TEX_SEM_ACQUIRE, TEX_SEM_WAIT and NOP bit.
void ClearSyncBits(std::vector<r500::Instr>& code);

// Returns the number of rewrites taken.
int LegalizeSemaphoreAndNops(std::vector<r500::Instr>& code, compiler::RewriteBudget* budget);

}  // namespace shaderdiff::r500opt
