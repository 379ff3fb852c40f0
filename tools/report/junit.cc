/* JUnit XML rendering (junit.h). */
#include "tools/report/junit.h"

#include <map>

#include "tools/report/escape.h"
#include "tools/report/explanation_text.h"

namespace shaderdiff::report {
namespace {

struct Suite {
  std::string body;
  size_t tests = 0, failures = 0, skipped = 0;
  std::string missing;  // system-out lines
};

std::string Attr(const char* name, const std::string& value) {
  return std::string(" ") + name + "=\"" + XmlEscape(value) + "\"";
}

// "verdict: detail" or just the verdict.
std::string VerdictText(const CheckResult& check) {
  return check.detail.empty() ? check.verdict : check.verdict + ": " + check.detail;
}

void AddCase(const ClassifiedCheck& c, Suite* suite) {
  ++suite->tests;
  std::string& out = suite->body;
  out += "    <testcase" + Attr("classname", c.check.config) + Attr("name", c.file);
  switch (c.outcome) {
    case Outcome::kPass:
      out += "/>\n";
      return;
    case Outcome::kFix:
      if (c.status == Status::kNotApplicable) {  // a stale entry: still no test, so skipped
        ++suite->skipped;
        out += ">\n      <skipped" + Attr("message", "not applicable: " + c.check.detail) + "/>\n      <system-out>" +
               XmlEscape("fixed: not applicable, but the baseline expects " + std::string(StatusName(*c.expected)) +
                         "; update the baseline") +
               "</system-out>\n    </testcase>\n";
        return;
      }
      out += ">\n      <system-out>" +
             XmlEscape("fixed: passes, but the baseline expects " + std::string(StatusName(*c.expected)) +
                       "; update the baseline") +
             "</system-out>\n    </testcase>\n";
      return;
    case Outcome::kNotApplicable:
      ++suite->skipped;
      out += ">\n      <skipped" + Attr("message", "not applicable: " + c.check.detail) + "/>\n    </testcase>\n";
      return;
    case Outcome::kRegression: {
      ++suite->failures;
      std::string message = c.expected ? "regression (baseline " + std::string(StatusName(*c.expected)) + ", now " +
                                             std::string(StatusName(c.status)) + "): " + VerdictText(c.check)
                                       : "new " + std::string(StatusName(c.status)) + ": " + VerdictText(c.check);
      std::string text = VerdictText(c.check);
      if (!c.check.reproduce.empty()) text += "\nreproduce: " + c.check.reproduce;
      if (!c.check.explanation.is_null()) text += "\nexplanation: " + ExplanationLine(c.check.explanation);
      out += ">\n      <failure" + Attr("type", c.check.verdict) + Attr("message", message) + ">" + XmlEscape(text) +
             "</failure>\n    </testcase>\n";
      return;
    }
    case Outcome::kExpectedFailure:
    case Outcome::kFlake: {
      ++suite->skipped;
      std::string message = c.outcome == Outcome::kFlake ? "known flake: " : c.status == Status::kSkip ? "" : "expected failure: ";
      message += VerdictText(c.check);
      out += ">\n      <skipped" + Attr("message", message) + "/>\n    </testcase>\n";
      return;
    }
    case Outcome::kMissing:
      return;  // not a test case: RenderJunit lists it in the suite's <system-out>
  }
}

}  // namespace

std::string RenderJunit(const Report& report, const Classification& classification) {
  std::map<std::string, Suite> suites;
  for (const ClassifiedCheck& c : classification.checks) {
    Suite& suite = suites[c.check.config];
    if (c.outcome == Outcome::kMissing) {
      suite.missing += c.name + "," + std::string(StatusName(c.status)) + "\n";
    } else {
      AddCase(c, &suite);
    }
  }
  // --explore: the new findings in a suite of their own, as skipped cases
  // (they are not regressions, so they must not fail the CI job).
  if (report.explore_seed) {
    Suite& suite = suites["explore"];
    for (const ShaderResult& s : report.shaders) {
      for (const CheckResult& f : s.findings) {
        ++suite.tests;
        ++suite.skipped;
        std::string text = VerdictText(f);
        if (!f.reproduce.empty()) text += "\nreproduce: " + f.reproduce;
        if (!f.explanation.is_null()) text += "\nexplanation: " + ExplanationLine(f.explanation);
        suite.body += "    <testcase" + Attr("classname", "explore/" + f.config) + Attr("name", s.file) + ">\n" +
                      "      <skipped" +
                      Attr("message", "new finding of exploration seed " + std::to_string(*report.explore_seed) +
                                          " (not a regression): " + VerdictText(f)) +
                      "/>\n      <system-out>" + XmlEscape(text) + "</system-out>\n    </testcase>\n";
      }
    }
  }
  size_t tests = 0, failures = 0, skipped = 0;
  for (const auto& [name, suite] : suites) {
    tests += suite.tests;
    failures += suite.failures;
    skipped += suite.skipped;
  }
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += "<testsuites" + Attr("name", "shaderdiff") + Attr("tests", std::to_string(tests)) +
         Attr("failures", std::to_string(failures)) + Attr("errors", "0") + Attr("skipped", std::to_string(skipped)) +
         ">\n";
  for (const auto& [name, suite] : suites) {
    out += "  <testsuite" + Attr("name", name) + Attr("tests", std::to_string(suite.tests)) +
           Attr("failures", std::to_string(suite.failures)) + Attr("errors", "0") +
           Attr("skipped", std::to_string(suite.skipped)) + ">\n";
    out += "    <properties>\n";
    out += "      <property" + Attr("name", "seed") + Attr("value", std::to_string(report.seed)) + "/>\n";
    out += "      <property" + Attr("name", "corpus") + Attr("value", report.corpus_path) + "/>\n";
    out += "      <property" + Attr("name", "corpus_hash") + Attr("value", report.corpus_hash) + "/>\n";
    out += "    </properties>\n";
    out += suite.body;
    if (!suite.missing.empty()) {
      out += "    <system-out>" + XmlEscape("in the baseline but not in this run:\n" + suite.missing) + "</system-out>\n";
    }
    out += "  </testsuite>\n";
  }
  out += "</testsuites>\n";
  return out;
}

}  // namespace shaderdiff::report
