// CheckShader: the rules of Mesa's advisory sanity checker (docs/tgsi.md
// 1.2) that ValidateShader does not make errors, as warnings: a register
// declared twice, and immediates other than FLT32/UINT32/INT32 (they run,
// but Mesa's checker flags them).
#include <string>
#include <vector>

#include "compiler/tgsi/declared_registers.h"
#include "compiler/tgsi/names.h"
#include "compiler/tgsi/parser.h"

namespace shaderdiff::tgsi {

std::vector<ParseError> CheckShader(const Shader& shader) {
  std::vector<ParseError> warnings;
  DeclaredRegisters declared(shader.processor);
  for (const Declaration& decl : shader.declarations) {
    if (static_cast<size_t>(decl.file) >= kFileNames.size()) continue;  // ValidateShader's error
    if (std::optional<uint32_t> twice = declared.Add(decl)) {
      std::string name(kFileNames[static_cast<size_t>(decl.file)]);
      if (decl.dimension && !decl.vertex_bracket) name += "[" + std::to_string(*decl.dimension) + "]";
      warnings.push_back(ParseError{decl.location, "register " + name + "[" + std::to_string(*twice) +
                                                       "] is declared more than once"});
    }
  }
  for (const Immediate& imm : shader.immediates) {
    if (imm.type == ImmediateType::kFloat32 || imm.type == ImmediateType::kUint32 ||
        imm.type == ImmediateType::kInt32) {
      continue;
    }
    const size_t type = static_cast<size_t>(imm.type);
    const std::string name = type < kImmediateTypeNames.size() ? std::string(kImmediateTypeNames[type]) : "?";
    warnings.push_back(ParseError{imm.location, "immediate type " + name +
                                                    " is flagged by Mesa's sanity checker (only FLT32, UINT32 and INT32)"});
  }
  return warnings;
}

}  // namespace shaderdiff::tgsi
