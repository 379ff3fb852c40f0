// ValidatedProgram::Check: Validate on every instruction (validated_program.h).
#include "emulator/a3xx/isa/validated_program.h"

namespace shaderdiff::a3xx {

std::optional<ValidatedProgram> ValidatedProgram::Check(Program program, Refusal* refusal) {
  for (size_t i = 0; i < program.instrs.size(); ++i) {
    if (std::optional<std::string> why = Validate(program.instrs[i])) {
      if (refusal) *refusal = {i, program.instrs[i], std::move(*why)};
      return std::nullopt;
    }
  }
  return ValidatedProgram(std::move(program));
}

}  // namespace shaderdiff::a3xx
