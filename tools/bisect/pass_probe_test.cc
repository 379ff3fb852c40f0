// The pass probes (pass_probe.h) against synthetic compilers whose outcome
// depends on which fixed passes run conservatively: when they run, which
// pass they name, "no verdict", the downstream check between several passes,
// and that their compiles are counted apart from the search's.
#include "tools/bisect/pass_probe.h"

#include <gtest/gtest.h>

#include <functional>

namespace shaderdiff::bisect {
namespace {

const std::vector<std::string> kPasses = {"out-of-ssa", "regalloc", "legalize"};

// No rewrite sites unless `sites`; the outcome is outcome(selection).
class PassEvaluator : public Evaluator {
 public:
  PassEvaluator(uint64_t sites, std::function<Evaluation(const Selection&, const std::set<uint64_t>&)> outcome)
      : sites_(sites), outcome_(std::move(outcome)) {}
  Evaluation Evaluate(const Selection& s) override {
    ++calls;
    std::set<uint64_t> taken;
    std::vector<DecisionRecord> log;
    for (uint64_t i = 0; i < sites_; ++i) {
      const bool take = s.allowed ? s.allowed->count(i) > 0 : s.limit < 0 || i < static_cast<uint64_t>(s.limit);
      if (take) taken.insert(i);
      log.push_back({i, "copy-prop", "copy-prop", take});
    }
    Evaluation e = outcome_(s, taken);
    e.decisions = log;
    return e;
  }
  uint64_t calls = 0;

 private:
  uint64_t sites_;
  std::function<Evaluation(const Selection&, const std::set<uint64_t>&)> outcome_;
};

Evaluation Fails(const std::string& verdict, const std::string& signature) {
  Evaluation e;
  e.verdict = verdict;
  e.signature = signature;
  return e;
}
Evaluation Passes() {
  Evaluation e;
  e.verdict = "pass";
  return e;
}
Evaluation NoVerdict() {
  Evaluation e = Fails("unsupported", "unsupported");
  e.not_bisectable = "does not fit";
  return e;
}

// A legalize bug with no rewrite involved: names legalize, 6 probe compiles
// (limit 0 and unlimited per pass), status culprit-pass.
TEST(PassProbe, NamesThePassWhoseSubstituteRemovesTheFailure) {
  PassEvaluator ev(5, [](const Selection& s, const std::set<uint64_t>&) {
    return s.conservative.count("legalize") ? Passes() : Fails("hazard", "hazard");
  });
  BisectResult r = Bisect(ev);
  ASSERT_EQ(r.status, Status::kFailsWithoutRewrites);
  const uint64_t search = r.compiles;
  ProbePasses(ev, kPasses, &r);
  EXPECT_EQ(r.status, Status::kCulpritPass);
  EXPECT_EQ(r.pass_probes.culprit_passes, std::vector<std::string>{"legalize"});
  EXPECT_EQ(r.pass_probes.compiles, 6u);
  EXPECT_EQ(r.compiles, search);  // counted apart
  ASSERT_EQ(r.pass_probes.probes.size(), 3u);
  EXPECT_EQ(r.pass_probes.probes[0].outcome, "same-failure");
  EXPECT_EQ(r.pass_probes.probes[2].outcome, "removes-failure");
  EXPECT_EQ(r.pass_probes.probes[2].selections.size(), 2u);
}

// A regalloc checker error a rewrite exposes: both named; one compile per pass.
TEST(PassProbe, PassAndExposingRewrite) {
  PassEvaluator ev(8, [](const Selection& s, const std::set<uint64_t>& taken) {
    if (s.conservative.count("regalloc") || !taken.count(5)) return Passes();
    return Fails("compile-error", "compile-error in pass regalloc");
  });
  BisectResult r = Bisect(ev);
  ASSERT_EQ(r.status, Status::kCulprit);
  ASSERT_EQ(r.culprits.size(), 1u);
  EXPECT_EQ(r.culprits[0].index, 5u);
  ProbePasses(ev, kPasses, &r);
  EXPECT_EQ(r.status, Status::kCulprit);
  EXPECT_EQ(r.pass_probes.culprit_passes, std::vector<std::string>{"regalloc"});
  EXPECT_EQ(r.pass_probes.compiles, 3u);
  EXPECT_NE(r.pass_probes.why.find("regalloc"), std::string::npos);
}

// A mismatch a rewrite causes: no probe at all.
TEST(PassProbe, RewriteMismatchIsNotProbed) {
  PassEvaluator ev(8, [](const Selection&, const std::set<uint64_t>& taken) {
    return taken.count(3) ? Fails("mismatch", "mismatch at OUT[0].x") : Passes();
  });
  BisectResult r = Bisect(ev);
  ASSERT_EQ(r.status, Status::kCulprit);
  const uint64_t calls = ev.calls;
  ProbePasses(ev, kPasses, &r);
  EXPECT_TRUE(r.pass_probes.why.empty());
  EXPECT_EQ(ev.calls, calls);
  EXPECT_TRUE(r.pass_probes.culprit_passes.empty());
}

// A compile error in a rewrite's own pass named by that rewrite: no probe.
TEST(PassProbe, CompileErrorOfTheCulpritsPassIsNotProbed) {
  PassEvaluator ev(8, [](const Selection&, const std::set<uint64_t>& taken) {
    return taken.count(2) ? Fails("compile-error", "compile-error in pass copy-prop") : Passes();
  });
  BisectResult r = Bisect(ev);
  ASSERT_EQ(r.status, Status::kCulprit);
  ProbePasses(ev, kPasses, &r);
  EXPECT_TRUE(r.pass_probes.why.empty());
}

// A substitute that cannot compile the shader is no verdict, never a name;
// nothing named leaves the case not bisectable.
TEST(PassProbe, NoVerdictIsNeverAName) {
  PassEvaluator ev(3, [](const Selection& s, const std::set<uint64_t>&) {
    if (s.conservative.count("regalloc")) return NoVerdict();
    if (s.conservative.count("out-of-ssa")) return Fails("mismatch", "mismatch at OUT[1].y");
    return Fails("compile-error", "compile-error in pass regalloc");
  });
  BisectResult r = Bisect(ev);
  ASSERT_EQ(r.status, Status::kFailsWithoutRewrites);
  ProbePasses(ev, kPasses, &r);
  EXPECT_EQ(r.status, Status::kFailsWithoutRewrites);
  EXPECT_TRUE(r.pass_probes.culprit_passes.empty());
  EXPECT_EQ(r.pass_probes.probes[0].outcome, "other-failure");
  EXPECT_EQ(r.pass_probes.probes[1].outcome, "no-verdict");
  EXPECT_EQ(r.pass_probes.probes[2].outcome, "same-failure");
}

// Two substitutes remove a hazard (no register reuse hides the WAR legalize
// misses): regalloc real + legalize conservative passes (legalize's own
// probe, not compiled again), so regalloc is cleared and legalize named.
TEST(PassProbe, DownstreamCheckClearsAnUpstreamPass) {
  PassEvaluator ev(4, [](const Selection& s, const std::set<uint64_t>&) {
    return s.conservative.count("regalloc") || s.conservative.count("legalize") ? Passes() : Fails("hazard", "hazard");
  });
  BisectResult r = Bisect(ev);
  ProbePasses(ev, kPasses, &r);
  EXPECT_EQ(r.pass_probes.culprit_passes, std::vector<std::string>{"legalize"});
  EXPECT_EQ(r.pass_probes.probes[1].downstream_outcome, "cleared");
  EXPECT_EQ(r.pass_probes.compiles, 6u);
}

// out-of-ssa's and regalloc's substitutes each remove it, and neither real
// pass passes with every later pass conservative: both named.
TEST(PassProbe, DownstreamCheckKeepsWhatStillFails) {
  PassEvaluator ev(4, [](const Selection& s, const std::set<uint64_t>&) {
    const std::set<std::string> one_oos = {"out-of-ssa"}, one_ra = {"regalloc"};
    return s.conservative == one_oos || s.conservative == one_ra ? Passes() : Fails("hazard", "hazard");
  });
  BisectResult r = Bisect(ev);
  ProbePasses(ev, kPasses, &r);
  EXPECT_EQ(r.pass_probes.culprit_passes, (std::vector<std::string>{"out-of-ssa", "regalloc"}));
  EXPECT_EQ(r.pass_probes.probes[0].downstream_outcome, "kept");
  EXPECT_EQ(r.pass_probes.probes[1].downstream_outcome, "kept");
  EXPECT_EQ(r.pass_probes.compiles, 8u);  // 6 probes + out-of-ssa's downstream {regalloc, legalize} twice
}

const std::vector<std::string> kWithCopies = {"out-of-ssa", "regalloc", "to-machine", "legalize"};

// A mismatch rewrites expose whose cause is to-machine's copy order: only
// to-machine's substitute is probed (one compile), and it is named.
TEST(PassProbe, RewriteMismatchProbesToMachineOnly) {
  PassEvaluator ev(8, [](const Selection& s, const std::set<uint64_t>& taken) {
    if (s.conservative.count("to-machine") || !taken.count(3)) return Passes();
    return Fails("mismatch", "mismatch at OUT[0].x");
  });
  BisectResult r = Bisect(ev);
  ASSERT_EQ(r.status, Status::kCulprit);
  EXPECT_EQ(ProbedPasses(r, kWithCopies), std::vector<std::string>{"to-machine"});
  ProbePasses(ev, kWithCopies, &r);
  EXPECT_EQ(r.status, Status::kCulprit);
  EXPECT_EQ(r.pass_probes.culprit_passes, std::vector<std::string>{"to-machine"});
  EXPECT_EQ(r.pass_probes.compiles, 1u);
  ASSERT_EQ(r.pass_probes.probes.size(), 1u);
  EXPECT_EQ(r.pass_probes.probes[0].outcome, "removes-failure");
}

// A rewrite's own mismatch: to-machine's probe keeps it, nothing named.
TEST(PassProbe, RewriteMismatchToMachineKeepsIt) {
  PassEvaluator ev(8, [](const Selection&, const std::set<uint64_t>& taken) {
    return taken.count(3) ? Fails("mismatch", "mismatch at OUT[0].x") : Passes();
  });
  BisectResult r = Bisect(ev);
  ProbePasses(ev, kWithCopies, &r);
  EXPECT_TRUE(r.pass_probes.culprit_passes.empty());
  ASSERT_EQ(r.pass_probes.probes.size(), 1u);
  EXPECT_EQ(r.pass_probes.probes[0].outcome, "same-failure");
}

// A hazard: to-machine is not probed (the other three are, as before).
TEST(PassProbe, HazardDoesNotProbeToMachine) {
  PassEvaluator ev(5, [](const Selection& s, const std::set<uint64_t>&) {
    return s.conservative.count("legalize") || s.conservative.count("to-machine") ? Passes()
                                                                                 : Fails("hazard", "hazard");
  });
  BisectResult r = Bisect(ev);
  ASSERT_EQ(r.status, Status::kFailsWithoutRewrites);
  EXPECT_EQ(ProbedPasses(r, kWithCopies), kPasses);
  ProbePasses(ev, kWithCopies, &r);
  EXPECT_EQ(r.pass_probes.culprit_passes, std::vector<std::string>{"legalize"});
  EXPECT_EQ(r.pass_probes.compiles, 6u);
}

// A mismatch without rewrites: every substitute, to-machine too.
TEST(PassProbe, MismatchWithoutRewritesProbesAll) {
  PassEvaluator ev(3, [](const Selection&, const std::set<uint64_t>&) { return Fails("mismatch", "mismatch at OUT[0].x"); });
  BisectResult r = Bisect(ev);
  ASSERT_EQ(r.status, Status::kFailsWithoutRewrites);
  ProbePasses(ev, kWithCopies, &r);
  EXPECT_EQ(r.pass_probes.probes.size(), 4u);
  EXPECT_EQ(r.pass_probes.compiles, 8u);
  EXPECT_TRUE(r.pass_probes.culprit_passes.empty());
}

TEST(PassProbe, SelectionNamesItsSubstitutes) {
  Selection s = Selection::Limit(0);
  s.conservative = {"legalize", "regalloc"};
  EXPECT_EQ(s.ToString(), "limit 0, conservative legalize regalloc");
  EXPECT_FALSE(s == Selection::Limit(0));
}

}  // namespace
}  // namespace shaderdiff::bisect
