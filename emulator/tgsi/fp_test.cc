// TermsSumExactly (fp.h) against its definition written with frexp: the
// lowest set bit of each term found by halving its 53-bit mantissa, as the
// function did before it read the double's fields. Terms are binary32
// values and exact products of two, over the whole exponent range, with
// sums that fit 24 bits and sums that do not.
#include <gtest/gtest.h>

#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <random>

#include "emulator/tgsi/fp.h"

namespace shaderdiff::tgsi_exec {
namespace {

bool ByFrexp(const double* terms, int n) {
  int min_lsb = 100000;
  double sum_abs = 0;
  for (int i = 0; i < n; ++i) {
    const double t = terms[i];
    if (!std::isfinite(t)) return false;
    if (t == 0) continue;
    if (static_cast<double>(static_cast<float>(t)) != t) return false;
    int e = 0;
    const double m = std::frexp(std::fabs(t), &e);
    uint64_t mant = static_cast<uint64_t>(std::ldexp(m, 53));
    int lsb = e - 53;
    while ((mant & 1u) == 0) {
      mant >>= 1;
      ++lsb;
    }
    min_lsb = std::min(min_lsb, lsb);
    sum_abs += std::fabs(t);
  }
  if (min_lsb == 100000) return true;
  if (!(sum_abs < static_cast<double>(FLT_MAX))) return false;
  return sum_abs < std::ldexp(1.0, min_lsb + 24);
}

TEST(Fp, TermsSumExactlyMatchesItsDefinition) {
  std::mt19937 rng(5);
  std::uniform_int_distribution<uint32_t> word;
  std::uniform_int_distribution<int> bits(0, 23), exp(-149, 127), count(1, 5);
  // A float with few significant bits (so sums are often exact) or any word.
  const auto term = [&]() -> double {
    if (rng() % 4 == 0) return std::bit_cast<float>(word(rng));
    const float m = static_cast<float>(rng() & ((1u << bits(rng)) - 1)) + 1.0f;
    const float f = std::ldexp(m, rng() % 2 ? exp(rng) / 4 : exp(rng));
    return rng() % 2 ? -f : f;
  };
  int exact = 0, inexact = 0;
  for (int k = 0; k < 200000; ++k) {
    double t[5];
    const int n = count(rng);
    for (int i = 0; i < n; ++i) {
      t[i] = term();
      if (rng() % 3 == 0) t[i] *= term();  // a product: exact in double
      if (rng() % 16 == 0) t[i] = 0;
    }
    const bool want = ByFrexp(t, n);
    ASSERT_EQ(TermsSumExactly(t, n), want) << t[0] << " " << n;
    ++(want ? exact : inexact);
  }
  EXPECT_GT(exact, 20000);
  EXPECT_GT(inexact, 20000);
}

}  // namespace
}  // namespace shaderdiff::tgsi_exec
