// Half-float conversion and the exactness tests declared in fp.h.
#include "emulator/tgsi/fp.h"

#include <bit>
#include <cfloat>
#include <cstdint>

namespace shaderdiff::tgsi_exec {

uint16_t FloatToHalf(float f) {
  const Word w = W(f);
  const uint16_t sign = static_cast<uint16_t>((w >> 16) & 0x8000u);
  const uint32_t exp = (w >> 23) & 0xffu;
  uint32_t man = w & 0x7fffffu;
  if (exp == 0xff) {
    if (man == 0) return sign | 0x7c00u;  // inf
    // NaN: keep the top payload bits, force quiet so it stays a NaN.
    return static_cast<uint16_t>(sign | 0x7e00u | (man >> 13));
  }
  // Work on the magnitude as an exact double and round to the half grid.
  const double a = std::fabs(static_cast<double>(f));
  if (a >= 65520.0) return sign | 0x7c00u;  // rounds to inf
  if (a < 0.00006103515625) {               // below the smallest normal half (2^-14)
    // Denormal halves are multiples of 2^-24.
    const double q = a * 16777216.0;  // exact (power-of-two scale)
    double r = std::floor(q);
    const double frac = q - r;
    if (frac > 0.5 || (frac == 0.5 && std::fmod(r, 2.0) != 0.0)) r += 1.0;
    return static_cast<uint16_t>(sign | static_cast<uint16_t>(r));  // r == 1024 gives the smallest normal
  }
  int e = 0;
  const double m = std::frexp(a, &e);  // a = m * 2^e, m in [0.5, 1)
  // half: 1.f * 2^(e-1), 10 fraction bits -> scale m by 2^11.
  const double q = m * 2048.0;
  double r = std::floor(q);
  const double frac = q - r;
  if (frac > 0.5 || (frac == 0.5 && std::fmod(r, 2.0) != 0.0)) r += 1.0;
  int he = e - 1 + 15;
  uint32_t hm = static_cast<uint32_t>(r);  // 1024..2048
  if (hm == 2048) {
    hm = 1024;
    ++he;
  }
  if (he >= 31) return sign | 0x7c00u;
  (void)man;
  return static_cast<uint16_t>(sign | (static_cast<uint32_t>(he) << 10) | (hm - 1024));
}

float HalfToFloat(uint16_t h) {
  const uint32_t sign = (h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1fu;
  const uint32_t man = h & 0x3ffu;
  if (exp == 0x1f) return F(sign | 0x7f800000u | (man << 13));
  if (exp == 0) {
    const float v = static_cast<float>(man) * (1.0f / 16777216.0f);  // exact
    return sign ? -v : v;
  }
  return F(sign | ((exp + 112) << 23) | (man << 13));
}

bool ProductIsExact(float a, float b) {
  if (!std::isfinite(a) || !std::isfinite(b)) return false;
  const double p = static_cast<double>(a) * static_cast<double>(b);  // exact: 24+24 bits
  const float pf = static_cast<float>(p);
  return std::isfinite(pf) && static_cast<double>(pf) == p;
}

bool TermsSumExactly(const double* terms, int n) {
  int min_lsb = 100000;
  double sum_abs = 0;
  for (int i = 0; i < n; ++i) {
    const double t = terms[i];
    if (!std::isfinite(t)) return false;
    if (t == 0) continue;
    // The term must itself be a binary32 value.
    if (static_cast<double>(static_cast<float>(t)) != t) return false;
    // |t| = mant * 2^(exp - 1075) (a binary32 value is a normal double);
    // its lowest set bit is at 2^lsb.
    const uint64_t bits = std::bit_cast<uint64_t>(t);
    const int biased = static_cast<int>((bits >> 52) & 0x7ffu);
    const uint64_t frac = bits & ((uint64_t{1} << 52) - 1);
    const uint64_t mant = biased != 0 ? (frac | (uint64_t{1} << 52)) : frac;
    const int lsb = (biased != 0 ? biased : 1) - 1075 + std::countr_zero(mant);
    if (lsb < min_lsb) min_lsb = lsb;
    sum_abs += std::fabs(t);
  }
  if (min_lsb == 100000) return true;  // all zero
  if (!(sum_abs < static_cast<double>(FLT_MAX))) return false;
  return sum_abs < std::ldexp(1.0, min_lsb + 24);
}

bool IsPowerOfTwo(float b) {
  const Word w = W(b) & 0x7fffffffu;
  const uint32_t exp = w >> 23;
  return exp != 0 && exp != 0xff && (w & 0x7fffffu) == 0;
}

}  // namespace shaderdiff::tgsi_exec
