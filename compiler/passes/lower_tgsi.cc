// LowerTgsi driver: walks the instructions once, asks the budget at every
// lowerable site, lets lower_tgsi_rules.cc emit the replacement, then remaps
// labels and rebuilds Shader::items with the scratch DCL and IMM.
//
// Label remapping: new_index[i] = position of old instruction i's first
// replacement (new_index[n] = new instruction count); every label L <= n is
// replaced by new_index[L]. Label targets (ELSE/ENDIF/ENDLOOP/BGNSUB) are
// never lowered, so they keep pointing at the same instruction; a legacy
// ":0" stays 0.
#include "compiler/passes/lower_tgsi.h"

#include <algorithm>
#include <cctype>

#include "compiler/passes/lower_tgsi_builder.h"
#include "compiler/passes/lower_tgsi_rules.h"

namespace shaderdiff::compiler {
namespace {

using tgsi::File;
using tgsi::ItemKind;
using tgsi::Opcode;

uint32_t FirstFreeTemp(const tgsi::Shader& s) {
  uint32_t next = 0;
  for (const auto& d : s.declarations) {
    if (d.file == File::kTemporary) next = std::max(next, d.last + 1);
  }
  auto see = [&](const tgsi::Register& r) {
    if (r.file == File::kTemporary && !r.index.indirect) next = std::max(next, r.index.index + 1);
  };
  for (const auto& inst : s.instructions) {
    for (const auto& d : inst.dst) see(d.reg);
    for (const auto& src : inst.src) see(src.reg);
  }
  return next;
}

std::string RewriteName(Opcode op) {
  std::string name = "lower-";
  for (char c : tgsi::OpcodeName(op)) name += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return name;
}

// Inserts the scratch DCL after the last declaration preceding the first
// instruction and the IMM just before the first instruction; instruction
// items expand to their replacements.
std::vector<tgsi::Item> RebuildItems(const tgsi::Shader& in, const std::vector<uint32_t>& new_index,
                                     std::optional<uint32_t> new_decl, std::optional<uint32_t> new_imm) {
  const auto& items = in.items;
  size_t first_inst = items.size();
  for (size_t p = 0; p < items.size(); ++p) {
    if (items[p].kind == ItemKind::kInstruction) {
      first_inst = p;
      break;
    }
  }
  size_t decl_pos = first_inst;  // insert before this position
  for (size_t p = 0; p < first_inst; ++p) {
    if (items[p].kind == ItemKind::kDeclaration) decl_pos = p + 1;
  }
  std::vector<tgsi::Item> out;
  auto extras = [&](size_t p) {
    if (p == decl_pos && new_decl) out.push_back({ItemKind::kDeclaration, *new_decl});
    if (p == first_inst && new_imm) out.push_back({ItemKind::kImmediate, *new_imm});
  };
  for (size_t p = 0; p < items.size(); ++p) {
    extras(p);
    const tgsi::Item& item = items[p];
    if (item.kind != ItemKind::kInstruction) {
      out.push_back(item);
      continue;
    }
    if (item.index + 1 >= new_index.size()) continue;  // out of range: dropped, as the printer skips it
    for (uint32_t i = new_index[item.index]; i < new_index[item.index + 1]; ++i) {
      out.push_back({ItemKind::kInstruction, i});
    }
  }
  extras(items.size());
  return out;
}

}  // namespace

const std::vector<Opcode>& LowerableOpcodes() {
  static const std::vector<Opcode> kOps = {
      Opcode::DP2, Opcode::DP3,  Opcode::DP4, Opcode::DPH, Opcode::DP2A,  Opcode::LRP, Opcode::POW,
      Opcode::DIV, Opcode::SSG,  Opcode::FRC, Opcode::SUB, Opcode::ABS,   Opcode::CLAMP, Opcode::CND,
      Opcode::XPD, Opcode::X2D,  Opcode::NRM, Opcode::NRM4, Opcode::SFL,  Opcode::STR, Opcode::SCS,
      Opcode::DST, Opcode::LIT,  Opcode::EXP, Opcode::LOG,
  };
  return kOps;
}

LowerResult LowerTgsi(const tgsi::Shader& in, const LowerOptions& options, RewriteBudget* budget) {
  static const std::vector<bool> lowerable = [] {  // by opcode: one of LowerableOpcodes()
    std::vector<bool> v;
    for (Opcode op : LowerableOpcodes()) {
      const size_t i = static_cast<size_t>(op);
      if (i >= v.size()) v.resize(i + 1, false);
      v[i] = true;
    }
    return v;
  }();
  const auto is_lowerable = [](Opcode op) {
    const size_t i = static_cast<size_t>(op);
    return i < lowerable.size() && lowerable[i];
  };
  lowering::Scratch scratch;
  scratch.first_temp = FirstFreeTemp(in);
  scratch.imm_index = static_cast<uint32_t>(in.immediates.size());

  LowerResult result;
  const size_t n = in.instructions.size();
  // No instruction this call could lower: the shader is in's, each
  // instruction its own origin (as the loop below would find, without
  // copying every instruction into a list it then drops).
  if (std::none_of(in.instructions.begin(), in.instructions.end(), [&](const tgsi::Instruction& inst) {
        return is_lowerable(inst.opcode) && options.Lowers(inst.opcode);
      })) {
    result.origin.resize(n);
    for (size_t i = 0; i < n; ++i) result.origin[i] = static_cast<uint32_t>(i);
    result.shader = in;
    return result;
  }
  std::vector<tgsi::Instruction> out;
  std::vector<uint32_t> new_index(n + 1);
  for (size_t i = 0; i < n; ++i) {
    new_index[i] = static_cast<uint32_t>(out.size());
    const tgsi::Instruction& inst = in.instructions[i];
    if (is_lowerable(inst.opcode) && options.Lowers(inst.opcode) &&
        ShouldRewrite(budget, RewriteName(inst.opcode))) {
      lowering::SiteBuilder b(inst, &scratch, &out);
      lowering::LowerInstruction(b, options);
      ++result.rewrites;
    } else {
      out.push_back(inst);
    }
  }
  new_index[n] = static_cast<uint32_t>(out.size());
  result.origin.resize(out.size());
  for (size_t i = 0; i < n; ++i) {
    for (uint32_t j = new_index[i]; j < new_index[i + 1]; ++j) result.origin[j] = static_cast<uint32_t>(i);
  }

  if (result.rewrites == 0) {
    result.shader = in;
    return result;
  }
  for (auto& inst : out) {
    if (inst.label && *inst.label <= n) inst.label = new_index[*inst.label];
  }

  tgsi::Shader& s = result.shader;
  s.processor = in.processor;
  s.properties = in.properties;
  s.declarations = in.declarations;
  s.immediates = in.immediates;
  s.instructions = std::move(out);
  std::optional<uint32_t> new_decl, new_imm;
  if (scratch.temps_used > 0) {
    tgsi::Declaration d;
    d.file = File::kTemporary;
    d.first = scratch.first_temp;
    d.last = scratch.first_temp + scratch.temps_used - 1;
    new_decl = static_cast<uint32_t>(s.declarations.size());
    s.declarations.push_back(d);
  }
  if (scratch.imm_used) {
    tgsi::Immediate imm;
    imm.type = tgsi::ImmediateType::kFloat32;
    imm.words = {0x00000000u, 0x3f800000u, 0x43000000u, 0x3f000000u};  // 0.0, 1.0, 128.0, 0.5
    new_imm = static_cast<uint32_t>(s.immediates.size());
    s.immediates.push_back(imm);
  }
  if (!in.items.empty()) s.items = RebuildItems(in, new_index, new_decl, new_imm);
  return result;
}

}  // namespace shaderdiff::compiler
