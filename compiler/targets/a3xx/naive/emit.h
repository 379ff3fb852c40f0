// The emitter of the naive translator: appends a3xx instructions, each
// followed by the worst-case wait, and resolves branch labels at the end.
//
// The timing rule is one rule, applied after every instruction that writes
// a register (docs/isa-a3xx.md §4, §5):
//   cat1/cat2/cat3 (ALU)  -> (rpt5)nop       6 slots: covers ALU->ALU (3),
//                                            ALU->SFU/tex/flow (6) and the
//                                            a0/p0 rule (6)
//   cat4 (SFU)            -> (ss)(rpt5)nop   result and lazy source reads done
//   cat5 (texture)        -> (sy)(rpt5)nop   likewise for the texture unit
//   cat6 (ldp/stp/ldg)    -> (sy)(rpt5)nop   private and global memory are
//                                            sy class: the load landed, the
//                                            store read its value register
// so when an instruction issues, every earlier result is in its register and
// no asynchronous operation is pending. Correctness never depends on
// scheduling, and no instruction needs (ss)/(sy) itself (so cat5 never needs
// an (ss)nop before it). cat0 instructions (br, jump, kill, end) write no
// register and get no wait. cat6 appears only for TEMP arrays in private
// memory and CONST buffers in global memory (register_map.h).
//
// Labels: Bind(l) makes the *next* instruction the target of l. Finish
// resolves every br/jump to `target - branch` (a3xx: signed 16 bits), sets
// (jp) on every instruction that is a branch target, appends `end` and pads
// the program with nops to a multiple of 4 instructions (§3.11).
//
// Each instruction also records which TGSI instruction it came from
// (set_source; -1 = prologue/epilogue), for listings and bisecting.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "emulator/a3xx/isa/instr.h"

namespace shaderdiff::naive {

using a3xx::Instr;
using a3xx::Operand;

// ---- Instruction builders: plain constructors, no policy. ----

// mov/cov: `mov.<src><dst> dst, src` (a conversion when the types differ).
Instr Cov(a3xx::Type src_type, a3xx::Type dst_type, const Operand& dst, const Operand& src,
          a3xx::Round round = a3xx::Round::kDefault);
// mov.u32u32: a 32-bit bit copy (GPR, const, relative or 32-bit immediate source).
Instr Mov(const Operand& dst, const Operand& src);
// cat2 with one or two sources.
Instr Alu2(a3xx::Opcode op, const Operand& dst, const Operand& a, const Operand& b = {});
// cat2 compare: cmps.<f|u|s>.<cond>.
Instr Cmp(a3xx::Opcode op, a3xx::Cond cond, const Operand& dst, const Operand& a, const Operand& b);
// cat3: dst = op(a, b, c); b (the middle source) must be a GPR.
Instr Alu3(a3xx::Opcode op, const Operand& dst, const Operand& a, const Operand& b, const Operand& c);
// cat4 SFU: dst = op(a).
Instr Sfu(a3xx::Opcode op, const Operand& dst, const Operand& a);
// cat6 private memory, one 32-bit word: `ldp.u32 dst, p[addr+offset], 1`
// and `stp.u32 p[addr+offset], value, 1` (offset: signed 13-bit bytes).
Instr Ldp(const Operand& dst, const Operand& addr, int32_t offset);
// cat6 global memory, one 32-bit word: `ldg.u32 dst, g[addr+offset], 1`
// (a CONST buffer in global memory, register_map.h).
Instr Ldg(const Operand& dst, const Operand& addr, int32_t offset);
Instr Stp(const Operand& addr, int32_t offset, const Operand& value);

// Operand shorthands (full-precision registers).
inline Operand Gpr(uint16_t scalar) { return a3xx::GprOperand(scalar); }
inline Operand Const(uint16_t scalar) { return a3xx::ConstOperand(scalar); }
inline Operand Imm(int32_t value) { return a3xx::ImmOperand(static_cast<uint32_t>(value)); }
inline Operand Neg(Operand o) {
  o.neg = !o.neg;
  return o;
}
inline Operand Abs(Operand o) {
  o.abs = true;
  return o;
}
inline bool IsConstKind(const Operand& o) {
  return o.kind == a3xx::OperandKind::kConst || o.kind == a3xx::OperandKind::kRelConst;
}

struct Label {
  int id = -1;
};

class Emitter {
 public:
  // waits = false: the selection stream for the optimizing build (select.h):
  // no wait after instructions, no (jp), no padding after `end`.
  explicit Emitter(bool waits = true) : waits_(waits) {}

  // Room for `n` instructions before the stream first grows (capacity only).
  void Reserve(size_t n) {
    instrs_.reserve(n);
    sources_.reserve(n);
  }

  // Appends `instr` and then the wait described at the top of this file.
  void Emit(const Instr& instr);
  // Appends a nop with the given InstrFlag bits (e.g. the (sy)(ss) start).
  void Nop(uint8_t flags = 0, uint8_t repeat = 0);

  Label NewLabel();
  void Bind(Label label);
  // br p0.x / br !p0.x (if_false) to `target`.
  void Branch(Label target, bool if_false);
  void Jump(Label target);
  // kill p0.x
  void Kill();

  // Which TGSI instruction the following instructions come from.
  void set_source(int32_t tgsi_index) { source_ = tgsi_index; }
  size_t size() const { return instrs_.size(); }

  // Binds `end_label`, appends `end` and the padding, resolves labels.
  // On failure returns what went wrong (an unbound label is a translator
  // bug; a branch offset beyond 16 bits is a program-size limit).
  struct Result {
    std::vector<Instr> instrs;
    std::vector<int32_t> source_map;
    std::optional<std::string> error;
    bool too_large = false;
  };
  Result Finish(Label end_label);

 private:
  void Append(const Instr& instr);

  std::vector<Instr> instrs_;
  std::vector<int32_t> sources_;
  std::vector<int64_t> label_pos_;  // -1 while unbound
  struct Fixup {
    size_t instr;
    int label;
  };
  std::vector<Fixup> fixups_;
  int32_t source_ = -1;
  bool waits_ = true;
};

}  // namespace shaderdiff::naive
