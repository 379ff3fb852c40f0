// Scalars onto the Alpha half for the r500 optimizing build (r300's
// RGB -> Alpha conversion): the naive templates compute every TGSI
// destination's x, y and z in the RGB (vector) unit, so a shader of scalar
// arithmetic leaves the Alpha unit idle and r500-schedule nothing to pair.
// This pass moves a value that lives in one RGB channel to the w channel of
// a fresh temporary, computed by the Alpha unit with the same opcode, and
// has its readers read that w (r500-rename then packs the fresh registers).
//
// Rewrites `to-alpha` and `balance`, per value: a definition D (a movable RGB half, Kind
// kAlu, writing one channel S.c, with an opcode the Alpha unit has: MAD,
// MIN, MAX, CND, CMP, FRC) and its readers (every slot a path from D
// reaches before S.c is written again that reads S.c), when
//   * every reader is a movable ALU/OUT half (Kind kAlu: its lanes are known)
//     that D alone reaches: no path from the program's start or another
//     definition of S.c gets to it (both edges of every JUMP, as r500-dead);
//   * D is not its own reader (a loop);
//   * each reader's operand can take the fresh register as its Alpha address
//     (no lane of that operand reads another register's w) and the operands
//     still fit three slots (halves.h Pair);
//   * a free temporary is left (r500::kTemps).
// Which values move: a copy of an Alpha result (`MAX T.x, S.www`, the
// transcendental templates' broadcast) always (r500-coalesce then folds it
// into the producer); any other (rewrite `balance`) only where it pays for
// pairing: halves of one height in their run's dependence graph (the
// slots between barriers and jump targets; the longest chain of true
// dependences to the run's end, the list scheduler's priority) issue side
// by side, so a value moves when at its height the RGB halves outnumber
// the Alpha ones by two (independent chains end up in both units), or
// when no Alpha half is at its height while the run keeps two RGB halves
// more (a neighbouring height's RGB half pairs with it).
// Bit-exactness: the emulator's Alpha unit computes MAD, MIN, MAX, CND,
// CMP and FRC with the same functions as the RGB unit and applies the same
// OMOD and clamp (emulator/r500/alu.cc), so the moved value is the same
// word; readers see it on the same lanes.
// Invariants: every read sees the same word as before; nothing moves
// across slots; limit 0 leaves the code as it is.
#pragma once

#include <vector>

#include "compiler/support/debug_counter.h"
#include "emulator/r500/isa/instr.h"

namespace shaderdiff::r500opt {

// Returns the number of rewrites taken.
int MoveScalarsToAlpha(std::vector<r500::Instr>& code, compiler::RewriteBudget* budget);

}  // namespace shaderdiff::r500opt
