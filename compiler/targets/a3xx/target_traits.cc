// A3xxTarget's CSE key (target_traits.h), made once per candidate: the
// instruction with its value operands' register numbers cleared, compared
// as a whole (a3xx::Instr::operator==, so a member added to Instr is
// compared too), and a hash of a subset of its members. The test-only
// mutants kCseIgnoresNegAbs and kCseIgnoresCond (mutants.def) forget
// source modifiers or the comparison condition in the normalized
// instruction, so both the hash and the comparison ignore them and their
// keys still meet in the table.
#include "compiler/targets/a3xx/target_traits.h"

#include "compiler/support/mutant.h"

namespace shaderdiff::compiler {

namespace {

a3xx::Instr Operation(const a3xx::Instr& in) {
  a3xx::Instr op = in;
  op.dst.num = 0;
  for (size_t k = 0; k < A3xxTarget::kNumSrcSlots; ++k) {
    if (A3xxTarget::ReadsValue(op, k)) op.src[k].num = 0;
    // Test-only mutant (mutants.def).
    if (MutantActive(Mutant::kCseIgnoresNegAbs)) op.src[k].neg = op.src[k].abs = false;
  }
  // Test-only mutant (mutants.def).
  if (MutantActive(Mutant::kCseIgnoresCond)) op.cond = a3xx::Cond::kLt;
  return op;
}

}  // namespace

A3xxTarget::OperationKey A3xxTarget::KeyOfOperation(const Instr& in) {
  OperationKey key{Operation(in)};
  const a3xx::Instr& op = key.op;
  uint64_t h = 0xcbf29ce484222325ull;
  auto mix = [&h](uint64_t v) { h = (h ^ v) * 0x100000001b3ull; };
  mix(static_cast<uint64_t>(op.opcode));
  mix(op.flags);
  mix(static_cast<uint64_t>(op.cond));
  mix(static_cast<uint64_t>(op.src_type) << 8 | static_cast<uint64_t>(op.dst_type));
  for (const a3xx::Operand& o : op.src) {
    mix(static_cast<uint64_t>(o.kind) << 32 | o.num);
    mix(static_cast<uint64_t>(o.imm) << 32 | static_cast<uint32_t>(o.offset));
    mix(o.half | o.neg << 1 | o.abs << 2 | o.r << 3);
  }
  key.hash = static_cast<size_t>(h);
  return key;
}

}  // namespace shaderdiff::compiler
