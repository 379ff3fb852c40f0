#include "compiler/passes/run_pass.h"

#include "compiler/passes/validate_tgsi.h"

namespace shaderdiff::compiler {

std::optional<std::string> RunPass(std::string_view name, tgsi::Shader* shader, const TgsiPass& pass) {
  if (!pass(shader)) return std::nullopt;
  const std::vector<std::string> errors = ValidateTgsi(*shader);
  if (errors.empty()) return std::nullopt;
  std::string msg = "pass " + std::string(name) + " broke the IR: " + errors.front();
  if (errors.size() > 1) msg += " (and " + std::to_string(errors.size() - 1) + " more)";
  return msg;
}

}  // namespace shaderdiff::compiler
