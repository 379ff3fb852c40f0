// The a3xx timing rules as the compiler sees them (docs/isa-a3xx.md §4.1,
// §4.2, §4.3; the emulator's model in emulator/a3xx/prepare.cc and
// operands.cc), shared by the scheduler and legalize so both use exactly
// the rule the emulator checks.
//
// Slots: a consumer reading at slot c sees an ALU (cat1/2/3) producer's
// write of slot p iff c >= p + 1 + D. D depends on the consumer: alu_to_alu
// for cat1/2/3 sources, non_alu for cat0/4/5/6 and for every a0.x/p0 read,
// 0 for `end`; mad src3 is read mad_src3_read slots after issue, so it
// needs that much less. Asynchronous producers (cat4 SFU: (ss); cat5
// texture: (sy)) need a sync flag instead of slots; their results are
// visible right after the sync.
#pragma once

#include <algorithm>

#include "emulator/a3xx/isa/instr.h"
#include "emulator/a3xx/timing.h"

namespace shaderdiff::opt {

enum class Async : uint8_t { kNone, kSs, kSy };

// Which sync class completes `in`'s results (kNone: a fixed-latency ALU
// result, or no result).
inline Async AsyncClassOf(const a3xx::Instr& in) {
  switch (in.category()) {
    case a3xx::Category::kCat4: return Async::kSs;
    case a3xx::Category::kCat5: return Async::kSy;
    case a3xx::Category::kCat6:  // local memory: ss class; global: sy (emulator/a3xx/mem.cc)
      return in.info().latency == a3xx::LatencyClass::kMemLocal ? Async::kSs : Async::kSy;
    default: return Async::kNone;
  }
}

// Issue slots `in` occupies (§4.1).
inline int IssueSlots(const a3xx::Timing& t, const a3xx::Instr& in) {
  switch (in.category()) {
    case a3xx::Category::kCat0:
      if (in.opcode == a3xx::Opcode::NOP) return 1 + in.repeat;
      return (in.opcode == a3xx::Opcode::BR || in.opcode == a3xx::Opcode::JUMP) ? 0 : 1;
    case a3xx::Category::kCat1:
    case a3xx::Category::kCat2:
    case a3xx::Category::kCat3:
      return 1 + in.repeat + (t.nop_n_supported ? in.nop : 0);
    default:
      return t.count_nonalu_as_slots ? 1 + in.repeat : 0;
  }
}

inline bool IsMad(a3xx::Opcode op) {
  switch (op) {
    case a3xx::Opcode::MAD_U16:
    case a3xx::Opcode::MADSH_U16:
    case a3xx::Opcode::MAD_S16:
    case a3xx::Opcode::MADSH_M16:
    case a3xx::Opcode::MAD_U24:
    case a3xx::Opcode::MAD_S24:
    case a3xx::Opcode::MAD_F16:
    case a3xx::Opcode::MAD_F32:
      return true;
    default:
      return false;
  }
}

// D for the consumer's read of source slot `src_slot` (-1: a non-operand
// read such as br/kill of p0 or `end` of an output) of a register written
// by an ALU producer; `special` is true when the register is a0.x or p0.
// The consumer must issue at slot >= producer slot + 1 + result.
inline int ConsumerDelay(const a3xx::Timing& t, const a3xx::Instr& consumer, int src_slot, bool special) {
  if (consumer.opcode == a3xx::Opcode::END) return 0;
  if (special) return t.non_alu;
  switch (consumer.category()) {
    case a3xx::Category::kCat1:
    case a3xx::Category::kCat2:
      return t.alu_to_alu;
    case a3xx::Category::kCat3:
      if (src_slot == 2 && IsMad(consumer.opcode)) return std::max(0, t.alu_to_alu - t.mad_src3_read);
      return t.alu_to_alu;
    default:
      return t.non_alu;
  }
}

// A cost estimate for the scheduler (not a legality rule): cycles until an
// asynchronous result is complete.
inline int AsyncLatency(const a3xx::Timing& t, const a3xx::Instr& producer) {
  switch (AsyncClassOf(producer)) {
    case Async::kSs: return t.sfu_latency;
    case Async::kSy: return producer.category() == a3xx::Category::kCat5 ? t.tex_latency : t.mem_latency;
    case Async::kNone: return 0;
  }
  return 0;
}

}  // namespace shaderdiff::opt
