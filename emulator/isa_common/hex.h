// Hexadecimal spellings of words and field values, shared by every printer
// that shows raw bits (ISA codecs' error messages, traces, vector files,
// verdict details): HexWord is always eight digits, HexValue as short as
// the value.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace shaderdiff::isa_common {

// "0x%08x": a 32-bit word, zero-padded to eight lower-case digits.
inline std::string HexWord(uint32_t w) {
  char buf[11];
  std::snprintf(buf, sizeof buf, "0x%08x", w);
  return buf;
}

// "0x%llx": a field value of up to 64 bits, no padding.
inline std::string HexValue(uint64_t v) {
  char buf[19];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

}  // namespace shaderdiff::isa_common
