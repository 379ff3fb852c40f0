// Outstanding asynchronous operations of one wave and the (ss)/(sy) wait
// classes (docs/isa-a3xx.md §4.3).
//
// Model:
// - SFU (cat4) and local-memory ops belong to the ss class; texture (cat5)
//   and global-memory ops to the sy class. An op issued at cycle t completes
//   at t + its latency, but its results land in the register file only when
//   a later instruction carries the matching sync flag: (ss)/(sy) stalls
//   until every outstanding op of the class has completed, then lands them
//   all in issue order (emulator.cc).
// - Sources are read lazily: an op captures its source values at issue
//   (with the normal visibility rules), and a later write to one of those
//   registers before the op completes replaces the captured value (the op
//   reads its sources when it completes). Such a write is a "war-async"
//   hazard; a write to a register the op will still write is "waw-async";
//   a read of it before the sync is "missing-ss"/"missing-sy" and sees the
//   old value.
// - (ss) also means every outstanding op, of either class, has read its
//   sources (ir3 resolves a WAR on a texture source with (ss) as well as
//   with (sy)): FreezeSources ends lazy reading for all of them.
// - Per register and class, lane masks record pending destinations and
//   pending lazy sources, so the checks on every read and write are one
//   load each.
//
// Invariants: the masks are exactly the union over outstanding ops; Retire
// clears them for the ops it removes; no op is ever dropped without landing
// except when the wave ends (Reset).
#pragma once

#include <cstdint>
#include <vector>

#include "emulator/a3xx/lanes.h"

namespace shaderdiff::a3xx {

enum class SyncClass : uint8_t { kSs = 0, kSy = 1 };

inline constexpr int kMaxAsyncSrcs = 16;  // captured source scalars per op
inline constexpr int kMaxAsyncDsts = 16;  // destination scalars per op
inline constexpr uint16_t kNoReg16 = 0xffff;

struct PendingOp {
  uint32_t instr = 0;        // program index (the Prepared that completes it)
  SyncClass cls = SyncClass::kSs;
  LaneMask lanes = 0;        // lanes that issued it
  uint64_t complete = 0;     // cycle
  uint8_t num_srcs = 0;
  uint8_t num_dsts = 0;
  uint16_t src_reg[kMaxAsyncSrcs] = {};  // register index, or kNoReg16 (const, immediate, relative)
  uint16_t dst_reg[kMaxAsyncDsts] = {};
  uint32_t pool = 0;         // offset of the captured values: num_srcs rows of `stride` words
  bool sources_read = false; // an (ss) has passed: the captured values are final
};

class AsyncTracker {
 public:
  void Configure(int stride);
  void Reset();

  // Starts an op; add its sources and destinations before the next Begin.
  PendingOp& Begin(uint32_t instr, SyncClass cls, LaneMask lanes, uint64_t complete);
  // Captures `values` (stride words, every lane of the wave) as the op's
  // next source; `reg` is tracked for WAR unless kNoReg16.
  void AddSrc(PendingOp& op, uint16_t reg, const Word* values);
  void AddDst(PendingOp& op, uint16_t reg);
  Word* SrcValues(const PendingOp& op, int i) { return &pool_[op.pool + static_cast<size_t>(i) * stride_]; }
  const Word* SrcValues(const PendingOp& op, int i) const {
    return &pool_[op.pool + static_cast<size_t>(i) * stride_];
  }

  bool Any(SyncClass cls) const { return count_[static_cast<int>(cls)] != 0; }
  bool AnyAtAll() const { return !ops_.empty(); }
  // Latest completion cycle over the class's outstanding ops (0 if none).
  uint64_t LastCompletion(SyncClass cls) const;

  LaneMask PendingDst(SyncClass cls, uint16_t reg) const { return dst_[static_cast<int>(cls)][reg]; }
  LaneMask PendingSrc(SyncClass cls, uint16_t reg) const { return src_[static_cast<int>(cls)][reg]; }
  // The first outstanding op writing (or lazily reading) `reg` on `lanes`.
  const PendingOp* FindWriter(uint16_t reg, LaneMask lanes) const;
  const PendingOp* FindReader(uint16_t reg, LaneMask lanes) const;

  // A write of `values` to `reg` on `lanes` at cycle `now`: replaces the
  // captured source values of every op that reads `reg` lazily and has not
  // completed yet.
  void PatchSources(uint16_t reg, LaneMask lanes, const Word* values, uint64_t now);

  // Every outstanding op has read its sources (an (ss) passed): no more
  // WAR tracking for them.
  void FreezeSources();

  // The class's ops, in issue order (for landing).
  template <class F>
  void ForEach(SyncClass cls, F&& f) {
    for (const PendingOp& op : ops_) {
      if (op.cls == cls) f(op);
    }
  }
  // Removes every op of `cls` and clears its masks.
  void Retire(SyncClass cls);

 private:
  int stride_ = 0;
  std::vector<PendingOp> ops_;
  std::vector<Word> pool_;
  int count_[2] = {0, 0};
  // ops_[0, frozen_) have read their sources (FreezeSources marks every op
  // and ops are appended in issue order, so the frozen ones are a prefix;
  // Retire keeps the order): FreezeSources starts at frozen_.
  size_t frozen_ = 0;
  std::vector<LaneMask> dst_[2];  // per register index
  std::vector<LaneMask> src_[2];
};

}  // namespace shaderdiff::a3xx
