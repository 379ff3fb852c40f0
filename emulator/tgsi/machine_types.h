// The value types of the interpreter: one component of one lane (Val) and
// one component over the lanes of a wave (Lanes, structure of arrays).
//
// A Val is the reference word `w` plus its allowed set (common/allowed_set.h):
// - undef != kNone: any value (undef is the cause);
// - else inexact != kNone: the set is described by `set` bits and [lo, hi]
//   (kSetInterval: any float whose value lies in [lo, hi], by value, so both
//   zeros when 0 is inside; kSetNan: any NaN), inexact is the cause;
// - else exact: only w.
// Invariants: w is always a member of its set; with kSetInterval lo <= hi
// (by value) and neither is NaN; inexact != kNone implies set != 0.
// Reason codes are causes (reasons.h), valid in either field.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "emulator/common/words.h"
#include "emulator/tgsi/reasons.h"

namespace shaderdiff::tgsi_exec {

inline constexpr int kMaxLanes = 64;  // lanes per wave (uint64_t masks)
using LaneMask = uint64_t;

inline constexpr uint8_t kSetInterval = 1;  // any value in [lo, hi]
inline constexpr uint8_t kSetNan = 2;       // any NaN

struct Val {
  common::Word w = 0;
  Reason undef = Reason::kNone;
  Reason inexact = Reason::kNone;
  uint8_t set = 0;
  common::Word lo = 0, hi = 0;

  bool exact() const { return undef == Reason::kNone && inexact == Reason::kNone; }
  static Val Exact(common::Word w) { return Val{w}; }
  static Val Any(common::Word w, Reason why) { return Val{w, why}; }
};

struct Lanes {
  common::Word w[kMaxLanes];
  Reason u[kMaxLanes];
  Reason x[kMaxLanes];
  uint8_t s[kMaxLanes];
  common::Word lo[kMaxLanes];
  common::Word hi[kMaxLanes];

  Val Get(int l) const {
    if (x[l] == Reason::kNone) return Val{w[l], u[l]};
    return Val{w[l], u[l], x[l], s[l], lo[l], hi[l]};
  }
  void Set(int l, const Val& v) {
    w[l] = v.w;
    u[l] = v.undef;
    x[l] = v.inexact;
    if (v.inexact != Reason::kNone) {
      s[l] = v.set;
      lo[l] = v.lo;
      hi[l] = v.hi;
    }
  }
  // Makes lane l's component any value (keeping the word), unless it is already.
  void MarkAny(int l, Reason why) {
    if (u[l] == Reason::kNone) u[l] = why;
  }
  bool Exact(int l) const { return u[l] == Reason::kNone && x[l] == Reason::kNone; }
  // Lane l of `from`, whole (the set fields too: they mean nothing while
  // x[l] is kNone, so copying them changes no value).
  void CopyLane(int l, const Lanes& from) {
    w[l] = from.w[l];
    u[l] = from.u[l];
    x[l] = from.x[l];
    s[l] = from.s[l];
    lo[l] = from.lo[l];
    hi[l] = from.hi[l];
  }
  // Lanes 0..n-1 of `from` (CopyLane for each), exactly those: lanes
  // beyond n may be inactive lanes of the wave.
  void CopyFirst(int n, const Lanes& from);
  // The lanes of m from `from` (CopyLane for each): one run of CopyFirst
  // when m is lanes 0..n-1.
  void CopyLanes(uint64_t m, const Lanes& from);
  // Sets the lanes of m to v (Set for each): plain fills of the word and
  // flags when v is exact and m is one run of lanes (IsRun).
  void Fill(uint64_t m, const Val& v);
  // Whether lanes at..at+n-1 are all exact: no flag byte of theirs is set
  // (kNone is 0), read eight lanes at a time (GCC's -O2 does not vectorize
  // a byte loop), no branch per lane; a tail of fewer than eight lanes byte
  // by byte. Bytes outside the range are never read.
  bool AllExactIn(int at, int n) const {
    uint64_t any = 0;
    int l = at;
    for (; l + 8 <= at + n; l += 8) any |= Flags8(l);
    for (; l < at + n; ++l) any |= static_cast<uint8_t>(u[l]) | static_cast<uint8_t>(x[l]);
    return any == 0;
  }
  // The u and x flag bytes of lanes l..l+7, or-ed, as one word (kNone is 0).
  uint64_t Flags8(int l) const {
    static_assert(sizeof(Reason) == 1 && static_cast<int>(Reason::kNone) == 0);
    uint64_t a, b;
    std::memcpy(&a, u + l, 8);
    std::memcpy(&b, x + l, 8);
    return a | b;
  }
  // Whether lanes 0..n-1 are all exact (AllExactIn(0, n)).
  bool AllExactFirst(int n) const { return AllExactIn(0, n); }
  // The lanes of 0..n-1 that are not exact, as a mask: eight flag bytes
  // at a time, each nonzero byte turned into its lane's bit without a
  // branch; a tail of fewer than eight lanes byte by byte. Bytes of lanes
  // n.. are never read.
  uint64_t NotExactFirst(int n) const {
    uint64_t mask = 0;
    int l = 0;
    for (; l + 8 <= n; l += 8) {
      const uint64_t v = Flags8(l);
      // The high bit of each byte: set iff the byte is nonzero.
      const uint64_t high = (((v & 0x7f7f7f7f7f7f7f7full) + 0x7f7f7f7f7f7f7f7full) | v) & 0x8080808080808080ull;
      // Byte i's high bit to bit i (the eight bits land in the top byte).
      mask |= (((high >> 7) * 0x0102040810204080ull) >> 56) << l;
    }
    for (; l < n; ++l) mask |= static_cast<uint64_t>((static_cast<uint8_t>(u[l]) | static_cast<uint8_t>(x[l])) != 0) << l;
    return mask;
  }
};

inline void Lanes::CopyFirst(int n, const Lanes& from) {
  const size_t k = static_cast<size_t>(n);
  std::copy_n(from.w, k, w);
  std::copy_n(from.u, k, u);
  std::copy_n(from.x, k, x);
  std::copy_n(from.s, k, s);
  std::copy_n(from.lo, k, lo);
  std::copy_n(from.hi, k, hi);
}

// Whether m is exactly lanes 0..n-1 for some n (the wave's `all`, a wave
// whose lanes are all active), and that n.
inline bool IsLowRun(uint64_t m, int* n) {
  if (m & (m + 1)) return false;
  *n = std::countr_one(m);  // a count of trailing ones: tzcnt/bsf, no popcount call without -mpopcnt
  return true;
}

// Whether m (nonzero) is exactly lanes at..at+n-1 for some at and n (a
// segment of a batched wave, machine.h WaveSegment), and those.
inline bool IsRun(uint64_t m, int* at, int* n) {
  if (m == 0) return false;
  *at = std::countr_zero(m);
  return IsLowRun(m >> *at, n);
}

// words[0..n-1] = w, four words per store (GCC's -O2 leaves a fill loop
// scalar), exactly those words.
inline void FillWords(common::Word* words, int n, common::Word w) {
  typedef common::Word Quad __attribute__((vector_size(16)));
  const Quad q = {w, w, w, w};
  int l = 0;
  for (; l + 4 <= n; l += 4) std::memcpy(words + l, &q, sizeof q);
  for (; l < n; ++l) words[l] = w;
}

// Calls f(lane) for every set bit of m, lowest first.
template <class Fn>
inline void ForLanes(LaneMask m, Fn&& f) {
  while (m) {
    const int l = std::countr_zero(m);
    m &= m - 1;
    f(l);
  }
}

inline void Lanes::CopyLanes(uint64_t m, const Lanes& from) {
  int n = 0;
  if (IsLowRun(m, &n)) {
    CopyFirst(n, from);
  } else {
    ForLanes(m, [&](int l) { CopyLane(l, from); });
  }
}

inline void Lanes::Fill(uint64_t m, const Val& v) {
  int at = 0, n = 0;
  if (v.undef == Reason::kNone && v.inexact == Reason::kNone && IsRun(m, &at, &n)) {
    FillWords(w + at, n, v.w);
    std::fill_n(u + at, n, Reason::kNone);
    std::fill_n(x + at, n, Reason::kNone);
  } else {
    ForLanes(m, [&](int l) { Set(l, v); });
  }
}

}  // namespace shaderdiff::tgsi_exec
