// Register values with late visibility (see regfile.h).
#include "emulator/a3xx/regfile.h"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace shaderdiff::a3xx {

namespace {
constexpr int64_t kNever = std::numeric_limits<int64_t>::min() / 4;
}  // namespace

void RegFile::Configure(int stride, int max_delay) {
  if (stride == stride_ && max_delay == max_delay_ && !values_.empty()) {
    Reset();  // the same shape: keep the storage, zero what was written
    return;
  }
  if (values_.empty()) {
    last_write_.assign(kNumRegIndices, kNever);
    written_.assign(kNumRegIndices, 0);
    written_list_.reserve(kNumRegIndices);
  } else {
    // Another shape (a vertex program's waves after a fragment program's):
    // after Reset every value is 0, every write slot kNever and nothing is
    // marked, in any layout, so the storage is kept, not cleared whole
    // again (that was a sixth of a call when the stages alternated).
    Reset();
  }
  stride_ = stride;
  max_delay_ = max_delay;
  // All zero (see above); a longer tail left by a wider wave stays zero
  // and unused.
  const size_t words = static_cast<size_t>(kNumRegIndices) * static_cast<size_t>(stride_);
  if (values_.size() < words) values_.resize(words, 0);
  // Worst case per slot: one record per lane (relative destinations), for
  // every slot a record can stay invisible, plus margin. A record and its
  // old values are read only once pushed (pushed_ = 0), so neither is
  // cleared; the ring's size is exactly this (it is the overflow check's).
  const size_t need = static_cast<size_t>(max_delay + 4) * static_cast<size_t>(stride + 1);
  ring_.resize(std::bit_ceil(std::max<size_t>(need, 16)));
  if (old_.size() < ring_.size() * static_cast<size_t>(stride_)) old_.resize(ring_.size() * static_cast<size_t>(stride_));
  pushed_ = 0;
}

void RegFile::Reset() {
  // Only registers written since the last reset can hold a value other than
  // 0 or a write slot other than kNever (every write goes through Mark).
  for (const uint16_t idx : written_list_) {
    std::fill_n(&values_[static_cast<size_t>(idx) * stride_], stride_, Word{0});
    last_write_[idx] = kNever;
    written_[idx] = 0;
  }
  written_list_.clear();
  pushed_ = 0;
}


const Word* RegFile::ReadHidden(uint16_t idx, int64_t c, int d, LaneMask lanes, LaneMask hazard_lanes,
                                Word* scratch, int* short_by) const {
  *short_by = 0;
  const Word* cur = Values(idx);
  const size_t mask = ring_.size() - 1;
  const uint64_t live = std::min<uint64_t>(pushed_, ring_.size());
  bool copied = false;
  for (uint64_t n = 0; n < live; ++n) {
    const size_t i = (pushed_ - 1 - n) & mask;
    const Record& r = ring_[i];
    if (r.slot + 1 + max_delay_ <= c) break;  // this and older: visible to all
    if (r.idx != idx || !(r.lanes & lanes)) continue;
    const int64_t visible_at = r.slot + 1 + d;
    if (c >= visible_at) break;  // visible, and so is every older write
    if (!copied) {
      ForLanes(lanes, [&](int l) { scratch[l] = cur[l]; });
      copied = true;
    }
    const Word* old = OldValues(i);
    ForLanes(r.lanes & lanes, [&](int l) { scratch[l] = old[l]; });
    if (r.lanes & hazard_lanes) *short_by = std::max(*short_by, static_cast<int>(visible_at - c));
  }
  return copied ? scratch : cur;
}

Word RegFile::ReadLane(uint16_t idx, int lane, int64_t c, int d, int* short_by) const {
  *short_by = 0;
  Word v = Values(idx)[lane];
  if (last_write_[idx] + 1 + d <= c) return v;
  const LaneMask bit = LaneMask{1} << lane;
  const size_t mask = ring_.size() - 1;
  const uint64_t live = std::min<uint64_t>(pushed_, ring_.size());
  for (uint64_t n = 0; n < live; ++n) {
    const size_t i = (pushed_ - 1 - n) & mask;
    const Record& r = ring_[i];
    if (r.slot + 1 + max_delay_ <= c) break;
    if (r.idx != idx || !(r.lanes & bit)) continue;
    const int64_t visible_at = r.slot + 1 + d;
    if (c >= visible_at) break;
    v = OldValues(i)[lane];
    *short_by = std::max(*short_by, static_cast<int>(visible_at - c));
  }
  return v;
}

void RegFile::Overflow(int64_t slot, int64_t reused_slot) {
  std::fprintf(stderr, "a3xx RegFile: write history overflow (slot %lld reuses a record of slot %lld)\n",
               static_cast<long long>(slot), static_cast<long long>(reused_slot));
  std::abort();
}

void RegFile::MarkFirst(uint16_t idx) {
  written_[idx] = 1;
  written_list_.push_back(idx);
}

void RegFile::WriteLane(uint16_t idx, int64_t p, int lane, Word value) {
  const size_t i = pushed_ & (ring_.size() - 1);
  Push(idx, p, LaneMask{1} << lane);
  Word* cur = Mark(idx);
  OldValues(i)[lane] = cur[lane];
  cur[lane] = value;
}

void RegFile::Forget(uint16_t idx, LaneMask lanes, int64_t now) {
  if (last_write_[idx] + 1 + max_delay_ <= now) return;  // never written, or every write visible from now on
  const uint64_t live = std::min<uint64_t>(pushed_, ring_.size());
  for (uint64_t n = 0; n < live; ++n) {
    Record& r = ring_[(pushed_ - 1 - n) & (ring_.size() - 1)];
    if (r.slot + 1 + max_delay_ <= now) break;  // this and older: visible to every read from now on
    if (r.idx == idx) r.lanes &= ~lanes;
  }
}

void RegFile::WriteNow(uint16_t idx, LaneMask lanes, const Word* values, int64_t now) {
  if (!lanes) return;
  Forget(idx, lanes, now);
  Word* cur = Mark(idx);
  if (DenseLanes(lanes)) {  // lanes 0..n-1 (every preload): one copy
    std::memmove(cur, values, sizeof(Word) * static_cast<size_t>(DenseCount(lanes)));
    return;
  }
  ForLanes(lanes, [&](int l) { cur[l] = values[l]; });
}

void RegFile::WriteNowLane(uint16_t idx, int lane, Word value, int64_t now) {
  Forget(idx, LaneMask{1} << lane, now);
  Mark(idx)[lane] = value;
}

}  // namespace shaderdiff::a3xx
