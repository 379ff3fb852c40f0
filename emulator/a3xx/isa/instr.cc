// Instr helpers: which source slots an instruction uses, and debug dumps.
#include "emulator/a3xx/isa/instr.h"

#include <sstream>

namespace shaderdiff::a3xx {

bool SourcePresent(const OpcodeInfo& info, const Instr& instr, int slot) {
  if (slot < 0 || slot >= kNumSrcSlots) return false;
  if (info.category != Category::kCat5) return slot < info.num_srcs;
  switch (slot) {
    case 0:
      return info.num_srcs >= 1;
    case 1:
      return info.num_srcs >= 2 || (info.num_srcs >= 1 && (instr.tex_flags & kTexOffsets));
    default:
      return (instr.tex_flags & kTexS2en) != 0;
  }
}

std::string DebugString(const Operand& o) {
  std::ostringstream out;
  out << "{" << OperandKindName(o.kind);
  if (o.kind != OperandKind::kNone) {
    out << " num=" << o.num << " offset=" << o.offset << " imm=0x" << std::hex << o.imm << std::dec;
    if (o.half) out << " half";
    if (o.neg) out << " neg";
    if (o.abs) out << " abs";
    if (o.r) out << " r";
  } else if (o != Operand{}) {
    out << " (non-default members!)";
  }
  out << "}";
  return out.str();
}

std::string DebugString(const Instr& in) {
  std::ostringstream out;
  out << OpcodeName(in.opcode) << " flags=0x" << std::hex << int(in.flags) << std::dec
      << " repeat=" << int(in.repeat) << " nop=" << int(in.nop) << " dst=" << DebugString(in.dst);
  for (int i = 0; i < kNumSrcSlots; ++i) out << " src" << i << "=" << DebugString(in.src[i]);
  out << " branch=" << in.branch << " pred=" << (in.pred_inv ? "!" : "") << int(in.pred_comp)
      << " types=" << TypeName(in.src_type) << "," << TypeName(in.dst_type)
      << " round=" << int(in.round) << " cond=" << int(in.cond) << " tex_flags=0x" << std::hex
      << int(in.tex_flags) << " wrmask=0x" << int(in.wrmask) << std::dec << " samp=" << int(in.samp)
      << " tex=" << int(in.tex) << " type=" << TypeName(in.type) << " mem_offset=" << in.mem_offset
      << " mem_size=" << in.mem_size << " typed=" << in.typed << " dims=" << int(in.dims)
      << " type_size=" << int(in.type_size);
  return out.str();
}

}  // namespace shaderdiff::a3xx
