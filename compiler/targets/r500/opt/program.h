// The control-flow facts the r500 optimizing passes share: which slots are
// jump targets, each instruction's successors, and the rewriting of jump
// addresses after instructions were removed or reordered.
//
// Invariants: the passes only see programs whose FC instructions are
// JUMPs without address-stack operations and whose addresses are local
// with US_CODE_OFFSET 0 (Editable); a jump's address is a slot, and the
// slot one past the last instruction is a legal target (the program's end).
#pragma once

#include <utility>
#include <vector>

#include "emulator/r500/isa/instr.h"

namespace shaderdiff::r500opt {

// Whether the passes can edit the program (above); otherwise it is left as it is.
bool Editable(const std::vector<r500::Instr>& code);

int JumpAddress(const r500::Instr& fc);

// [i] is true when some FC jumps to slot i (size code.size() + 1).
std::vector<bool> JumpTargets(const std::vector<r500::Instr>& code);

// Successor slots of slot i (code.size() is the program's end).
std::vector<int> Successors(const std::vector<r500::Instr>& code, int i);
// The same without allocating: first is i + 1; second is the jump address
// of an FC whose address is not i + 1, else -1.
std::pair<int, int> SuccessorPair(const std::vector<r500::Instr>& code, int i);

// `code` holds FC instructions whose addresses are still old slots; sets
// each to new_of_old[old] (new_of_old has old size + 1 entries).
void RemapJumps(std::vector<r500::Instr>& code, const std::vector<int>& new_of_old);

}  // namespace shaderdiff::r500opt
