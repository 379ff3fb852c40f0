// The assembler: text in either of the disassembler's syntaxes (disasm.h,
// AsmSyntax: Mesa's, or our own, the default here) to Instrs.
//
// Input is one instruction per line. Accepted besides instructions: blank
// lines; comments from ';' or '#' to the end of the line (a '#' inside an
// instruction, as in "#3" or "s#2", is syntax, not a comment); labels
// "name:" at the start of a line (optionally followed by an instruction),
// usable as branch targets "br p0.x, #name" / "jump #name" and resolved to
// offsets relative to the branch; and an optional leading "dword1_dword0"
// hex word as printed by DisassembleProgram with show_hex (ignored).
//
// Every assembled instruction is validated (Validate), so the program is
// always encodable. Errors carry a 1-based line and column (bytes).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/a3xx/isa/asm_syntax.h"
#include "emulator/a3xx/isa/instr.h"

namespace shaderdiff::a3xx {

struct AsmError {
  uint32_t line = 0;
  uint32_t column = 0;
  std::string message;
  std::string ToString() const;  // "line:column: message"
};

struct AsmResult {
  std::vector<Instr> program;
  std::optional<AsmError> error;
  bool ok() const { return !error.has_value(); }
};

AsmResult Assemble(std::string_view text, AsmSyntax syntax = AsmSyntax::kShaderdiff);

// Exactly one instruction (labels are not available; numeric branch
// offsets only). nullopt with *error "column: message" otherwise.
std::optional<Instr> AssembleInstr(std::string_view line, std::string* error = nullptr,
                                   AsmSyntax syntax = AsmSyntax::kShaderdiff);

// Assemble then Encode every instruction.
std::optional<std::vector<uint64_t>> AssembleToWords(std::string_view text, AsmError* error = nullptr,
                                                    AsmSyntax syntax = AsmSyntax::kShaderdiff);

}  // namespace shaderdiff::a3xx
