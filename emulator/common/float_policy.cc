// Denormal detection and flushing on raw binary32 bits (see float_policy.h).
#include "emulator/common/float_policy.h"

#include <bit>

namespace shaderdiff::common {

namespace {
constexpr uint32_t kSignMask = 0x80000000u;
constexpr uint32_t kExponentMask = 0x7f800000u;
constexpr uint32_t kMantissaMask = 0x007fffffu;
}  // namespace

bool IsDenormal(float f) {
  const uint32_t bits = std::bit_cast<uint32_t>(f);
  return (bits & kExponentMask) == 0 && (bits & kMantissaMask) != 0;
}

float ApplyDenormalMode(float f, DenormalMode mode) {
  if (mode == DenormalMode::kFlushToZero && IsDenormal(f)) {
    return std::bit_cast<float>(std::bit_cast<uint32_t>(f) & kSignMask);
  }
  return f;
}

}  // namespace shaderdiff::common
