// Spilling for the optimizing a3xx compiler: when the register allocator
// (regalloc.h) finds more live scalars than the register file holds, values
// move to the fiber's private memory (cat6 stp/ldp, emulator/a3xx/README.md
// "Private memory") and are reloaded before each use.
//
// Input: the scheduled SSA function after InsertPhiCopies, as the allocator
// takes it. Algorithm (spill everywhere, furthest next use first):
//  1. Liveness (ComputeLiveness) and, per block, a backward walk give the
//     scalars live at each node: at its reads (what is live after it, minus
//     its own value, plus its sources) and at its write (what is live after
//     it, its value included), plus the pinned range.
//  2. At the first node where more than `limit` scalars are live, the
//     candidates live across it (neither read nor written there) whose next
//     uses lie furthest ahead in the block (a value read only through a
//     loop's back edge or in a later block counts as far) are spilled, the
//     excess over the limit but at least 64 per round: each a
//     one-scalar kFull value defined by an instruction or a phi, never a
//     value spilling made (addresses, reloads) nor one spilled before.
//  3. Spilling value v into slot k (4 bytes at byte B + 4k, B the bytes
//     the selection's private TEMP arrays use, fn.pvt_array_units, 0
//     without them): right after its definition (after the block's phis for
//     a phi) `mov a, B` and `stp.u32 p[a+4k], v, 1`; before each node
//     reading v, `mov a', B` and `ldp.u32 v', p[a'+4k], 1`, and the node
//     reads v' instead. The address is a register because ldp/stp take a
//     register address only.
//  4. Repeat until no node has more than `limit` scalars live.
// Nodes are inserted into the final order; legalize adds the (sy) before
// each reload's use and the (ss)/(sy) that protects a stored register.
// fn.state.pvt_mem_units becomes the 128-byte units B and the slots need.
//
// Invariants: every value keeps one definition (the reloads are new
// values); a spilled value is stored on every path before any reload reads
// its slot (its definition dominates its uses, and the store directly
// follows the definition), so no ldp reads a byte never stored.
#pragma once

#include <string>

#include "compiler/opt/ir.h"
#include "emulator/a3xx/timing.h"

namespace shaderdiff::opt {

struct SpillResult {
  bool ok = true;
  int spilled = 0;      // values spilled by this call
  std::string why_not;  // !ok: why pressure could not be brought down to the limit
};

// Spills values until at most `limit` scalars are live at every node (see
// above). Slots continue after those earlier calls used
// (fn.state.pvt_mem_units); fails when nothing is left to spill at a point
// or the slots would not fit in private memory or ldp/stp's offset field.
SpillResult SpillForPressure(Function& fn, const a3xx::Timing& t, int limit);

}  // namespace shaderdiff::opt
