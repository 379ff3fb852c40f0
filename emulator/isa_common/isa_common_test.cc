// Bit ranges and the line lexer: exact values at the edges of the word.
#include <cstdint>

#include <gtest/gtest.h>

#include "emulator/isa_common/bit_range.h"
#include "emulator/isa_common/line_lexer.h"

namespace shaderdiff::isa_common {
namespace {

TEST(BitRange, ExtractInsertAtEdges) {
  EXPECT_EQ(ExtractBits<uint32_t>(0x80000001u, 31, 31), 1u);
  EXPECT_EQ(ExtractBits<uint32_t>(0x80000001u, 0, 0), 1u);
  EXPECT_EQ(ExtractBits<uint32_t>(0xdeadbeefu, 31, 0), 0xdeadbeefu);
  EXPECT_EQ(ExtractBits<uint32_t>(0x0000f0f0u, 11, 4), 0x0fu);
  EXPECT_EQ(InsertBits<uint32_t>(0xffffffffu, 11, 4, 0), 0xfffff00fu);
  EXPECT_EQ(InsertBits<uint32_t>(0u, 31, 30, 3), 0xc0000000u);
  EXPECT_EQ(InsertBits<uint64_t>(0u, 63, 61, 5), 0xa000000000000000ull);
  EXPECT_TRUE(FitsBits<uint32_t>(7, 2, 0));
  EXPECT_FALSE(FitsBits<uint32_t>(8, 2, 0));
  EXPECT_TRUE(FitsBits<uint32_t>(0xffffffffu, 31, 0));
}

TEST(LineLexer, ColumnsCommentsAndBlankLines) {
  const auto lines = SplitLines("  alu nop # c\n\n; only\n\tout x=1;y\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].number, 1);
  ASSERT_EQ(lines[0].tokens.size(), 2u);
  EXPECT_EQ(lines[0].tokens[0].text, "alu");
  EXPECT_EQ(lines[0].tokens[0].column, 3);
  EXPECT_EQ(lines[0].tokens[1].column, 7);
  EXPECT_EQ(lines[1].number, 4);
  ASSERT_EQ(lines[1].tokens.size(), 2u);
  EXPECT_EQ(lines[1].tokens[1].text, "x=1");
  EXPECT_EQ(lines[1].tokens[1].column, 6);
}

}  // namespace
}  // namespace shaderdiff::isa_common
