// Line diffs: alignment, hunks, side-by-side columns.
#include "tools/bisect/text_diff.h"

#include <gtest/gtest.h>

namespace shaderdiff::bisect {
namespace {

TEST(TextDiff, SplitLines) {
  EXPECT_EQ(SplitLines("a\nb\n"), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(SplitLines("a\n\nb"), (std::vector<std::string>{"a", "", "b"}));
  EXPECT_TRUE(SplitLines("").empty());
}

TEST(TextDiff, LcsAlignment) {
  const std::vector<DiffLine> d = DiffLines({"a", "b", "c", "d"}, {"a", "x", "c", "d", "e"});
  std::string kinds;
  for (const DiffLine& l : d) kinds += l.kind;
  EXPECT_EQ(kinds, " -+  +");
  EXPECT_EQ(d[1].a, "b");
  EXPECT_EQ(d[2].b, "x");
  EXPECT_EQ(d[5].b, "e");
}

TEST(TextDiff, UnifiedHunksHaveContext) {
  std::string a, b;
  for (int i = 0; i < 20; ++i) {
    a += "l" + std::to_string(i) + "\n";
    b += (i == 10 ? "changed" : "l" + std::to_string(i)) + "\n";
  }
  EXPECT_EQ(UnifiedDiff(a, b, 1), "@@ a:10 b:10 @@\n l9\n-l10\n+changed\n l11\n");
  EXPECT_EQ(UnifiedDiff(a, a), "");
}

TEST(TextDiff, SideBySideMarksChanges) {
  const std::string s = SideBySide("x\ny\n", "x\nz\nw\n", "good", "bad", 4);
  EXPECT_EQ(s, "good   bad\nx      x\ny    | z\n     > w\n");
}

TEST(TextDiff, HugeMiddleFallsBackToLineByLine) {
  std::string a, b;
  for (int i = 0; i < 2100; ++i) {
    a += "a" + std::to_string(i) + "\n";
    b += "b" + std::to_string(i) + "\n";
  }
  const std::vector<DiffLine> d = DiffLines(SplitLines(a), SplitLines(b));
  ASSERT_EQ(d.size(), 4200u);
  EXPECT_EQ(d.front().kind, '-');
  EXPECT_EQ(d.back().kind, '+');
}

}  // namespace
}  // namespace shaderdiff::bisect
