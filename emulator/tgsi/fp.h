// Float helpers shared by the op files: classification on raw words, the
// denormal-mode environment every float kernel computes through, half-float
// conversion, and the exactness tests that decide the inexact flags of
// MAD/DP/LRP.
//
// Fp: a kernel performs each float operation through an Fp, which applies
// "flush inputs" (DAZ) and "flush results" (FTZ) as configured and records
// whether any denormal was seen. The interpreter evaluates a kernel under the
// option's mode; when a denormal was seen it re-evaluates under the other
// three {DAZ, FTZ} combinations and flags the result "denormal" if any of
// them gives different bits. Nothing here touches the host FP environment:
// with SSE math and default MXCSR every expression is IEEE round-to-nearest.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>

#include "emulator/common/words.h"

namespace shaderdiff::tgsi_exec {

using common::Word;

inline float F(Word w) { return std::bit_cast<float>(w); }
inline Word W(float f) { return std::bit_cast<Word>(f); }
inline bool IsNanW(Word w) { return (w & 0x7f800000u) == 0x7f800000u && (w & 0x7fffffu) != 0; }
inline bool IsInfW(Word w) { return (w & 0x7fffffffu) == 0x7f800000u; }
inline bool IsDenormW(Word w) { return (w & 0x7f800000u) == 0 && (w & 0x7fffffu) != 0; }
inline bool IsZeroW(Word w) { return (w & 0x7fffffffu) == 0; }
inline bool IsNegZeroW(Word w) { return w == 0x80000000u; }
inline bool IsDenormF(float f) { return IsDenormW(W(f)); }
inline bool IsDenormD(double d) { return std::fpclassify(d) == FP_SUBNORMAL; }

// One denormal handling. daz: denormal inputs read as zero; ftz: denormal
// results are flushed. `saw` records that a denormal input or result occurred.
struct Fp {
  bool daz = false;
  bool ftz = false;
  bool saw = false;

  float In(float x) {
    if (IsDenormF(x)) {
      saw = true;
      if (daz) return std::copysign(0.0f, x);
    }
    return x;
  }
  float Out(float x) {
    if (IsDenormF(x)) {
      saw = true;
      if (ftz) return std::copysign(0.0f, x);
    }
    return x;
  }
  float Add(float a, float b) { return Out(In(a) + In(b)); }
  float Sub(float a, float b) { return Out(In(a) - In(b)); }
  float Mul(float a, float b) { return Out(In(a) * In(b)); }
  float Div(float a, float b) { return Out(In(a) / In(b)); }
  // a*b+c as two separately rounded operations (the build uses
  // -ffp-contract=off; the product is a named temporary anyway).
  float Mad(float a, float b, float c) {
    const float p = Mul(a, b);
    return Add(p, c);
  }
  float Fma(float a, float b, float c) { return Out(std::fmaf(In(a), In(b), In(c))); }
  float Floor(float a) { return Out(std::floor(In(a))); }
  float Ceil(float a) { return Out(std::ceil(In(a))); }
  float Trunc(float a) { return Out(std::trunc(In(a))); }
  float Sqrt(float a) { return Out(std::sqrt(In(a))); }
  float Min(float a, float b) { return std::fmin(In(a), In(b)); }
  float Max(float a, float b) { return std::fmax(In(a), In(b)); }
};

// Round half to even without depending on the host rounding mode.
inline float RoundEven(float x) {
  if (!std::isfinite(x)) return x;
  const float r = std::round(x);  // half away from zero
  if (std::fabs(r - x) == 0.5f) {
    // tie: pick the even neighbour
    const float t = std::trunc(x);
    const float half = t * 0.5f;
    return (std::trunc(half) == half) ? t : r;
  }
  return r;
}

// IEEE binary16 conversions (round to nearest even; NaN stays NaN).
uint16_t FloatToHalf(float f);
float HalfToFloat(uint16_t h);

// True when every term is finite and a multiple of 2^L for one L such that
// the sum of their magnitudes is below 2^(L+24): then every partial sum in
// any order (and any fused form) is exactly representable, so DP/LRP-style
// sums give the same bits in every implementation. Terms are exact doubles;
// the caller checks that products were exact in binary32 (ProductIsExact).
bool TermsSumExactly(const double* terms, int n);
// a*b is exactly representable in binary32 (and finite).
bool ProductIsExact(float a, float b);
// |x| is a power of two (normal), so x/b == x*(1/b) exactly for finite
// results and any reciprocal implementation exact at powers of two.
bool IsPowerOfTwo(float b);

}  // namespace shaderdiff::tgsi_exec
