// WaveLanes' vector loops (wave_lanes.cc) against PlainLanes<K> (ops.h),
// the definition they replace: on millions of random lanes (random bit
// patterns, +-0, denormals, +-Inf, NaN, +-FLT_MAX, the smallest normals,
// 1 +- ulp, and MAD triples built so that the fused and unfused results
// differ: c = -(a*b) rounded, and c one ulp off it), for every wave width
// 1..64, the whole result (every word, flag, set field, and the lanes
// beyond the wave, which neither may write) and the returned slow-lane mask
// must be identical, but for the word of a lane both send to the general
// path (which rewrites it).
#include <gtest/gtest.h>

#include <cstring>
#include <limits>
#include <random>

#include "emulator/tgsi/ops_float_kernels.h"
#include "emulator/tgsi/wave_lanes.h"

namespace shaderdiff::tgsi_exec {
namespace {

using namespace float_ops;

float Pick(std::mt19937& rng) {
  static const float kEdges[] = {0.0f,
                                 -0.0f,
                                 1.0f,
                                 -1.0f,
                                 std::numeric_limits<float>::denorm_min(),
                                 -std::numeric_limits<float>::denorm_min(),
                                 0x1p-127f,
                                 std::numeric_limits<float>::min(),
                                 -std::numeric_limits<float>::min(),
                                 0x1.000002p-126f,
                                 std::numeric_limits<float>::max(),
                                 -std::numeric_limits<float>::max(),
                                 std::numeric_limits<float>::infinity(),
                                 -std::numeric_limits<float>::infinity(),
                                 std::numeric_limits<float>::quiet_NaN(),
                                 0x1.000002p0f,
                                 0x1.fffffep-1f,
                                 0x1p64f,
                                 0x1p-64f};
  switch (rng() % 4) {
    case 0: return std::bit_cast<float>(static_cast<uint32_t>(rng()));
    case 1: return kEdges[rng() % (sizeof kEdges / sizeof kEdges[0])];
    case 2: return std::ldexp(std::uniform_real_distribution<float>(-1, 1)(rng), static_cast<int>(rng() % 80) - 40);
    default: return std::ldexp(std::uniform_real_distribution<float>(-1, 1)(rng), static_cast<int>(rng() % 260) - 130);
  }
}

template <class K>
void Check(uint32_t seed, int rounds) {
  ASSERT_TRUE(WaveLanesVectorized()) << "this host has no AVX2/FMA: the vector version is not exercised";
  std::mt19937 rng(seed);
  constexpr int N = K::kSrc;
  Lanes ops[N];
  Lanes want, got;
  long alt_lanes = 0, slow_lanes = 0, lanes = 0;
  for (int round = 0; round < rounds; ++round) {
    const int n = 1 + static_cast<int>(rng() % kMaxLanes);
    const int block_end = (n + kPlainBlock - 1) / kPlainBlock * kPlainBlock;
    for (int k = 0; k < N; ++k) {
      for (int l = 0; l < kMaxLanes; ++l) {
        // Lanes n..block_end-1 are 0 (StartWave); beyond, anything.
        ops[k].w[l] = l < n ? std::bit_cast<Word>(Pick(rng)) : (l < block_end ? 0u : static_cast<Word>(rng()));
        ops[k].u[l] = ops[k].x[l] = Reason::kNone;
      }
    }
    if constexpr (N == 3) {
      for (int l = 0; l < n; ++l) {
        const float a = F(ops[0].w[l]), b = F(ops[1].w[l]);
        switch (rng() % 3) {
          case 0: ops[2].w[l] = W(-(a * b)); break;  // unfused 0, fused the product's rounding error
          case 1: ops[2].w[l] = W(-(a * b)) + (rng() % 2 ? 1 : -1); break;
          default: break;
        }
      }
    }
    // The same arbitrary contents in both results before the call.
    for (size_t i = 0; i < sizeof want; ++i) reinterpret_cast<unsigned char*>(&want)[i] = static_cast<unsigned char>(rng());
    std::memcpy(&got, &want, sizeof want);
    const Lanes* s[N];
    for (int k = 0; k < N; ++k) s[k] = &ops[k];
    const LaneMask slow_want = PlainLanes<K>(s, n, want);
    const LaneMask slow_got = WaveLanesAvx2<K>(s, n, got);
    ASSERT_EQ(slow_got, slow_want) << "round " << round << " n " << n;
    for (int l = 0; l < kMaxLanes; ++l) {
      // A slow lane's word is the caller's to recompute (the general path
      // writes it); the two may differ only there, in a NaN's payload (the
      // compiler may commute the scalar add's operands).
      if (l >= n || !((slow_want >> l) & 1)) {
        ASSERT_EQ(got.w[l], want.w[l]) << "round " << round << " n " << n << " lane " << l;
      }
      ASSERT_EQ(got.u[l], want.u[l]) << "lane " << l;
      ASSERT_EQ(got.x[l], want.x[l]) << "lane " << l;
      ASSERT_EQ(got.s[l], want.s[l]) << "lane " << l;
      ASSERT_EQ(got.lo[l], want.lo[l]) << "lane " << l;
      ASSERT_EQ(got.hi[l], want.hi[l]) << "lane " << l;
    }
    for (int l = 0; l < n; ++l) {
      alt_lanes += !((slow_want >> l) & 1) && want.x[l] != Reason::kNone;
      slow_lanes += (slow_want >> l) & 1;
    }
    lanes += n;
  }
  // Every way out is exercised: plain lanes, slow lanes and (MAD) pair sets.
  EXPECT_GT(slow_lanes, lanes / 20);
  EXPECT_LT(slow_lanes, lanes * 19 / 20);
  if constexpr (N == 3) EXPECT_GT(alt_lanes, lanes / 20);
}

TEST(WaveLanes, AddSameAsPlainLanes) { Check<AddK>(1, 60000); }
TEST(WaveLanes, SubSameAsPlainLanes) { Check<SubK>(2, 60000); }
TEST(WaveLanes, MulSameAsPlainLanes) { Check<MulK>(3, 60000); }
TEST(WaveLanes, MadSameAsPlainLanes) { Check<MadK>(4, 60000); }

}  // namespace
}  // namespace shaderdiff::tgsi_exec
