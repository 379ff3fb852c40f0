// Outstanding asynchronous operations (see sync.h). The captured source
// values live in one pool; Retire compacts it, so a long-running wave that
// keeps some ops outstanding does not grow it without bound.
#include "emulator/a3xx/sync.h"

#include <algorithm>
#include <cstring>

namespace shaderdiff::a3xx {

void AsyncTracker::Configure(int stride) {
  if (!dst_[0].empty()) {
    // Configured before: keep the storage (once no op is outstanding the
    // masks are clear and the pool empty, whatever the stride).
    Reset();
    stride_ = stride;
    pool_.reserve(static_cast<size_t>(64) * kMaxAsyncSrcs * stride);
    return;
  }
  stride_ = stride;
  ops_.clear();
  frozen_ = 0;
  ops_.reserve(64);
  pool_.clear();
  pool_.reserve(static_cast<size_t>(64) * kMaxAsyncSrcs * stride);
  for (int c = 0; c < 2; ++c) {
    dst_[c].assign(kNumRegIndices, 0);
    src_[c].assign(kNumRegIndices, 0);
    count_[c] = 0;
  }
}

void AsyncTracker::Reset() {
  if (ops_.empty()) return;
  Retire(SyncClass::kSs);
  Retire(SyncClass::kSy);
}

PendingOp& AsyncTracker::Begin(uint32_t instr, SyncClass cls, LaneMask lanes, uint64_t complete) {
  PendingOp& op = ops_.emplace_back();
  op.instr = instr;
  op.cls = cls;
  op.lanes = lanes;
  op.complete = complete;
  op.pool = static_cast<uint32_t>(pool_.size());
  ++count_[static_cast<int>(cls)];
  return op;
}

void AsyncTracker::AddSrc(PendingOp& op, uint16_t reg, const Word* values) {
  op.src_reg[op.num_srcs++] = reg;
  pool_.insert(pool_.end(), values, values + stride_);
  if (reg != kNoReg16) src_[static_cast<int>(op.cls)][reg] |= op.lanes;
}

void AsyncTracker::AddDst(PendingOp& op, uint16_t reg) {
  op.dst_reg[op.num_dsts++] = reg;
  dst_[static_cast<int>(op.cls)][reg] |= op.lanes;
}

uint64_t AsyncTracker::LastCompletion(SyncClass cls) const {
  uint64_t last = 0;
  for (const PendingOp& op : ops_) {
    if (op.cls == cls) last = std::max(last, op.complete);
  }
  return last;
}

const PendingOp* AsyncTracker::FindWriter(uint16_t reg, LaneMask lanes) const {
  for (const PendingOp& op : ops_) {
    if (!(op.lanes & lanes)) continue;
    for (int i = 0; i < op.num_dsts; ++i) {
      if (op.dst_reg[i] == reg) return &op;
    }
  }
  return nullptr;
}

const PendingOp* AsyncTracker::FindReader(uint16_t reg, LaneMask lanes) const {
  for (const PendingOp& op : ops_) {
    if (!(op.lanes & lanes)) continue;
    for (int i = 0; i < op.num_srcs; ++i) {
      if (op.src_reg[i] == reg) return &op;
    }
  }
  return nullptr;
}

void AsyncTracker::PatchSources(uint16_t reg, LaneMask lanes, const Word* values, uint64_t now) {
  for (const PendingOp& op : ops_) {
    if (op.sources_read || now >= op.complete) continue;  // already read its sources
    for (int i = 0; i < op.num_srcs; ++i) {
      if (op.src_reg[i] != reg) continue;
      Word* captured = SrcValues(op, i);
      ForLanes(lanes, [&](int l) { captured[l] = values[l]; });
    }
  }
}

void AsyncTracker::FreezeSources() {
  for (; frozen_ < ops_.size(); ++frozen_) {
    PendingOp& op = ops_[frozen_];
    op.sources_read = true;
    for (int s = 0; s < op.num_srcs; ++s) {
      if (op.src_reg[s] != kNoReg16) src_[static_cast<int>(op.cls)][op.src_reg[s]] = 0;
    }
  }
}

void AsyncTracker::Retire(SyncClass cls) {
  const int c = static_cast<int>(cls);
  if (count_[c] == 0) return;
  size_t out = 0, frozen = 0;
  uint32_t pool_out = 0;
  for (size_t i = 0; i < ops_.size(); ++i) {
    PendingOp& op = ops_[i];
    if (op.cls == cls) {
      for (int s = 0; s < op.num_srcs; ++s) {
        if (op.src_reg[s] != kNoReg16) src_[c][op.src_reg[s]] = 0;
      }
      for (int d = 0; d < op.num_dsts; ++d) dst_[c][op.dst_reg[d]] = 0;
      continue;
    }
    const size_t words = static_cast<size_t>(op.num_srcs) * stride_;
    if (op.pool != pool_out && words) std::memmove(&pool_[pool_out], &pool_[op.pool], words * sizeof(Word));
    op.pool = pool_out;
    pool_out += static_cast<uint32_t>(words);
    if (op.sources_read) ++frozen;
    ops_[out++] = op;
  }
  ops_.resize(out);
  frozen_ = frozen;
  pool_.resize(pool_out);
  count_[c] = 0;
}

}  // namespace shaderdiff::a3xx
