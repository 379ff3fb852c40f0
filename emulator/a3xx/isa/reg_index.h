// The register index space shared by the emulator and the compiler: one
// number per scalar register of any file, so per-register state (pending
// writes, delays, SSA variables, what a register holds) is a flat array.
//
//   0..255    the full-register encoding space (4*n + c), which also holds
//             a0.x (244), a1.x (245), p0.x..w (248..251) and r63 (252..255)
//   256..511  half registers hrN.c (256 + 4*n + c)
// Special registers (a0, p0, r63) are one register whatever the operand's
// half flag says.
#pragma once

#include <cstdint>

#include "emulator/a3xx/isa/instr.h"

namespace shaderdiff::a3xx {

inline constexpr int kNumRegIndices = 512;
inline constexpr uint16_t kHalfBase = 256;

inline constexpr bool IsSpecialNum(uint16_t num) { return num >= kRegA0X; }
inline constexpr bool IsR63(uint16_t num) { return num >= kRegR63X && num <= kMaxGpr; }
inline constexpr uint16_t RegIndex(uint16_t num, bool half) {
  return (half && !IsSpecialNum(num)) ? static_cast<uint16_t>(kHalfBase + num) : num;
}
inline constexpr bool IsHalfIndex(uint16_t idx) { return idx >= kHalfBase; }
inline constexpr uint16_t NumOfIndex(uint16_t idx) { return IsHalfIndex(idx) ? idx - kHalfBase : idx; }
// a0.x and p0.*: every consumer needs Timing::non_alu delay slots (§4.2).
inline constexpr bool IsA0OrP0(uint16_t idx) { return idx == kRegA0X || (idx >= kRegP0X && idx < kRegP0X + 4); }

}  // namespace shaderdiff::a3xx
