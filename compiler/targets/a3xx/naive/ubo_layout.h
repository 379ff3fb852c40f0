// Where CONST buffers that live in global memory go (a3xx::GlobalConstRange):
// the driver's choice, not the hardware's, shared by our builds' register
// map (register_map.h) and the glue that runs Mesa's programs
// (tools/ir3_dump/program.cc), so both place a UBO the same way: the first
// at kGlobalConstAddress, each next one after the previous one's bytes
// rounded up to 256.
#pragma once

#include <cstdint>

namespace shaderdiff::naive {

inline constexpr uint32_t kGlobalConstAddress = 0x10000;

// The address of the UBO after one of `vec4s` constants at `address`.
inline constexpr uint64_t NextGlobalConstAddress(uint64_t address, uint64_t vec4s) {
  return (address + 16 * vec4s + 255) / 256 * 256;
}

}  // namespace shaderdiff::naive
