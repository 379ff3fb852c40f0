// ValidatedProgram::Check: Validate on every instruction (validated_program.h).
//
// Validate is a pure function of the Instr (the opcode table and the
// FieldUse rows are constant), so an instruction equal (Instr::operator==,
// every member) to one already accepted in this program is accepted
// without running it again. A few recent distinct accepted instructions
// are kept: the naive build's code is about half `(rptN)nop` and
// `(ss)/(sy)` nops of a few shapes, so most of its checks are repeats.
// A refused instruction is never remembered; the first refusal is still
// the first instruction Validate refuses, with Validate's message.
#include "emulator/a3xx/isa/validated_program.h"

#include <array>

namespace shaderdiff::a3xx {

std::optional<ValidatedProgram> ValidatedProgram::Check(Program program, Refusal* refusal) {
  constexpr size_t kRecent = 4;
  std::array<const Instr*, kRecent> recent{};  // accepted, distinct, round robin
  size_t next = 0;
  for (size_t i = 0; i < program.instrs.size(); ++i) {
    const Instr& instr = program.instrs[i];
    bool seen = false;
    for (const Instr* r : recent) {
      if (r && *r == instr) {
        seen = true;
        break;
      }
    }
    if (seen) continue;
    if (std::optional<std::string> why = Validate(instr)) {
      if (refusal) *refusal = {i, instr, std::move(*why)};
      return std::nullopt;
    }
    recent[next] = &instr;
    next = (next + 1) % kRecent;
  }
  return ValidatedProgram(std::move(program));
}

}  // namespace shaderdiff::a3xx
