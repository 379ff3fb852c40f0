// Inserting instructions and the mutators' choice of sites (edit.h).
#include "fuzz/mutate/edit.h"

#include <algorithm>

#include "tools/reduce/shader_edit.h"

namespace shaderdiff::fuzz {

using tgsi::Opcode;

tgsi::Shader InsertInstructions(const tgsi::Shader& shader, uint32_t at, const std::vector<tgsi::Instruction>& insns) {
  tgsi::Shader out = shader;
  out.items.clear();
  const uint32_t n = static_cast<uint32_t>(insns.size());
  out.instructions.insert(out.instructions.begin() + std::min<size_t>(at, shader.instructions.size()), insns.begin(),
                          insns.end());
  for (uint32_t i = 0; i < out.instructions.size(); ++i) {
    tgsi::Instruction& insn = out.instructions[i];
    const bool inserted = i >= at && i < at + n;
    if (!inserted && insn.opcode == Opcode::CAL && insn.label && *insn.label >= at) *insn.label += n;
  }
  // Removing nothing recomputes the IF/UIF/ELSE labels of the new numbering.
  return reduce::RemoveInstructions(out, {});
}

uint32_t AddTemporary(tgsi::Shader& shader) {
  uint32_t next = 0;
  for (const tgsi::Declaration& d : shader.declarations) {
    if (d.file == tgsi::File::kTemporary) next = std::max(next, d.last + 1);
  }
  tgsi::Declaration decl;
  decl.file = tgsi::File::kTemporary;
  decl.first = decl.last = next;
  shader.declarations.push_back(decl);
  shader.items.clear();
  return next;
}

std::optional<uint32_t> MainEnd(const tgsi::Shader& shader) {
  int depth = 0;
  for (uint32_t i = 0; i < shader.instructions.size(); ++i) {
    const Opcode op = shader.instructions[i].opcode;
    if (op == Opcode::BGNSUB) ++depth;
    if (op == Opcode::ENDSUB) --depth;
    if (op == Opcode::END && depth == 0) return i;
  }
  return std::nullopt;
}

std::vector<uint32_t> PlainInstructions(const tgsi::Shader& shader) {
  std::vector<uint32_t> out;
  const std::optional<uint32_t> end = MainEnd(shader);
  if (!end) return out;
  for (uint32_t i = 0; i < *end; ++i) {
    const tgsi::Instruction& insn = shader.instructions[i];
    const tgsi::OpcodeInfo& info = tgsi::GetOpcodeInfo(insn.opcode);
    // Flow control, kills, emits and barriers have no destination.
    if (info.num_dst == 1 && !info.has(tgsi::kMem) && !reduce::IsFlowMarker(insn.opcode)) out.push_back(i);
  }
  return out;
}

bool Is32Bit(Opcode op) {
  const tgsi::OpcodeInfo& info = tgsi::GetOpcodeInfo(op);
  auto wide = [](tgsi::DataType t) {
    return t == tgsi::DataType::D || t == tgsi::DataType::I64 || t == tgsi::DataType::U64;
  };
  return !wide(info.src_type) && !wide(info.dst_type);
}

bool MovableIntoFlow(const tgsi::Instruction& insn) {
  const tgsi::OpcodeInfo& info = tgsi::GetOpcodeInfo(insn.opcode);
  if (info.has(tgsi::kTex) || info.has(tgsi::kMem) || info.num_dst != 1) return false;
  switch (insn.opcode) {
    case Opcode::DDX: case Opcode::DDY: case Opcode::DDX_FINE: case Opcode::DDY_FINE:
    case Opcode::KILL: case Opcode::KILL_IF: case Opcode::EMIT: case Opcode::ENDPRIM:
      return false;
    default:
      return Is32Bit(insn.opcode);
  }
}

bool CopyableSource(const tgsi::SrcOperand& src) {
  if (src.reg.dimension && src.reg.file != tgsi::File::kConstant) return false;  // GS inputs
  switch (src.reg.file) {
    case tgsi::File::kTemporary: case tgsi::File::kInput: case tgsi::File::kConstant:
    case tgsi::File::kImmediate: case tgsi::File::kSystemValue:
      return true;
    default:
      return false;
  }
}

bool RedirectableDestination(const tgsi::DstOperand& dst) {
  return (dst.reg.file == tgsi::File::kTemporary || dst.reg.file == tgsi::File::kOutput) && !dst.reg.dimension &&
         !dst.reg.index.indirect;
}

tgsi::SrcOperand TempSource(uint32_t index) {
  tgsi::SrcOperand s;
  s.reg.file = tgsi::File::kTemporary;
  s.reg.index.index = index;
  return s;
}

tgsi::SrcOperand ImmediateSource(uint32_t index) {
  tgsi::SrcOperand s;
  s.reg.file = tgsi::File::kImmediate;
  s.reg.index.index = index;
  return s;
}

tgsi::DstOperand TempDestination(uint32_t index, uint8_t mask) {
  tgsi::DstOperand d;
  d.reg.file = tgsi::File::kTemporary;
  d.reg.index.index = index;
  d.write_mask = mask;
  return d;
}

tgsi::Instruction MakeInstruction(Opcode op, std::vector<tgsi::DstOperand> dst, std::vector<tgsi::SrcOperand> src) {
  tgsi::Instruction insn;
  insn.opcode = op;
  insn.dst = std::move(dst);
  insn.src = std::move(src);
  return insn;
}

}  // namespace shaderdiff::fuzz
