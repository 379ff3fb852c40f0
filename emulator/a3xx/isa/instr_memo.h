// InstrMemo: remembered results of a pure function of an Instr (Validate's
// acceptance: ValidatedProgram::Check), so that an instruction met
// again (the same template in another program, the same nop shape) is not
// worked out again.
//
// Invariants:
// - A hit is an entry whose instruction equals the asked one by
//   Instr::operator==, which compares every member: the hash (HashInstr)
//   only picks the slot and leaves members out, so a collision is a miss,
//   never a wrong answer.
// - Direct-mapped and fixed in size (kSlots entries, allocated on first
//   use): a new key replaces the one in its slot, nothing else is freed or
//   grown, so memory is bounded and a lookup is one hash of a few members
//   and at most one comparison.
// - Only for pure functions of the Instr: whoever stores a value must get
//   the same value for any equal Instr at any time. Callers store only
//   successes (a refusal's message is worked out each time).
// - One per thread and use (ThreadInstrMemo): no locking.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "emulator/a3xx/isa/instr.h"

namespace shaderdiff::a3xx {

// The slot hash: a few members that tell instructions apart most often
// (opcode, flags, repeat, the operands' kinds and numbers, the first
// sources' immediates), not all of them: equality decides a hit.
inline uint64_t HashInstr(const Instr& in) {
  const auto u = [](auto v) { return static_cast<uint64_t>(v); };
  const uint64_t a = u(in.opcode) | u(in.flags) << 16 | u(in.repeat) << 24 | u(in.dst.kind) << 32 |
                     u(in.src[0].kind) << 40 | u(in.src[1].kind) << 48 | u(in.src[2].kind) << 56;
  const uint64_t b = u(in.dst.num) | u(in.src[0].num) << 16 | u(in.src[1].num) << 32 | u(in.src[2].num) << 48;
  const uint64_t c = u(in.src[0].imm) | u(in.src[1].imm) << 32;
  const uint64_t h = ((a * 0x9e3779b97f4a7c15ull) ^ b) * 0xff51afd7ed558ccdull ^ c;
  return h ^ (h >> 29);
}

template <class V, size_t kSlots>
class InstrMemo {
  static_assert((kSlots & (kSlots - 1)) == 0, "kSlots must be a power of two");

 public:
  // The value stored for an instruction equal to `in` (whose HashInstr is
  // `hash`), or null.
  const V* Find(const Instr& in, uint64_t hash) const {
    if (!entries_) return nullptr;
    const Entry& e = entries_[hash & (kSlots - 1)];
    return e.full && e.key == in ? &e.value : nullptr;
  }
  void Put(const Instr& in, uint64_t hash, const V& value) {
    if (!entries_) entries_ = std::make_unique<Entry[]>(kSlots);
    Entry& e = entries_[hash & (kSlots - 1)];
    e.full = true;
    e.key = in;
    e.value = value;
  }

 private:
  struct Entry {
    bool full = false;
    Instr key;
    V value{};
  };
  std::unique_ptr<Entry[]> entries_;
};

// The calling thread's memo for one use (Tag names the use).
template <class Tag, class V, size_t kSlots>
InstrMemo<V, kSlots>& ThreadInstrMemo() {
  thread_local InstrMemo<V, kSlots> memo;
  return memo;
}

}  // namespace shaderdiff::a3xx
