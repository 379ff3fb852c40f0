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
};

}  // namespace shaderdiff::compiler
