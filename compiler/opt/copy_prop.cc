// Copy propagation (see copy_prop.h).
#include "compiler/opt/copy_prop.h"

#include "compiler/support/mutant.h"
#include "emulator/a3xx/isa/is_valid.h"

namespace shaderdiff::opt {

using a3xx::OperandKind;

bool IsPlainCopy(const Node& n) {
  if (n.is_meta() || n.dead || n.def_class != RegClass::kFull || n.size != 1) return false;
  const a3xx::Instr& in = n.instr;
  if (in.opcode != a3xx::Opcode::MOV) return false;
  // Test-only mutant (mutants.def).
  const bool any_type = compiler::MutantActive(compiler::Mutant::kCopyPropConversion);
  if (!any_type && (in.src_type != a3xx::Type::kU32 || in.dst_type != a3xx::Type::kU32)) return false;
  if (in.flags != 0 || in.repeat != 0 || in.round != a3xx::Round::kDefault) return false;
  const a3xx::Operand& s = in.src[0];
  if (s.neg || s.abs || s.half || in.dst.half) return false;
  switch (s.kind) {
    case OperandKind::kGpr: return n.src_value[0] != kNoValue;  // not a pinned read
    case OperandKind::kConst:
    case OperandKind::kImmediate:
      return true;
    default:
      return false;  // relative reads keep their place
  }
}

namespace {

// Test-only mutant (mutants.def): `mov.u32u32 %v, rP` of a pinned
// (relatively addressed) register treated as a copy whose operand users
// may read in its place.
bool IsForwardedPinnedRead(const Node& n) {
  if (!compiler::MutantActive(compiler::Mutant::kCopyPropPinnedRead)) return false;
  if (n.is_meta() || n.dead || n.def_class != RegClass::kFull || n.size != 1) return false;
  const a3xx::Instr& in = n.instr;
  const a3xx::Operand& s = in.src[0];
  return in.opcode == a3xx::Opcode::MOV && in.src_type == a3xx::Type::kU32 && in.dst_type == a3xx::Type::kU32 &&
         in.flags == 0 && in.repeat == 0 && s.kind == OperandKind::kGpr && n.src_value[0] == kNoValue && !s.neg &&
         !s.abs && !s.half && !in.dst.half;
}

// The copy's source as an operand another instruction's slot could take,
// with the user's modifiers; false if it cannot be expressed there.
bool FoldOperand(const a3xx::Instr& user, int slot, const a3xx::Operand& from, a3xx::Operand* out) {
  a3xx::Operand o = from;
  o.neg = user.src[slot].neg;
  o.abs = user.src[slot].abs;
  o.r = false;
  if (from.kind == OperandKind::kImmediate && user.category() != a3xx::Category::kCat1) {
    const int32_t w = static_cast<int32_t>(from.imm);
    if (w < -1024 || w > 1023) return false;
  }
  *out = o;
  return true;
}

}  // namespace

bool CopyPropagate(Function& fn, compiler::RewriteBudget* budget) {
  bool changed = false;
  for (Block& blk : fn.blocks) {
    for (ValueId u : blk.nodes) {
      Node& n = fn.node(u);
      if (n.dead) continue;
      if (!n.is_meta()) {
        for (int k = 0; k < a3xx::kNumSrcSlots; ++k) {
          const ValueId v = n.src_value[k];
          if (v == kNoValue || n.src_comp[k] != 0) continue;
          const Node& c = fn.node(v);
          if (!IsPlainCopy(c) && !IsForwardedPinnedRead(c)) continue;
          if (c.instr.src[0].kind == OperandKind::kGpr && c.src_value[0] != kNoValue) {
            const ValueId w = c.src_value[0];
            if (fn.node(w).def_class != RegClass::kFull) continue;
            if (!compiler::ShouldRewrite(budget, "copy-prop")) continue;
            n.src_value[k] = w;
            n.src_comp[k] = c.src_comp[0];
            changed = true;
            continue;
          }
          a3xx::Operand folded;
          if (!FoldOperand(n.instr, k, c.instr.src[0], &folded)) continue;
          a3xx::Instr trial = n.instr;
          trial.src[k] = folded;
          if (a3xx::IsValid(trial)) {
            if (!compiler::ShouldRewrite(budget, "copy-prop-const")) continue;
            n.instr = trial;
            n.src_value[k] = kNoValue;
            n.src_comp[k] = 0;
            changed = true;
            continue;
          }
          // mad.f32's middle factor must be a GPR: a * b commutes exactly,
          // so the const may still go in the first factor's place.
          if (n.instr.opcode != a3xx::Opcode::MAD_F32 || k != 1 || n.src_value[0] == kNoValue) continue;
          // The test-only mutant (mutants.def) also exchanges the factor
          // with the addend: a * c + b becomes c * b + a.
          const bool addend = compiler::MutantActive(compiler::Mutant::kCopyPropMadSwapAddend);
          trial = n.instr;
          std::swap(trial.src[0], trial.src[1]);
          if (addend) std::swap(trial.src[1], trial.src[2]);
          if (!FoldOperand(trial, 0, c.instr.src[0], &folded)) continue;
          trial.src[0] = folded;
          if (!a3xx::IsValid(trial)) continue;
          if (!compiler::ShouldRewrite(budget, "copy-prop-mad-swap")) continue;
          n.instr = trial;
          n.src_value[1] = n.src_value[0];
          n.src_comp[1] = n.src_comp[0];
          if (addend) {
            std::swap(n.src_value[1], n.src_value[2]);
            std::swap(n.src_comp[1], n.src_comp[2]);
          }
          n.src_value[0] = kNoValue;
          n.src_comp[0] = 0;
          changed = true;
        }
      }
      if (n.meta == Meta::kSplit || n.meta == Meta::kInput) continue;
      for (ValueId& a : n.args) {
        if (a == kNoValue) continue;  // an open output component
        const Node& c = fn.node(a);
        if (!IsPlainCopy(c) || c.instr.src[0].kind != OperandKind::kGpr || c.src_comp[0] != 0) continue;
        const ValueId w = c.src_value[0];
        if (fn.node(w).def_class != RegClass::kFull || fn.node(w).size != 1) continue;
        if (!compiler::ShouldRewrite(budget, "copy-prop")) continue;
        a = w;
        changed = true;
      }
    }
  }
  return ReadWholeVectors(fn, budget) || changed;
}

namespace {

// The vector value whose components, in order, are every arg of collect
// `c` that is not open (kNoValue), or kNoValue.
ValueId WholeVector(const Function& fn, const Node& c) {
  ValueId vec = kNoValue;
  for (size_t i = 0; i < c.args.size(); ++i) {
    if (c.args[i] == kNoValue) continue;
    const Node& s = fn.node(c.args[i]);
    if (s.meta != Meta::kSplit || s.comp != i) return kNoValue;
    if (vec != kNoValue && s.args[0] != vec) return kNoValue;
    vec = s.args[0];
  }
  if (vec == kNoValue || fn.node(vec).size != c.size || fn.node(vec).def_class != RegClass::kFull) return kNoValue;
  return vec;
}

}  // namespace

bool ReadWholeVectors(Function& fn, compiler::RewriteBudget* budget) {
  std::vector<ValueId> repl(fn.nodes.size(), kNoValue);
  bool any = false;
  for (const Block& blk : fn.blocks) {
    for (ValueId v : blk.nodes) {
      const Node& n = fn.node(v);
      if (n.dead || n.meta != Meta::kCollect) continue;
      const ValueId vec = WholeVector(fn, n);
      if (vec == kNoValue || !compiler::ShouldRewrite(budget, "copy-prop-vector")) continue;
      repl[static_cast<size_t>(v)] = vec;
      any = true;
    }
  }
  if (!any) return false;
  for (Node& n : fn.nodes) {
    if (n.dead) continue;
    for (ValueId& s : n.src_value) {
      if (s != kNoValue && repl[static_cast<size_t>(s)] != kNoValue) s = repl[static_cast<size_t>(s)];
    }
    for (ValueId& a : n.args) {
      if (a != kNoValue && repl[static_cast<size_t>(a)] != kNoValue) a = repl[static_cast<size_t>(a)];
    }
  }
  return true;
}

}  // namespace shaderdiff::opt
