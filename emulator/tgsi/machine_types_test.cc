// Lanes::AllExactIn / AllExactFirst (machine_types.h), which read the u
// and x flag bytes eight lanes at a time, against their definition: lanes
// at..at+n-1 are all exact when no lane among them has an undefined or
// inexact cause. Every start and width, a single flag on every lane and in
// either array (inside the range, in its last word-wise block, in the byte
// tail, and before or after the range, where it must not count), and
// random flag patterns.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "emulator/tgsi/machine_types.h"

namespace shaderdiff::tgsi_exec {
namespace {

bool AllExactByDefinition(const Lanes& v, int at, int n) {
  for (int l = at; l < at + n; ++l) {
    if (!v.Exact(l)) return false;
  }
  return true;
}

Lanes AllExact() {
  Lanes v;
  std::memset(&v, 0, sizeof v);  // words 0, kNone flags (0)
  return v;
}

TEST(AllExactIn, OneFlagAnywhereForEveryRange) {
  int checks = 0, inside = 0;
  for (int at = 0; at <= kMaxLanes; ++at) {
    for (int n = 0; at + n <= kMaxLanes; ++n) {
      const Lanes clean = AllExact();
      EXPECT_TRUE(clean.AllExactIn(at, n)) << "at=" << at << " n=" << n;
      for (int flagged = 0; flagged < kMaxLanes; ++flagged) {
        for (int in_x = 0; in_x < 2; ++in_x) {
          Lanes v = AllExact();
          (in_x ? v.x : v.u)[flagged] = in_x ? Reason::kInexactOperand : Reason::kUninitialized;
          const bool want = AllExactByDefinition(v, at, n);
          ASSERT_EQ(v.AllExactIn(at, n), want)
              << "at=" << at << " n=" << n << " flag on lane " << flagged << (in_x ? " (x)" : " (u)");
          if (at == 0) {
            ASSERT_EQ(v.AllExactFirst(n), want) << "n=" << n << " flag on lane " << flagged;
          }
          ASSERT_EQ(want, flagged < at || flagged >= at + n);
          inside += !want;
          ++checks;
        }
      }
    }
  }
  EXPECT_EQ(checks, 65 * 66 / 2 * 64 * 2);
  EXPECT_GT(inside, checks / 4);
}

TEST(AllExactFirst, RandomFlagPatterns) {
  std::mt19937 rng(20261127);
  int inexact_waves = 0, exact_waves = 0;
  for (int round = 0; round < 20000; ++round) {
    Lanes v = AllExact();
    const int n = static_cast<int>(rng() % (kMaxLanes + 1));
    // Flags on a few random lanes, most of them past n half the time.
    const int flags = static_cast<int>(rng() % 4);
    for (int f = 0; f < flags; ++f) {
      const int lo = (rng() & 1) ? n : 0;
      if (lo >= kMaxLanes) continue;
      const int l = lo + static_cast<int>(rng() % static_cast<uint32_t>(kMaxLanes - lo));
      const Reason r = static_cast<Reason>(1 + rng() % 200);
      ((rng() & 1) ? v.u : v.x)[l] = r;
    }
    const bool want = AllExactByDefinition(v, 0, n);
    ASSERT_EQ(v.AllExactFirst(n), want) << "round " << round << " n=" << n;
    const int at = static_cast<int>(rng() % static_cast<uint32_t>(kMaxLanes - n + 1));
    ASSERT_EQ(v.AllExactIn(at, n), AllExactByDefinition(v, at, n)) << "round " << round << " at=" << at << " n=" << n;
    (want ? exact_waves : inexact_waves) += 1;
  }
  // Both answers occur often enough for the comparison to mean something.
  EXPECT_GT(exact_waves, 2000);
  EXPECT_GT(inexact_waves, 2000);
}

}  // namespace
}  // namespace shaderdiff::tgsi_exec
