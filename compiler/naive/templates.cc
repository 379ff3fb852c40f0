#include "compiler/naive/templates.h"

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

bool IsDirectGpr(const Inst& inst, int k) {
  const tgsi::Register& r = inst.in.src[k].reg;
  return RegisterMap::IsGprFile(r.file) && !r.index.indirect && !r.dimension;
}

void LoadWord(Inst& inst, const Operand& dst, uint32_t word) { inst.Emit(Mov(dst, a3xx::ImmOperand(word))); }

}  // namespace shaderdiff::naive
