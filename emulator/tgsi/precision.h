// The precision each inexact TGSI operation is allowed, as data: the
// GLSL 4.x / ARB_shader_precision limits (docs/tgsi.md §5 item 8) where they
// exist, and the project's documented choice where the specification leaves
// precision undefined (trigonometry) or says nothing (texture filtering).
//
// A Tolerance widens a correctly computed result r into the interval a
// conforming implementation may return: [r - t, r + t] with
// t = max(ulps * ulp(r), absolute, relative * |r|), each bound rounded
// outward to binary32 (value_set.h Widen).
#pragma once

#include <cstdint>

namespace shaderdiff::tgsi_exec {

struct Tolerance {
  int64_t ulps = 0;
  double absolute = 0;
  double relative = 0;
  bool none() const { return ulps == 0 && absolute == 0 && relative == 0; }
};

namespace precision {
// 1/x and a/b: 2.5 ulp (GLSL division, |b| in [2^-126, 2^126]).
inline constexpr Tolerance kRcp{3, 0, 0};
inline constexpr Tolerance kDiv{3, 0, 0};
// inversesqrt: 2 ulp; sqrt as 1/inversesqrt: 2.5 ulp.
inline constexpr Tolerance kRsq{2, 0, 0};
inline constexpr Tolerance kSqrt{3, 0, 0};
// exp2: (3 + 2|x|) ulp; the kernel adds the 2|x| part (Ex2Ulps).
inline constexpr Tolerance kEx2Base{3, 0, 0};
inline int64_t Ex2Ulps(double x_magnitude) { return 3 + 2 * static_cast<int64_t>(x_magnitude + 1.0); }
// log2: 3 ulp outside [0.5, 2], absolute 2^-21 inside (both are allowed
// here everywhere: the larger wins).
inline constexpr Tolerance kLg2{3, 1.0 / (1 << 21), 0};
// pow = exp2(y * log2 x): the log's absolute error times |y| becomes a
// relative error of the result; 2^-12 relative covers |y| up to 2^8 at
// 2^-21 (ln 2 < 1). LIT.z is a pow.
inline constexpr Tolerance kPow{0, 1.0 / (1 << 20), 1.0 / (1 << 12)};
// Trigonometric precision is undefined; the project allows 2^-11 absolute
// on [-1024, 1024] (outside, the result is any value: trig-range).
inline constexpr Tolerance kTrig{0, 1.0 / (1 << 11), 0};
// Rounding of a conversion the specification leaves open: 1 ulp.
inline constexpr Tolerance kConversion{1, 0, 0};
// Texture filtering weights and LOD computation: one 8-bit step.
inline constexpr Tolerance kTextureFilter{0, 1.0 / 256, 0};
inline constexpr Tolerance kLodQuery{0, 1.0 / 256, 0};
}  // namespace precision

}  // namespace shaderdiff::tgsi_exec
