// Tests of the comparison rules and the tolerance policy.
#include <gtest/gtest.h>

#include "tools/harness/compare.h"

namespace shaderdiff::harness {
namespace {

using common::FromFloat;

common::ExecResult OneOutput(common::Vec4 value) {
  common::ExecResult r;
  r.outputs[0] = {value};
  r.undefined[0] = {{false, false, false, false}};
  r.inexact[0] = {{false, false, false, false}};
  r.reasons[0] = {{"", "", "", ""}};
  r.killed = {false};
  return r;
}

TEST(Compare, BitExactComponentsMustMatchExactly) {
  common::ExecResult ref = OneOutput({FromFloat(1.0f), 2, 3, 4});
  common::ExecResult same = ref;
  EXPECT_TRUE(CompareResults(ref, same).ok());
  EXPECT_EQ(CompareResults(ref, same).compared, 4u);
  common::ExecResult off = ref;
  off.outputs[0][0][0] = 0x3f800001;  // one ulp away
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
  ref.undefined[0][0][2] = true;
  common::ExecResult act = ref;
  act.outputs[0][0][2] = 0xdeadbeef;
  Comparison c = CompareResults(ref, act);
  EXPECT_TRUE(c.ok());
  EXPECT_EQ(c.skipped, 1u);
  EXPECT_EQ(c.compared, 3u);
}

TEST(Compare, InexactComponentsUseThePolicyForTheirReason) {
  common::ExecResult ref = OneOutput({FromFloat(0.5f), 0, 0, 0});
  ref.inexact[0][0][0] = true;
  ref.reasons[0][0][0] = "rsq";  // 2 ulp
  common::ExecResult act = ref;
  act.outputs[0][0][0] = FromFloat(0.5f) + 2;
  EXPECT_TRUE(CompareResults(ref, act).ok());
  act.outputs[0][0][0] = FromFloat(0.5f) + 3;
  Comparison c = CompareResults(ref, act);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.first->inexact_reason, "rsq");
  EXPECT_EQ(c.tolerant, 1u);
}

TEST(Compare, ToleranceRules) {
  EXPECT_TRUE(WithinTolerance(0x7fc00000, 0x7fc00001, {}));    // NaN vs NaN
  EXPECT_FALSE(WithinTolerance(0x7fc00000, 0x3f800000, {100, 1, 1}));
  EXPECT_FALSE(WithinTolerance(0x7f800000, 0x7f7fffff, {1, 0, 0}));  // inf vs FLT_MAX
  // Within a tolerance +0 and -0 are equal values (the bit-exact path, not
  // this one, tells them apart).
  EXPECT_TRUE(WithinTolerance(0x00000000, 0x80000000, {0, 0, 0}));
  EXPECT_FALSE(WithinTolerance(0x00000000, 0x00000002, {1, 0, 0}));  // 2 ulp apart
  EXPECT_TRUE(WithinTolerance(0x80000001, 0x00000001, {2, 0, 0}));   // across zero: 2 ulp
  EXPECT_TRUE(WithinTolerance(FromFloat(1.0f), FromFloat(1.0004f), ToleranceFor("sin")));  // < 2^-11
  EXPECT_FALSE(WithinTolerance(FromFloat(1.0f), FromFloat(1.0005f), ToleranceFor("sin")));
  // lg2 near 1: absolute 2^-21.
  EXPECT_TRUE(WithinTolerance(FromFloat(0.0f), FromFloat(1.0f / (1 << 22)), ToleranceFor("lg2")));
  // An unknown reason gets the loosest entry, not bit-exactness.
  EXPECT_TRUE(WithinTolerance(FromFloat(1.0f), FromFloat(1.0009f), ToleranceFor("no-such-reason")));
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

}  // namespace
}  // namespace shaderdiff::harness
