// The mutant list is well formed and activation switches exactly one
// mutant on.
#include "compiler/support/mutant.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "compiler/support/mutant_activation.h"

namespace shaderdiff::compiler {
namespace {

TEST(Mutant, ListIsWellFormed) {
  ASSERT_GE(AllMutants().size(), 20u);
  std::set<std::string_view> names;
  for (const MutantInfo& m : AllMutants()) {
    EXPECT_NE(m.id, Mutant::kNone);
    EXPECT_TRUE(names.insert(m.name).second) << "duplicate name " << m.name;
    EXPECT_FALSE(m.pass.empty()) << m.name;
    EXPECT_FALSE(m.kind.empty()) << m.name;
    EXPECT_FALSE(m.description.empty()) << m.name;
    for (char c : m.name) EXPECT_TRUE((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-') << m.name;
    ASSERT_NE(FindMutant(m.name), nullptr);
    EXPECT_EQ(FindMutant(m.name)->id, m.id);
  }
  EXPECT_EQ(FindMutant("no-such-mutant"), nullptr);
}

TEST(Mutant, ActivationSwitchesExactlyOne) {
  ASSERT_EQ(ActiveMutant(), Mutant::kNone);
  for (const MutantInfo& m : AllMutants()) EXPECT_FALSE(MutantActive(m.id)) << m.name;
  const MutantInfo& first = AllMutants().front();
  const MutantInfo& last = AllMutants().back();
  {
    ScopedMutant scoped(first.id);
    EXPECT_TRUE(MutantActive(first.id));
    EXPECT_FALSE(MutantActive(last.id));
    {
      ScopedMutant inner(last.id);
      EXPECT_TRUE(MutantActive(last.id));
      EXPECT_FALSE(MutantActive(first.id));
    }
    EXPECT_TRUE(MutantActive(first.id));
  }
  EXPECT_EQ(ActiveMutant(), Mutant::kNone);
  EXPECT_FALSE(MutantActive(first.id));
}

}  // namespace
}  // namespace shaderdiff::compiler
