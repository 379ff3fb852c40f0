// ValidateShader: the front door. A shader that parses is accepted by a
// command only if it also validates; then no executor or compiler has to
// guess what an ill-formed one means, and an error they report is our bug.
//
// The rules, each error naming the item (FILE:LINE:COL) it is about:
// - items: every property, declaration, immediate and instruction listed
//   once, instructions in order, no DCL or IMM after the first instruction
//   (trees built in memory; the parser always gets this right);
// - declarations: a declarable file (not NULL or IMM), first <= last, and
//   with `limits`, within what any implementation allows (limits.def);
//   a GEOM shader has GS_MAX_OUTPUT_VERTICES;
// - operands: the opcode's operand counts, a texture target iff it takes
//   one, texture offsets only where allowed, swizzles x..w, write masks
//   non-empty; no NULL-file operand;
// - registers: a direct operand lies inside a declaration of its file (2-D
//   CONST: of that buffer; GS IN[v][i]: v below the vertices of the input
//   primitive); IMM[n] needs n immediates; an indirect operand's base lies
//   inside a declaration of its file, its array id is declared, and its
//   address register is declared; MEMORY only needs some MEMORY declaration
//   (Mesa's own dumps declare MEMORY[1], SHARED and use MEMORY[0]);
// - flow control: IF/UIF [ELSE] ENDIF, BGNLOOP ENDLOOP, SWITCH (CASE |
//   DEFAULT)... ENDSWITCH nested properly, with `limits` at most 32 deep per
//   kind (TGSI_EXEC_MAX_NESTING); BRK in a loop or SWITCH, CONT in a loop,
//   both within their own subroutine; CAL names a BGNSUB; exactly one END,
//   at the top level; after it only subroutines (BGNSUB ... ENDSUB), and no
//   subroutine before it; IF/UIF/ELSE ":N" labels (N != 0) name the
//   matching ELSE/ENDIF; EMIT and ENDPRIM only in GEOM shaders.
//
// Invariants: the result depends only on the tree; every error of a parsed
// shader has a location (line >= 1); errors come in the order they are
// found (items, then instructions in order, then what is left open).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/tgsi/ast.h"
#include "compiler/tgsi/parser.h"

namespace shaderdiff::tgsi {

struct ValidationError : ParseError {
  std::optional<uint32_t> instruction;  // the instruction it is about, if any
};

struct ValidateOptions {
  // The implementation limits of limits.def (register counts, 2-D indices,
  // nesting depth, property sizes). Compiler passes validate their own
  // output without them: it is not input.
  bool limits = true;
};

std::vector<ValidationError> ValidateShader(const Shader& shader, const ValidateOptions& options = {});

// What every command does with shader text: parse, then validate.
struct FrontDoorResult {
  Shader shader;
  // The syntax error, or every validation error, in text order of finding.
  std::vector<ParseError> errors;
  bool parsed = false;  // the syntax was fine (errors are validation errors)
  bool ok() const { return errors.empty(); }
};
FrontDoorResult ParseAndValidate(std::string_view text);

}  // namespace shaderdiff::tgsi
