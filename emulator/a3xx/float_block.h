// Four binary32 lanes as one host vector (GCC/Clang vector extensions), for
// the full-wave float kernels (alu_common.h, DenseFloatLanes): loads and
// stores of four words, bitwise selects, the NaN test of a block and (sat).
//
// Invariants: every operation here is the IEEE binary32 operation of the
// scalar code lane for lane (the build has no FMA contraction and no fast
// math), and a select takes its lanes by mask, never by value, so a block's
// non-NaN results are bit for bit those of the scalar kernels. Which NaN an
// arithmetic operation returns is not pinned here (the compiler may swap
// commutative operands): a block with a NaN anywhere in it is recomputed
// lane by lane with float_nan.h's pinned functions.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#include "emulator/common/words.h"

namespace shaderdiff::a3xx {

using F4 = float __attribute__((vector_size(16)));
using U4 = uint32_t __attribute__((vector_size(16)));
using I4 = int32_t __attribute__((vector_size(16)));

inline U4 Splat4(common::Word w) { return U4{w, w, w, w}; }
inline U4 Load4(const common::Word* p) {
  U4 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline void Store4(common::Word* p, U4 v) { std::memcpy(p, &v, sizeof v); }
inline F4 AsF4(U4 v) { return std::bit_cast<F4>(v); }
inline U4 AsU4(F4 v) { return std::bit_cast<U4>(v); }

// mask ? a : b per lane (mask lanes all ones or all zeros, as comparisons
// give them).
inline U4 Select4(I4 mask, U4 a, U4 b) {
  const U4 m = std::bit_cast<U4>(mask);
  return (m & a) | (~m & b);
}

// Whether any lane of the comparison mask is set.
inline bool AnyLane(I4 mask) {
  uint64_t h[2];
  std::memcpy(h, &mask, sizeof h);
  return (h[0] | h[1]) != 0;
}

// The NaN lanes of v.
inline I4 NanLanes(F4 v) { return v != v; }

// Saturate (machine.h) per lane: clamp to [0, 1], NaN and -0 give +0.
inline F4 Saturate4(F4 r) {
  const U4 below_one = Select4(r < F4{1.0f, 1.0f, 1.0f, 1.0f}, AsU4(r), Splat4(0x3f800000u));
  return AsF4(Select4(r > F4{0.0f, 0.0f, 0.0f, 0.0f}, below_one, Splat4(0u)));
}

}  // namespace shaderdiff::a3xx
