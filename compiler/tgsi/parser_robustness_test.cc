// Robustness: the parser must return (ok or a located error) on every
// truncation and single-byte mutation of the real dumps, and on adversarial
// inputs, without crashing, hanging or reading out of bounds (run under
// --config=asan to catch the latter). Whatever parses must also print and
// re-parse to the same text.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "compiler/tgsi/parser.h"
#include "compiler/tgsi/printer.h"
#include "compiler/tgsi/testdata_util.h"

namespace shaderdiff::tgsi {
namespace {

uint32_t LineCount(std::string_view text) {
  return 1 + static_cast<uint32_t>(std::count(text.begin(), text.end(), '\n'));
}

// Parses `text`; checks that an error lies inside the text, and that a
// successful parse prints to text that parses and prints identically.
// Returns whether the parse succeeded.
bool ParseChecked(std::string_view text) {
  ParseResult result = ParseShader(text);
  if (!result.ok()) {
    const ParseError& e = *result.error;
    EXPECT_GE(e.location.line, 1u);
    EXPECT_LE(e.location.line, LineCount(text));
    EXPECT_GE(e.location.column, 1u);
    EXPECT_LE(e.location.column, text.size() + 1);
    EXPECT_FALSE(e.message.empty());
    return false;
  }
  std::string printed = PrintShader(result.shader);
  ParseResult again = ParseShader(printed);
  // Mesa's dump is not always re-parseable (e.g. an empty usage mask prints
  // as "."); when it is, printing must be stable.
  if (again.ok()) {
    EXPECT_EQ(PrintShader(again.shader), printed) << text;
  }
  return true;
}

TEST(ParserRobustnessTest, TruncatedPrefixes) {
  auto files = testing::LoadTestdata();
  ASSERT_GE(files.size(), 30u);
  size_t accepted = 0, total = 0;
  for (const auto& [name, text] : files) {
    SCOPED_TRACE(name);
    for (size_t len = 0; len <= text.size(); ++len) {
      accepted += ParseChecked(std::string_view(text).substr(0, len));
      ++total;
    }
  }
  // Both outcomes occur: cutting at a line end still parses, mid-token does not.
  EXPECT_GT(accepted, files.size());
  EXPECT_LT(accepted, total);
}

TEST(ParserRobustnessTest, SingleByteMutations) {
  static constexpr char kReplacements[] = {'\0', '\r', ' ', '[', ']', '.', ',', '-', '|', ':', '9', 'x', '(', '\xff'};
  auto files = testing::LoadTestdata();
  ASSERT_GE(files.size(), 30u);
  size_t rejected = 0;
  for (const auto& [name, text] : files) {
    SCOPED_TRACE(name);
    for (size_t pos = 0; pos < text.size(); ++pos) {
      std::string mutated = text;
      mutated[pos] = kReplacements[pos % sizeof(kReplacements)];
      rejected += !ParseChecked(mutated);
      mutated = text;
      mutated.erase(pos, 1);
      rejected += !ParseChecked(mutated);
      mutated = text;
      mutated.insert(pos, 1, kReplacements[(pos * 7) % sizeof(kReplacements)]);
      rejected += !ParseChecked(mutated);
    }
  }
  EXPECT_GT(rejected, 0u);
}

TEST(ParserRobustnessTest, AdversarialInputs) {
  const std::string many_brackets = "FRAG\nMOV TEMP" + std::string(100000, '[');
  const std::string many_digits = "FRAG\nMOV TEMP[" + std::string(100000, '9') + "], TEMP[0]";
  const std::string long_word = "FRAG\n" + std::string(100000, 'A');
  const std::string many_commas = "FRAG\nLOAD TEMP[0], BUFFER[0], TEMP[1]" + std::string(50000, ',');
  const std::string many_items = [] {
    std::string s = "FRAG";
    for (int i = 0; i < 20000; ++i) s += "\nNOP";
    return s;
  }();
  const std::string huge_range = "FRAG\nDCL TEMP[0..4294967295]\nDCL TEMP[4294967295]\nMOV TEMP[4294967295], TEMP[0]";
  for (const std::string& text : {many_brackets, many_digits, long_word, many_commas, huge_range}) {
    EXPECT_FALSE(ParseShader(text).ok() && text == many_brackets);
    ParseChecked(text);
  }
  ParseResult items = ParseShader(many_items);
  ASSERT_TRUE(items.ok());
  EXPECT_EQ(items.shader.instructions.size(), 20000u);
  EXPECT_FALSE(ParseShader(huge_range).ok());
  for (int c = 0; c < 256; ++c) {
    std::string text = "FRAG\n";
    text.push_back(static_cast<char>(c));
    ParseChecked(text);
    ParseChecked(std::string("FRAG\nMOV TEMP[0], TEMP[1].") + static_cast<char>(c));
    ParseChecked(std::string("FRAG\nIMM FLT32 {") + static_cast<char>(c));
  }
}

}  // namespace
}  // namespace shaderdiff::tgsi
