#include "compiler/passes/validate_tgsi.h"

#include <optional>

#include "compiler/tgsi/opcode.h"
#include "compiler/tgsi/printer.h"

namespace shaderdiff::compiler {
namespace {

using tgsi::File;
using tgsi::ItemKind;
using tgsi::Opcode;

class Validator {
 public:
  explicit Validator(const tgsi::Shader& s) : s_(s) {}

  std::vector<std::string> Run() {
    CheckItems();
    for (size_t i = 0; i < s_.instructions.size(); ++i) CheckInstruction(i);
    CheckFlow();
    return std::move(errors_);
  }

 private:
  void Error(std::string msg) { errors_.push_back(std::move(msg)); }
  void InstError(size_t i, const std::string& msg) {
    Error("instruction " + std::to_string(i) + " (" + tgsi::PrintInstruction(s_.instructions[i]) + "): " + msg);
  }

  void CheckItems() {
    if (s_.items.empty()) return;  // printed in canonical order; nothing to cross-check
    std::vector<int> seen_prop(s_.properties.size()), seen_decl(s_.declarations.size()),
        seen_imm(s_.immediates.size()), seen_inst(s_.instructions.size());
    uint32_t next_inst = 0;
    bool in_code = false;
    for (size_t p = 0; p < s_.items.size(); ++p) {
      const tgsi::Item& it = s_.items[p];
      std::vector<int>* seen = nullptr;
      const char* kind = "";
      switch (it.kind) {
        case ItemKind::kProperty: seen = &seen_prop, kind = "property"; break;
        case ItemKind::kDeclaration: seen = &seen_decl, kind = "declaration"; break;
        case ItemKind::kImmediate: seen = &seen_imm, kind = "immediate"; break;
        case ItemKind::kInstruction: seen = &seen_inst, kind = "instruction"; break;
      }
      const std::string where = "item " + std::to_string(p) + " (" + kind + " " + std::to_string(it.index) + ")";
      if (it.index >= seen->size()) {
        Error(where + ": index out of range");
        continue;
      }
      if ((*seen)[it.index]++) Error(where + ": listed twice");
      if (it.kind == ItemKind::kInstruction) {
        if (it.index != next_inst) Error(where + ": expected instruction " + std::to_string(next_inst));
        next_inst = it.index + 1;
        in_code = true;
      } else if (in_code && it.kind != ItemKind::kProperty) {
        Error(where + ": declaration or immediate after the first instruction");
      }
    }
    auto missing = [&](const std::vector<int>& seen, const char* kind) {
      for (size_t i = 0; i < seen.size(); ++i) {
        if (!seen[i]) Error(std::string(kind) + " " + std::to_string(i) + " is not listed in items");
      }
    };
    missing(seen_prop, "property");
    missing(seen_decl, "declaration");
    missing(seen_imm, "immediate");
    missing(seen_inst, "instruction");
  }

  static bool Declared(File f) {
    switch (f) {
      case File::kTemporary: case File::kInput: case File::kOutput: case File::kConstant:
      case File::kSampler: case File::kSamplerView: case File::kAddress: case File::kSystemValue:
      case File::kImage: case File::kBuffer: case File::kMemory:
        return true;
      default:
        return false;
    }
  }

  std::optional<std::string> CheckRegister(const tgsi::Register& r) const {
    const std::string name = std::string(tgsi::kFileNames[static_cast<size_t>(r.file)]) + "[" +
                             std::to_string(r.index.index) + "]";
    if (r.file == File::kNull) return "NULL register operand";
    if (r.file == File::kImmediate) {
      if (r.index.indirect) return std::nullopt;
      if (r.index.index >= s_.immediates.size()) return name + " is not defined";
      return std::nullopt;
    }
    if (!Declared(r.file)) return std::nullopt;
    bool any = false;
    for (const auto& d : s_.declarations) {
      if (d.file != r.file) continue;
      any = true;
      if (r.file == File::kConstant && r.dimension && !r.dimension->indirect &&
          d.dimension.value_or(0) != r.dimension->index) {
        continue;
      }
      if (r.index.indirect || (d.first <= r.index.index && r.index.index <= d.last)) return std::nullopt;
    }
    if (r.index.indirect && !any) return "no declaration of the file addressed indirectly by " + name;
    if (!r.index.indirect) return name + " is not declared";
    return std::nullopt;
  }

  void CheckInstruction(size_t i) {
    const tgsi::Instruction& in = s_.instructions[i];
    const tgsi::OpcodeInfo& info = tgsi::GetOpcodeInfo(in.opcode);
    if (in.dst.size() != info.num_dst || in.src.size() != info.num_src) {
      InstError(i, "expected " + std::to_string(info.num_dst) + " dst and " + std::to_string(info.num_src) +
                       " src operands, has " + std::to_string(in.dst.size()) + " and " + std::to_string(in.src.size()));
      return;
    }
    if (in.texture_target.has_value() != info.has(tgsi::kTex)) InstError(i, "texture target mismatch");
    for (const auto& d : in.dst) {
      if (d.write_mask == 0 || d.write_mask > 15) InstError(i, "bad write mask");
      if (auto e = CheckRegister(d.reg)) InstError(i, *e);
    }
    for (const auto& src : in.src) {
      for (uint8_t c : src.swizzle) {
        if (c > 3) InstError(i, "swizzle component > 3");
      }
      if (auto e = CheckRegister(src.reg)) InstError(i, *e);
    }
  }

  void CheckFlow() {
    struct Open {
      Opcode op;
      size_t at;
    };
    std::vector<Open> stack;
    int ends = 0;
    const auto& insts = s_.instructions;
    auto expect_label = [&](size_t from, size_t to) {
      const auto& label = insts[from].label;
      if (label && *label != 0 && *label != to) {
        InstError(from, "label :" + std::to_string(*label) + " should be :" + std::to_string(to));
      }
    };
    auto inside = [&](std::initializer_list<Opcode> ops) {
      for (auto it = stack.rbegin(); it != stack.rend(); ++it) {
        if (it->op == Opcode::BGNSUB) return false;
        for (Opcode o : ops) {
          if (it->op == o) return true;
        }
      }
      return false;
    };
    for (size_t i = 0; i < insts.size(); ++i) {
      const Opcode op = insts[i].opcode;
      const Opcode top = stack.empty() ? Opcode::NOP : stack.back().op;
      switch (op) {
        case Opcode::IF: case Opcode::UIF: case Opcode::BGNLOOP: case Opcode::BGNSUB: case Opcode::SWITCH:
          stack.push_back({op, i});
          break;
        case Opcode::ELSE:
          if (top != Opcode::IF && top != Opcode::UIF) {
            InstError(i, "ELSE without IF");
            break;
          }
          expect_label(stack.back().at, i);
          stack.back() = {Opcode::ELSE, i};
          break;
        case Opcode::ENDIF:
          if (top != Opcode::IF && top != Opcode::UIF && top != Opcode::ELSE) {
            InstError(i, "ENDIF without IF");
            break;
          }
          expect_label(stack.back().at, i);
          stack.pop_back();
          break;
        case Opcode::ENDLOOP: case Opcode::ENDSUB: case Opcode::ENDSWITCH: {
          const Opcode open = op == Opcode::ENDLOOP ? Opcode::BGNLOOP
                              : op == Opcode::ENDSUB ? Opcode::BGNSUB : Opcode::SWITCH;
          if (top != open) {
            InstError(i, "unbalanced " + std::string(tgsi::OpcodeName(op)));
            break;
          }
          stack.pop_back();
          break;
        }
        case Opcode::BRK:
          if (!inside({Opcode::BGNLOOP, Opcode::SWITCH})) InstError(i, "BRK outside a loop or switch");
          break;
        case Opcode::CONT:
          if (!inside({Opcode::BGNLOOP})) InstError(i, "CONT outside a loop");
          break;
        case Opcode::CAL: {
          const auto& label = insts[i].label;
          if (!label || *label >= insts.size() || insts[*label].opcode != Opcode::BGNSUB) {
            InstError(i, "CAL label does not point at a BGNSUB");
          }
          break;
        }
        case Opcode::END:
          ++ends;
          if (!stack.empty()) InstError(i, "END inside an open " + std::string(tgsi::OpcodeName(top)));
          break;
        default:
          break;
      }
    }
    for (const Open& o : stack) InstError(o.at, "never closed");
    if (ends != 1) Error("expected exactly one END, found " + std::to_string(ends));
  }

  const tgsi::Shader& s_;
  std::vector<std::string> errors_;
};

}  // namespace

std::vector<std::string> ValidateTgsi(const tgsi::Shader& shader) { return Validator(shader).Run(); }

}  // namespace shaderdiff::compiler
