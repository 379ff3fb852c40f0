// Constant folding (see const_fold.h).
#include "compiler/opt/const_fold.h"

#include <optional>

#include "compiler/support/mutant.h"

namespace shaderdiff::opt {

namespace {

using a3xx::Opcode;
using a3xx::OperandKind;

}  // namespace

std::optional<uint32_t> KnownSourceWord(const Function& fn, const a3xx::Instr& in, int k) {
  const a3xx::Operand& o = in.src[k];
  if (o.neg || o.abs || o.half || o.r) return std::nullopt;
  if (o.kind == OperandKind::kImmediate) return o.imm;
  if (o.kind == OperandKind::kConst) {
    for (const a3xx::ImmediateConst& ic : fn.state.immediates) {
      if (ic.const_vec4 == o.num / 4) return ic.words[o.num % 4];
    }
  }
  return std::nullopt;
}

namespace {

std::optional<uint32_t> Eval(Opcode op, uint32_t a, uint32_t b) {
  switch (op) {
    case Opcode::ADD_U:
    case Opcode::ADD_S: return a + b;
    case Opcode::SUB_U:
    case Opcode::SUB_S: return a - b;
    case Opcode::AND_B: return a & b;
    case Opcode::OR_B: return a | b;
    case Opcode::XOR_B: return a ^ b;
    case Opcode::MIN_U: return a < b ? a : b;
    case Opcode::MAX_U: return a > b ? a : b;
    case Opcode::MIN_S: return static_cast<int32_t>(a) < static_cast<int32_t>(b) ? a : b;
    case Opcode::MAX_S: return static_cast<int32_t>(a) > static_cast<int32_t>(b) ? a : b;
    default: return std::nullopt;
  }
}

void MakeMovImm(Node& n, uint32_t word) {
  a3xx::Instr m;
  m.opcode = Opcode::MOV;
  m.src_type = a3xx::Type::kU32;
  m.dst_type = a3xx::Type::kU32;
  m.dst = n.instr.dst;
  m.src[0] = a3xx::ImmOperand(word);
  n.instr = m;
  n.src_value = {kNoValue, kNoValue, kNoValue};
  n.src_comp = {0, 0, 0};
}

}  // namespace

bool FoldConstants(Function& fn, compiler::RewriteBudget* budget) {
  bool changed = false;
  for (Block& blk : fn.blocks) {
    for (ValueId v : blk.nodes) {
      Node& n = fn.node(v);
      if (n.dead || n.is_meta() || n.def_class != RegClass::kFull || n.instr.flags != 0 || n.instr.dst.half) continue;
      const a3xx::Instr& in = n.instr;
      // The test-only mutant (mutants.def) folds a converting mov (cov) too.
      const bool any_type = compiler::MutantActive(compiler::Mutant::kConstFoldConversion);
      const bool plain = in.src_type == a3xx::Type::kU32 && in.dst_type == a3xx::Type::kU32;
      if (in.opcode == Opcode::MOV && (plain || any_type) && in.src[0].kind == OperandKind::kConst) {
        const std::optional<uint32_t> w = KnownSourceWord(fn, in, 0);
        if (w && compiler::ShouldRewrite(budget, "const-word")) {
          MakeMovImm(n, *w);
          changed = true;
        }
        continue;
      }
      if (in.category() != a3xx::Category::kCat2 || in.repeat != 0) continue;
      const std::optional<uint32_t> a = n.src_value[0] == kNoValue ? KnownSourceWord(fn, in, 0) : std::nullopt;
      const std::optional<uint32_t> b = n.src_value[1] == kNoValue ? KnownSourceWord(fn, in, 1) : std::nullopt;
      if (!a || !b) continue;
      const std::optional<uint32_t> r = Eval(in.opcode, *a, *b);
      if (!r || !compiler::ShouldRewrite(budget, "fold")) continue;
      MakeMovImm(n, *r);
      changed = true;
    }
  }
  return changed;
}

}  // namespace shaderdiff::opt
