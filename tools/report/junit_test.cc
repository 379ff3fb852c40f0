/* Tests of the JUnit XML: well-formed (balanced tags, only known entities,
   no raw markup from the report) and its counts match the report. */
#include "tools/report/junit.h"

#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <vector>

#include "tools/report/test_reports.h"

namespace shaderdiff::report {
namespace {

using nlohmann::json;
using testing::FailCheck;
using testing::Parsed;
using testing::PassCheck;
using testing::ReportJson;
using testing::ShaderJson;

// A small XML well-formedness check: tags nest and balance, attribute
// values are quoted, '&' only starts a known entity, and '<' only starts a
// tag. Returns an empty string or the first problem. Counts start tags by
// name into *elements.
std::string CheckXml(const std::string& xml, std::map<std::string, size_t>* elements) {
  std::vector<std::string> stack;
  static const std::regex kEntity("&(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);");
  static const std::regex kTag(R"(<(/?)([A-Za-z_][\w.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(/?)>)");
  size_t i = xml.find("?>");  // skip the declaration
  if (xml.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>", 0) != 0) return "no XML declaration";
  for (i += 2; i < xml.size(); ++i) {
    if (xml[i] == '&') {
      std::smatch m;
      std::string rest = xml.substr(i, 12);
      if (!std::regex_search(rest, m, kEntity, std::regex_constants::match_continuous)) {
        return "bare '&' at " + std::to_string(i);
      }
      continue;
    }
    if (xml[i] == '>') return "bare '>' at " + std::to_string(i);
    if (xml[i] != '<') continue;
    std::smatch m;
    std::string rest = xml.substr(i, xml.find('>', i) - i + 1);
    if (!std::regex_match(rest, m, kTag)) return "malformed tag at " + std::to_string(i) + ": " + rest;
    const std::string name = m[2];
    if (m[1] == "/") {
      if (stack.empty() || stack.back() != name) return "unbalanced </" + name + "> at " + std::to_string(i);
      stack.pop_back();
    } else {
      ++(*elements)[name];
      if (m[4] != "/") stack.push_back(name);
    }
    i += rest.size() - 1;
  }
  return stack.empty() ? "" : "unclosed <" + stack.back() + ">";
}

// The integer value of attribute `name` of the first element starting at `from`.
size_t Attribute(const std::string& xml, size_t from, const std::string& name) {
  size_t at = xml.find(" " + name + "=\"", from);
  return std::stoul(xml.substr(at + name.size() + 3));
}

TEST(JunitTest, WellFormedAndCountsMatch) {
  const Report run = Parsed(ReportJson({
      ShaderJson("s/<evil> & \"x\".tgsi", "0000000000000001",
                 {{"a3xx/naive", PassCheck(5)},
                  {"a3xx/opt", FailCheck("mismatch", "OUT[0].x <![CDATA[ ]]> & \x01 control", "cmd --x '<y>'")}}),
      ShaderJson("s/b.tgsi", "0000000000000002", {{"a3xx/naive", PassCheck(5)}, {"a3xx/opt", FailCheck("hazard")}}),
      ShaderJson("s/c.tgsi", "0000000000000003",
                 {{"a3xx/naive", FailCheck("unsupported", "no CUBEARRAY")}, {"a3xx/opt", PassCheck(4)}}),
      ShaderJson("s/d.tgsi", "0000000000000004", {{"a3xx/naive", PassCheck(5)}, {"a3xx/opt", FailCheck("timeout")}}),
      ShaderJson("s/e.tgsi", "0000000000000005", nullptr, "parse-error"),
  }));
  Baseline baseline;
  baseline.entries["s/b.tgsi@a3xx/opt"] = Status::kFail;       // expected failure -> skipped
  baseline.entries["s/c.tgsi@a3xx/naive"] = Status::kSkip;     // unsupported -> skipped
  baseline.entries["s/c.tgsi@a3xx/opt"] = Status::kFail;       // fix -> passes with a note
  baseline.entries["s/gone.tgsi@a3xx/opt"] = Status::kCrash;   // missing -> system-out
  Baseline flakes;
  flakes.entries["s/d.tgsi@a3xx/opt"] = Status::kTimeout;      // flake -> skipped
  const Classification c = Classify(run, baseline, &flakes);
  const std::string xml = RenderJunit(run, c);

  std::map<std::string, size_t> elements;
  const std::string problem = CheckXml(xml, &elements);
  ASSERT_EQ(problem, "") << xml;
  // 5 shaders: 5 reference cases + 8 checks = 13 test cases.
  EXPECT_EQ(elements["testsuites"], 1u);
  EXPECT_EQ(elements["testsuite"], 3u);  // a3xx/naive, a3xx/opt, reference
  EXPECT_EQ(elements["testcase"], 13u);
  EXPECT_EQ(elements["testcase"], c.checks.size() - c.Count(Outcome::kMissing));
  EXPECT_EQ(elements["failure"], 2u);  // the mismatch, the parse error
  EXPECT_EQ(elements["failure"], c.Count(Outcome::kRegression));
  EXPECT_EQ(elements["skipped"], 3u);  // expected hazard, expected unsupported, flaky timeout
  // The totals on <testsuites> and per suite.
  EXPECT_EQ(Attribute(xml, xml.find("<testsuites"), "tests"), 13u);
  EXPECT_EQ(Attribute(xml, xml.find("<testsuites"), "failures"), 2u);
  EXPECT_EQ(Attribute(xml, xml.find("<testsuites"), "skipped"), 3u);
  const size_t opt = xml.find("<testsuite name=\"a3xx/opt\"");
  ASSERT_NE(opt, std::string::npos);
  EXPECT_EQ(Attribute(xml, opt, "tests"), 4u);  // s/e.tgsi has no checks
  EXPECT_EQ(Attribute(xml, opt, "failures"), 1u);
  EXPECT_EQ(Attribute(xml, opt, "skipped"), 2u);
  const size_t reference = xml.find("<testsuite name=\"reference\"");
  ASSERT_NE(reference, std::string::npos);
  EXPECT_EQ(Attribute(xml, reference, "tests"), 5u);
  EXPECT_EQ(Attribute(xml, reference, "failures"), 1u);
  // Content: escaped names, reasons, reproduction, fix and missing notes.
  EXPECT_NE(xml.find("name=\"s/&lt;evil&gt; &amp; &quot;x&quot;.tgsi\""), std::string::npos);
  EXPECT_NE(xml.find("<failure type=\"mismatch\" message=\"new Fail: mismatch: OUT[0].x &lt;![CDATA[ ]]&gt; &amp; \\x01 control\">"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("reproduce: cmd --x &#39;&lt;y&gt;&#39;"), std::string::npos);
  EXPECT_NE(xml.find("<skipped message=\"expected failure: hazard: OUT[0].x lane 0: differs\"/>"), std::string::npos);
  EXPECT_NE(xml.find("<skipped message=\"unsupported: no CUBEARRAY\"/>"), std::string::npos);
  EXPECT_NE(xml.find("<skipped message=\"known flake: timeout: "), std::string::npos);
  EXPECT_NE(xml.find("fixed: passes, but the baseline expects Fail"), std::string::npos);
  EXPECT_NE(xml.find("s/gone.tgsi@a3xx/opt,Crash"), std::string::npos);
}

TEST(JunitTest, ExploreFindingsAreASkippedSuiteOfTheirOwn) {
  const json base = ReportJson({ShaderJson("s/a.tgsi", "0000000000000001", {{"a3xx/opt", PassCheck(5)}}),
                                ShaderJson("s/b.tgsi", "0000000000000002", {{"a3xx/opt", PassCheck(5)}})});
  const Report run = Parsed(testing::WithFindings(
      base, 99, {{"a3xx/opt", FailCheck("mismatch", "OUT[0].x <differs>", "shaderdiff emulate s/a.tgsi --seed 5")},
                 {"reference", FailCheck("error", "EMIT stream 7 out of range")}}));
  const Classification c = Classify(run, Baseline{});
  EXPECT_TRUE(c.Clean());  // findings are not regressions
  const std::string xml = RenderJunit(run, c);
  std::map<std::string, size_t> elements;
  ASSERT_EQ(CheckXml(xml, &elements), "") << xml;
  EXPECT_EQ(elements["failure"], 0u);
  const size_t explore = xml.find("<testsuite name=\"explore\"");
  ASSERT_NE(explore, std::string::npos) << xml;
  EXPECT_EQ(Attribute(xml, explore, "tests"), 2u);
  EXPECT_EQ(Attribute(xml, explore, "skipped"), 2u);
  EXPECT_EQ(Attribute(xml, explore, "failures"), 0u);
  EXPECT_EQ(Attribute(xml, xml.find("<testsuites"), "tests"), 6u);  // 2 reference + 2 checks + 2 findings
  EXPECT_NE(xml.find("classname=\"explore/a3xx/opt\" name=\"s/a.tgsi\""), std::string::npos);
  EXPECT_NE(xml.find("new finding of exploration seed 99 (not a regression): mismatch: OUT[0].x &lt;differs&gt;"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("reproduce: shaderdiff emulate s/a.tgsi --seed 5"), std::string::npos);
  // Without --explore there is no such suite.
  const Report stable = Parsed(base);
  EXPECT_EQ(RenderJunit(stable, Classify(stable, Baseline{})).find("explore"), std::string::npos);
}

TEST(JunitTest, NotApplicableIsSkippedWithItsReason) {
  const json na{{"verdict", "not-applicable"}, {"detail", "the r500 target is the fragment processor"}};
  const Report run = Parsed(ReportJson({ShaderJson("s/v.tgsi", "0000000000000001", {{"r500/naive", na}})}));
  const std::string xml = RenderJunit(run, Classify(run, Baseline{}));
  std::map<std::string, size_t> elements;
  ASSERT_EQ(CheckXml(xml, &elements), "") << xml;
  const size_t suite = xml.find("<testsuite name=\"r500/naive\"");
  ASSERT_NE(suite, std::string::npos) << xml;
  EXPECT_EQ(Attribute(xml, suite, "tests"), 1u);
  EXPECT_EQ(Attribute(xml, suite, "skipped"), 1u);
  EXPECT_EQ(Attribute(xml, suite, "failures"), 0u);
  EXPECT_NE(xml.find("<skipped message=\"not applicable: the r500 target is the fragment processor\"/>"),
            std::string::npos)
      << xml;
}

TEST(JunitTest, TheCheckerCatchesBrokenXml) {
  std::map<std::string, size_t> elements;
  const std::string head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  EXPECT_EQ(CheckXml(head + "<a><b></b></a>", &elements), "");
  EXPECT_NE(CheckXml(head + "<a><b></a></b>", &elements), "");
  EXPECT_NE(CheckXml(head + "<a>x & y</a>", &elements), "");
  EXPECT_NE(CheckXml(head + "<a>1 < 2</a>", &elements), "");
  EXPECT_NE(CheckXml(head + "<a x=\"1>", &elements), "");
}

}  // namespace
}  // namespace shaderdiff::report
