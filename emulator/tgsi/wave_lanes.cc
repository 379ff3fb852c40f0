// ADD, SUB, MUL and MAD on exact lanes as AVX2 loops (wave_lanes.h): eight
// lanes per step, every test a lane mask, no branch per lane.
//
// Per lane, as PlainLanes<K> and MadK::PlainSlow (ops.h, ops_float.cc):
// the word is the plain IEEE operation (mul and add separately rounded for
// MAD: the intrinsics are one instruction each, -ffp-contract=off does not
// apply to them and is not needed); `slow` is a denormal operand, product
// or result, a NaN result, or (MAD) a fused word that differs and is not a
// finite normal or zero; `alt` (MAD) is a fused word that differs on a lane
// that is not slow. The fused word is vfmadd's, correctly rounded, the same
// bits as std::fmaf. PairSet's hull by value becomes two float compares
// (neither word is a NaN, and OrderedKey orders non-NaN words by value).
// Flags are written eight bytes at a time from the lane bits (kByteOfBit);
// lo, hi and s only on alt lanes (masked stores, s blended), as Lanes::Set
// writes them only for an inexact value.
#include "emulator/tgsi/wave_lanes.h"

#include <immintrin.h>

#include <array>
#include <cstring>
#include <type_traits>

#include "emulator/tgsi/ops_float_kernels.h"

namespace shaderdiff::tgsi_exec {
namespace {

using namespace float_ops;

// Bit i of the index -> byte i of the word is 1.
constexpr std::array<uint64_t, 256> MakeByteOfBit() {
  std::array<uint64_t, 256> t{};
  for (int v = 0; v < 256; ++v) {
    for (int i = 0; i < 8; ++i) {
      if (v & (1 << i)) t[v] |= uint64_t{1} << (8 * i);
    }
  }
  return t;
}
constexpr std::array<uint64_t, 256> kByteOfBit = MakeByteOfBit();

#define SD_AVX2 __attribute__((target("avx2,fma")))

SD_AVX2 inline __m256i Denorm(__m256i x) {
  const __m256i exp = _mm256_and_si256(x, _mm256_set1_epi32(0x7f800000));
  const __m256i man = _mm256_and_si256(x, _mm256_set1_epi32(0x007fffff));
  const __m256i zero = _mm256_setzero_si256();
  return _mm256_andnot_si256(_mm256_cmpeq_epi32(man, zero), _mm256_cmpeq_epi32(exp, zero));
}
// Exponent all ones: an infinity or a NaN.
SD_AVX2 inline __m256i NotFinite(__m256i x) {
  const __m256i e = _mm256_set1_epi32(0x7f800000);
  return _mm256_cmpeq_epi32(_mm256_and_si256(x, e), e);
}
SD_AVX2 inline __m256i Nan(__m256i x) {
  const __m256i man = _mm256_and_si256(x, _mm256_set1_epi32(0x007fffff));
  return _mm256_andnot_si256(_mm256_cmpeq_epi32(man, _mm256_setzero_si256()), NotFinite(x));
}
SD_AVX2 inline int Bits(__m256i m) { return _mm256_movemask_ps(_mm256_castsi256_ps(m)); }

enum class Op { kAdd, kSub, kMul, kMad };
template <class K>
constexpr Op OpOf() {
  if constexpr (std::is_same_v<K, AddK>) return Op::kAdd;
  if constexpr (std::is_same_v<K, SubK>) return Op::kSub;
  if constexpr (std::is_same_v<K, MulK>) return Op::kMul;
  return Op::kMad;
}

template <Op kOp, int N>
SD_AVX2 LaneMask Avx2Loop(const Lanes* const* s, int n, Lanes& r) {
  LaneMask slow = 0;
  for (int l = 0; l < n; l += 8) {
    const int len = n - l < 8 ? n - l : 8;
    const int live = (1 << len) - 1;
    // Lanes n.. of the last step: 0 (StartWave), inside the 16-lane block.
    __m256i in[N];
    __m256i bad = _mm256_setzero_si256();
    for (int k = 0; k < N; ++k) {
      in[k] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s[k]->w + l));
      bad = _mm256_or_si256(bad, Denorm(in[k]));
    }
    const __m256 a = _mm256_castsi256_ps(in[0]), b = _mm256_castsi256_ps(in[1]);
    __m256 w;
    __m256i alt = _mm256_setzero_si256();
    __m256 fused = _mm256_setzero_ps();
    if constexpr (kOp == Op::kAdd) {
      w = _mm256_add_ps(a, b);
    } else if constexpr (kOp == Op::kSub) {
      w = _mm256_sub_ps(a, b);
    } else if constexpr (kOp == Op::kMul) {
      w = _mm256_mul_ps(a, b);
    } else {
      const __m256 c = _mm256_castsi256_ps(in[2]);
      const __m256 p = _mm256_mul_ps(a, b);  // two roundings
      w = _mm256_add_ps(p, c);
      fused = _mm256_fmadd_ps(a, b, c);
      const __m256i fi = _mm256_castps_si256(fused);
      const __m256i differs =
          _mm256_xor_si256(_mm256_cmpeq_epi32(fi, _mm256_castps_si256(w)), _mm256_set1_epi32(-1));
      bad = _mm256_or_si256(bad, Denorm(_mm256_castps_si256(p)));
      bad = _mm256_or_si256(bad, _mm256_and_si256(differs, _mm256_or_si256(NotFinite(fi), Denorm(fi))));
      alt = differs;
    }
    const __m256i wi = _mm256_castps_si256(w);
    bad = _mm256_or_si256(bad, _mm256_or_si256(Denorm(wi), Nan(wi)));
    const int slow_bits = Bits(bad) & live;
    slow |= static_cast<LaneMask>(slow_bits) << l;
    // The lanes of this step below n (all eight but on the last step).
    const __m256i keep = _mm256_cmpgt_epi32(_mm256_set1_epi32(len), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    if (len == 8) {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(r.w + l), wi);
    } else {
      _mm256_maskstore_epi32(reinterpret_cast<int*>(r.w + l), keep, wi);
    }
    uint64_t x_bytes = 0;
    if constexpr (kOp == Op::kMad) {
      alt = _mm256_andnot_si256(bad, alt);
      const int alt_bits = Bits(alt) & live;
      if (alt_bits != 0) {
        // PairSet(w, fused): lo / hi by value, the word itself on a tie.
        const __m256 lo = _mm256_blendv_ps(w, fused, _mm256_cmp_ps(fused, w, _CMP_LT_OQ));
        const __m256 hi = _mm256_blendv_ps(w, fused, _mm256_cmp_ps(fused, w, _CMP_GT_OQ));
        const __m256i store = _mm256_and_si256(alt, keep);
        _mm256_maskstore_epi32(reinterpret_cast<int*>(r.lo + l), store, _mm256_castps_si256(lo));
        _mm256_maskstore_epi32(reinterpret_cast<int*>(r.hi + l), store, _mm256_castps_si256(hi));
        const uint64_t ones = kByteOfBit[alt_bits];
        uint64_t s8;
        std::memcpy(&s8, r.s + l, sizeof s8);  // r.s has kMaxLanes bytes; l + 8 <= kMaxLanes
        s8 = (s8 & ~(ones * 0xff)) | ones * kSetInterval;
        std::memcpy(r.s + l, &s8, static_cast<size_t>(len));
        x_bytes = ones * static_cast<uint8_t>(MadK::kAltReason);
      }
    }
    const uint64_t zero = 0;
    std::memcpy(r.u + l, &zero, static_cast<size_t>(len));
    std::memcpy(r.x + l, &x_bytes, static_cast<size_t>(len));
  }
  return slow;
}

}  // namespace

bool WaveLanesVectorized() {
  static const bool ok = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return ok;
}

template <class K>
LaneMask WaveLanesAvx2(const Lanes* const* s, int n, Lanes& r) {
  return Avx2Loop<OpOf<K>(), K::kSrc>(s, n, r);
}

template <class K>
LaneMask WaveLanes(const Lanes* const* s, int n, Lanes& r) {
  if (WaveLanesVectorized()) return WaveLanesAvx2<K>(s, n, r);
  return PlainLanes<K>(s, n, r);
}

template LaneMask WaveLanes<AddK>(const Lanes* const*, int, Lanes&);
template LaneMask WaveLanes<SubK>(const Lanes* const*, int, Lanes&);
template LaneMask WaveLanes<MulK>(const Lanes* const*, int, Lanes&);
template LaneMask WaveLanes<MadK>(const Lanes* const*, int, Lanes&);
template LaneMask WaveLanesAvx2<AddK>(const Lanes* const*, int, Lanes&);
template LaneMask WaveLanesAvx2<SubK>(const Lanes* const*, int, Lanes&);
template LaneMask WaveLanesAvx2<MulK>(const Lanes* const*, int, Lanes&);
template LaneMask WaveLanesAvx2<MadK>(const Lanes* const*, int, Lanes&);

}  // namespace shaderdiff::tgsi_exec
