// ValidateTgsi: tgsi::ValidateShader without limits, messages naming the
// instruction (see validate_tgsi.h).
#include "compiler/passes/validate_tgsi.h"

#include "compiler/tgsi/printer.h"
#include "compiler/tgsi/validate.h"

namespace shaderdiff::compiler {

std::vector<std::string> ValidateTgsi(const tgsi::Shader& shader) {
  std::vector<std::string> messages;
  for (const tgsi::ValidationError& e : tgsi::ValidateShader(shader, {.limits = false})) {
    if (e.instruction && *e.instruction < shader.instructions.size()) {
      messages.push_back("instruction " + std::to_string(*e.instruction) + " (" +
                         tgsi::PrintInstruction(shader.instructions[*e.instruction]) + "): " + e.message);
    } else {
      messages.push_back(e.message);
    }
  }
  return messages;
}

}  // namespace shaderdiff::compiler
