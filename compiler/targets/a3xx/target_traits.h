// A3xxTarget: what the shared IR (compiler/opt/ir_graph.h) and the shared
// passes need to know about a3xx, as one bundle of types and static
// functions (no virtual calls, no state). compiler/README.md, "The traits
// design", lists the hooks a target gives; this struct has only those some
// code calls today, and grows as passes become templates over it.
//
// Invariant: every hook is a pure function of its arguments and answers
// exactly what the a3xx-typed code it replaced answered, so a pass
// instantiated on A3xxTarget computes what it computed before.
#pragma once

#include <cstddef>
#include <cstdint>

#include "emulator/a3xx/isa/instr.h"
#include "emulator/a3xx/isa/shader_state.h"

namespace shaderdiff::compiler {

struct A3xxTarget {
  using Instr = a3xx::Instr;        // what a Node carries
  using State = a3xx::ShaderState;  // Function::state, the I/O contract
  static constexpr size_t kNumSrcSlots = a3xx::kNumSrcSlots;

  // The register class a value lives in. kFull is allocated by RA; the
  // others are single physical registers (a0.x, p0.x, hr0.x) that keep
  // their fixed number and are serialized by deps.
  enum class RegClass : uint8_t { kNone, kFull, kA0, kP0, kHalf0 };
  // The class register allocation places (CSE merges only values of it).
  static constexpr RegClass kAllocatedClass = RegClass::kFull;
  // The classes of one fixed physical register (a0.x, p0.x, hr0.x): a
  // value of one lives only within its block (the verifier checks it).
  static bool IsSingleRegister(RegClass c) {
    return c == RegClass::kA0 || c == RegClass::kP0 || c == RegClass::kHalf0;
  }

  // Whether removing an instruction could change behaviour: flow, kill,
  // end, and a write that defines no value (`defines_value` false): a
  // pinned or relative register store, or a memory store (stp of a
  // private TEMP array, a spill).
  static bool HasSideEffects(const Instr& in, bool defines_value) {
    switch (in.opcode) {
      case a3xx::Opcode::BR:
      case a3xx::Opcode::JUMP:
      case a3xx::Opcode::KILL:
      case a3xx::Opcode::END:
        return true;
      default:
        break;
    }
    if (in.category() == a3xx::Category::kCat6 && !defines_value) return true;
    return !defines_value && in.dst.present();
  }
  // Whether the instruction is a kill (the test-only mutant kDceDropsKill
  // forgets that it is a root).
  static bool IsKill(const Instr& in) { return in.opcode == a3xx::Opcode::KILL; }

  // Flow. A branch (br, jump) ends its block and goes to the node's
  // target_block, which is the block's succs[0]; `end` ends the program
  // and is the last node of the last block; a terminator (either) is the
  // last node of its block.
  static bool IsBranch(const Instr& in) { return in.opcode == a3xx::Opcode::BR || in.opcode == a3xx::Opcode::JUMP; }
  static bool IsEnd(const Instr& in) { return in.opcode == a3xx::Opcode::END; }
  static bool IsTerminator(const Instr& in) { return IsBranch(in) || IsEnd(in); }

  // Whether source slot `slot` reads a register: a value, or a pinned
  // register where the node has no value in that slot.
  static bool ReadsValue(const Instr& in, size_t slot) { return in.src[slot].kind == a3xx::OperandKind::kGpr; }
  // CSE's candidates by their instruction alone: a cat1-cat4 ALU or SFU
  // instruction writing a register and reading no relative operand (no
  // flow, texture fetch, memory access or a0-relative access).
  static bool IsPure(const Instr& in) {
    switch (in.category()) {
      case a3xx::Category::kCat1:
      case a3xx::Category::kCat2:
      case a3xx::Category::kCat3:
      case a3xx::Category::kCat4:
        break;
      default:
        return false;
    }
    if (in.dst.kind != a3xx::OperandKind::kGpr) return false;
    for (const a3xx::Operand& o : in.src) {
      if (o.kind == a3xx::OperandKind::kRelGpr || o.kind == a3xx::OperandKind::kRelConst) return false;
    }
    return true;
  }
  // CSE's operation key (target_traits.cc), made once per candidate by
  // KeyOfOperation for instructions IsPure accepts whose register-reading
  // slots all carry values: the instruction with the register numbers of
  // the destination and of those slots cleared (the values say what they
  // read), and its hash. Two keys are equal when every member of Instr is
  // (a3xx::Instr::operator==, so a member added to Instr is compared too);
  // the hash is compared first, so a comparison that fails costs one word.
  struct OperationKey {
    Instr op;
    size_t hash = 0;
    bool operator==(const OperationKey& o) const { return hash == o.hash && op == o.op; }
  };
  static OperationKey KeyOfOperation(const Instr& in);
};

}  // namespace shaderdiff::compiler
