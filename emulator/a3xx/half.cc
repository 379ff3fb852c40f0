// binary16 <-> binary32/64 (see half.h).
//
// DoubleToHalf scales |v| so that one unit is the half quantum at v's
// exponent (2^(E-10), E clamped to >= -14 for subnormals); the integer part
// n and the fraction decide the rounding, and the encoding
// ((E + 15) << 10) + n - 1024 is then correct for normals, subnormals and a
// mantissa carry into the exponent alike.
#include "emulator/a3xx/half.h"

#include <bit>
#include <cmath>

namespace shaderdiff::a3xx {

float HalfToFloat(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1f;
  const uint32_t man = h & 0x3ffu;
  if (exp == 0x1f) return std::bit_cast<float>(sign | 0x7f800000u | (man << 13));
  if (exp == 0) {
    // Subnormal or zero: man * 2^-24, exact in binary32.
    const float v = std::ldexp(static_cast<float>(man), -24);
    return sign ? -v : v;
  }
  return std::bit_cast<float>(sign | ((exp + 112) << 23) | (man << 13));
}

uint16_t DoubleToHalf(double v, RoundDir dir) {
  const bool neg = std::signbit(v);
  const uint16_t sign = neg ? 0x8000u : 0u;
  if (std::isnan(v)) return sign | 0x7e00u;
  const double a = std::fabs(v);
  if (std::isinf(a)) return sign | 0x7c00u;
  if (a == 0) return sign;
  // Does this direction round the magnitude away from zero?
  const bool away_dir = (dir == RoundDir::kUp && !neg) || (dir == RoundDir::kDown && neg);
  const uint16_t overflow = (dir == RoundDir::kNearestEven || away_dir) ? 0x7c00u : 0x7bffu;
  int e = 0;
  std::frexp(a, &e);  // a = m * 2^e, m in [0.5, 1)
  int exp = e - 1;    // a = 1.f * 2^exp
  if (exp > 15) return sign | overflow;
  if (exp < -14) exp = -14;
  const double q = std::ldexp(a, 10 - exp);  // a in quanta; exact
  double n = std::floor(q);
  const double frac = q - n;
  bool up = false;
  switch (dir) {
    case RoundDir::kNearestEven:
      up = frac > 0.5 || (frac == 0.5 && std::fmod(n, 2.0) != 0);
      break;
    case RoundDir::kTowardZero: break;
    case RoundDir::kUp:
    case RoundDir::kDown: up = away_dir && frac > 0; break;
  }
  if (up) n += 1;
  const uint32_t bits = static_cast<uint32_t>((exp + 15) << 10) + static_cast<uint32_t>(n) - 1024u;
  if (bits >= 0x7c00u) return sign | overflow;
  return static_cast<uint16_t>(sign | bits);
}

uint16_t FloatToHalf(float f, RoundDir dir) {
  if (std::isnan(f)) {
    const uint32_t b = std::bit_cast<uint32_t>(f);
    return static_cast<uint16_t>(((b >> 16) & 0x8000u) | 0x7e00u | ((b >> 13) & 0x3ffu));
  }
  return DoubleToHalf(static_cast<double>(f), dir);
}

}  // namespace shaderdiff::a3xx
