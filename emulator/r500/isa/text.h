// R500 assembly text: one instruction per line, the type (alu, out, fc,
// tex) then `field=value` for every field whose value is not zero, in
// fields.def order (flags bare; enumerated values by their enums.def name;
// numbers in decimal). The opcode fields (rgb_op, alpha_op, tex_op, fc_op)
// are always written. Field names follow the register fields of
// US_CMN_INST and friends. Mesa's r300 compiler prints no R500 assembly
// syntax (r500_fragprog.c's dump is an annotated hex dump), so none is
// followed. Invariant: Assemble(Disassemble(i)) == i for every valid i.
#pragma once

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "emulator/r500/isa/codec.h"

namespace shaderdiff::r500 {

// One line, without a newline.
std::string Disassemble(const Instr& in);

struct AsmError {
  int line = 0, column = 0;  // 1-based
  std::string message;
  std::string ToString() const;  // "LINE:COL: error: MESSAGE"
};

// Every line of `text`, as valid instructions.
std::variant<std::vector<Instr>, AsmError> Assemble(std::string_view text);

}  // namespace shaderdiff::r500
