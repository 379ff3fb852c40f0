// The work budget: charges add up (saturating), exceeding the limit is
// seen by ChargeWork only while the budget is installed, scopes nest.
#include "compiler/support/work_budget.h"

#include <gtest/gtest.h>

namespace shaderdiff::compiler {
namespace {

TEST(WorkBudget, ChargesUntilTheLimitIsPassed) {
  WorkBudget budget(10);
  {
    ScopedWorkBudget scope(&budget);
    EXPECT_TRUE(ChargeWork(4));
    EXPECT_TRUE(ChargeWork(6));  // exactly at the limit is still within it
    EXPECT_FALSE(budget.exceeded());
    EXPECT_FALSE(ChargeWork(1));
    EXPECT_TRUE(budget.exceeded());
    EXPECT_EQ(budget.used(), 11u);
  }
  EXPECT_TRUE(ChargeWork(1000));  // no budget installed: free
  EXPECT_EQ(budget.used(), 11u);
}

TEST(WorkBudget, SaturatesAndNests) {
  WorkBudget outer(UINT64_MAX - 1), inner(5);
  ScopedWorkBudget a(&outer);
  {
    ScopedWorkBudget b(&inner);
    EXPECT_FALSE(ChargeWork(6));
  }
  EXPECT_TRUE(ChargeWork(UINT64_MAX - 2));
  EXPECT_FALSE(ChargeWork(UINT64_MAX));
  EXPECT_EQ(outer.used(), UINT64_MAX);
  EXPECT_EQ(inner.used(), 6u);
}

}  // namespace
}  // namespace shaderdiff::compiler
