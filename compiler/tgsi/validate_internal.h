// Pieces of ValidateShader shared between its files (validate.cc,
// validate_flow.cc).
#pragma once

#include <string>
#include <vector>

#include "compiler/tgsi/validate.h"

namespace shaderdiff::tgsi {

// The flow-control rules of validate.h, appended to *errors.
void CheckFlow(const Shader& shader, const ValidateOptions& options, std::vector<ValidationError>* errors);

// "LINE:COL".
std::string LineColumn(SourceLocation at);

}  // namespace shaderdiff::tgsi
