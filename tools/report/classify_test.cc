/* Tests of classifying a run against a baseline and flakes: every outcome,
   the reference pseudo-check, and the update-baseline round trip. */
#include "tools/report/classify.h"

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

Baseline Parse(const std::string& text) {
  Baseline b;
  std::vector<std::string> errors;
  EXPECT_TRUE(ParseBaseline(text, "test.csv", &b, &errors)) << (errors.empty() ? "" : errors[0]);
  return b;
}

const ClassifiedCheck& Find(const Classification& c, const std::string& name) {
  for (const ClassifiedCheck& k : c.checks) {
    if (k.name == name) return k;
  }
  ADD_FAILURE() << "no check " << name;
  static const ClassifiedCheck none;
  return none;
}

// One shader per case, each with a3xx/naive and a3xx/opt checks.
Report CaseReport() {
  return Parsed(ReportJson({
      ShaderJson("s/pass.tgsi", "0000000000000001", {{"a3xx/naive", PassCheck(10)}, {"a3xx/opt", PassCheck(8)}}),
      ShaderJson("s/expected.tgsi", "0000000000000002",
                 {{"a3xx/naive", PassCheck(10)}, {"a3xx/opt", FailCheck("mismatch")}}),
      ShaderJson("s/new.tgsi", "0000000000000003", {{"a3xx/naive", PassCheck(10)}, {"a3xx/opt", FailCheck("hazard")}}),
      ShaderJson("s/changed.tgsi", "0000000000000004",
                 {{"a3xx/naive", PassCheck(10)}, {"a3xx/opt", FailCheck("timeout")}}),
      ShaderJson("s/fixed.tgsi", "0000000000000005", {{"a3xx/naive", PassCheck(10)}, {"a3xx/opt", PassCheck(9)}}),
      ShaderJson("s/flaky.tgsi", "0000000000000006",
                 {{"a3xx/naive", PassCheck(10)}, {"a3xx/opt", FailCheck("naive-mismatch")}}),
      ShaderJson("s/unsup.tgsi", "0000000000000007",
                 {{"a3xx/naive", FailCheck("unsupported", "texture target CUBEARRAY")}, {"a3xx/opt", PassCheck(3)}}),
      ShaderJson("s/newskip.tgsi", "0000000000000008",
                 {{"a3xx/naive", FailCheck("unsupported", "register file")}, {"a3xx/opt", PassCheck(3)}}),
      ShaderJson("s/broken.tgsi", "0000000000000009", nullptr, "parse-error"),
      ShaderJson("s/partial.tgsi", "000000000000000a", {{"a3xx/naive", PassCheck(10)}}),
  }));
}

constexpr const char* kBaseline =
    "s/expected.tgsi@a3xx/opt,Fail\n"
    "s/changed.tgsi@a3xx/opt,Fail\n"
    "s/fixed.tgsi@a3xx/opt,Fail\n"
    "s/unsup.tgsi@a3xx/naive,Skip\n"
    "s/gone.tgsi@a3xx/opt,Crash\n"
    "s/partial.tgsi@a3xx/opt,Fail\n";

TEST(ClassifyTest, EveryOutcome) {
  const Report report = CaseReport();
  const Baseline flakes = Parse("s/flaky.tgsi@a3xx/opt,Fail\ns/pass.tgsi@a3xx/opt,Fail\n");
  const Classification c = Classify(report, Parse(kBaseline), &flakes);

  EXPECT_EQ(Find(c, "s/pass.tgsi@a3xx/opt").outcome, Outcome::kPass);  // in flakes but passing: a pass
  EXPECT_EQ(Find(c, "s/pass.tgsi@reference").outcome, Outcome::kPass);
  EXPECT_EQ(Find(c, "s/expected.tgsi@a3xx/opt").outcome, Outcome::kExpectedFailure);

  const ClassifiedCheck& fresh = Find(c, "s/new.tgsi@a3xx/opt");
  EXPECT_EQ(fresh.outcome, Outcome::kRegression);
  EXPECT_FALSE(fresh.expected.has_value());
  EXPECT_EQ(fresh.status, Status::kFail);
  EXPECT_EQ(fresh.check.verdict, "hazard");

  const ClassifiedCheck& changed = Find(c, "s/changed.tgsi@a3xx/opt");  // Fail -> Timeout
  EXPECT_EQ(changed.outcome, Outcome::kRegression);
  EXPECT_EQ(changed.expected, Status::kFail);
  EXPECT_EQ(changed.status, Status::kTimeout);

  EXPECT_EQ(Find(c, "s/fixed.tgsi@a3xx/opt").outcome, Outcome::kFix);
  EXPECT_EQ(Find(c, "s/flaky.tgsi@a3xx/opt").outcome, Outcome::kFlake);
  EXPECT_EQ(Find(c, "s/unsup.tgsi@a3xx/naive").outcome, Outcome::kExpectedFailure);  // Skip == Skip
  EXPECT_EQ(Find(c, "s/newskip.tgsi@a3xx/naive").outcome, Outcome::kRegression);     // newly unsupported

  // The interpreter's own verdict is a check too; the shader has no others.
  const ClassifiedCheck& broken = Find(c, "s/broken.tgsi@reference");
  EXPECT_EQ(broken.outcome, Outcome::kRegression);
  EXPECT_EQ(broken.check.verdict, "parse-error");

  // Missing: the shader is gone, or the check was not run.
  const ClassifiedCheck& gone = Find(c, "s/gone.tgsi@a3xx/opt");
  EXPECT_EQ(gone.outcome, Outcome::kMissing);
  EXPECT_EQ(gone.file, "s/gone.tgsi");
  EXPECT_EQ(gone.check.config, "a3xx/opt");
  EXPECT_EQ(gone.status, Status::kCrash);
  EXPECT_EQ(Find(c, "s/partial.tgsi@a3xx/opt").outcome, Outcome::kMissing);

  // 10 reference checks + 17 checks + 2 missing.
  EXPECT_EQ(c.checks.size(), 29u);
  EXPECT_EQ(c.Count(Outcome::kRegression), 4u);
  EXPECT_EQ(c.Count(Outcome::kExpectedFailure), 2u);
  EXPECT_EQ(c.Count(Outcome::kFix), 1u);
  EXPECT_EQ(c.Count(Outcome::kFlake), 1u);
  EXPECT_EQ(c.Count(Outcome::kMissing), 2u);
  EXPECT_EQ(c.Count(Outcome::kPass), 29u - 4 - 2 - 1 - 1 - 2);
  EXPECT_FALSE(c.Clean());
  // Report order, reference first; missing entries last, by name.
  EXPECT_EQ(c.checks[0].name, "s/pass.tgsi@reference");
  EXPECT_EQ(c.checks[1].name, "s/pass.tgsi@a3xx/naive");
  EXPECT_EQ(c.checks[27].name, "s/gone.tgsi@a3xx/opt");
  EXPECT_EQ(c.checks[28].name, "s/partial.tgsi@a3xx/opt");
}

TEST(ClassifyTest, WithoutFlakesAFlakyFailureIsARegression) {
  const Classification c = Classify(CaseReport(), Parse(kBaseline));
  EXPECT_EQ(Find(c, "s/flaky.tgsi@a3xx/opt").outcome, Outcome::kRegression);
  EXPECT_EQ(c.Count(Outcome::kRegression), 5u);
}

TEST(ClassifyTest, UpdateBaselineMakesTheRunClean) {
  const Report report = CaseReport();
  const Baseline updated = UpdateBaseline(report);
  EXPECT_EQ(WriteBaseline(updated),
            "s/broken.tgsi@reference,Fail\n"
            "s/changed.tgsi@a3xx/opt,Timeout\n"
            "s/expected.tgsi@a3xx/opt,Fail\n"
            "s/flaky.tgsi@a3xx/opt,Fail\n"
            "s/new.tgsi@a3xx/opt,Fail\n"
            "s/newskip.tgsi@a3xx/naive,Skip\n"
            "s/unsup.tgsi@a3xx/naive,Skip\n");
  // Through the file format and back, then classify: clean, nothing fixed or missing.
  Baseline reread = Parse(WriteBaseline(updated));
  const Classification c = Classify(report, reread);
  EXPECT_TRUE(c.Clean());
  EXPECT_EQ(c.Count(Outcome::kRegression), 0u);
  EXPECT_EQ(c.Count(Outcome::kFix), 0u);
  EXPECT_EQ(c.Count(Outcome::kMissing), 0u);
  EXPECT_EQ(c.Count(Outcome::kExpectedFailure), 7u);
}

TEST(ClassifyTest, UpdateBaselineKeepsEntriesOfTestsNotRun) {
  const Baseline previous = Parse(kBaseline);
  const Baseline updated = UpdateBaseline(CaseReport(), &previous);
  EXPECT_EQ(*updated.Find("s/gone.tgsi@a3xx/opt"), Status::kCrash);      // shader not in the run
  EXPECT_EQ(*updated.Find("s/partial.tgsi@a3xx/opt"), Status::kFail);    // check not run
  EXPECT_EQ(updated.Find("s/fixed.tgsi@a3xx/opt"), nullptr);             // fixed: dropped
  EXPECT_EQ(*updated.Find("s/changed.tgsi@a3xx/opt"), Status::kTimeout); // the new status
}

TEST(ReportModelTest, RejectsMalformedReportsWithThePath) {
  std::string error;
  EXPECT_FALSE(ParseReportText("{\"schema\": 1, \"shaders\": [", &error).has_value());
  EXPECT_NE(error.find("not valid JSON"), std::string::npos) << error;
  EXPECT_NE(error.find("line 1"), std::string::npos) << error;

  EXPECT_TRUE(ParseReport(json{{"schema", 2}, {"shaders", json::array()}}, &error).has_value()) << error;
  EXPECT_FALSE(ParseReport(json{{"schema", 3}, {"shaders", json::array()}}, &error).has_value());
  EXPECT_NE(error.find("schema"), std::string::npos) << error;

  json bad = ReportJson({ShaderJson("a.tgsi", "0000000000000001", {{"a3xx/opt", {{"verdict", 3}}}})});
  EXPECT_FALSE(ParseReport(bad, &error).has_value());
  EXPECT_EQ(error, "shaders[0].checks.a3xx/opt.verdict: expected a string");

  json negative = ReportJson({ShaderJson("a.tgsi", "0000000000000001", {{"a3xx/opt", PassCheck(3)}})});
  negative["shaders"][0]["checks"]["a3xx/opt"]["cycles"] = -1;
  EXPECT_FALSE(ParseReport(negative, &error).has_value());
  EXPECT_EQ(error, "shaders[0].checks.a3xx/opt.cycles: expected a non-negative integer");

  json twice = ReportJson({ShaderJson("a.tgsi", "0000000000000001", nullptr), ShaderJson("a.tgsi", "0000000000000002", nullptr)});
  EXPECT_FALSE(ParseReport(twice, &error).has_value());
  EXPECT_EQ(error, "shaders[1].file: \"a.tgsi\" appears twice");

  json reserved = ReportJson({ShaderJson("a.tgsi", "0000000000000001", {{"reference", PassCheck(3)}})});
  EXPECT_FALSE(ParseReport(reserved, &error).has_value());
  EXPECT_NE(error.find("shaders[0].checks.reference"), std::string::npos) << error;

  json branches = ReportJson({ShaderJson("a.tgsi", "0000000000000001", nullptr)});
  branches["shaders"][0]["branches"] = {{"total", 3}, {"both_ways", "2"}};
  EXPECT_FALSE(ParseReport(branches, &error).has_value());
  EXPECT_EQ(error, "shaders[0].branches.both_ways: expected a non-negative integer");
}

TEST(ReportModelTest, ExploreFindingsAreReadButNeverClassified) {
  const json base = ReportJson({ShaderJson("a.tgsi", "0000000000000001", {{"a3xx/opt", PassCheck(3)}})});
  const Report r = Parsed(testing::WithFindings(base, 5, {{"a3xx/opt", FailCheck("mismatch")}}));
  EXPECT_EQ(r.explore_seed, 5u);
  ASSERT_EQ(r.shaders[0].findings.size(), 1u);
  EXPECT_EQ(r.shaders[0].findings[0].config, "a3xx/opt");
  EXPECT_EQ(r.shaders[0].findings[0].verdict, "mismatch");
  const Classification c = Classify(r, Baseline{});
  EXPECT_EQ(c.checks.size(), 2u);  // reference + a3xx/opt, not the finding
  EXPECT_TRUE(c.Clean());
  EXPECT_TRUE(UpdateBaseline(r).entries.empty());  // nor does it reach the baseline
  std::string error;
  json bad = testing::WithFindings(base, 5, {{"a3xx@opt", FailCheck("mismatch")}});
  EXPECT_FALSE(ParseReport(bad, &error).has_value());
  EXPECT_EQ(error, "shaders[0].explore.findings[0].config: not a target/build or \"reference\"");
}

TEST(ReportModelTest, BranchesGoOnTheReferencePseudoCheck) {
  json j = ReportJson({ShaderJson("a.tgsi", "0000000000000001", {{"a3xx/opt", PassCheck(3)}}),
                       ShaderJson("b.tgsi", "0000000000000002", nullptr)});
  j["shaders"][0]["branches"] = {{"total", 5}, {"both_ways", 2}};
  const Report r = Parsed(j);
  EXPECT_EQ(r.shaders[0].reference.branches_total, 5u);
  EXPECT_EQ(r.shaders[0].reference.branches_both_ways, 2u);
  EXPECT_FALSE(r.shaders[0].checks[0].branches_total.has_value());
  EXPECT_FALSE(r.shaders[1].reference.branches_total.has_value());
}

// A check the target's hardware cannot run (a VERT shader on r500): its own
// outcome with or without a baseline, never a regression, never written to
// a baseline; a baseline that still lists it gets a fix (the entry is stale).
TEST(ClassifyTest, NotApplicableIsNeverARegressionNorInTheBaseline) {
  const json na{{"verdict", "not-applicable"}, {"detail", "the r500 target is the fragment processor"}};
  const Report r = Parsed(ReportJson({
      ShaderJson("s/vert.tgsi", "0000000000000001", {{"a3xx/naive", PassCheck(4)}, {"r500/naive", na}}),
      ShaderJson("s/frag.tgsi", "0000000000000002",
                 {{"a3xx/naive", PassCheck(4)}, {"r500/naive", FailCheck("unsupported", "FACE on r500")}}),
  }));
  const Classification none = Classify(r, Baseline{});
  EXPECT_EQ(none.Count(Outcome::kNotApplicable), 1u);
  EXPECT_EQ(Find(none, "s/vert.tgsi@r500/naive").outcome, Outcome::kNotApplicable);
  EXPECT_EQ(Find(none, "s/vert.tgsi@r500/naive").status, Status::kNotApplicable);
  EXPECT_EQ(Find(none, "s/frag.tgsi@r500/naive").outcome, Outcome::kRegression);  // a gap of ours is one
  EXPECT_EQ(OutcomeName(Outcome::kNotApplicable), "not-applicable");
  const Baseline updated = UpdateBaseline(r);
  EXPECT_EQ(WriteBaseline(updated), "s/frag.tgsi@r500/naive,Skip\n");
  const Classification clean = Classify(r, updated);
  EXPECT_TRUE(clean.Clean());
  EXPECT_EQ(clean.Count(Outcome::kFix), 0u);
  EXPECT_EQ(clean.Count(Outcome::kNotApplicable), 1u);
  const Classification stale =
      Classify(r, Parse("s/vert.tgsi@r500/naive,Skip\ns/frag.tgsi@r500/naive,Skip\n"));
  EXPECT_TRUE(stale.Clean());
  EXPECT_EQ(Find(stale, "s/vert.tgsi@r500/naive").outcome, Outcome::kFix);
  const Baseline old = Parse("s/vert.tgsi@r500/naive,Skip\n");
  EXPECT_EQ(UpdateBaseline(r, &old).entries.count("s/vert.tgsi@r500/naive"), 0u);
}

}  // namespace
}  // namespace shaderdiff::report
