// ValidateShader: items, declarations and operands (see validate.h); flow
// control is validate_flow.cc.
#include "compiler/tgsi/validate.h"

#include <string>
#include <string_view>

#include "compiler/tgsi/declared_registers.h"
#include "compiler/tgsi/limits.h"
#include "compiler/tgsi/names.h"
#include "compiler/tgsi/opcode.h"
#include "compiler/tgsi/validate_internal.h"

namespace shaderdiff::tgsi {
namespace {

std::string FileName(File file) {
  const size_t i = static_cast<size_t>(file);
  return i < kFileNames.size() ? std::string(kFileNames[i]) : "file " + std::to_string(i);
}

class Validator {
 public:
  Validator(const Shader& shader, const ValidateOptions& options, std::vector<ValidationError>* errors)
      : s_(shader), options_(options), errors_(*errors), declared_(shader.processor) {}

  void Run() {
    CheckItems();
    for (const Declaration& decl : s_.declarations) CheckDeclaration(decl);
    CheckProperties();
    for (uint32_t i = 0; i < s_.instructions.size(); ++i) CheckInstruction(i);
    CheckFlow(s_, options_, &errors_);
  }

 private:
  void Error(SourceLocation at, std::string message, std::optional<uint32_t> instruction = std::nullopt) {
    errors_.push_back(ValidationError{{at, std::move(message)}, instruction});
  }

  SourceLocation ItemLocation(const Item& item) const {
    switch (item.kind) {
      case ItemKind::kProperty: return s_.properties[item.index].location;
      case ItemKind::kDeclaration: return s_.declarations[item.index].location;
      case ItemKind::kImmediate: return s_.immediates[item.index].location;
      case ItemKind::kInstruction: return s_.instructions[item.index].location;
    }
    return {};
  }

  // Trees the parser builds always pass; trees built in memory may not.
  void CheckItems() {
    if (s_.items.empty()) return;  // no text order to check
    std::vector<uint8_t> seen[4] = {std::vector<uint8_t>(s_.properties.size()),
                                    std::vector<uint8_t>(s_.declarations.size()),
                                    std::vector<uint8_t>(s_.immediates.size()),
                                    std::vector<uint8_t>(s_.instructions.size())};
    static constexpr const char* kKinds[4] = {"property", "declaration", "immediate", "instruction"};
    uint32_t next_instruction = 0;
    bool in_code = false;
    for (const Item& item : s_.items) {
      const size_t kind = static_cast<size_t>(item.kind);
      if (kind >= 4) {
        Error({}, "item of unknown kind");
        continue;
      }
      if (item.index >= seen[kind].size()) {
        Error({}, std::string(kKinds[kind]) + " item " + std::to_string(item.index) + " does not exist");
        continue;
      }
      const SourceLocation at = ItemLocation(item);
      if (seen[kind][item.index]++) Error(at, std::string(kKinds[kind]) + " listed twice in the items");
      if (item.kind == ItemKind::kInstruction) {
        if (item.index != next_instruction) {
          Error(at, "instruction " + std::to_string(item.index) + " listed where instruction " +
                        std::to_string(next_instruction) + " belongs", item.index);
        }
        next_instruction = item.index + 1;
        in_code = true;
      } else if (in_code && item.kind == ItemKind::kDeclaration) {
        Error(at, "declaration after the first instruction (declarations come before the code)");
      } else if (in_code && item.kind == ItemKind::kImmediate) {
        Error(at, "immediate after the first instruction (immediates come before the code)");
      }
    }
    for (size_t kind = 0; kind < 4; ++kind) {
      for (size_t i = 0; i < seen[kind].size(); ++i) {
        if (!seen[kind][i]) Error({}, std::string(kKinds[kind]) + " " + std::to_string(i) + " is not listed in the items");
      }
    }
  }

  void CheckDeclaration(const Declaration& decl) {
    const SourceLocation at = decl.location;
    if (static_cast<size_t>(decl.file) >= kFileNames.size()) return Error(at, "declaration of an invalid register file");
    if (decl.file == File::kNull) return Error(at, "NULL registers cannot be declared");
    if (decl.file == File::kImmediate) return Error(at, "IMM registers are defined by IMM lines, not declared");
    const std::string name = FileName(decl.file);
    if (decl.first > decl.last) {
      return Error(at, "declaration range " + name + "[" + std::to_string(decl.first) + ".." +
                           std::to_string(decl.last) + "] is reversed");
    }
    if (options_.limits) {
      if (std::optional<DeclarationLimitError> e = CheckDeclarationLimits(s_.processor, decl)) {
        return Error(at, e->message);
      }
      if (!Within(Limit::kArrayId, decl.array_id)) {
        return Error(at, OutOfRange(Limit::kArrayId, std::to_string(decl.array_id), "array id"));
      }
    }
    declared_.Add(decl);
  }

  void CheckProperties() {
    bool max_vertices = false;
    for (const PropertyDecl& p : s_.properties) {
      if (p.name == Property::kGsMaxOutputVertices) max_vertices = true;
      if (p.name == Property::kGsInputPrimitive) gs_vertices_ = VerticesPerPrimitive(p.value);
      if (!options_.limits) continue;
      std::optional<Limit> size;
      if (p.name == Property::kGsMaxOutputVertices) size = Limit::kGsMaxOutputVertices;
      if (p.name == Property::kGsInvocations) size = Limit::kGsInvocations;
      if (size && !Within(*size, p.value)) {
        Error(p.location, OutOfRange(*size, std::to_string(p.value), std::string(Name(p.name))));
      }
    }
    if (s_.processor == Processor::kGeometry && !max_vertices) {
      Error(SourceLocation{1, 1}, "a GEOM shader needs PROPERTY GS_MAX_OUTPUT_VERTICES");
    }
  }

  void CheckAddress(const IndirectAddress& address, SourceLocation at, uint32_t i) {
    if (address.component > 3) Error(at, "address component out of range", i);
    if (!declared_.Contains(address.file, std::nullopt, address.index)) {
      Error(at, "address register " + FileName(address.file) + "[" + std::to_string(address.index) +
                    "] is not declared", i);
    }
  }

  // The operand's strings (file name, written form) are made only for a
  // message: an operand that passes costs no string (a campaign program
  // validates ~55 operands after lowering).
  void CheckRegister(const Register& reg, uint32_t i) {
    const SourceLocation at = s_.instructions[i].location;
    if (static_cast<size_t>(reg.file) >= kFileNames.size()) return Error(at, "invalid register file", i);
    if (reg.file == File::kNull) return Error(at, "the NULL register file cannot be an operand", i);
    if (reg.dimension && reg.dimension->indirect) CheckAddress(*reg.dimension->indirect, at, i);
    if (reg.index.indirect) CheckAddress(*reg.index.indirect, at, i);
    const auto name = [&] { return FileName(reg.file); };
    const int64_t base = reg.index.indirect ? int64_t{reg.index.offset} : int64_t{reg.index.index};
    if (reg.file == File::kImmediate) {
      if (reg.dimension) return Error(at, "IMM takes one index", i);
      const int64_t count = static_cast<int64_t>(s_.immediates.size());
      if (reg.index.indirect && (base < 0 || base >= count)) {
        return Error(at, "relative address base IMM[" + std::to_string(base) + "] is outside the " +
                             std::to_string(count) + " immediate(s)", i);
      }
      if (!reg.index.indirect && base >= count) {
        return Error(at, "IMM[" + std::to_string(base) + "] is not defined (the shader has " + std::to_string(count) +
                             " immediate(s))", i);
      }
      return;
    }
    std::optional<uint32_t> dim;
    int64_t d = 0;  // the dimension as written
    if (reg.dimension) {
      d = reg.dimension->indirect ? int64_t{reg.dimension->offset} : int64_t{reg.dimension->index};
      if (d < 0) return Error(at, "relative address base " + name() + "[" + std::to_string(d) + "] is negative", i);
      dim = static_cast<uint32_t>(d);
      if (options_.limits && s_.processor == Processor::kGeometry && reg.file == File::kInput &&
          !reg.dimension->indirect && *dim >= gs_vertices_) {
        return Error(at, "IN[" + std::to_string(*dim) + "]: vertex " + std::to_string(*dim) + " of a primitive with " +
                             std::to_string(gs_vertices_) + " vertices (GS_INPUT_PRIMITIVE)", i);
      }
    }
    // The register as written: FILE[dim][base] or FILE[base].
    const auto written = [&] {
      return name() + (reg.dimension ? "[" + std::to_string(d) + "]" : std::string()) + "[" + std::to_string(base) + "]";
    };
    if (reg.file == File::kMemory) {
      // Mesa's nir_to_tgsi declares shared memory as MEMORY[1] (its memory
      // type) and addresses it as MEMORY[0]; tgsi_exec ignores the index.
      if (!declared_.AnyOf(File::kMemory)) Error(at, written() + " is used but no MEMORY is declared", i);
      return;
    }
    if (reg.index.indirect) {
      if (!declared_.Contains(reg.file, dim, base)) {
        return Error(at, "relative address base " + written() + " is outside every " + name() + " declaration", i);
      }
      if (reg.index.array_id != 0 && !declared_.HasArray(reg.file, reg.index.array_id)) {
        return Error(at, name() + " array " + std::to_string(reg.index.array_id) + " is not declared", i);
      }
      return;
    }
    if (!declared_.Contains(reg.file, dim, base)) Error(at, written() + " is not declared", i);
  }

  void CheckInstruction(uint32_t i) {
    const Instruction& inst = s_.instructions[i];
    const SourceLocation at = inst.location;
    if (static_cast<size_t>(inst.opcode) >= static_cast<size_t>(kOpcodeCount)) return Error(at, "invalid opcode", i);
    const OpcodeInfo& info = GetOpcodeInfo(inst.opcode);
    const std::string_view op = info.name;  // copied into a message only
    if (inst.dst.size() != info.num_dst || inst.src.size() != info.num_src) {
      return Error(at, std::string(op) + " takes " + std::to_string(info.num_dst) + " destination(s) and " +
                           std::to_string(info.num_src) + " source(s), not " + std::to_string(inst.dst.size()) +
                           " and " + std::to_string(inst.src.size()), i);
    }
    if (info.has(kTex) != inst.texture_target.has_value()) {
      Error(at, std::string(op) + (info.has(kTex) ? " needs a texture target" : " takes no texture target"), i);
    }
    if (inst.texture_target && static_cast<size_t>(*inst.texture_target) >= kTextureTargetNames.size()) {
      Error(at, "invalid texture target", i);
    }
    if (inst.tex_offsets.size() > 4 || (!inst.tex_offsets.empty() && !info.has(kTexOffsets))) {
      Error(at, std::string(op) + " takes at most four texture offsets, and only texture opcodes take any", i);
    }
    for (const DstOperand& dst : inst.dst) {
      if ((dst.write_mask & 0xF) == 0 || dst.write_mask > 0xF) Error(at, "write mask must be a non-empty subset of xyzw", i);
      CheckRegister(dst.reg, i);
    }
    for (const SrcOperand& src : inst.src) {
      for (uint8_t c : src.swizzle) {
        if (c > 3) Error(at, "swizzle component out of range", i);
      }
      CheckRegister(src.reg, i);
    }
    for (const TexOffset& offset : inst.tex_offsets) {
      for (uint8_t c : offset.swizzle) {
        if (c > 3) Error(at, "texture offset swizzle component out of range", i);
      }
      Register reg;
      reg.file = offset.file;
      reg.index.index = offset.index;
      CheckRegister(reg, i);
    }
  }

  const Shader& s_;
  const ValidateOptions& options_;
  std::vector<ValidationError>& errors_;
  DeclaredRegisters declared_;
  uint32_t gs_vertices_ = 6;  // TGSI_MAX_PRIM_VERTICES until GS_INPUT_PRIMITIVE says
};

}  // namespace

std::vector<ValidationError> ValidateShader(const Shader& shader, const ValidateOptions& options) {
  std::vector<ValidationError> errors;
  Validator(shader, options, &errors).Run();
  return errors;
}

FrontDoorResult ParseAndValidate(std::string_view text) {
  FrontDoorResult result;
  ParseResult parsed = ParseShader(text);
  result.shader = std::move(parsed.shader);
  if (!parsed.ok()) {
    result.errors.push_back(std::move(*parsed.error));
    return result;
  }
  result.parsed = true;
  for (ValidationError& e : ValidateShader(result.shader)) result.errors.push_back(std::move(e));
  return result;
}

}  // namespace shaderdiff::tgsi
