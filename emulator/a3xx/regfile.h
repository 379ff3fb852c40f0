// One wave's register values and the in-flight write history that makes
// ALU results visible late (docs/isa-a3xx.md §4.2).
//
// Model: an ALU write at slot p is stored at once, and its overwritten
// values go into a small ring of recent writes (register, slot, lanes, old
// values). A read at slot c with delay D sees a write iff c >= p + 1 + D;
// otherwise it gets the value from before that write (walking the ring from
// the newest write back, reverting every write it cannot see yet). Because
// every producer in the ring uses the same rule for a given read, visibility
// is monotone in p and the walk stops at the first visible write.
//
// Invariants:
// - Ring records are in non-decreasing slot order (writes are issued in
//   order); a record older than p + 1 + max_delay is visible to every
//   future read and may be overwritten. The ring is sized for the worst
//   case (one record per lane per slot, from relative destinations), and
//   reusing a record that could still be invisible aborts.
// - WriteNow (asynchronous results landing at (ss)/(sy), preloaded inputs)
//   is visible immediately and removes its lanes from older records of the
//   same register, so no read can revert past it.
// - Values of registers never written are 0.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "emulator/a3xx/lanes.h"

namespace shaderdiff::a3xx {

class RegFile {
 public:
  // `stride`: lanes per wave (storage per register); `max_delay`: the
  // timing row's largest D. A RegFile configured before (it is reused by
  // every call of a thread, machine.h) keeps its storage and resets it,
  // for any shape: a call does not clear the whole file.
  void Configure(int stride, int max_delay);
  // Zero every value, forget the history (a new wave). Costs the registers
  // written since the last reset, not the whole file.
  void Reset();

  const Word* Values(uint16_t idx) const { return &values_[static_cast<size_t>(idx) * stride_]; }

  // The values of `lanes` as a read at slot `c` with delay `d` sees them.
  // Returns Values(idx) when nothing is hidden, else `scratch` (stride
  // words). *short_by: the largest shortfall (p + 1 + D - c) over hidden
  // writes that touch `hazard_lanes`, 0 if none.
  // The common case (every write of idx visible) is inline; the walk over
  // the write history is ReadHidden.
  const Word* Read(uint16_t idx, int64_t c, int d, LaneMask lanes, LaneMask hazard_lanes, Word* scratch,
                   int* short_by) const {
    if (AllVisible(idx, c, d)) {
      *short_by = 0;
      return Values(idx);
    }
    return ReadHidden(idx, c, d, lanes, hazard_lanes, scratch, short_by);
  }
  // Whether a read at slot `c` with delay `d` sees every write of `idx`
  // (then Read returns Values(idx) and reports no shortfall).
  bool AllVisible(uint16_t idx, int64_t c, int d) const { return last_write_[idx] + 1 + d <= c; }
  // One lane of Read.
  Word ReadLane(uint16_t idx, int lane, int64_t c, int d, int* short_by) const;

  // ALU write of `values[l]` for l in `lanes` at slot p (inline: every ALU
  // destination).
  [[gnu::always_inline]] void Write(uint16_t idx, int64_t p, LaneMask lanes, const Word* values) {
    if (!lanes) return;
    const size_t i = pushed_ & (ring_.size() - 1);
    Push(idx, p, lanes);
    Word* old = OldValues(i);
    Word* cur = Mark(idx);
    if (DenseLanes(lanes)) {  // lanes 0..n-1: whole runs (values may be cur itself)
      // Four lanes per step with fixed-size copies: a variable-size memcpy
      // here became `rep movsq`, whose start-up cost perf showed as the
      // largest item of short kernels (mov, sel).
      const int n = DenseCount(lanes);
      int l = 0;
      for (; l + 4 <= n; l += 4) {
        Word v[4];
        std::memcpy(v, values + l, sizeof(v));
        std::memcpy(old + l, cur + l, sizeof(v));
        std::memcpy(cur + l, v, sizeof(v));
      }
      for (; l < n; ++l) {
        old[l] = cur[l];
        cur[l] = values[l];
      }
      return;
    }
    ForLanes(lanes, [&](int l) {
      old[l] = cur[l];
      cur[l] = values[l];
    });
  }
  void WriteLane(uint16_t idx, int64_t p, int lane, Word value);
  // Immediately visible write, made when every read still to come is at
  // slot `now` or later (the slot being issued).
  void WriteNow(uint16_t idx, LaneMask lanes, const Word* values, int64_t now);
  void WriteNowLane(uint16_t idx, int lane, Word value, int64_t now);

 private:
  struct Record {
    int64_t slot = 0;
    LaneMask lanes = 0;
    uint16_t idx = 0;
  };
  const Word* ReadHidden(uint16_t idx, int64_t c, int d, LaneMask lanes, LaneMask hazard_lanes, Word* scratch,
                         int* short_by) const;
  Record& Push(uint16_t idx, int64_t p, LaneMask lanes) {
    const size_t i = pushed_ & (ring_.size() - 1);
    Record& r = ring_[i];
    if (pushed_ >= ring_.size() && r.slot + 1 + max_delay_ > p) Overflow(p, r.slot);
    r.slot = p;
    r.lanes = lanes;
    r.idx = idx;
    ++pushed_;
    last_write_[idx] = p;
    return r;
  }
  // Reusing a record a read could still need: a sizing bug; aborts.
  [[noreturn]] static void Overflow(int64_t slot, int64_t reused_slot);
  Word* OldValues(size_t record) { return &old_[record * stride_]; }
  const Word* OldValues(size_t record) const { return &old_[record * stride_]; }
  // Takes `lanes` out of idx's records a read at `now` or later could
  // still revert (older ones are visible to every such read: reads stop
  // there).
  void Forget(uint16_t idx, LaneMask lanes, int64_t now);
  // The values of `idx` for writing; records it as written (for Reset).
  // Inline: every write; the first write of a register since the last
  // Reset goes out of line (MarkFirst).
  [[gnu::always_inline]] Word* Mark(uint16_t idx) {
    if (!written_[idx]) [[unlikely]] MarkFirst(idx);
    return &values_[static_cast<size_t>(idx) * stride_];
  }
  void MarkFirst(uint16_t idx);

  int stride_ = 0;
  int max_delay_ = 0;
  std::vector<Word> values_;         // kNumRegIndices * stride_
  std::vector<int64_t> last_write_;  // per register: slot of its newest ring record
  std::vector<uint8_t> written_;     // per register: written since the last Reset
  std::vector<uint16_t> written_list_;  // those registers
  std::vector<Record> ring_;         // capacity: power of two
  std::vector<Word> old_;            // ring_.size() * stride_
  uint64_t pushed_ = 0;              // records ever pushed (ring head)
};

}  // namespace shaderdiff::a3xx
