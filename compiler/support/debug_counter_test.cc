#include "compiler/support/debug_counter.h"

#include <gtest/gtest.h>

namespace shaderdiff::compiler {
namespace {

TEST(RewriteBudget, UnlimitedTakesEverything) {
  RewriteBudget b;
  for (int i = 0; i < 100; ++i) EXPECT_TRUE(b.ShouldRewrite("x"));
  EXPECT_EQ(b.asked(), 100u);
  EXPECT_EQ(b.taken(), 100u);
}

TEST(RewriteBudget, ZeroTakesNothing) {
  RewriteBudget b(0);
  EXPECT_FALSE(b.ShouldRewrite("a"));
  EXPECT_FALSE(b.ShouldRewrite("b"));
  EXPECT_EQ(b.taken(), 0u);
  EXPECT_EQ(b.asked(), 2u);
  EXPECT_FALSE(b.LastTaken().has_value());
}

TEST(RewriteBudget, LimitTakesPrefixAndLogsAll) {
  RewriteBudget b(2);
  EXPECT_TRUE(b.ShouldRewrite("lower-dp3"));
  EXPECT_TRUE(b.ShouldRewrite("lower-pow"));
  EXPECT_FALSE(b.ShouldRewrite("lower-lrp"));
  ASSERT_EQ(b.log().size(), 3u);
  EXPECT_EQ(b.log()[2].index, 2u);
  EXPECT_EQ(b.log()[2].rewrite, "lower-lrp");
  EXPECT_FALSE(b.log()[2].taken);
  EXPECT_EQ(b.LastTaken()->rewrite, "lower-pow");
  EXPECT_EQ(b.PrintLog(), "#0 lower-dp3 taken\n#1 lower-pow taken\n#2 lower-lrp skipped\n");
}

TEST(RewriteBudget, DeterministicAcrossInstances) {
  RewriteBudget a(3), b(3);
  for (const char* n : {"p", "q", "r", "s", "t"}) EXPECT_EQ(a.ShouldRewrite(n), b.ShouldRewrite(n));
  EXPECT_EQ(a.PrintLog(), b.PrintLog());
}

TEST(RewriteBudget, NullBudgetIsUnlimited) {
  EXPECT_TRUE(ShouldRewrite(nullptr, "x"));
  RewriteBudget b(0);
  EXPECT_FALSE(ShouldRewrite(&b, "x"));
}

// A bisection over the limit finds the first bad rewrite by name.
TEST(RewriteBudget, BisectionNamesCulprit) {
  const std::vector<std::string> sites = {"a", "b", "bad", "c", "d"};
  auto run = [&](int64_t limit) {  // "fails" once the third rewrite happens
    RewriteBudget b(limit);
    bool broken = false;
    for (const auto& s : sites) broken |= b.ShouldRewrite(s) && s == "bad";
    return std::pair{broken, b.LastTaken()};
  };
  int64_t lo = 0, hi = static_cast<int64_t>(sites.size());  // lo good, hi bad
  while (hi - lo > 1) {
    const int64_t mid = (lo + hi) / 2;
    (run(mid).first ? hi : lo) = mid;
  }
  EXPECT_EQ(hi, 3);
  EXPECT_EQ(run(hi).second->rewrite, "bad");
}

TEST(RewriteBudget, AllowingOnlyTakesExactlyTheSet) {
  RewriteBudget b = RewriteBudget::AllowingOnly({1, 3});
  std::vector<bool> taken;
  for (const char* n : {"a", "b", "c", "d", "e"}) taken.push_back(b.ShouldRewrite(n));
  EXPECT_EQ(taken, (std::vector<bool>{false, true, false, true, false}));
  EXPECT_EQ(b.taken(), 2u);
  EXPECT_EQ(b.LastTaken()->rewrite, "d");
  EXPECT_EQ(b.limit(), RewriteBudget::kUnlimited);
  ASSERT_TRUE(b.allowed().has_value());
  EXPECT_EQ(b.allowed()->size(), 2u);
}

TEST(RewriteBudget, PrefixSetEqualsLimit) {
  RewriteBudget by_limit(3), by_set = RewriteBudget::AllowingOnly({0, 1, 2});
  for (const char* n : {"p", "q", "r", "s", "t"}) EXPECT_EQ(by_limit.ShouldRewrite(n), by_set.ShouldRewrite(n));
  EXPECT_EQ(by_limit.PrintLog(), by_set.PrintLog());
}

TEST(RewriteBudget, EmptySetTakesNothing) {
  RewriteBudget b = RewriteBudget::AllowingOnly({});
  EXPECT_FALSE(b.ShouldRewrite("a"));
  EXPECT_FALSE(b.ShouldRewrite("b"));
  EXPECT_EQ(b.taken(), 0u);
}

TEST(RewriteBudget, DecisionsRecordThePass) {
  RewriteBudget b;
  b.ShouldRewrite("lower-dp3");
  b.SetPass("peephole");
  b.ShouldRewrite("bool-neg");
  EXPECT_EQ(b.log()[0].pass, "");
  EXPECT_EQ(b.log()[1].pass, "peephole");
  EXPECT_EQ(b.PrintLog(), "#0 lower-dp3 taken\n#1 peephole/bool-neg taken\n");
}

}  // namespace
}  // namespace shaderdiff::compiler
