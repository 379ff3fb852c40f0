/* Tests of the HTML page: the summaries, changes and statistics are there,
   hostile report strings are escaped, and the page is self-contained. */
#include "tools/report/html.h"

#include <gtest/gtest.h>

#include "tools/report/escape.h"
#include "tools/report/svg_chart.h"
#include "tools/report/test_reports.h"

namespace shaderdiff::report {
namespace {

using nlohmann::json;
using testing::FailCheck;
using testing::Parsed;
using testing::PassCheck;
using testing::ReportJson;
using testing::ShaderJson;

size_t Occurrences(const std::string& haystack, const std::string& needle) {
  size_t n = 0;
  for (size_t pos = haystack.find(needle); pos != std::string::npos; pos = haystack.find(needle, pos + 1)) ++n;
  return n;
}

Report SampleRun() {
  return Parsed(ReportJson({
      ShaderJson("shaders/<script>alert(1)</script>.tgsi", "0000000000000001",
                 {{"a3xx/naive", PassCheck(20, 5, 200)},
                  {"a3xx/opt", FailCheck("mismatch", "OUT[0].x \"quoted\" & <b>bold</b>",
                                         "shaderdiff emulate 'shaders/<script>.tgsi' --seed 1")}}),
      ShaderJson("shaders/b.tgsi", "0000000000000002", {{"a3xx/naive", PassCheck(40, 6, 400)}, {"a3xx/opt", PassCheck(30, 4, 300)}}),
      ShaderJson("shaders/c.tgsi", "0000000000000003",
                 {{"a3xx/naive", PassCheck(10, 2, 100)}, {"a3xx/opt", FailCheck("unsupported", "no CUBEARRAY")}}),
  }));
}

Report Previous() {
  return Parsed(ReportJson({
      ShaderJson("shaders/b.tgsi", "0000000000000002", {{"a3xx/naive", PassCheck(40, 6, 400)}, {"a3xx/opt", PassCheck(33, 4, 300)}}),
  }));
}

TEST(EscapeTest, EscapesMarkupQuotesAndControlCharacters) {
  EXPECT_EQ(HtmlEscape("<a href=\"x\">'&'</a>"), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  EXPECT_EQ(XmlEscape(std::string("a\x01" "b\tc\n", 6)), "a\\x01b\tc\n");
}

TEST(HtmlTest, ShowsTheRunObject) {
  Report run = SampleRun();
  run.run = {{"git_revision", "abc123<i>"}, {"vectors_per_second", 1234.5}};
  const std::string html = RenderHtml(run, nullptr, Classify(run, Baseline{}), {});
  EXPECT_NE(html.find("git_revision abc123&lt;i&gt;"), std::string::npos);
  EXPECT_NE(html.find("vectors_per_second 1234.5"), std::string::npos);
  run.run = nullptr;
  EXPECT_EQ(RenderHtml(run, nullptr, Classify(run, Baseline{}), {}).find("git_revision"), std::string::npos);
}

// reports/README.md's determinism contract: the run object is the only part
// of the page that varies, in one element of its own.
TEST(HtmlTest, TwoRunsDifferOnlyInTheRunLine) {
  Report a = SampleRun(), b = SampleRun();
  a.run = {{"git_revision", "abc123"}, {"started", "2026-01-01T00:00:00Z"}, {"wall_seconds", 4.5}};
  b.run = {{"git_revision", "def456"}, {"started", "2026-01-02T00:00:00Z"}, {"wall_seconds", 7.25},
           {"stopped_by", "SIGINT"}};
  auto without_run_line = [](std::string html) {
    const size_t start = html.find("<p class=\"meta run\">");
    EXPECT_NE(start, std::string::npos);
    if (start == std::string::npos) return html;
    EXPECT_EQ(html.find("<p class=\"meta run\">", start + 1), std::string::npos);  // exactly one
    return html.erase(start, html.find("</p>", start) + 4 - start);
  };
  HtmlOptions options;
  options.run_label = "nightly-20260101";
  const std::string html_a = RenderHtml(a, nullptr, Classify(a, Baseline{}), options);
  const std::string html_b = RenderHtml(b, nullptr, Classify(b, Baseline{}), options);
  EXPECT_NE(html_a, html_b);
  EXPECT_EQ(without_run_line(html_a), without_run_line(html_b));
}

TEST(HtmlTest, ContainsSummariesAndEscapesHostileNames) {
  const Report run = SampleRun();
  Baseline baseline;
  baseline.entries["shaders/c.tgsi@a3xx/opt"] = Status::kSkip;
  baseline.entries["shaders/gone.tgsi@a3xx/opt"] = Status::kFail;
  const Classification c = Classify(run, baseline);
  const Report previous = Previous();
  const std::string html = RenderHtml(run, &previous, c, {.run_label = "nightly-7", .previous_label = "nightly-6"});

  // No raw markup from the report survives; its escaped form is there.
  EXPECT_EQ(html.find("<script>alert"), std::string::npos);
  EXPECT_EQ(html.find("<b>bold"), std::string::npos);
  EXPECT_NE(html.find("shaders/&lt;script&gt;alert(1)&lt;/script&gt;.tgsi"), std::string::npos);
  EXPECT_NE(html.find("OUT[0].x &quot;quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt;"), std::string::npos);
  EXPECT_NE(html.find("shaderdiff emulate &#39;shaders/&lt;script&gt;.tgsi&#39; --seed 1"), std::string::npos);
  // Exactly one script element: the page's own.
  EXPECT_EQ(Occurrences(html, "<script"), 1u);
  EXPECT_EQ(Occurrences(html, "</script>"), 1u);
  // Self-contained: no external resources.
  EXPECT_EQ(html.find("src="), std::string::npos);
  EXPECT_EQ(html.find("href="), std::string::npos);
  EXPECT_EQ(html.find("@import"), std::string::npos);

  // Summary tables and the sections.
  for (const char* s : {"By target and build", "By target", "By build", "Reference interpreter", "New failures",
                        "Fixed", "In the baseline but not in this run", "Versus the previous run (nightly-6)",
                        "This run", "All checks", "id=\"filter\"", "id=\"checks\"", "<svg", "nightly-7"}) {
    EXPECT_NE(html.find(s), std::string::npos) << s;
  }
  // The a3xx/opt row of the summary: 3 checks: 1 pass, 1 mismatch, 1 unsupported; 1 regression, 0 fixes, 1 expected.
  EXPECT_NE(html.find("<tr><td>a3xx/opt</td><td class=\"num\" data-v=\"3\">3</td>"), std::string::npos);
  // The comparison: b.tgsi's opt instructions 33 -> 30 over one shared shader.
  EXPECT_NE(html.find("<td>instructions</td><td class=\"num\" data-v=\"33\">33</td><td class=\"num\" data-v=\"30\">30</td>"
                      "<td class=\"num down\">-9.09%</td>"),
            std::string::npos);
  // Every check is a row of the table: 3 shaders x (reference + 2) + 1 missing.
  const std::string table = html.substr(html.find("id=\"checks\""));
  EXPECT_EQ(Occurrences(table, "<tr class="), 10u);
  EXPECT_EQ(Occurrences(table, "<tr class=\"regression\""), 1u);
  EXPECT_EQ(Occurrences(table, "<tr class=\"missing\""), 1u);
  // The regression's reproduction command is in the changes section too.
  const std::string changes = html.substr(html.find("id=\"changes\""), html.find("id=\"stats\"") - html.find("id=\"changes\""));
  EXPECT_NE(changes.find("shaderdiff emulate &#39;"), std::string::npos);
}

TEST(HtmlTest, ShowsBranchCoverage) {
  json j = ReportJson({ShaderJson("shaders/a.tgsi", "0000000000000001", {{"a3xx/opt", PassCheck(3)}}),
                       ShaderJson("shaders/b.tgsi", "0000000000000002", {{"a3xx/opt", PassCheck(3)}})});
  j["shaders"][0]["branches"] = {{"total", 3}, {"both_ways", 1}};
  j["shaders"][1]["branches"] = {{"total", 1}, {"both_ways", 1}};
  const Report run = Parsed(j);
  const std::string html = RenderHtml(run, nullptr, Classify(run, Baseline{}));
  EXPECT_NE(html.find("2 of 4 branches went both ways (50.0%)"), std::string::npos);
  EXPECT_NE(html.find("data-v=\"1\">1/3</td>"), std::string::npos);  // a.tgsi's reference row
  const Report none = SampleRun();
  EXPECT_EQ(RenderHtml(none, nullptr, Classify(none, Baseline{})).find("went both ways"), std::string::npos);
}

TEST(HtmlTest, ExploreFindingsHaveTheirOwnSection) {
  const json base = ReportJson({ShaderJson("shaders/a.tgsi", "0000000000000001", {{"a3xx/opt", PassCheck(3)}})});
  const Report run = Parsed(testing::WithFindings(
      base, 42, {{"a3xx/opt", FailCheck("hazard", "r0.x <read early>", "shaderdiff emulate a --seed 9")}}));
  const std::string html = RenderHtml(run, nullptr, Classify(run, Baseline{}));
  const size_t section = html.find("id=\"explore\"");
  ASSERT_NE(section, std::string::npos);
  EXPECT_NE(html.find("New findings of the exploration (seed 42, 1)"), std::string::npos);
  EXPECT_NE(html.find("shaders/a.tgsi@a3xx/opt", section), std::string::npos);
  EXPECT_NE(html.find("r0.x &lt;read early&gt;", section), std::string::npos);
  EXPECT_NE(html.find("new findings (explore)"), std::string::npos);
  // Not a regression: the changes section lists none.
  const std::string changes = html.substr(html.find("id=\"changes\""), section - html.find("id=\"changes\""));
  EXPECT_NE(changes.find("New failures (regressions) (0)"), std::string::npos) << changes;
  const Report stable = Parsed(base);
  EXPECT_EQ(RenderHtml(stable, nullptr, Classify(stable, Baseline{})).find("id=\"explore\""), std::string::npos);
}

TEST(HtmlTest, WithoutPreviousSaysSoAndIsDeterministic) {
  const Report run = SampleRun();
  const Classification c = Classify(run, Baseline{});
  const std::string a = RenderHtml(run, nullptr, c);
  EXPECT_NE(a.find("no previous report given"), std::string::npos);
  EXPECT_EQ(a, RenderHtml(run, nullptr, c));
}

TEST(SvgChartTest, BinsEveryValueAndEscapesTitles) {
  const std::string svg = SvgHistogram({0, 1, 1, 2, 19.5, 20}, {.title = "a<b", .x_label = "x&y", .bins = 20});
  EXPECT_NE(svg.find("a&lt;b"), std::string::npos);
  EXPECT_NE(svg.find("x&amp;y"), std::string::npos);
  // Step 2 (20 / 20 bins would put 20 on the edge): [0,2) holds 0, 1, 1; [2,4) holds 2; [18,20) 19.5; [20,22) 20.
  EXPECT_NE(svg.find("<title>[0, 2): 3</title>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("<title>[2, 4): 1</title>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("<title>[18, 20): 1</title>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("<title>[20, 22): 1</title>"), std::string::npos) << svg;
  EXPECT_NE(SvgHistogram({}, {.title = "t", .x_label = "x"}).find("no data"), std::string::npos);
  EXPECT_EQ(NiceStep(0.07), 0.1);
  EXPECT_EQ(NiceStep(3), 5);
  EXPECT_EQ(NiceStep(20), 20);
}

}  // namespace
}  // namespace shaderdiff::report
