// ValidateTgsi: is a TGSI shader well-formed enough for our compiler passes?
// Run by RunPass (and the pipeline) after every pass that changed the
// shader. The rules are the front door's (tgsi::ValidateShader, validate.h:
// items, declarations, operands, declared registers, flow control, labels),
// without the implementation limits: a pass's output is not input, and may
// use more scratch registers than a shader could declare.
#pragma once

#include <string>
#include <vector>

#include "compiler/tgsi/ast.h"

namespace shaderdiff::compiler {

// Empty when valid. Messages name the instruction by number and text (a
// pass's output has no source positions of its own), e.g.
// "instruction 7 (DP3 TEMP[9].x, IN[0], IN[1]): TEMP[9] is not declared".
std::vector<std::string> ValidateTgsi(const tgsi::Shader& shader);

}  // namespace shaderdiff::compiler
