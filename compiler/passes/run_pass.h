// RunPass: the only way to run a TGSI pass. Runs it, and if it reports a
// change validates the result (ValidateTgsi); a failure names the pass:
// "pass lower_tgsi broke the IR: instruction 3 (...): ...".
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "compiler/tgsi/ast.h"

namespace shaderdiff::compiler {

// A pass rewrites *shader in place and returns whether it changed anything.
using TgsiPass = std::function<bool(tgsi::Shader* shader)>;

// nullopt on success; otherwise the error (*shader then holds the broken IR
// for printing).
std::optional<std::string> RunPass(std::string_view name, tgsi::Shader* shader, const TgsiPass& pass);

}  // namespace shaderdiff::compiler
