// CheckShader: the advisory sanity rules of docs/tgsi.md 1.2 that are
// warnings, not ValidateShader errors.
#include <gtest/gtest.h>

#include <string>

#include "compiler/tgsi/parser.h"
#include "compiler/tgsi/validate.h"

namespace shaderdiff::tgsi {
namespace {

std::vector<ParseError> Check(std::string_view text) {
  ParseResult result = ParseShader(text);
  EXPECT_TRUE(result.ok()) << (result.error ? result.error->ToString("<text>") : "");
  return CheckShader(result.shader);
}

std::string Joined(const std::vector<ParseError>& warnings) {
  std::string s;
  for (const ParseError& w : warnings) s += w.ToString("t") + "\n";
  return s;
}

// Exactly one warning, at `line`, containing `fragment`.
void ExpectOneWarning(std::string_view text, uint32_t line, std::string_view fragment) {
  SCOPED_TRACE(text);
  auto warnings = Check(text);
  ASSERT_EQ(warnings.size(), 1u) << Joined(warnings);
  EXPECT_EQ(warnings[0].location.line, line) << Joined(warnings);
  EXPECT_NE(warnings[0].message.find(fragment), std::string::npos) << Joined(warnings);
}

TEST(CheckShaderTest, CleanShader) {
  EXPECT_TRUE(Check("FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL CONST[0][0..3]\n"
                    "DCL TEMP[0..1]\nIMM[0] FLT32 {1, 2, 3, 4}\n  0: ADD OUT[0], IN[0], IMM[0]\n  1: END\n")
                  .empty());
}

TEST(CheckShaderTest, WideImmediates) {
  ExpectOneWarning("FRAG\nIMM[0] FLT64 {1.5, 2.5}\nEND", 2, "FLT64 is flagged");
  ExpectOneWarning("FRAG\nIMM[0] INT64 {1, 2}\nEND", 2, "INT64");
}

TEST(CheckShaderTest, DuplicateDeclarations) {
  ExpectOneWarning("FRAG\nDCL TEMP[0..3]\nDCL TEMP[3..5]\nEND", 3, "TEMP[3] is declared more than once");
  EXPECT_TRUE(Check("FRAG\nDCL CONST[0][0..3]\nDCL CONST[1][0..3]\nEND").empty());
}

// The warnings are only what ValidateShader does not reject: a shader with
// them is valid.
TEST(CheckShaderTest, WarningsAreNotErrors) {
  ParseResult r = ParseShader("FRAG\nDCL TEMP[0..3]\nDCL TEMP[3..5]\nIMM[0] FLT64 {1.5, 2.5}\nEND");
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(ValidateShader(r.shader).empty());
  EXPECT_EQ(CheckShader(r.shader).size(), 2u);
}

}  // namespace
}  // namespace shaderdiff::tgsi
