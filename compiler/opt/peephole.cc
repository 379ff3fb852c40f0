// Peephole rewrites (see peephole.h).
#include "compiler/opt/peephole.h"

namespace shaderdiff::opt {

namespace {

using a3xx::Opcode;
using a3xx::OperandKind;

bool IsCompare(const Node& n) {
  if (n.is_meta() || n.def_class != RegClass::kFull) return false;
  switch (n.instr.opcode) {
    case Opcode::CMPS_F:
    case Opcode::CMPS_U:
    case Opcode::CMPS_S:
      return !n.instr.dst.half && n.instr.flags == 0;
    default:
      return false;
  }
}

// %m = absneg.s (neg)%t, %t a full-precision compare: returns %t.
ValueId NegatedBool(const Function& fn, ValueId m) {
  const Node& n = fn.node(m);
  if (n.is_meta() || n.instr.opcode != Opcode::ABSNEG_S || n.def_class != RegClass::kFull || n.instr.flags != 0) {
    return kNoValue;
  }
  const a3xx::Operand& s = n.instr.src[0];
  if (!s.neg || s.abs || s.half || n.instr.dst.half || n.src_value[0] == kNoValue || n.src_comp[0] != 0) return kNoValue;
  return IsCompare(fn.node(n.src_value[0])) ? n.src_value[0] : kNoValue;
}

bool IsPlainOperand(const a3xx::Operand& o) { return !o.neg && !o.abs && !o.half && !o.r; }

// Whether source slot k of `u` only tests its value against zero.
bool IsZeroTest(const Node& u, int k) {
  if (u.is_meta() || !IsPlainOperand(u.instr.src[k])) return false;
  const a3xx::Instr& in = u.instr;
  if (in.opcode == Opcode::SEL_B32) return k == 1;
  if ((in.opcode == Opcode::CMPS_U || in.opcode == Opcode::CMPS_S) &&
      (in.cond == a3xx::Cond::kEq || in.cond == a3xx::Cond::kNe) && k <= 1) {
    const a3xx::Operand& other = in.src[1 - k];
    return other.kind == OperandKind::kImmediate && other.imm == 0 && IsPlainOperand(other);
  }
  return false;
}

}  // namespace

bool Peephole(Function& fn, compiler::RewriteBudget* budget) {
  bool changed = false;
  for (Block& blk : fn.blocks) {
    for (ValueId u : blk.nodes) {
      Node& n = fn.node(u);
      if (n.dead || n.is_meta()) continue;
      for (int k = 0; k < a3xx::kNumSrcSlots; ++k) {
        const ValueId m = n.src_value[k];
        if (m == kNoValue || n.src_comp[k] != 0) continue;
        const ValueId t = NegatedBool(fn, m);
        if (t == kNoValue || !IsZeroTest(n, k)) continue;
        if (!compiler::ShouldRewrite(budget, "bool-neg")) continue;
        n.src_value[k] = t;
        changed = true;
      }
    }
  }
  return changed;
}

}  // namespace shaderdiff::opt
