// The FieldUse table (field_use.h): built once, on first use, by asking
// FieldInUse about a probe instruction of each opcode and variant, so the
// table and the row walk cannot disagree.
#include "emulator/a3xx/isa/field_use.h"

#include <vector>

namespace shaderdiff::a3xx::internal {
namespace {

constexpr int kVariants = 8;  // .s2en x .o x (repeat == 0)

int VariantOf(const Instr& instr) {
  return ((instr.tex_flags & kTexS2en) ? 4 : 0) | ((instr.tex_flags & kTexOffsets) ? 2 : 0) | (instr.repeat == 0 ? 1 : 0);
}

FieldUse Build(Opcode op, int variant) {
  Instr probe;
  probe.opcode = op;
  probe.tex_flags = static_cast<uint8_t>(((variant & 4) ? kTexS2en : 0) | ((variant & 2) ? kTexOffsets : 0));
  probe.repeat = (variant & 1) ? 0 : 1;
  const OpcodeInfo& info = GetOpcodeInfo(op);
  FieldUse use;
  for (const Field& f : FieldsOf(info.format)) {
    if (f.kind == FieldKind::kMemOffset) use.mem_offset_bits += f.width;
    if (!FieldInUse(f, info, probe)) continue;
    const int k = static_cast<int>(f.kind);
    use.kinds_in_use |= uint64_t{1} << k;
    if (!use.narrowest[k] || f.width < use.narrowest[k]->width) use.narrowest[k] = &f;
    if (IsOperandKind(f.kind) && !use.slots[f.arg].main) use.slots[f.arg].main = &f;
    if (f.kind == FieldKind::kOperandExt && !use.slots[f.arg].ext) use.slots[f.arg].ext = &f;
  }
  return use;
}

}  // namespace

const FieldUse& FieldUseOf(const Instr& instr) {
  static const std::vector<FieldUse> table = [] {
    std::vector<FieldUse> t;
    t.reserve(static_cast<size_t>(kNumOpcodes) * kVariants);
    for (int op = 0; op < kNumOpcodes; ++op) {
      for (int v = 0; v < kVariants; ++v) t.push_back(Build(static_cast<Opcode>(op), v));
    }
    return t;
  }();
  return table[static_cast<size_t>(instr.opcode) * kVariants + VariantOf(instr)];
}

}  // namespace shaderdiff::a3xx::internal
