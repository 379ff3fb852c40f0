// Lanes::AllExactIn / AllExactFirst (machine_types.h), which read the u
// and x flag bytes eight lanes at a time, against their definition: lanes
// at..at+n-1 are all exact when no lane among them has an undefined or
// inexact cause. Every start and width, a single flag on every lane and in
// either array (inside the range, in its last word-wise block, in the byte
// tail, and before or after the range, where it must not count), and
// random flag patterns. NotExactFirst (the mask of the lanes that are not
// exact), IsRun and FillWords against their definitions likewise.
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

uint64_t NotExactByDefinition(const Lanes& v, int n) {
  uint64_t m = 0;
  for (int l = 0; l < n; ++l) m |= static_cast<uint64_t>(!v.Exact(l)) << l;
  return m;
}

TEST(NotExactFirst, EveryWidthAndByteValue) {
  // One flag of every byte value (the bit trick must see 0x80 and 0x7f
  // alike) on every lane, in either array, for every width; and dense
  // random patterns.
  int checks = 0;
  for (int n = 0; n <= kMaxLanes; ++n) {
    ASSERT_EQ(AllExact().NotExactFirst(n), 0u) << "n=" << n;
    for (int flagged = 0; flagged < kMaxLanes; ++flagged) {
      for (int byte = 1; byte < 256; byte += 7) {
        Lanes v = AllExact();
        ((byte & 2) ? v.x : v.u)[flagged] = static_cast<Reason>(byte);
        ASSERT_EQ(v.NotExactFirst(n), NotExactByDefinition(v, n)) << "n=" << n << " lane " << flagged << " byte " << byte;
        ++checks;
      }
    }
  }
  std::mt19937 rng(20261128);
  for (int round = 0; round < 20000; ++round) {
    Lanes v = AllExact();
    const int n = static_cast<int>(rng() % (kMaxLanes + 1));
    for (int l = 0; l < kMaxLanes; ++l) {
      if (rng() % 3 == 0) v.u[l] = static_cast<Reason>(rng() % 256);
      if (rng() % 3 == 0) v.x[l] = static_cast<Reason>(rng() % 256);
    }
    ASSERT_EQ(v.NotExactFirst(n), NotExactByDefinition(v, n)) << "round " << round << " n=" << n;
    ++checks;
  }
  EXPECT_EQ(checks, 65 * 64 * 37 + 20000);
}

TEST(IsRun, EveryRunAndNotARun) {
  int at = -1, n = -1;
  EXPECT_FALSE(IsRun(0, &at, &n));
  for (int a = 0; a < kMaxLanes; ++a) {
    for (int len = 1; a + len <= kMaxLanes; ++len) {
      const uint64_t m = (len == 64 ? ~uint64_t{0} : ((uint64_t{1} << len) - 1)) << a;
      ASSERT_TRUE(IsRun(m, &at, &n)) << a << "+" << len;
      ASSERT_EQ(at, a);
      ASSERT_EQ(n, len);
      if (a + len + 1 < kMaxLanes) {
        ASSERT_FALSE(IsRun(m | (uint64_t{1} << (a + len + 1)), &at, &n)) << a << "+" << len;
      }
    }
  }
}

TEST(FillWords, ExactlyTheFirstNWords) {
  for (int n = 0; n <= kMaxLanes; ++n) {
    common::Word w[kMaxLanes + 4];
    std::fill_n(w, kMaxLanes + 4, 0xdeadbeefu);
    FillWords(w, n, 0x3f800000u);
    for (int l = 0; l < kMaxLanes + 4; ++l) ASSERT_EQ(w[l], l < n ? 0x3f800000u : 0xdeadbeefu) << "n=" << n << " l=" << l;
  }
}

}  // namespace
}  // namespace shaderdiff::tgsi_exec
