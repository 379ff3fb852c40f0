// The bisection engine against synthetic compilers: a fixed list of rewrite
// sites and a failure that needs chosen decisions taken, so the culprit is
// known exactly. Checks the compile bound, ddmin's minimal set, and every
// "not bisectable" answer.
#include "tools/bisect/search.h"

#include <gtest/gtest.h>

#include <functional>

namespace shaderdiff::bisect {
namespace {

// `sites` decisions, named "r<i>" in pass "p<i/4>"; the compile fails with
// fail(taken set)'s signature ("" = pass).
class SyntheticEvaluator : public Evaluator {
 public:
  SyntheticEvaluator(uint64_t sites, std::function<std::string(const std::set<uint64_t>&)> fail)
      : sites_(sites), fail_(std::move(fail)) {}
  Evaluation Evaluate(const Selection& s) override {
    ++calls;
    Evaluation e;
    std::set<uint64_t> taken;
    for (uint64_t i = 0; i < sites_; ++i) {
      const bool take = s.allowed ? s.allowed->count(i) > 0 : s.limit < 0 || i < static_cast<uint64_t>(s.limit);
      if (take) taken.insert(i);
      e.decisions.push_back({i, "p" + std::to_string(i / 4), "r" + std::to_string(i), take});
    }
    e.signature = fail_(taken);
    e.verdict = e.signature.empty() ? "pass" : e.signature.substr(0, e.signature.find(' '));
    e.dumps = "=== after p0 ===\n" + std::to_string(taken.size()) + "\n";
    return e;
  }
  uint64_t calls = 0;

 private:
  uint64_t sites_;
  std::function<std::string(const std::set<uint64_t>&)> fail_;
};

TEST(Bisect, SearchBound) {
  EXPECT_EQ(SearchBound(1), 2u);
  EXPECT_EQ(SearchBound(2), 3u);
  EXPECT_EQ(SearchBound(3), 4u);
  EXPECT_EQ(SearchBound(4), 4u);
  EXPECT_EQ(SearchBound(1000), 12u);
}

// Every position of a single culprit among 1..70 rewrites: named exactly,
// within the bound, plus at most one compile confirming it alone.
TEST(Bisect, SingleCulpritWithinBound) {
  for (uint64_t sites = 1; sites <= 70; ++sites) {
    for (uint64_t culprit = 0; culprit < sites; ++culprit) {
      SyntheticEvaluator ev(sites, [&](const std::set<uint64_t>& t) {
        return t.count(culprit) ? std::string("mismatch at OUT[0].x") : std::string();
      });
      const BisectResult r = Bisect(ev);
      SCOPED_TRACE("sites " + std::to_string(sites) + " culprit " + std::to_string(culprit));
      ASSERT_EQ(r.status, Status::kCulprit);
      ASSERT_EQ(r.culprits.size(), 1u);
      EXPECT_EQ(r.culprits[0].index, culprit);
      EXPECT_EQ(r.culprits[0].rewrite, "r" + std::to_string(culprit));
      EXPECT_EQ(r.culprits[0].pass, "p" + std::to_string(culprit / 4));
      EXPECT_EQ(r.rewrites, sites);
      EXPECT_LE(r.search_compiles, SearchBound(sites));
      EXPECT_LE(r.compiles, SearchBound(sites) + 1);
      EXPECT_EQ(r.compiles, ev.calls);  // cached: every compile counted once
      EXPECT_EQ(r.last_good_limit, static_cast<int64_t>(culprit));
      EXPECT_EQ(r.first_bad_limit, static_cast<int64_t>(culprit) + 1);
      EXPECT_TRUE(r.good.passed());
      EXPECT_EQ(r.bad.signature, "mismatch at OUT[0].x");
    }
  }
}

// Two rewrites that must both fire: no single one fails alone, ddmin finds both.
TEST(Bisect, DdminFindsTwoRewriteCulprit) {
  SyntheticEvaluator ev(40, [](const std::set<uint64_t>& t) {
    return t.count(7) && t.count(23) ? std::string("build-mismatch at OUT[1].w") : std::string();
  });
  const BisectResult r = Bisect(ev);
  ASSERT_EQ(r.status, Status::kCulpritSet);
  ASSERT_EQ(r.culprits.size(), 2u);
  EXPECT_EQ(r.culprits[0].index, 7u);
  EXPECT_EQ(r.culprits[1].index, 23u);
  EXPECT_EQ(r.first_bad_limit, 24);
  EXPECT_EQ(r.bad_selection, Selection::Only({7, 23}));
  EXPECT_EQ(r.good_selection, Selection::Only({7}));
  EXPECT_EQ(r.bad.signature, "build-mismatch at OUT[1].w");
  EXPECT_TRUE(r.good.passed());
}

TEST(Bisect, DdminFindsThreeOfMany) {
  const std::set<uint64_t> need = {2, 5, 11};
  uint64_t calls = 0;
  std::vector<uint64_t> all;
  for (uint64_t i = 0; i < 20; ++i) all.push_back(i);
  const std::vector<uint64_t> m = Ddmin(all, [&](const std::vector<uint64_t>& s) {
    ++calls;
    EXPECT_FALSE(s.empty());
    EXPECT_TRUE(std::is_sorted(s.begin(), s.end()));
    const std::set<uint64_t> in(s.begin(), s.end());
    for (uint64_t n : need) {
      if (!in.count(n)) return false;
    }
    return true;
  });
  EXPECT_EQ(m, (std::vector<uint64_t>{2, 5, 11}));
  EXPECT_LT(calls, 100u);
}

TEST(Bisect, FailsWithoutRewritesIsNotBisectable) {
  SyntheticEvaluator ev(10, [](const std::set<uint64_t>&) { return std::string("hazard"); });
  const BisectResult r = Bisect(ev);
  EXPECT_EQ(r.status, Status::kFailsWithoutRewrites);
  EXPECT_TRUE(r.culprits.empty());
  EXPECT_EQ(r.compiles, 2u);
  EXPECT_NE(r.reason.find("fails with no rewrites"), std::string::npos) << r.reason;
  EXPECT_EQ(StatusName(r.status), "not-bisectable");
}

TEST(Bisect, PassingCaseHasNothingToBisect) {
  SyntheticEvaluator ev(10, [](const std::set<uint64_t>&) { return std::string(); });
  const BisectResult r = Bisect(ev);
  EXPECT_EQ(r.status, Status::kNotFailing);
  EXPECT_EQ(r.compiles, 1u);
}

TEST(Bisect, NotBisectableOutcomeIsPassedOn) {
  class Unsupported : public Evaluator {
    Evaluation Evaluate(const Selection&) override {
      Evaluation e;
      e.verdict = "unsupported";
      e.signature = "unsupported";
      e.not_bisectable = "register pressure";
      return e;
    }
  } ev;
  const BisectResult r = Bisect(ev);
  EXPECT_EQ(r.status, Status::kNotBisectable);
  EXPECT_EQ(r.reason, "register pressure");
  EXPECT_TRUE(r.culprits.empty());
}

// A different failure is not this one: the search looks past it to the
// rewrite that brings the asked-for signature.
TEST(Bisect, OtherFailureIsNotTheCulprit) {
  SyntheticEvaluator ev(30, [](const std::set<uint64_t>& t) {
    if (t.count(20)) return std::string("mismatch at OUT[0].y");
    if (t.count(4)) return std::string("hazard");
    return std::string();
  });
  const BisectResult r = Bisect(ev);
  ASSERT_EQ(r.status, Status::kCulprit);
  EXPECT_EQ(r.culprits[0].index, 20u);
  EXPECT_GT(r.other_failures, 0u);
}

// A crash loses the decision log: the engine doubles the limit to a failing
// one and names the culprit from the passing compile's log.
TEST(Bisect, CrashWithoutLogStillNamesCulprit) {
  class Crashing : public SyntheticEvaluator {
   public:
    using SyntheticEvaluator::SyntheticEvaluator;
    Evaluation Evaluate(const Selection& s) override {
      Evaluation e = SyntheticEvaluator::Evaluate(s);
      if (!e.passed()) e.decisions.clear();
      return e;
    }
  } ev(50, [](const std::set<uint64_t>& t) { return t.count(33) ? std::string("crash: killed by SIGSEGV") : ""; });
  const BisectResult r = Bisect(ev);
  ASSERT_EQ(r.status, Status::kCulprit);
  ASSERT_EQ(r.culprits.size(), 1u);
  EXPECT_EQ(r.culprits[0].index, 33u);
  EXPECT_EQ(r.culprits[0].rewrite, "r33");
  EXPECT_TRUE(r.culprits[0].taken);
}

TEST(Bisect, SelectionNames) {
  EXPECT_EQ(Selection::Limit(-1).ToString(), "unlimited");
  EXPECT_EQ(Selection::Limit(12).ToString(), "limit 12");
  EXPECT_EQ(Selection::Only({3, 7}).ToString(), "decisions {3, 7}");
  EXPECT_EQ(Selection::Only({}).ToString(), "decisions {}");
}

}  // namespace
}  // namespace shaderdiff::bisect
