// Dead-half and dead-channel elimination for the r500 optimizing build:
// per-channel liveness over the flow graph of the translation's fixed
// registers (OUT, TEXKILL, TEX coordinates and every barrier's fetches are
// uses; nothing is live at the end), then per instruction, in slot order:
//   drop-channels      drop the dead channels of a half's or a lookup's write mask;
//   self-copy           clear the write of a copy of registers onto
//                       themselves (halves.h AsCopy with from == to: MAX(a, a)
//                       writing each channel the word it read); r500-rename
//                       makes them, when a copy's source and destination
//                       webs land in one register, so the pass runs again
//                       after it;
//   drop-instr          remove an instruction that has no effect left (no
//                       live half, no outputs, no ALU result, not FC/TEXKILL).
// Repeated until nothing changes (a removed read can kill its producer).
// Invariants: a write is only narrowed or removed where no path from it
// reads the channels before they are written again; FC addresses follow the
// removed slots (program.h). Inactive pixels keep their old values, and the
// flow graph has the path they took (the jump past the block), so a value
// read on any path stays live.
#pragma once

#include <vector>

#include "compiler/support/debug_counter.h"
#include "emulator/r500/isa/instr.h"

namespace shaderdiff::r500opt {

// Returns the number of rewrites taken.
int EliminateDeadChannels(std::vector<r500::Instr>& code, compiler::RewriteBudget* budget);

}  // namespace shaderdiff::r500opt
