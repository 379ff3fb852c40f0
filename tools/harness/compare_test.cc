// Tests of the comparison rules: exact, membership in allowed sets, and the
// three-way build comparison.
#include <gtest/gtest.h>

#include "tools/harness/compare.h"

namespace shaderdiff::harness {
namespace {

using common::FromFloat;

common::ExecResult OneOutput(common::Vec4 value) {
  common::ExecResult r;
  common::OutputLanes& out = r.AddOutput(0, 1, true);
  out.words[0] = value;
  out.KeepSets();
  r.killed = {false};
  return r;
}

TEST(Compare, BitExactComponentsMustMatchExactly) {
  common::ExecResult ref = OneOutput({FromFloat(1.0f), 2, 3, 4});
  common::ExecResult same = ref;
  EXPECT_TRUE(CompareResults(ref, same).ok());
  EXPECT_EQ(CompareResults(ref, same).compared, 4u);
  common::ExecResult off = ref;
  off.Output(0).words[0][0] = 0x3f800001;  // one ulp away
  Comparison c = CompareResults(ref, off);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.first->component, 0);
  EXPECT_EQ(c.first->expected, 0x3f800000u);
  EXPECT_EQ(c.first->actual, 0x3f800001u);
  EXPECT_NE(c.first->ToString().find("OUT[0].x lane 0"), std::string::npos);
  // -0 versus +0 is a difference too when the reference did not flag it.
  common::ExecResult zero = OneOutput({0, 0, 0, 0}), negzero = OneOutput({0x80000000, 0, 0, 0});
  EXPECT_FALSE(CompareResults(zero, negzero).ok());
}

TEST(Compare, UndefinedComponentsAreDontCare) {
  common::ExecResult ref = OneOutput({1, 2, 3, 4});
  ref.Output(0).undefined[0] |= 1 << 2;
  common::ExecResult act = ref;
  act.Output(0).words[0][2] = 0xdeadbeef;
  Comparison c = CompareResults(ref, act);
  EXPECT_TRUE(c.ok());
  EXPECT_EQ(c.skipped, 1u);
  EXPECT_EQ(c.compared, 3u);
}

TEST(Compare, InexactComponentsMustBeMembersOfTheirSet) {
  common::ExecResult ref = OneOutput({FromFloat(0.5f), 0, 0, 0});
  ref.Output(0).inexact[0] |= 1 << 0;
  ref.Output(0).reasons[0][0] = "rsq";
  ref.Output(0).KeepSets();
  ref.Output(0).allowed[0][0] = {true, false, FromFloat(0.5f) - 2, FromFloat(0.5f) + 2};
  common::ExecResult act = ref;
  act.Output(0).words[0][0] = FromFloat(0.5f) + 2;
  EXPECT_TRUE(CompareResults(ref, act).ok());
  act.Output(0).words[0][0] = FromFloat(0.5f) - 3;
  Comparison c = CompareResults(ref, act);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.first->inexact_reason, "rsq");
  ASSERT_TRUE(c.first->allowed.has_value());
  EXPECT_NE(c.first->ToString().find("expected [0.5"), std::string::npos) << c.first->ToString();
  EXPECT_EQ(c.tolerant, 1u);
  // NaN is not a member unless the set says so.
  act.Output(0).words[0][0] = 0x7fc00000;
  EXPECT_FALSE(CompareResults(ref, act).ok());
  ref.Output(0).allowed[0][0].nan = true;
  EXPECT_TRUE(CompareResults(ref, act).ok());
}

TEST(Compare, ZeroSetAcceptsBothZerosOnly) {
  common::ExecResult ref = OneOutput({0x80000000, 0, 0, 0});
  ref.Output(0).inexact[0] |= 1 << 0;
  ref.Output(0).KeepSets();
  ref.Output(0).allowed[0][0] = {true, false, 0x80000000, 0};
  common::ExecResult act = ref;
  act.Output(0).words[0][0] = 0;
  EXPECT_TRUE(CompareResults(ref, act).ok());
  act.Output(0).words[0][0] = FromFloat(0.04f);  // the CSE bug the issue describes
  EXPECT_FALSE(CompareResults(ref, act).ok());
  act.Output(0).words[0][0] = 1;  // the smallest denormal is not zero
  EXPECT_FALSE(CompareResults(ref, act).ok());
}

TEST(Compare, BuildsMustAgreeBitForBitOutsideAnyValue) {
  common::ExecResult ref = OneOutput({FromFloat(0.5f), 7, 0, 0});
  ref.Output(0).inexact[0] |= 1 << 0;
  ref.Output(0).KeepSets();
  ref.Output(0).allowed[0][0] = {true, false, FromFloat(0.25f), FromFloat(1.0f)};
  ref.Output(0).undefined[0] |= 1 << 1;
  common::ExecResult naive = ref, opt = ref;
  naive.Output(0).words[0][0] = FromFloat(0.75f);
  opt.Output(0).words[0][0] = FromFloat(0.75f) + 1;  // both in the set, but different
  opt.Output(0).words[0][1] = 99;                    // undefined: free
  ASSERT_TRUE(CompareResults(ref, naive).ok());
  ASSERT_TRUE(CompareResults(ref, opt).ok());
  Comparison c = CompareBuilds(ref, naive, opt);
  ASSERT_FALSE(c.ok());
  EXPECT_TRUE(c.first->builds);
  EXPECT_EQ(c.first->component, 0);
  EXPECT_NE(c.first->ToString().find("naive build 0x3f400000"), std::string::npos) << c.first->ToString();
  EXPECT_EQ(c.skipped, 1u);
  opt.Output(0).words[0][0] = naive.Output(0).words[0][0];
  EXPECT_TRUE(CompareBuilds(ref, naive, opt).ok());
  opt.killed = {true};
  EXPECT_FALSE(CompareBuilds(ref, naive, opt).ok());
}

TEST(Compare, BuildNanPayloadsAgreeOnlyWhereAnyNanIsAllowed) {
  common::ExecResult ref = OneOutput({0x7fc00000, 0x7fc00000, 0, 0});
  ref.Output(0).inexact[0] |= 1 << 0;
  ref.Output(0).KeepSets();
  ref.Output(0).allowed[0][0] = {false, true, 0, 0};  // any NaN (nan-result)
  common::ExecResult naive = ref, opt = ref;
  naive.Output(0).words[0] = {0xffc00000, 0xffc00000, 0, 0};
  opt.Output(0).words[0] = {0xffffffff, 0xffffffff, 0, 0};
  Comparison c = CompareBuilds(ref, naive, opt);
  ASSERT_EQ(c.mismatches, 1u);  // y: an exact NaN word, so payloads count
  EXPECT_EQ(c.first->component, 1);
  opt.Output(0).words[0][0] = FromFloat(1.0f);  // x: NaN-ness still counts
  EXPECT_EQ(CompareBuilds(ref, naive, opt).first->component, 0);
}

TEST(AllowedSet, MembershipAndSteps) {
  const common::AllowedSet s{true, false, FromFloat(-1.0f), FromFloat(2.0f)};
  EXPECT_TRUE(s.Contains(0x80000000));
  EXPECT_TRUE(s.Contains(FromFloat(2.0f)));
  EXPECT_FALSE(s.Contains(common::StepFloat(FromFloat(2.0f), 1)));
  EXPECT_FALSE(s.Contains(0x7f800000));
  EXPECT_EQ(common::StepFloat(0x80000000, 1), 1u);
  EXPECT_EQ(common::StepFloat(0, -1), 0x80000001u);
  EXPECT_EQ(common::StepFloat(0x7f7fffff, 5), 0x7f800000u);
}

TEST(Compare, MissingOutputsAndKills) {
  common::ExecResult ref = OneOutput({1, 2, 3, 4});
  common::ExecResult none;
  none.killed = {false};
  EXPECT_EQ(CompareResults(ref, none).mismatches, 4u);
  common::ExecResult killed = ref;
  killed.killed = {true};
  Comparison c = CompareResults(ref, killed);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.first->component, -1);
  ref.killed_uncertain = {true};
  EXPECT_TRUE(CompareResults(ref, killed).ok());
}

TEST(Compare, ALaneKilledUnderAnUncertainKillHasNoOutputsToCompare) {
  // The reference kept the lane (outputs (1,2,3,4)) but its kill depends on
  // a value it leaves undefined (a derivative across a quad whose rows
  // differ): the executor killed the lane and never wrote its outputs.
  common::ExecResult ref = OneOutput({1, 2, 3, 4});
  ref.killed_uncertain = {true};
  common::ExecResult killed = OneOutput({9, 9, 9, 9});
  killed.killed = {true};
  Comparison c = CompareResults(ref, killed);
  EXPECT_TRUE(c.ok()) << c.first->ToString();
  EXPECT_EQ(c.skipped, 4u);
  EXPECT_EQ(c.compared, 0u);
  // Kept by the executor too: its outputs are compared as any lane's.
  common::ExecResult kept = OneOutput({9, 2, 3, 4});
  c = CompareResults(ref, kept);
  ASSERT_EQ(c.mismatches, 1u);
  EXPECT_EQ(c.first->component, 0);
  // A certain kill: the kill bit and the outputs are compared as before.
  ref.killed_uncertain = {false};
  c = CompareResults(ref, killed);
  EXPECT_EQ(c.mismatches, 5u);  // the kill bit and four outputs
  // Builds: one build killed the lane under the uncertain kill, the other
  // kept it with other words: nothing to compare on that lane.
  ref.killed_uncertain = {true};
  EXPECT_TRUE(CompareBuilds(ref, kept, killed).ok());
  EXPECT_EQ(CompareBuilds(ref, kept, killed).skipped, 4u);
  // Both kept it: compared bit for bit.
  EXPECT_FALSE(CompareBuilds(ref, ref, kept).ok());
  ref.killed_uncertain = {false};
  EXPECT_EQ(CompareBuilds(ref, kept, killed).mismatches, 4u);  // the kill bit and y, z, w
}

}  // namespace
}  // namespace shaderdiff::harness
