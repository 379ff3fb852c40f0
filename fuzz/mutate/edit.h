// Edits the mutators make to a TGSI shader tree (on top of the reducer's,
// tools/reduce/shader_edit.h, which removes what these insert): inserting
// instructions with every branch label kept right, declaring a fresh TEMP,
// and the positions and operands a transform may touch.
//
// Invariants: every function returns a tree whose `items` is empty (the
// printer then writes the canonical order); nothing here decides whether an
// edit is valid: the caller reads the result back through the front door
// (reduce::Revalidate), as a user's file would be read.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "compiler/tgsi/ast.h"

namespace shaderdiff::fuzz {

// `insns` inserted before instruction `at` (0 ..size). CAL labels follow
// their BGNSUB; IF/UIF/ELSE labels are recomputed to name the matching
// ELSE/ENDIF.
tgsi::Shader InsertInstructions(const tgsi::Shader& shader, uint32_t at, const std::vector<tgsi::Instruction>& insns);

// Declares TEMP[n], n one past the highest TEMP declared, and returns n.
uint32_t AddTemporary(tgsi::Shader& shader);

// The index of the top-level END (code after it is subroutines), or nullopt.
std::optional<uint32_t> MainEnd(const tgsi::Shader& shader);

// Instructions of the main program (before MainEnd) that are not flow
// control (IF, ELSE, loops, SWITCH, BRK, CONT, CAL, RET, END, ...).
std::vector<uint32_t> PlainInstructions(const tgsi::Shader& shader);

// Whether an instruction may be moved into a branch or a loop that every
// lane takes: not a texture sample (implicit derivatives), not a derivative,
// not a kill, not an emit; 32-bit types only.
bool MovableIntoFlow(const tgsi::Instruction& insn);

// Whether the opcode reads and writes only 32-bit values (no doubles or
// 64-bit integers).
bool Is32Bit(tgsi::Opcode op);

// Register operands (sources) a transform may copy with a MOV: a direct or
// relative TEMP, IN, CONST, IMM or SV register.
bool CopyableSource(const tgsi::SrcOperand& src);

// A destination a transform may redirect: a direct TEMP or OUT register.
bool RedirectableDestination(const tgsi::DstOperand& dst);

// Helpers to build instructions.
tgsi::SrcOperand TempSource(uint32_t index);
tgsi::SrcOperand ImmediateSource(uint32_t index);
tgsi::DstOperand TempDestination(uint32_t index, uint8_t mask);
tgsi::Instruction MakeInstruction(tgsi::Opcode op, std::vector<tgsi::DstOperand> dst, std::vector<tgsi::SrcOperand> src);

}  // namespace shaderdiff::fuzz
