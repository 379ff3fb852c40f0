// json_location: byte offsets to LINE:COL, values found along their JSON
// path (escaped keys, repeated keys, missing steps), any text ending the
// walk (deep nesting, garbage), and ReadVectorJson's FILE:LINE:COL errors.
#include "tools/harness/json_location.h"

#include <string>

#include <gtest/gtest.h>

#include "tools/harness/vector_json.h"

namespace shaderdiff::harness {
namespace {

std::string At(std::string_view text, const JsonPath& path) {
  const tgsi::SourceLocation at = LocationOfOffset(text, FindJsonValue(text, path));
  return std::to_string(at.line) + ":" + std::to_string(at.column);
}

TEST(JsonLocation, OffsetsToLineAndColumn) {
  EXPECT_EQ(LocationOfOffset("ab\ncd", 0).line, 1u);
  EXPECT_EQ(LocationOfOffset("ab\ncd", 4).line, 2u);
  EXPECT_EQ(LocationOfOffset("ab\ncd", 4).column, 2u);
  EXPECT_EQ(LocationOfOffset("ab", 99).column, 3u);  // clamped to the end
}

TEST(JsonLocation, FindsValuesAlongAPath) {
  const std::string text = "{\"a\": 1,\n \"b\": {\"c\": [10, [20, 30]]},\n \"b\\u0041\": 2, \"a\": 3}";
  EXPECT_EQ(At(text, {}), "1:1");
  EXPECT_EQ(At(text, {"b", "c", "1", "1"}), "2:23");
  EXPECT_EQ(At(text, {"bA"}), "3:13");   // the key unescaped
  EXPECT_EQ(At(text, {"a"}), "3:21");    // a repeated key: its last occurrence, as the parser keeps
  EXPECT_EQ(At(text, {"b", "zz"}), "2:7");  // a missing step: the deepest value that exists
  EXPECT_EQ(At(text, {"b", "c", "7"}), "2:13");
}

TEST(JsonLocation, AnyTextEnds) {
  const std::string deep(200000, '[');
  EXPECT_LE(FindJsonValue(deep, {"0", "0", "0"}), deep.size());
  for (const std::string text : {"", "{", "{\"a\"", "{\"a\":", "[1,", "\"\\", "{\"a\":{\"b\":[1,2", "}}]]"}) {
    EXPECT_LE(FindJsonValue(text, {"a", "b", "1"}), text.size()) << text;
  }
}

TEST(JsonLocation, VectorErrorsNameFileLineColumn) {
  common::TestVector v;
  std::string error;
  EXPECT_FALSE(ReadVectorJson("{\"stage\": \"FRAG\",\n  oops}", "v.json", &v, &error));
  EXPECT_EQ(error.rfind("v.json:2:3: error: not valid JSON", 0), 0u) << error;
  EXPECT_FALSE(ReadVectorJson("{\"stage\": \"FRAG\", \"lanes\": 4, \"seed\": 1,\n \"inputs\": {\"0\": 7}}", "v.json", &v, &error));
  EXPECT_EQ(error.rfind("v.json:2:18: error:", 0), 0u) << error;
  EXPECT_NE(error.find("(at inputs.0)"), std::string::npos) << error;
  // A number too large for a double: nlohmann throws out_of_range, not
  // parse_error, with no offset; the literal is found in the text.
  EXPECT_FALSE(ReadVectorJson("{\"s\": \"1e999\",\n \"lanes\": 1e999}", "v.json", &v, &error));
  EXPECT_EQ(error.rfind("v.json:2:11: error: not valid JSON: number overflow", 0), 0u) << error;
}

}  // namespace
}  // namespace shaderdiff::harness
