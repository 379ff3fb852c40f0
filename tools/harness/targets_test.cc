// The target table agrees with the compiler's table and answers what the
// tools ask of it.
#include "tools/harness/targets.h"

#include <set>

#include <gtest/gtest.h>

#include "compiler/pipeline.h"

namespace shaderdiff::harness {
namespace {

TEST(Targets, NamesAreUniqueAndEveryTargetHasACompilerEntry) {
  std::set<std::string> names;
  for (const TargetInfo& t : Targets()) {
    EXPECT_TRUE(names.insert(t.name).second) << t.name;
    const compiler::TargetCompiler* c = compiler::FindTargetCompiler(t.name);
    ASSERT_NE(c, nullptr) << t.name;
    EXPECT_FALSE(c->naive.empty()) << t.name << " has no naive build";  // every harness target is checked
    EXPECT_EQ(HasOptimizingBuild(t), !c->opt_passes.empty()) << t.name;
    EXPECT_EQ(FindTarget(t.name), &t);
  }
  EXPECT_EQ(Targets().front().name, "a3xx");  // the default target
  EXPECT_EQ(FindTarget("r600"), nullptr);
  EXPECT_EQ(TargetNames(), "a3xx, r500");
}

TEST(Targets, StagesDecideNotApplicable) {
  EXPECT_EQ(NotApplicableReason("r500", tgsi::Processor::kVertex), "the r500 target is the fragment processor");
  EXPECT_EQ(NotApplicableReason("r500", tgsi::Processor::kFragment), "");
  for (tgsi::Processor p : {tgsi::Processor::kVertex, tgsi::Processor::kFragment, tgsi::Processor::kGeometry})
    EXPECT_EQ(NotApplicableReason("a3xx", p), "");
  EXPECT_EQ(NotApplicableReason("r600", tgsi::Processor::kVertex), "");  // unknown: the check names the target
}

TEST(Targets, BuildsFollowTheCompilerTable) {
  const TargetInfo& a3xx = *FindTarget("a3xx");
  EXPECT_EQ(TargetBuilds(a3xx, false), (std::vector<Build>{Build::kNaive, Build::kOptimizing}));
  EXPECT_EQ(TargetBuilds(a3xx, true), (std::vector<Build>{Build::kNaive, Build::kOptimizing, Build::kMesa}));
  EXPECT_EQ(EveryBuild(a3xx), Build::kOptimizing);
  const TargetInfo& r500 = *FindTarget("r500");
  const bool r500_opt = !compiler::FindTargetCompiler("r500")->opt_passes.empty();
  EXPECT_EQ(TargetBuilds(r500, true).size(), r500_opt ? 2u : 1u);  // no Mesa build for r500
  EXPECT_EQ(EveryBuild(r500), r500_opt ? Build::kOptimizing : Build::kNaive);
  EXPECT_TRUE(a3xx.emulate_runs_shaders);
  EXPECT_FALSE(r500.emulate_runs_shaders);  // `emulate --target r500` runs assembly
}

}  // namespace
}  // namespace shaderdiff::harness
