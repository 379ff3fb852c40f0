// ValidatedProgram::Check: Validate on every instruction (validated_program.h).
//
// Validate is a pure function of the Instr (the opcode table and the
// FieldUse rows are constant), so an instruction equal (Instr::operator==,
// every member) to one it already accepted, in this program or an earlier
// one on this thread, is accepted without running it again: the thread's
// InstrMemo (instr_memo.h, 2,048 direct-mapped slots) keeps accepted
// instructions. The naive build's code is its templates over a few
// registers and nops of a few shapes, so most of its checks are repeats
// across a campaign's programs. A refused instruction is never remembered;
// the first refusal is still the first instruction Validate refuses, with
// Validate's message.
#include "emulator/a3xx/isa/validated_program.h"

#include "emulator/a3xx/isa/instr_memo.h"

namespace shaderdiff::a3xx {

namespace {
struct AcceptedTag {};
}  // namespace

std::optional<ValidatedProgram> ValidatedProgram::Check(Program program, Refusal* refusal) {
  InstrMemo<bool, 2048>& accepted = ThreadInstrMemo<AcceptedTag, bool, 2048>();
  for (size_t i = 0; i < program.instrs.size(); ++i) {
    const Instr& instr = program.instrs[i];
    const uint64_t hash = HashInstr(instr);
    if (accepted.Find(instr, hash)) continue;
    if (std::optional<std::string> why = Validate(instr)) {
      if (refusal) *refusal = {i, instr, std::move(*why)};
      return std::nullopt;
    }
    accepted.Put(instr, hash, true);
  }
  return ValidatedProgram(std::move(program));
}

}  // namespace shaderdiff::a3xx
