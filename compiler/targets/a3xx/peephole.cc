// Peephole rewrites (see peephole.h). Blocks are walked in order, so the
// operands of a bool-logic op have already been rewritten when it is seen.
#include "compiler/targets/a3xx/peephole.h"

#include "compiler/opt/const_fold.h"
#include "compiler/support/mutant.h"
#include "emulator/a3xx/isa/is_valid.h"

namespace shaderdiff::opt {

namespace {

using a3xx::Opcode;
using a3xx::OperandKind;

constexpr uint32_t kOneF = 0x3f800000;

bool IsPlainOperand(const a3xx::Operand& o) { return !o.neg && !o.abs && !o.half && !o.r; }

bool IsBitLogic(Opcode op) { return op == Opcode::AND_B || op == Opcode::OR_B || op == Opcode::XOR_B; }

// Whether value v is 0 or 1 in every lane: a full-precision compare, or a
// bitwise and/or/xor of two such values.
bool IsBool01(const Function& fn, ValueId v, int depth = 0) {
  const Node& n = fn.node(v);
  if (n.is_meta() || n.def_class != RegClass::kFull || n.instr.flags != 0 || n.instr.dst.half || depth > 8) return false;
  switch (n.instr.opcode) {
    case Opcode::CMPS_F:
    case Opcode::CMPS_U:
    case Opcode::CMPS_S:
      return true;
    case Opcode::AND_B:
    case Opcode::OR_B:
    case Opcode::XOR_B:
      for (int k = 0; k < 2; ++k) {
        if (n.src_value[k] == kNoValue || n.src_comp[k] != 0 || !IsPlainOperand(n.instr.src[k])) return false;
        if (!IsBool01(fn, n.src_value[k], depth + 1)) return false;
      }
      return true;
    default:
      return false;
  }
}

// %m = absneg.s (neg)%t with %t a 0/1 boolean: returns %t.
ValueId NegatedBool(const Function& fn, ValueId m) {
  const Node& n = fn.node(m);
  if (n.is_meta() || n.instr.opcode != Opcode::ABSNEG_S || n.def_class != RegClass::kFull || n.instr.flags != 0) {
    return kNoValue;
  }
  const a3xx::Operand& s = n.instr.src[0];
  if (!s.neg || s.abs || s.half || n.instr.dst.half || n.src_value[0] == kNoValue || n.src_comp[0] != 0) return kNoValue;
  return IsBool01(fn, n.src_value[0]) ? n.src_value[0] : kNoValue;
}

// The 0/1 boolean source slot k of `n` negates, if it is one.
ValueId NegatedBoolSource(const Function& fn, const Node& n, int k) {
  if (n.src_value[k] == kNoValue || n.src_comp[k] != 0 || !IsPlainOperand(n.instr.src[k])) return kNoValue;
  return NegatedBool(fn, n.src_value[k]);
}

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

bool IsCandidate(const Node& n) {
  return !n.dead && !n.is_meta() && n.def_class == RegClass::kFull && n.instr.flags == 0 && !n.instr.dst.half &&
         n.size == 1;
}

// u = op(-a, -b)  ->  w = op(a, b); u = absneg.s (neg)w
void RewriteBoolLogic(Function& fn, Block& blk, size_t pos, ValueId a, ValueId b) {
  const ValueId u = blk.nodes[pos];
  Node w = fn.node(u);
  w.src_value = {a, b, kNoValue};
  w.src_comp = {0, 0, 0};
  w.deps.clear();
  w.tgsi_comps = 0;  // an intermediate now: u keeps the final value
  const ValueId wid = fn.Add(std::move(w));
  blk.nodes.insert(blk.nodes.begin() + static_cast<std::ptrdiff_t>(pos), wid);
  Node& n = fn.node(u);
  a3xx::Instr neg;
  neg.opcode = Opcode::ABSNEG_S;
  neg.dst = n.instr.dst;
  neg.src[0] = a3xx::GprOperand(0);
  neg.src[0].neg = true;
  n.instr = neg;
  n.src_value = {wid, kNoValue, kNoValue};
  n.src_comp = {0, 0, 0};
}

// u = and.b -t, 1.0f  ->  u = cov.u32f32 t
void RewriteB2f(Node& n, ValueId t) {
  a3xx::Instr cov;
  cov.opcode = Opcode::MOV;
  cov.src_type = a3xx::Type::kU32;
  cov.dst_type = a3xx::Type::kF32;
  cov.dst = n.instr.dst;
  cov.src[0] = a3xx::GprOperand(0);
  n.instr = cov;
  n.src_value = {t, kNoValue, kNoValue};
  n.src_comp = {0, 0, 0};
}

// ---- Test-only mutants (mutants.def): wrong rewrites, never run in the
// shipped compiler (compiler/support/mutant.h). Each asks the rewrite budget
// ("add-zero", "mul-zero", "shift-mask", "invert-select") as a real rewrite
// would, so `shaderdiff bisect` can name it.

// n becomes `mov.u32u32 dst, src` (src: a register holding `value`, or an
// immediate with value kNoValue).
void MakeMov(Node& n, const a3xx::Operand& src, ValueId value, uint8_t comp) {
  a3xx::Instr mov;
  mov.opcode = Opcode::MOV;
  mov.src_type = a3xx::Type::kU32;
  mov.dst_type = a3xx::Type::kU32;
  mov.dst = n.instr.dst;
  mov.src[0] = src;
  n.instr = mov;
  n.src_value = {value, kNoValue, kNoValue};
  n.src_comp = {comp, 0, 0};
}

// kPeepholeAddZero: `add.f %x, 0.0` becomes a copy of %x, which differs
// only for %x = -0 (-0 + +0 = +0).
bool MutantAddZero(Function& fn, Node& n, compiler::RewriteBudget* budget) {
  if (!IsCandidate(n) || n.instr.opcode != Opcode::ADD_F || n.instr.repeat != 0) return false;
  for (int k = 0; k < 2; ++k) {
    const std::optional<uint32_t> w = n.src_value[k] == kNoValue ? KnownSourceWord(fn, n.instr, k) : std::nullopt;
    const int x = 1 - k;
    if (!w || *w != 0 || n.src_value[x] == kNoValue || !IsPlainOperand(n.instr.src[x])) continue;
    if (!compiler::ShouldRewrite(budget, "add-zero")) return false;
    MakeMov(n, a3xx::GprOperand(0), n.src_value[x], n.src_comp[x]);
    return true;
  }
  return false;
}

// kPeepholeMulZero: `mul.f %x, 0.0` becomes 0.0, which differs for
// negative %x (-0), infinities and NaN (NaN).
bool MutantMulZero(Function& fn, Node& n, compiler::RewriteBudget* budget) {
  if (!IsCandidate(n) || n.instr.opcode != Opcode::MUL_F || n.instr.repeat != 0) return false;
  for (int k = 0; k < 2; ++k) {
    const std::optional<uint32_t> w = n.src_value[k] == kNoValue ? KnownSourceWord(fn, n.instr, k) : std::nullopt;
    if (!w || *w != 0 || n.src_value[1 - k] == kNoValue) continue;
    if (!compiler::ShouldRewrite(budget, "mul-zero")) return false;
    MakeMov(n, a3xx::ImmOperand(0), kNoValue, 0);
    return true;
  }
  return false;
}

// kPeepholeShiftMask: `shl.b %x, (and.b %n, 31)` becomes `shl.b %x, %n`
// (also shr.b, ashr.b), which is right only if the hardware masks shift
// counts itself: TGSI masks them (docs/tgsi.md §5 item 18).
bool MutantShiftMask(Function& fn, Node& n, compiler::RewriteBudget* budget) {
  const Opcode op = n.instr.opcode;
  if (!IsCandidate(n) || (op != Opcode::SHL_B && op != Opcode::SHR_B && op != Opcode::ASHR_B)) return false;
  const ValueId t = n.src_value[1];
  if (t == kNoValue || n.src_comp[1] != 0 || !IsPlainOperand(n.instr.src[1])) return false;
  const Node& mask = fn.node(t);
  if (!IsCandidate(mask) || mask.instr.opcode != Opcode::AND_B) return false;
  for (int k = 0; k < 2; ++k) {
    const std::optional<uint32_t> w =
        mask.src_value[1 - k] == kNoValue ? KnownSourceWord(fn, mask.instr, 1 - k) : std::nullopt;
    if (!w || *w != 31 || mask.src_value[k] == kNoValue || !IsPlainOperand(mask.instr.src[k])) continue;
    if (!compiler::ShouldRewrite(budget, "shift-mask")) return false;
    n.src_value[1] = mask.src_value[k];
    n.src_comp[1] = mask.src_comp[k];
    return true;
  }
  return false;
}

// kPeepholeInvertedCompare: `sel.b32 %d, %a, %t, %b` with %t = cmps.f.<c>
// becomes `sel.b32 %d, %b, %t', %a` with %t' = cmps.f.<not c>: the same
// for ordered operands, wrong when one is NaN (both compares are false).
bool MutantInvertSelect(Function& fn, int32_t block, size_t pos, compiler::RewriteBudget* budget) {
  const ValueId u = fn.blocks[static_cast<size_t>(block)].nodes[pos];
  const Node& n = fn.node(u);
  if (!IsCandidate(n) || n.instr.opcode != Opcode::SEL_B32 || n.instr.repeat != 0) return false;
  const ValueId t = n.src_value[1];
  if (t == kNoValue || n.src_comp[1] != 0 || !IsPlainOperand(n.instr.src[1])) return false;
  const Node& cmp = fn.node(t);
  if (!IsCandidate(cmp) || cmp.instr.opcode != Opcode::CMPS_F) return false;
  a3xx::Cond inverted;
  switch (cmp.instr.cond) {
    case a3xx::Cond::kLt: inverted = a3xx::Cond::kGe; break;
    case a3xx::Cond::kLe: inverted = a3xx::Cond::kGt; break;
    case a3xx::Cond::kGt: inverted = a3xx::Cond::kLe; break;
    case a3xx::Cond::kGe: inverted = a3xx::Cond::kLt; break;
    default: return false;
  }
  if (!compiler::ShouldRewrite(budget, "invert-select")) return false;
  a3xx::Instr swapped = n.instr;
  std::swap(swapped.src[0], swapped.src[2]);
  if (!a3xx::IsValid(swapped)) return false;
  Node w = cmp;
  w.instr.cond = inverted;
  w.block = block;
  w.deps.clear();
  const ValueId wid = fn.Add(std::move(w));
  std::vector<ValueId>& nodes = fn.blocks[static_cast<size_t>(block)].nodes;
  nodes.insert(nodes.begin() + static_cast<std::ptrdiff_t>(pos), wid);
  Node& sel = fn.node(u);
  sel.instr = swapped;
  std::swap(sel.src_value[0], sel.src_value[2]);
  std::swap(sel.src_comp[0], sel.src_comp[2]);
  sel.src_value[1] = wid;
  return true;
}

}  // namespace

bool Peephole(Function& fn, compiler::RewriteBudget* budget) {
  bool changed = false;
  for (Block& blk : fn.blocks) {
    for (size_t pos = 0; pos < blk.nodes.size(); ++pos) {
      const ValueId u = blk.nodes[pos];
      if ((compiler::MutantActive(compiler::Mutant::kPeepholeAddZero) && MutantAddZero(fn, fn.node(u), budget)) ||
          (compiler::MutantActive(compiler::Mutant::kPeepholeMulZero) && MutantMulZero(fn, fn.node(u), budget)) ||
          (compiler::MutantActive(compiler::Mutant::kPeepholeShiftMask) && MutantShiftMask(fn, fn.node(u), budget))) {
        changed = true;
        continue;
      }
      if (!IsCandidate(fn.node(u))) {
        // bool-neg only (side-effect and other users).
      } else if (IsBitLogic(fn.node(u).instr.opcode)) {
        const Node& n = fn.node(u);
        const ValueId a = NegatedBoolSource(fn, n, 0);
        const ValueId b = NegatedBoolSource(fn, n, 1);
        if (a != kNoValue && b != kNoValue && compiler::ShouldRewrite(budget, "bool-logic")) {
          RewriteBoolLogic(fn, blk, pos, a, b);
          ++pos;  // u moved one place down
          changed = true;
          continue;
        }
        if (n.instr.opcode == Opcode::AND_B) {
          for (int k = 0; k < 2; ++k) {
            const ValueId t = NegatedBoolSource(fn, n, k);
            const std::optional<uint32_t> w = n.src_value[1 - k] == kNoValue ? KnownSourceWord(fn, n.instr, 1 - k)
                                                                              : std::nullopt;
            if (t == kNoValue || !w || *w != kOneF) continue;
            if (!compiler::ShouldRewrite(budget, "b2f")) continue;
            RewriteB2f(fn.node(u), t);
            changed = true;
            break;
          }
          continue;
        }
      }
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
      // After bool-neg, which lets a select test the compare itself.
      if (compiler::MutantActive(compiler::Mutant::kPeepholeInvertedCompare) &&
          MutantInvertSelect(fn, static_cast<int32_t>(&blk - fn.blocks.data()), pos, budget)) {
        ++pos;  // u moved one place down
        changed = true;
      }
    }
  }
  return changed;
}

}  // namespace shaderdiff::opt
