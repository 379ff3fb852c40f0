/* Tests of the deqp-runner style baseline files: parsing (with line-numbered
   errors for every kind of bad line), writing, and the round trip. */
#include "tools/report/baseline.h"

#include <gtest/gtest.h>

namespace shaderdiff::report {
namespace {

TEST(StatusTest, VerdictMapping) {
  EXPECT_EQ(StatusForVerdict("pass"), Status::kPass);
  EXPECT_EQ(StatusForVerdict("exempt"), Status::kPass);
  for (const char* v : {"mismatch", "naive-mismatch", "hazard", "compile-error", "parse-error", "print-mismatch", "error"}) {
    EXPECT_EQ(StatusForVerdict(v), Status::kFail) << v;
  }
  EXPECT_EQ(StatusForVerdict("crash"), Status::kCrash);
  EXPECT_EQ(StatusForVerdict("timeout"), Status::kTimeout);
  EXPECT_EQ(StatusForVerdict("unsupported"), Status::kSkip);
  EXPECT_EQ(StatusForVerdict("untested"), Status::kSkip);
  EXPECT_EQ(StatusForVerdict("not-applicable"), Status::kNotApplicable);
  EXPECT_EQ(StatusForVerdict("something-new"), Status::kFail);  // never a silent pass
  for (Status s :
       {Status::kPass, Status::kFail, Status::kCrash, Status::kSkip, Status::kTimeout, Status::kNotApplicable}) {
    EXPECT_EQ(ParseStatus(StatusName(s)), s);
  }
  EXPECT_FALSE(ParseStatus("fail").has_value());  // case-sensitive, as deqp-runner
}

TEST(BaselineTest, ParsesEntriesCommentsBlankLinesAndCrLf) {
  Baseline b;
  std::vector<std::string> errors;
  ASSERT_TRUE(ParseBaseline("# expected failures\n"
                            "\n"
                            "shaders/a.tgsi@a3xx/opt,Fail\r\n"
                            "  shaders/b.tgsi@a3xx/naive , Timeout  \n"
                            "shaders/c.tgsi@reference,Skip",  // no final newline
                            "base.csv", &b, &errors))
      << errors[0];
  ASSERT_EQ(b.entries.size(), 3u);
  EXPECT_EQ(*b.Find("shaders/a.tgsi@a3xx/opt"), Status::kFail);
  EXPECT_EQ(*b.Find("shaders/b.tgsi@a3xx/naive"), Status::kTimeout);
  EXPECT_EQ(*b.Find("shaders/c.tgsi@reference"), Status::kSkip);
  EXPECT_EQ(b.Find("shaders/d.tgsi@a3xx/opt"), nullptr);
}

TEST(BaselineTest, ReportsEveryBadLineWithItsNumber) {
  Baseline b;
  std::vector<std::string> errors;
  EXPECT_FALSE(ParseBaseline("shaders/a.tgsi@a3xx/opt,Fail\n"   // 1 ok
                             "shaders/b.tgsi@a3xx/opt\n"        // 2 no comma
                             "# comment\n"                      // 3
                             "shaders/c.tgsi@a3xx/opt,Fial\n"   // 4 unknown status
                             "shaders/a.tgsi@a3xx/opt,Crash\n"  // 5 duplicate of line 1
                             "shaders/d.tgsi,Fail\n"            // 6 no @config
                             "shaders/e.tgsi@a3xx/opt,Pass\n"   // 7 Pass in a baseline
                             ",Fail\n"                          // 8 empty name
                             "x@a3xx/opt,Fail,Crash\n"          // 9 two commas
                             "shaders/f g.tgsi@a3xx/opt,Fail\n" // 10 whitespace in the name
                             "shaders/h.tgsi@a3xx/opt,Crash\n"  // 11 ok
                             "shaders/v.tgsi@r500/naive,NotApplicable\n",  // 12 not a test at all
                             "corpus/baseline.csv", &b, &errors));
  ASSERT_EQ(errors.size(), 9u);
  EXPECT_EQ(errors[0], "corpus/baseline.csv:2: error: expected 'name,Status', found no comma in 'shaders/b.tgsi@a3xx/opt'");
  EXPECT_EQ(errors[1],
            "corpus/baseline.csv:4: error: unknown status 'Fial' (expected one of Fail, Crash, Skip, Timeout)");
  EXPECT_EQ(errors[2], "corpus/baseline.csv:5: error: duplicate entry for 'shaders/a.tgsi@a3xx/opt' (first on line 1)");
  EXPECT_EQ(errors[3], "corpus/baseline.csv:6: error: test name 'shaders/d.tgsi' is not <shader file>@<target>/<build>");
  EXPECT_NE(errors[4].find("corpus/baseline.csv:7: error: 'shaders/e.tgsi@a3xx/opt,Pass'"), std::string::npos) << errors[4];
  EXPECT_EQ(errors[5], "corpus/baseline.csv:8: error: empty test name");
  EXPECT_NE(errors[6].find("corpus/baseline.csv:9: error: expected 'name,Status', found more than one comma"),
            std::string::npos)
      << errors[6];
  EXPECT_NE(errors[7].find("corpus/baseline.csv:10: error: test name 'shaders/f g.tgsi@a3xx/opt' contains whitespace"),
            std::string::npos)
      << errors[7];
  EXPECT_EQ(errors[8],
            "corpus/baseline.csv:12: error: 'shaders/v.tgsi@r500/naive,NotApplicable': a check the target's hardware "
            "cannot run is not a test; remove the line");
  // The good lines are kept; the duplicate keeps its first status.
  EXPECT_EQ(b.entries.size(), 2u);
  EXPECT_EQ(*b.Find("shaders/a.tgsi@a3xx/opt"), Status::kFail);
  EXPECT_EQ(*b.Find("shaders/h.tgsi@a3xx/opt"), Status::kCrash);
}

TEST(BaselineTest, WritesSortedAndRoundTrips) {
  Baseline b;
  b.entries["shaders/z.tgsi@a3xx/opt"] = Status::kCrash;
  b.entries["shaders/a.tgsi@reference"] = Status::kTimeout;
  b.entries["shaders/a.tgsi@a3xx/opt"] = Status::kSkip;
  const std::string text = WriteBaseline(b);
  EXPECT_EQ(text,
            "shaders/a.tgsi@a3xx/opt,Skip\n"
            "shaders/a.tgsi@reference,Timeout\n"
            "shaders/z.tgsi@a3xx/opt,Crash\n");
  Baseline back;
  std::vector<std::string> errors;
  ASSERT_TRUE(ParseBaseline(text, "b.csv", &back, &errors));
  EXPECT_EQ(back, b);
  EXPECT_EQ(WriteBaseline(Baseline{}), "");
}

}  // namespace
}  // namespace shaderdiff::report
