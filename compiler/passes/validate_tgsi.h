// ValidateTgsi: is a TGSI shader well-formed enough for our compiler passes?
// Run by RunPass after every pass that changed the shader; stricter than
// tgsi::CheckShader's advisory warnings, and every error is fatal.
//
// Checks, in order, each error naming the item or instruction:
// - items: every property / declaration / immediate / instruction listed
//   exactly once, indices in range, instructions in index order, and no
//   DCL/IMM after the first instruction;
// - operands: exact dst/src counts, texture target iff the opcode takes one,
//   swizzle components <= 3, write masks non-empty 4-bit masks;
// - registers: no NULL-file operand; a direct operand of a declared file
//   (TEMP, IN, OUT, CONST, SAMP, SVIEW, ADDR, SV, IMAGE, BUFFER, MEMORY)
//   lies inside a declaration of that file (CONST 2-D: of that buffer slot);
//   an indirect one needs some declaration of its file and of its address
//   register; IMM[n] needs n < number of immediates;
// - flow control: IF/UIF [ELSE] ENDIF, BGNLOOP ENDLOOP, BGNSUB ENDSUB,
//   SWITCH ENDSWITCH properly nested, BRK inside a loop or switch, CONT
//   inside a loop, exactly one END, outside any construct;
// - labels: IF/UIF ":N" (N != 0, 0 being the legacy "no label") is the
//   matching ELSE or ENDIF, ELSE ":N" the matching ENDIF, CAL ":N" a BGNSUB.
#pragma once

#include <string>
#include <vector>

#include "compiler/tgsi/ast.h"

namespace shaderdiff::compiler {

// Empty when valid. Messages look like
// "instruction 7 (DP3 TEMP[9].x, IN[0], IN[1]): TEMP[9] is not declared".
std::vector<std::string> ValidateTgsi(const tgsi::Shader& shader);

}  // namespace shaderdiff::compiler
