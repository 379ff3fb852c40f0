// Scanners for the value literals of TGSI immediates (docs/tgsi.md 1.6).
//
// Each scanner looks at the start of `text` and returns a LiteralScan: on
// success `length` > 0 is the number of bytes the literal occupies; on
// failure `length` == 0 and `error` says why. Conversions never depend on the
// process locale (strtod_l with the "C" locale).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace shaderdiff::tgsi {

struct LiteralScan {
  size_t length = 0;
  const char* error = nullptr;  // set iff length == 0
  uint64_t bits = 0;            // 32-bit results use the low word
  bool hex_bits = false;        // FLT32 written as 0xHHHHHHHH
};

// FLT32: Mesa 11.1-23.1 syntax: [sign] digits [. digits] [e [sign] digits]
// (a digit before or after the dot), or 0x + exactly 8 hex digits read as
// the bit pattern; plus [sign] inf / nan so dumps of non-finite values
// round-trip. Decimal values go through strtod and are narrowed to float.
LiteralScan ScanFloat32(std::string_view text);
// FLT64: what C strtod accepts (decimal, hex float, inf, infinity, nan).
LiteralScan ScanFloat64(std::string_view text);
// UINT32: decimal digits, wrapping modulo 2^32.
LiteralScan ScanUint32(std::string_view text);
// INT32: optional sign glued to decimal digits, wrapping modulo 2^32.
LiteralScan ScanInt32(std::string_view text);
// INT64 / UINT64: strtoll / strtoull with base 0 (0x hex, leading-0 octal),
// saturating on overflow as those functions do.
LiteralScan ScanInt64(std::string_view text);
LiteralScan ScanUint64(std::string_view text);

// strtod in the "C" locale on exactly `text`; false unless all of it is used.
bool StrtodC(std::string_view text, double* value);

}  // namespace shaderdiff::tgsi
