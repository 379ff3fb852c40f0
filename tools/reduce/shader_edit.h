// Edits of a TGSI shader tree for the reducer: removing instructions (with
// the branch labels that name instruction indices kept right), the
// flow-control constructs as units, immediates, register renumbering, and
// the front door every edited tree must pass again.
//
// Invariants: every function returns a tree whose `items` is empty (the
// printer then writes properties, declarations, immediates, instructions
// in that order, which is the canonical order); nothing here decides
// whether an edit is valid: Revalidate does, by printing the tree and
// reading it back through tgsi::ParseAndValidate, exactly as a user's file
// would be read.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "compiler/tgsi/ast.h"

namespace shaderdiff::reduce {

// The printed tree, parsed and validated again; nullopt if it does not
// pass the front door. `text`, if given, gets the printed text the result
// was read from, which is also the result's own printed text (the
// canonical printer reproduces the text it reads: a caller that needs the
// text does not print the result again).
std::optional<tgsi::Shader> Revalidate(const tgsi::Shader& shader, std::string* text = nullptr);

// Instructions in the shader, END and flow control included (the size a
// reduction reports).
uint32_t InstructionCount(const tgsi::Shader& shader);

// The shader without the instructions marked in `remove` (one flag per
// instruction). CAL labels follow their BGNSUB; IF/UIF/ELSE labels are
// recomputed to name the matching ELSE/ENDIF.
tgsi::Shader RemoveInstructions(const tgsi::Shader& shader, const std::vector<bool>& remove);

// A flow-control construct: IF/UIF (ELSE) ENDIF, BGNLOOP ENDLOOP,
// SWITCH ENDSWITCH, BGNSUB ENDSUB, by instruction index.
struct FlowConstruct {
  uint32_t open = 0;
  std::optional<uint32_t> middle;  // the ELSE of an IF/UIF
  uint32_t close = 0;
};
// Every construct of a shader whose flow control is balanced (a validated
// one), in order of their opening instruction.
std::vector<FlowConstruct> FlowConstructs(const tgsi::Shader& shader);

// Whether the opcode opens, continues or closes a construct (IF, ELSE,
// ENDIF, BGNLOOP, ...), or is END.
bool IsFlowMarker(tgsi::Opcode op);

// The index of an immediate holding `words` (a 32-bit one already there, or
// a new FLT32 one written as exact hex words).
uint32_t AddImmediate(tgsi::Shader& shader, const std::array<uint32_t, 4>& words);

// Every register operand of every instruction (destinations, sources,
// texture offsets are not registers), for renaming.
void ForEachRegister(tgsi::Shader& shader, const std::function<void(tgsi::Register&)>& visit);

// Drops immediates no instruction reads and numbers the rest densely.
tgsi::Shader CompactImmediates(const tgsi::Shader& shader);

// Numbers the TEMP registers densely from 0 in order of first appearance,
// declared as one range TEMP[0..n-1]. Shaders with
// TEMP arrays or relatively addressed TEMPs are returned unchanged.
tgsi::Shader RenumberTemporaries(const tgsi::Shader& shader);

}  // namespace shaderdiff::reduce
