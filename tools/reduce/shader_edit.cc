// Edits of a TGSI shader tree for the reducer (shader_edit.h).
#include "tools/reduce/shader_edit.h"

#include <functional>
#include <map>

#include "compiler/tgsi/printer.h"
#include "compiler/tgsi/validate.h"

namespace shaderdiff::reduce {

using tgsi::Opcode;

std::optional<tgsi::Shader> Revalidate(const tgsi::Shader& shader, std::string* text) {
  std::string printed = tgsi::PrintShader(shader);
  tgsi::FrontDoorResult r = tgsi::ParseAndValidate(printed);
  if (!r.ok()) return std::nullopt;
  if (text) *text = std::move(printed);
  return std::move(r.shader);
}

uint32_t InstructionCount(const tgsi::Shader& shader) { return static_cast<uint32_t>(shader.instructions.size()); }

bool IsFlowMarker(Opcode op) {
  switch (op) {
    case Opcode::IF: case Opcode::UIF: case Opcode::ELSE: case Opcode::ENDIF:
    case Opcode::BGNLOOP: case Opcode::ENDLOOP: case Opcode::SWITCH: case Opcode::CASE:
    case Opcode::DEFAULT: case Opcode::ENDSWITCH: case Opcode::BGNSUB: case Opcode::ENDSUB:
    case Opcode::END:
      return true;
    default:
      return false;
  }
}

std::vector<FlowConstruct> FlowConstructs(const tgsi::Shader& shader) {
  std::vector<FlowConstruct> out;
  std::vector<size_t> open;  // indices into out
  for (uint32_t i = 0; i < shader.instructions.size(); ++i) {
    switch (shader.instructions[i].opcode) {
      case Opcode::IF: case Opcode::UIF: case Opcode::BGNLOOP: case Opcode::SWITCH: case Opcode::BGNSUB:
        open.push_back(out.size());
        out.emplace_back().open = i;
        break;
      case Opcode::ELSE:
        if (!open.empty()) out[open.back()].middle = i;
        break;
      case Opcode::ENDIF: case Opcode::ENDLOOP: case Opcode::ENDSWITCH: case Opcode::ENDSUB:
        if (!open.empty()) {
          out[open.back()].close = i;
          open.pop_back();
        }
        break;
      default:
        break;
    }
  }
  return out;
}

namespace {

// IF/UIF/ELSE labels other than the legacy ":0" name the matching ELSE/ENDIF.
void RelabelBranches(tgsi::Shader& shader) {
  for (const FlowConstruct& c : FlowConstructs(shader)) {
    tgsi::Instruction& open = shader.instructions[c.open];
    if (open.opcode != Opcode::IF && open.opcode != Opcode::UIF) continue;
    if (open.label && *open.label != 0) open.label = c.middle ? *c.middle : c.close;
    if (c.middle) {
      tgsi::Instruction& middle = shader.instructions[*c.middle];
      if (middle.label && *middle.label != 0) middle.label = c.close;
    }
  }
}

}  // namespace

tgsi::Shader RemoveInstructions(const tgsi::Shader& shader, const std::vector<bool>& remove) {
  tgsi::Shader out = shader;
  out.items.clear();
  out.instructions.clear();
  std::vector<uint32_t> new_index(shader.instructions.size(), UINT32_MAX);
  for (uint32_t i = 0; i < shader.instructions.size(); ++i) {
    if (i < remove.size() && remove[i]) continue;
    new_index[i] = static_cast<uint32_t>(out.instructions.size());
    out.instructions.push_back(shader.instructions[i]);
  }
  for (tgsi::Instruction& inst : out.instructions) {
    if (inst.opcode == Opcode::CAL && inst.label && *inst.label < new_index.size()) {
      // A removed BGNSUB leaves the label dangling; the front door refuses it.
      const uint32_t target = new_index[*inst.label];
      inst.label = target == UINT32_MAX ? static_cast<uint32_t>(out.instructions.size()) : target;
    }
  }
  RelabelBranches(out);
  return out;
}

uint32_t AddImmediate(tgsi::Shader& shader, const std::array<uint32_t, 4>& words) {
  for (uint32_t i = 0; i < shader.immediates.size(); ++i) {
    const tgsi::Immediate& existing = shader.immediates[i];
    if (existing.words == words && (existing.type == tgsi::ImmediateType::kFloat32 ||
                                    existing.type == tgsi::ImmediateType::kUint32 ||
                                    existing.type == tgsi::ImmediateType::kInt32))
      return i;  // the same four words, whatever the dump calls their type
  }
  tgsi::Immediate imm;
  imm.type = tgsi::ImmediateType::kFloat32;
  imm.words = words;
  imm.float_as_hex = true;
  shader.immediates.push_back(imm);
  shader.items.clear();
  return static_cast<uint32_t>(shader.immediates.size() - 1);
}

void ForEachRegister(tgsi::Shader& shader, const std::function<void(tgsi::Register&)>& visit) {
  for (tgsi::Instruction& inst : shader.instructions) {
    for (tgsi::DstOperand& d : inst.dst) visit(d.reg);
    for (tgsi::SrcOperand& s : inst.src) visit(s.reg);
  }
}

tgsi::Shader CompactImmediates(const tgsi::Shader& shader) {
  tgsi::Shader out = shader;
  out.items.clear();
  std::vector<bool> used(shader.immediates.size(), false);
  bool indirect = false;
  ForEachRegister(out, [&](tgsi::Register& r) {
    if (r.file != tgsi::File::kImmediate) return;
    if (r.index.indirect) indirect = true;
    else if (r.index.index < used.size()) used[r.index.index] = true;
  });
  for (const tgsi::Instruction& inst : shader.instructions) {
    for (const tgsi::TexOffset& t : inst.tex_offsets) {
      if (t.file == tgsi::File::kImmediate && t.index < used.size()) used[t.index] = true;
    }
  }
  if (indirect) return out;  // IMM[ADDR[0].x+n] may read any of them
  std::vector<uint32_t> new_index(used.size(), 0);
  out.immediates.clear();
  for (uint32_t i = 0; i < used.size(); ++i) {
    if (!used[i]) continue;
    new_index[i] = static_cast<uint32_t>(out.immediates.size());
    out.immediates.push_back(shader.immediates[i]);
  }
  ForEachRegister(out, [&](tgsi::Register& r) {
    if (r.file == tgsi::File::kImmediate && r.index.index < new_index.size()) r.index.index = new_index[r.index.index];
  });
  for (tgsi::Instruction& inst : out.instructions) {
    for (tgsi::TexOffset& t : inst.tex_offsets) {
      if (t.file == tgsi::File::kImmediate && t.index < new_index.size()) t.index = new_index[t.index];
    }
  }
  return out;
}

tgsi::Shader RenumberTemporaries(const tgsi::Shader& shader) {
  tgsi::Shader out = shader;
  out.items.clear();
  for (const tgsi::Declaration& d : shader.declarations) {
    if (d.file == tgsi::File::kTemporary && d.array_id != 0) return out;
  }
  bool indirect = false;
  std::map<uint32_t, uint32_t> new_index;  // old -> new, in order of first appearance
  std::vector<uint32_t> order;
  ForEachRegister(out, [&](tgsi::Register& r) {
    if (r.file != tgsi::File::kTemporary) return;
    if (r.index.indirect) indirect = true;
    if (new_index.emplace(r.index.index, static_cast<uint32_t>(new_index.size())).second) order.push_back(r.index.index);
  });
  if (indirect) return out;
  ForEachRegister(out, [&](tgsi::Register& r) {
    if (r.file == tgsi::File::kTemporary) r.index.index = new_index[r.index.index];
  });
  std::vector<tgsi::Declaration> declarations;
  bool placed = false;
  for (const tgsi::Declaration& d : shader.declarations) {
    if (d.file != tgsi::File::kTemporary) {
      declarations.push_back(d);
      continue;
    }
    if (placed) continue;
    placed = true;
    if (order.empty()) continue;
    tgsi::Declaration temps = d;
    temps.first = 0;
    temps.last = static_cast<uint32_t>(order.size() - 1);
    temps.local = false;
    declarations.push_back(temps);
  }
  out.declarations = std::move(declarations);
  return out;
}

}  // namespace shaderdiff::reduce
