/* Tests of corpus/exemptions.json: validation (every schema error names the
   entry index and key) and staleness against a report. */
#include "tools/report/exemptions.h"

#include <gtest/gtest.h>

#include "tools/report/test_reports.h"

namespace shaderdiff::report {
namespace {

using testing::FailCheck;
using testing::json;
using testing::Parsed;
using testing::PassCheck;
using testing::ReportJson;
using testing::ShaderJson;

json Entry(const std::string& hash, const std::string& build = "opt", const std::string& output = "OUT[1].y",
           const std::string& reason = "nan-operand") {
  return json{{"hash", hash},     {"target", "a3xx"}, {"build", build},
              {"output", output}, {"reason", reason}, {"note", "checked by hand against the TGSI spec"}};
}

json Doc(const std::vector<json>& entries) { return json{{"schema", 1}, {"exemptions", entries}}; }

TEST(ExemptionsTest, AcceptsValidEntries) {
  std::vector<Exemption> out;
  std::vector<std::string> errors;
  ASSERT_TRUE(ParseExemptions(Doc({Entry("00000000000000a1"),
                                   Entry("00000000000000a2", "naive", "OUT[0]", "MAD fused on the GPU, by design"),
                                   Entry("00000000000000a3", "opt", "kill", "nan-result")}),
                              &out, &errors))
      << errors[0];
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0].Config(), "a3xx/opt");
  EXPECT_TRUE(out[0].reason_is_code);
  EXPECT_FALSE(out[1].reason_is_code);
  EXPECT_EQ(out[2].index, 2u);
}

TEST(ExemptionsTest, SchemaErrorsNameTheEntry) {
  json unknown_key = Entry("00000000000000b1");
  unknown_key["who"] = "me";
  json missing_note = Entry("00000000000000b2");
  missing_note.erase("note");
  json not_string = Entry("00000000000000b3");
  not_string["target"] = 3;
  std::vector<Exemption> out;
  std::vector<std::string> errors;
  EXPECT_FALSE(ParseExemptions(json{{"schema", 1},
                                    {"extra", true},
                                    {"exemptions",
                                     {Entry("00000000000000b0"),               // 0 ok
                                      unknown_key,                             // 1
                                      missing_note,                            // 2
                                      not_string,                              // 3
                                      Entry("ABC"),                            // 4 bad hash
                                      Entry("00000000000000b5", "fast"),       // 5 bad build
                                      Entry("00000000000000b6", "opt", "o1"),  // 6 bad output
                                      Entry("00000000000000b7", "opt", "OUT[1].y", "nan-operandd"),  // 7 unknown code
                                      Entry("00000000000000b0"),               // 8 duplicate of 0
                                      json("x")}}},                            // 9 not an object
                               &out, &errors));
  const std::vector<std::string> expected = {
      "top level: unknown key 'extra'",
      "exemptions[1]: unknown key 'who' (expected hash, target, build, output, reason, note)",
      "exemptions[2].note: missing",
      "exemptions[3].target: expected a string",
      "exemptions[4].hash: expected 16 lowercase hex digits (got \"ABC\")",
      "exemptions[5].build: expected \"naive\" or \"opt\" (got \"fast\")",
      "exemptions[6].output: expected \"OUT[n]\", \"OUT[n].x\" (x, y, z or w) or \"kill\" (got \"o1\")",
      "exemptions[7].reason: 'nan-operandd' is not one of the interpreter's reason codes (emulator/tgsi/reasons.h); "
      "free-text reasons need more than one word",
      "exemptions[8]: duplicates exemptions[0] (same hash, target, build and output)",
      "exemptions[9]: expected an object",
  };
  EXPECT_EQ(errors, expected);
  ASSERT_EQ(out.size(), 1u);  // only entry 0 is valid
  EXPECT_EQ(out[0].hash, "00000000000000b0");
}

TEST(ExemptionsTest, TopLevelShapeAndJsonSyntax) {
  std::vector<Exemption> out;
  std::vector<std::string> errors;
  EXPECT_FALSE(ParseExemptions(json::array(), &out, &errors));
  EXPECT_NE(errors.at(0).find("top level: expected an object"), std::string::npos);
  errors.clear();
  EXPECT_FALSE(ParseExemptions(json{{"schema", 2}, {"exemptions", json::array()}}, &out, &errors));
  EXPECT_EQ(errors, std::vector<std::string>{"schema: expected 1"});
  errors.clear();
  EXPECT_FALSE(ParseExemptionsText("{\"schema\": 1,\n \"exemptions\": [}", &out, &errors));
  EXPECT_NE(errors.at(0).find("line 2"), std::string::npos) << errors[0];
}

TEST(ExemptionsTest, StaleExemptions) {
  const Report report = Parsed(ReportJson({
      ShaderJson("s/a.tgsi", "00000000000000c1", {{"a3xx/naive", PassCheck(5)}, {"a3xx/opt", FailCheck("mismatch")}}),
      ShaderJson("s/b.tgsi", "00000000000000c2", {{"a3xx/naive", PassCheck(5)}, {"a3xx/opt", PassCheck(4)}}),
      ShaderJson("s/c.tgsi", "00000000000000c3",
                 {{"a3xx/naive", FailCheck("naive-mismatch")}, {"a3xx/opt", FailCheck("compile-error")}}),
      ShaderJson("s/d.tgsi", "00000000000000c4", {{"a3xx/naive", PassCheck(5)}}),
      ShaderJson("s/e.tgsi", "00000000000000c5", {{"a3xx/opt", {{"verdict", "exempt"}, {"detail", "OUT[1].y"}}}}),
  }));
  std::vector<Exemption> exemptions;
  std::vector<std::string> errors;
  ASSERT_TRUE(ParseExemptions(Doc({
                                  Entry("00000000000000c1"),                 // 0 live: mismatch
                                  Entry("00000000000000c1", "naive"),        // 1 stale: naive passes
                                  Entry("00000000000000c2"),                 // 2 stale: opt passes
                                  Entry("00000000000000c3", "naive"),        // 3 live: naive-mismatch
                                  Entry("00000000000000c3"),                 // 4 live: compile-error hides it
                                  Entry("00000000000000c4"),                 // 5 stale: opt not checked
                                  Entry("00000000000000c5"),                 // 6 live: exempt is a use
                                  Entry("00000000000000ff"),                 // 7 stale: shader not in run
                              }),
                              &exemptions, &errors))
      << errors[0];
  std::vector<StaleExemption> stale = FindStaleExemptions(exemptions, report);
  ASSERT_EQ(stale.size(), 4u);
  EXPECT_EQ(stale[0].exemption.index, 1u);
  EXPECT_EQ(stale[0].why, "a3xx/naive passes");
  EXPECT_EQ(stale[1].exemption.index, 2u);
  EXPECT_EQ(stale[1].why, "a3xx/opt passes");
  EXPECT_EQ(stale[2].exemption.index, 5u);
  EXPECT_EQ(stale[2].why, "a3xx/opt was not checked for this shader");
  EXPECT_EQ(stale[3].exemption.index, 7u);
  EXPECT_EQ(stale[3].why, "shader 00000000000000ff is not in this run");
}

}  // namespace
}  // namespace shaderdiff::report
