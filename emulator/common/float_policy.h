// The denormal policy every executor applies to float results, so that the
// reference interpreter and the emulators can be run in the same mode
// (docs/tgsi.md 5 item 7: GLSL lets implementations flush denormals, and
// tgsi_exec follows the host's FTZ/DAZ state).
//
// Invariants: pure bit manipulation, independent of the host FP environment;
// flushing keeps the sign (a negative denormal becomes -0.0); NaN, infinity
// and normal numbers are never changed.
#pragma once

#include <cstdint>

namespace shaderdiff::common {

enum class DenormalMode : uint8_t { kPreserve, kFlushToZero };

// True for non-zero binary32 values with a zero exponent field.
bool IsDenormal(float f);

// kPreserve: f unchanged (bit for bit). kFlushToZero: a denormal becomes
// +0.0 or -0.0 with its sign; anything else unchanged.
float ApplyDenormalMode(float f, DenormalMode mode);

}  // namespace shaderdiff::common
