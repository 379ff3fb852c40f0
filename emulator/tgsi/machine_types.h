// The value types of the interpreter: one component of one lane (Val) and
// one component over the lanes of a wave (Lanes, structure of arrays).
//
// Invariant: a Val's undef/inexact codes are Reason::kNone or a reason of the
// matching kind (IsUndefinedReason(undef), !IsUndefinedReason(inexact)).
#pragma once

#include <bit>
#include <cstdint>

#include "emulator/common/words.h"
#include "emulator/tgsi/reasons.h"

namespace shaderdiff::tgsi_exec {

inline constexpr int kMaxLanes = 64;  // lanes per wave (uint64_t masks)
using LaneMask = uint64_t;

struct Val {
  common::Word w = 0;
  Reason undef = Reason::kNone;
  Reason inexact = Reason::kNone;
};

struct Lanes {
  common::Word w[kMaxLanes];
  Reason u[kMaxLanes];
  Reason x[kMaxLanes];

  Val Get(int l) const { return {w[l], u[l], x[l]}; }
  void Set(int l, Val v) {
    w[l] = v.w;
    u[l] = v.undef;
    x[l] = v.inexact;
  }
};

// Calls f(lane) for every set bit of m, lowest first.
template <class Fn>
inline void ForLanes(LaneMask m, Fn&& f) {
  while (m) {
    const int l = std::countr_zero(m);
    m &= m - 1;
    f(l);
  }
}

}  // namespace shaderdiff::tgsi_exec
