// Immediate-value literal scanners (see literals.h).
#include "compiler/tgsi/literals.h"

#include <locale.h>
#include <stdlib.h>

#include <bit>
#include <cstring>
#include <string>

#include "compiler/tgsi/names.h"
#include "compiler/tgsi/text_cursor.h"

namespace shaderdiff::tgsi {
namespace {

LiteralScan Fail(const char* error) {
  LiteralScan scan;
  scan.error = error;
  return scan;
}

size_t SkipDigits(std::string_view text, size_t i) {
  while (i < text.size() && IsDigit(text[i])) ++i;
  return i;
}

size_t SkipHexDigits(std::string_view text, size_t i) {
  while (i < text.size() && IsHexDigit(text[i])) ++i;
  return i;
}

char At(std::string_view text, size_t i) { return i < text.size() ? text[i] : '\0'; }

bool StartsWithIgnoreCase(std::string_view text, size_t at, std::string_view prefix) {
  return at <= text.size() && text.size() - at >= prefix.size() &&
         EqualsIgnoreCase(text.substr(at, prefix.size()), prefix);
}

int HexValue(char c) {
  if (IsDigit(c)) return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return c - 'A' + 10;
}

// Length of a decimal float [sign] digits [. digits] [e [sign] digits] at the
// start of text (0 if none). With `strict_exponent`, an 'e' without digits is
// an error (Mesa's FLT32 scanner) and *bad_exponent is set; otherwise the
// number simply ends before the 'e' (strtod).
size_t DecimalLength(std::string_view text, bool strict_exponent, bool* bad_exponent) {
  size_t i = 0;
  if (At(text, i) == '+' || At(text, i) == '-') ++i;
  size_t int_end = SkipDigits(text, i);
  bool digits = int_end > i;
  i = int_end;
  if (At(text, i) == '.') {
    size_t frac_end = SkipDigits(text, i + 1);
    digits = digits || frac_end > i + 1;
    i = frac_end;
  }
  if (!digits) return 0;
  if (At(text, i) == 'e' || At(text, i) == 'E') {
    size_t j = i + 1;
    if (At(text, j) == '+' || At(text, j) == '-') ++j;
    size_t exp_end = SkipDigits(text, j);
    if (exp_end > j) {
      i = exp_end;
    } else if (strict_exponent) {
      *bad_exponent = true;
    }
  }
  return i;
}

// Integer scan with strtoll/strtoull base-0 rules. Returns the length (0 if
// no digits), the magnitude (saturated) and whether it overflowed 64 bits.
size_t ScanInteger64(std::string_view text, bool* negative, uint64_t* magnitude, bool* overflow) {
  size_t i = 0;
  *negative = false;
  *overflow = false;
  *magnitude = 0;
  if (At(text, i) == '+' || At(text, i) == '-') {
    *negative = At(text, i) == '-';
    ++i;
  }
  unsigned base = 10;
  if (At(text, i) == '0' && (At(text, i + 1) == 'x' || At(text, i + 1) == 'X') &&
      IsHexDigit(At(text, i + 2))) {
    base = 16;
    i += 2;
  } else if (At(text, i) == '0') {
    base = 8;
  } else if (!IsDigit(At(text, i))) {
    return 0;
  }
  uint64_t value = 0;
  for (; i < text.size(); ++i) {
    char c = text[i];
    unsigned digit;
    if (base == 16 && IsHexDigit(c)) {
      digit = static_cast<unsigned>(HexValue(c));
    } else if (IsDigit(c) && static_cast<unsigned>(c - '0') < base) {
      digit = static_cast<unsigned>(c - '0');
    } else {
      break;
    }
    if (value > (UINT64_MAX - digit) / base) *overflow = true;
    value = value * base + digit;
  }
  *magnitude = *overflow ? UINT64_MAX : value;
  return i;
}

}  // namespace

bool StrtodC(std::string_view text, double* value) {
  static const locale_t c_locale = newlocale(LC_ALL_MASK, "C", static_cast<locale_t>(nullptr));
  if (text.empty() || c_locale == static_cast<locale_t>(nullptr)) return false;
  std::string copy(text);
  char* end = nullptr;
  *value = strtod_l(copy.c_str(), &end, c_locale);
  return end == copy.c_str() + copy.size();
}

LiteralScan ScanFloat32(std::string_view text) {
  LiteralScan scan;
  if (At(text, 0) == '0' && At(text, 1) == 'x') {
    if (SkipHexDigits(text, 2) != 10 || IsWordChar(At(text, 10))) {
      return Fail("FLT32 bit pattern must be 0x followed by exactly 8 hex digits");
    }
    uint32_t bits = 0;
    for (size_t i = 2; i < 10; ++i) bits = bits * 16u + static_cast<uint32_t>(HexValue(text[i]));
    scan.length = 10;
    scan.bits = bits;
    scan.hex_bits = true;
    return scan;
  }
  size_t i = 0;
  bool negative = false;
  if (At(text, 0) == '+' || At(text, 0) == '-') {
    negative = At(text, 0) == '-';
    i = 1;
  }
  for (std::string_view special : {"inf", "nan"}) {
    if (StartsWithIgnoreCase(text, i, special) && !IsWordChar(At(text, i + 3))) {
      uint32_t bits = special == "inf" ? 0x7f800000u : 0x7fc00000u;
      scan.length = i + 3;
      scan.bits = bits | (negative ? 0x80000000u : 0u);
      return scan;
    }
  }
  bool bad_exponent = false;
  size_t length = DecimalLength(text, /*strict_exponent=*/true, &bad_exponent);
  if (bad_exponent) return Fail("expected digits in the exponent of a FLT32 value");
  if (length == 0) return Fail("expected a FLT32 value");
  double d = 0;
  if (!StrtodC(text.substr(0, length), &d)) return Fail("malformed FLT32 value");
  scan.length = length;
  scan.bits = std::bit_cast<uint32_t>(static_cast<float>(d));
  return scan;
}

LiteralScan ScanFloat64(std::string_view text) {
  size_t i = 0;
  if (At(text, 0) == '+' || At(text, 0) == '-') i = 1;
  size_t length = 0;
  if (At(text, i) == '0' && (At(text, i + 1) == 'x' || At(text, i + 1) == 'X') &&
      (IsHexDigit(At(text, i + 2)) || (At(text, i + 2) == '.' && IsHexDigit(At(text, i + 3))))) {
    size_t j = SkipHexDigits(text, i + 2);
    if (At(text, j) == '.') j = SkipHexDigits(text, j + 1);
    if (At(text, j) == 'p' || At(text, j) == 'P') {
      size_t k = j + 1;
      if (At(text, k) == '+' || At(text, k) == '-') ++k;
      size_t exp_end = SkipDigits(text, k);
      if (exp_end > k) j = exp_end;
    }
    length = j;
  } else if (StartsWithIgnoreCase(text, i, "infinity")) {
    length = i + 8;
  } else if (StartsWithIgnoreCase(text, i, "inf")) {
    length = i + 3;
  } else if (StartsWithIgnoreCase(text, i, "nan")) {
    length = i + 3;
    if (At(text, length) == '(') {
      size_t j = length + 1;
      while (j < text.size() && IsWordChar(text[j])) ++j;
      if (At(text, j) == ')') length = j + 1;
    }
  } else {
    bool unused = false;
    length = DecimalLength(text, /*strict_exponent=*/false, &unused);
  }
  if (length == 0) return Fail("expected a FLT64 value");
  double d = 0;
  if (!StrtodC(text.substr(0, length), &d)) return Fail("malformed FLT64 value");
  LiteralScan scan;
  scan.length = length;
  scan.bits = std::bit_cast<uint64_t>(d);
  return scan;
}

LiteralScan ScanUint32(std::string_view text) {
  size_t end = SkipDigits(text, 0);
  if (end == 0) return Fail("expected an unsigned decimal UINT32 value");
  uint32_t v = 0;
  for (size_t i = 0; i < end; ++i) v = v * 10u + static_cast<uint32_t>(text[i] - '0');
  LiteralScan scan;
  scan.length = end;
  scan.bits = v;
  return scan;
}

LiteralScan ScanInt32(std::string_view text) {
  size_t i = 0;
  bool negative = false;
  if (At(text, 0) == '+' || At(text, 0) == '-') {
    negative = At(text, 0) == '-';
    i = 1;
  }
  size_t end = SkipDigits(text, i);
  if (end == i) return Fail("expected a decimal INT32 value");
  uint32_t v = 0;
  for (size_t k = i; k < end; ++k) v = v * 10u + static_cast<uint32_t>(text[k] - '0');
  LiteralScan scan;
  scan.length = end;
  scan.bits = negative ? 0u - v : v;
  return scan;
}

LiteralScan ScanInt64(std::string_view text) {
  bool negative = false, overflow = false;
  uint64_t magnitude = 0;
  size_t length = ScanInteger64(text, &negative, &magnitude, &overflow);
  if (length == 0) return Fail("expected an INT64 value");
  uint64_t bits;
  if (!negative) {
    bits = magnitude > static_cast<uint64_t>(INT64_MAX) ? static_cast<uint64_t>(INT64_MAX) : magnitude;
  } else {
    bits = magnitude > (static_cast<uint64_t>(INT64_MAX) + 1) ? static_cast<uint64_t>(INT64_MIN)
                                                             : 0 - magnitude;
  }
  LiteralScan scan;
  scan.length = length;
  scan.bits = bits;
  return scan;
}

LiteralScan ScanUint64(std::string_view text) {
  bool negative = false, overflow = false;
  uint64_t magnitude = 0;
  size_t length = ScanInteger64(text, &negative, &magnitude, &overflow);
  if (length == 0) return Fail("expected a UINT64 value");
  LiteralScan scan;
  scan.length = length;
  scan.bits = overflow ? UINT64_MAX : (negative ? 0 - magnitude : magnitude);
  return scan;
}

}  // namespace shaderdiff::tgsi
