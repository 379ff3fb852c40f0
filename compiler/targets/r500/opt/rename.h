// Register renaming with a packing allocation for the r500 optimizing build
// (issue 15 item 4, steps 1 and 3). The naive translation keeps each TGSI
// register and each scratch register (S0..S2) at one fixed temporary, so
// unrelated values share a register and the scheduler sees false WAR/WAW
// dependences. This pass:
//   1. splits every temporary channel's values into webs: reaching
//      definitions over the flow graph (both edges of every JUMP: an
//      inactive pixel's path), a web being the definitions that reach a
//      common read, plus one entry definition per channel (the preloaded
//      inputs and whatever a register holds before its first write);
//   2. joins the webs one register field names into a group (an RGB half
//      writes its channels to one register; a slot address is read on every
//      lane that swizzles through it), so a group needs one register;
//   3. colours the groups onto the lowest free temporaries, channel-granular:
//      two groups interfere only when one is live on a channel where the
//      other is written (groups on disjoint channels share a register).
// Rewrite `web`: a group may move (declined: it keeps its register).
// Pinned, so they keep their registers: groups holding an entry definition
// (inputs, reads before any write), groups touched by an instruction whose
// reads are not known lane by lane (presubtract, dot products, SOP, MDH/MDV,
// the ALU result, TEXKILL, DXDY's gradients, relative addressing), and, in a
// program with flow control or TEXKILL (pixels that stop writing), every
// register another pixel of the quad reads (lookup coordinates: implicit
// derivatives; MDH/MDV sources): such a register keeps all its webs and
// takes no other, so what an inactive neighbour holds there is unchanged.
// Invariants: every read sees the same definitions as before; no two
// interfering groups share a register; at most r500::kTemps registers
// (otherwise nothing changes); limit 0 gives the input code.
#pragma once

#include <vector>

#include "compiler/support/debug_counter.h"
#include "emulator/r500/isa/instr.h"

namespace shaderdiff::r500opt {

// Returns the number of rewrites taken.
int RenameRegisters(std::vector<r500::Instr>& code, compiler::RewriteBudget* budget);

}  // namespace shaderdiff::r500opt
