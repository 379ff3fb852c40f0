// TermsSumExactly (fp.h), which reads each term's lowest set bit from the
// double's fields, against its definition written out with the lowest set
// bit found by bisection on integral quotients. Terms are binary32
// values and exact products of two, over the whole exponent range, with
// sums that fit 24 bits and sums that do not.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "emulator/tgsi/fp.h"

namespace shaderdiff::tgsi_exec {
namespace {

// The exponent of the lowest set bit of a nonzero binary32 value t (so in
// [-149, 127]): the largest k with t / 2^k an integer (integral for every
// smaller k), by bisection; no quotient below overflows or underflows.
int LowestBit(double t) {
  int lo = -200, hi = 200;  // t / 2^lo is integral, t / 2^hi is not
  while (hi - lo > 1) {
    const int mid = (lo + hi) / 2;
    const double q = std::ldexp(t, -mid);
    (std::trunc(q) == q ? lo : hi) = mid;
  }
  return lo;
}

// fp.h's definition of TermsSumExactly, written out: every term a finite
// binary32 value, and with L the lowest set bit over the nonzero terms, the
// sum of magnitudes finite in binary32 and below 2^(L + 24).
bool Definition(const double* terms, int n) {
  const double* end = terms + n;
  if (!std::all_of(terms, end, [](double t) { return std::isfinite(t) && double(float(t)) == t; })) return false;
  std::vector<int> lows;
  double magnitude = 0;
  for (const double* t = terms; t != end; ++t) {
    if (*t != 0) lows.push_back(LowestBit(*t));
    magnitude += std::fabs(*t);
  }
  if (lows.empty()) return true;
  const int l = *std::min_element(lows.begin(), lows.end());
  return magnitude < double(FLT_MAX) && magnitude < std::ldexp(1.0, l + 24);
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
    const bool want = Definition(t, n);
    ASSERT_EQ(TermsSumExactly(t, n), want) << t[0] << " " << n;
    ++(want ? exact : inexact);
  }
  EXPECT_GT(exact, 20000);
  EXPECT_GT(inexact, 20000);
}

}  // namespace
}  // namespace shaderdiff::tgsi_exec
