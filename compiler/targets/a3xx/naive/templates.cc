#include "compiler/targets/a3xx/naive/templates.h"

namespace shaderdiff::naive {

namespace {

TemplateTable BuildTable() {
  TemplateTable t{};
  AddFloatTemplates(t);
  AddIntTemplates(t);
  AddTextureTemplates(t);
  return t;
}

}  // namespace

Template FindTemplate(tgsi::Opcode op) {
  static const TemplateTable table = BuildTable();
  return table[static_cast<size_t>(op)];
}

std::string NoTemplateReason(tgsi::Opcode op) {
  std::string why = "opcode " + std::string(tgsi::OpcodeName(op));
  switch (op) {
    case tgsi::Opcode::INTERP_SAMPLE:
    case tgsi::Opcode::INTERP_OFFSET:
      // HLSQ_CONTROL_3_REG preloads center and centroid pairs only.
      return why + " (a3xx preloads i/j at the pixel center and centroid only, HLSQ_CONTROL_3_REG: no per-sample "
                   "or offset interpolation)";
    default:
      return why;
  }
}

bool IsDirectGpr(const Inst& inst, int k) {
  const tgsi::Register& r = inst.in.src[k].reg;
  return RegisterMap::IsGprFile(r.file) && !r.index.indirect && !r.dimension;
}

void LoadWord(Inst& inst, const Operand& dst, uint32_t word) { inst.Emit(Mov(dst, a3xx::ImmOperand(word))); }

}  // namespace shaderdiff::naive
