// Lane masks and register indices shared by the emulator's parts.
//
// A wave has at most kMaxLanes lanes; LaneMask bit l is lane l of the wave.
// Registers are addressed by the register index space of
// emulator/a3xx/isa/reg_index.h (shared with the compiler).
#pragma once

#include <bit>
#include <cstdint>

#include "emulator/a3xx/isa/instr.h"
#include "emulator/a3xx/isa/reg_index.h"
#include "emulator/common/words.h"

namespace shaderdiff::a3xx {

using common::Word;
using LaneMask = uint64_t;

inline constexpr int kMaxLanes = 64;

inline LaneMask LowLanes(int n) { return n >= 64 ? ~LaneMask{0} : (LaneMask{1} << n) - 1; }

// Whether `m` is exactly lanes 0..n-1 for some n (a full wave, the usual
// case): then kernels and register copies may run a counted loop over them.
inline bool DenseLanes(LaneMask m) { return (m & (m + 1)) == 0; }
// n for such a mask. std::countr_one, not std::popcount: without POPCNT in
// the target flags the latter is a libgcc call (__popcountdi2), which perf
// found at 1.5% of a call.
inline int DenseCount(LaneMask m) { return std::countr_one(m); }

template <class F>
inline void ForLanes(LaneMask m, F&& f) {
  while (m) {
    f(std::countr_zero(m));
    m &= m - 1;
  }
}

}  // namespace shaderdiff::a3xx
