#include "compiler/targets/a3xx/naive/emit.h"

#include <limits>

#include "compiler/support/mutant.h"

namespace shaderdiff::naive {

using a3xx::Category;
using a3xx::Opcode;
using a3xx::Type;

Instr Cov(Type src_type, Type dst_type, const Operand& dst, const Operand& src, a3xx::Round round) {
  Instr i;
  i.opcode = Opcode::MOV;
  i.src_type = src_type;
  i.dst_type = dst_type;
  i.round = round;
  i.dst = dst;
  i.src[0] = src;
  return i;
}

Instr Mov(const Operand& dst, const Operand& src) { return Cov(Type::kU32, Type::kU32, dst, src); }

namespace {

Instr Load(Opcode op, const Operand& dst, const Operand& addr, int32_t offset) {
  Instr i;
  i.opcode = op;
  i.type = Type::kU32;
  i.dst = dst;
  i.src[0] = addr;
  i.mem_offset = offset;
  i.mem_size = 1;
  return i;
}

}  // namespace

Instr Ldp(const Operand& dst, const Operand& addr, int32_t offset) { return Load(Opcode::LDP, dst, addr, offset); }

Instr Ldg(const Operand& dst, const Operand& addr, int32_t offset) { return Load(Opcode::LDG, dst, addr, offset); }

Instr Stp(const Operand& addr, int32_t offset, const Operand& value) {
  Instr i;
  i.opcode = Opcode::STP;
  i.type = Type::kU32;
  i.src[0] = addr;
  i.src[1] = value;
  i.mem_offset = offset;
  i.mem_size = 1;
  return i;
}

Instr Alu2(Opcode op, const Operand& dst, const Operand& a, const Operand& b) {
  Instr i;
  i.opcode = op;
  i.dst = dst;
  i.src[0] = a;
  i.src[1] = b;
  return i;
}

Instr Cmp(Opcode op, a3xx::Cond cond, const Operand& dst, const Operand& a, const Operand& b) {
  Instr i = Alu2(op, dst, a, b);
  i.cond = cond;
  return i;
}

Instr Alu3(Opcode op, const Operand& dst, const Operand& a, const Operand& b, const Operand& c) {
  Instr i;
  i.opcode = op;
  i.dst = dst;
  i.src = {a, b, c};
  return i;
}

Instr Sfu(Opcode op, const Operand& dst, const Operand& a) {
  Instr i;
  i.opcode = op;
  i.dst = dst;
  i.src[0] = a;
  return i;
}

void Emitter::Append(const Instr& instr) {
  instrs_.push_back(instr);
  sources_.push_back(source_);
}

void Emitter::Emit(const Instr& instr) {
  Append(instr);
  if (!waits_) return;
  switch (instr.category()) {
    case Category::kCat1:
    case Category::kCat2:
    case Category::kCat3:
      Nop(0, 5);
      break;
    case Category::kCat4:
      // Test-only mutant (mutants.def).
      Nop(compiler::MutantActive(compiler::Mutant::kNaiveSfuNoSs) ? 0 : a3xx::kFlagSs, 5);
      break;
    case Category::kCat5:
    case Category::kCat6:  // ldp/stp (private arrays) and ldg (CONST buffers in global memory) only
      Nop(a3xx::kFlagSy, 5);
      break;
    default:  // cat0 writes no register; cat7 is never emitted
      break;
  }
}

void Emitter::Nop(uint8_t flags, uint8_t repeat) {
  Instr n;
  n.opcode = Opcode::NOP;
  n.flags = flags;
  n.repeat = repeat;
  Append(n);
}

Label Emitter::NewLabel() {
  label_pos_.push_back(-1);
  return Label{static_cast<int>(label_pos_.size()) - 1};
}

void Emitter::Bind(Label label) { label_pos_.at(label.id) = static_cast<int64_t>(instrs_.size()); }

void Emitter::Branch(Label target, bool if_false) {
  Instr b;
  b.opcode = Opcode::BR;
  b.pred_comp = 0;
  b.pred_inv = if_false;
  fixups_.push_back({instrs_.size(), target.id});
  Append(b);
}

void Emitter::Jump(Label target) {
  Instr j;
  j.opcode = Opcode::JUMP;
  fixups_.push_back({instrs_.size(), target.id});
  Append(j);
}

void Emitter::Kill() {
  Instr k;
  k.opcode = Opcode::KILL;
  Append(k);
}

Emitter::Result Emitter::Finish(Label end_label) {
  Result r;
  set_source(-1);
  Bind(end_label);
  Instr end;
  end.opcode = Opcode::END;
  Append(end);
  while (waits_ && instrs_.size() % 4 != 0) Nop();

  for (const Fixup& f : fixups_) {
    const int64_t target = label_pos_.at(f.label);
    if (target < 0) {
      r.error = "branch to an unbound label at instruction " + std::to_string(f.instr);
      return r;
    }
    const int64_t offset = target - static_cast<int64_t>(f.instr);
    if (offset < std::numeric_limits<int16_t>::min() || offset > std::numeric_limits<int16_t>::max()) {
      r.error = "program size: branch offset " + std::to_string(offset) + " exceeds a3xx's 16 bits";
      r.too_large = true;
      return r;
    }
    instrs_[f.instr].branch = static_cast<int32_t>(offset);
    if (waits_) instrs_[static_cast<size_t>(target)].flags |= a3xx::kFlagJp;
  }
  r.instrs = std::move(instrs_);
  r.source_map = std::move(sources_);
  return r;
}

}  // namespace shaderdiff::naive
