/* Tests of the shader-db style comparison on two small synthetic reports:
   exact totals, percentages, helped/HURT, LOST/GAINED and the text. */
#include "tools/report/compare.h"

#include <gtest/gtest.h>

#include "tools/report/test_reports.h"

namespace shaderdiff::report {
namespace {

using testing::FailCheck;
using testing::Parsed;
using testing::PassCheck;
using testing::ReportJson;
using testing::ShaderJson;

// A: before. B: after. For a3xx/opt:
//   s1 100 -> 80 instructions (helped), regs 10 -> 10, cycles 1000 -> 900 (helped)
//   s2  50 -> 60 (HURT),               regs  8 -> 6 (helped), cycles 500 -> 500
//   s3  30 -> 30,                      regs  4 -> 5 (HURT),   cycles 300 -> 330 (HURT)
//   s4 passes in A, mismatch in B: LOST; s5 fails in A, passes in B: GAINED
// For a3xx/naive every shader passes unchanged except s1: 200 -> 210.
Report Before() {
  return Parsed(ReportJson({
      ShaderJson("s1", "0000000000000001", {{"a3xx/naive", PassCheck(200, 12, 2000)}, {"a3xx/opt", PassCheck(100, 10, 1000)}}),
      ShaderJson("s2", "0000000000000002", {{"a3xx/naive", PassCheck(90, 9, 900)}, {"a3xx/opt", PassCheck(50, 8, 500)}}),
      ShaderJson("s3", "0000000000000003", {{"a3xx/naive", PassCheck(40, 5, 400)}, {"a3xx/opt", PassCheck(30, 4, 300)}}),
      ShaderJson("s4", "0000000000000004", {{"a3xx/naive", PassCheck(20, 3, 200)}, {"a3xx/opt", PassCheck(7, 2, 70)}}),
      ShaderJson("s5", "0000000000000005", {{"a3xx/naive", PassCheck(20, 3, 200)}, {"a3xx/opt", FailCheck("hazard")}}),
  }));
}

Report After() {
  return Parsed(ReportJson({
      ShaderJson("s1", "0000000000000001", {{"a3xx/naive", PassCheck(210, 12, 2000)}, {"a3xx/opt", PassCheck(80, 10, 900)}}),
      ShaderJson("s2", "0000000000000002", {{"a3xx/naive", PassCheck(90, 9, 900)}, {"a3xx/opt", PassCheck(60, 6, 500)}}),
      ShaderJson("s3", "0000000000000003", {{"a3xx/naive", PassCheck(40, 5, 400)}, {"a3xx/opt", PassCheck(30, 5, 330)}}),
      ShaderJson("s4", "0000000000000004", {{"a3xx/naive", PassCheck(20, 3, 200)}, {"a3xx/opt", FailCheck("mismatch")}}),
      ShaderJson("s5", "0000000000000005", {{"a3xx/naive", PassCheck(20, 3, 200)}, {"a3xx/opt", PassCheck(5, 2, 50)}}),
  }));
}

TEST(CompareTest, ExactTotalsAndCounts) {
  std::vector<ConfigComparison> result = CompareStats(Before(), After());
  ASSERT_EQ(result.size(), 2u);
  const ConfigComparison& naive = result[0];
  const ConfigComparison& opt = result[1];
  EXPECT_EQ(naive.config, "a3xx/naive");
  EXPECT_EQ(opt.config, "a3xx/opt");

  EXPECT_EQ(naive.shared, 5u);
  EXPECT_EQ(naive.metrics[0].total_before, 370u);
  EXPECT_EQ(naive.metrics[0].total_after, 380u);
  EXPECT_EQ(naive.metrics[0].helped.size(), 0u);
  EXPECT_EQ(naive.metrics[0].hurt.size(), 1u);

  EXPECT_EQ(opt.shared, 3u);
  EXPECT_EQ(opt.lost, 1u);
  EXPECT_EQ(opt.gained, 1u);
  const MetricComparison& inst = opt.metrics[0];
  EXPECT_EQ(inst.metric, "instructions");
  EXPECT_EQ(inst.shaders, 3u);
  EXPECT_EQ(inst.total_before, 180u);
  EXPECT_EQ(inst.total_after, 170u);
  EXPECT_EQ(inst.affected_before, 150u);
  EXPECT_EQ(inst.affected_after, 140u);
  ASSERT_EQ(inst.helped.size(), 1u);
  ASSERT_EQ(inst.hurt.size(), 1u);
  EXPECT_EQ(inst.helped[0].file, "s1");
  EXPECT_EQ(inst.hurt[0].file, "s2");
  const MetricComparison& regs = opt.metrics[1];
  EXPECT_EQ(regs.metric, "registers");
  EXPECT_EQ(regs.total_before, 22u);
  EXPECT_EQ(regs.total_after, 21u);
  EXPECT_EQ(regs.helped.size(), 1u);
  EXPECT_EQ(regs.hurt.size(), 1u);
  const MetricComparison& cycles = opt.metrics[2];
  EXPECT_EQ(cycles.total_before, 1800u);
  EXPECT_EQ(cycles.total_after, 1730u);
  EXPECT_EQ(cycles.affected_before, 1300u);
  EXPECT_EQ(cycles.affected_after, 1230u);
  EXPECT_EQ(cycles.helped.size(), 1u);
  EXPECT_EQ(cycles.hurt.size(), 1u);
}

TEST(CompareTest, PercentFormat) {
  EXPECT_EQ(PercentChange(180, 170), "-5.56%");
  EXPECT_EQ(PercentChange(100, 125), "25.00%");
  EXPECT_EQ(PercentChange(7, 7), "0.00%");
  EXPECT_EQ(PercentChange(0, 0), "0.00%");
  EXPECT_EQ(PercentChange(0, 3), "inf%");
}

TEST(CompareTest, ShaderDbText) {
  const std::string text = CompareReports(Before(), After());
  const std::string opt = text.substr(text.find("== a3xx/opt =="));
  EXPECT_EQ(opt,
            "== a3xx/opt ==\n"
            "shaders passing in both: 3\n"
            "LOST:   1\n"
            "GAINED: 1\n"
            "\n"
            "helped: s1: 100 -> 80 (-20.00%)\n"
            "HURT: s2: 50 -> 60 (20.00%)\n"
            "total instructions in shared programs: 180 -> 170 (-5.56%)\n"
            "instructions in affected programs: 150 -> 140 (-6.67%)\n"
            "helped: 1\n"
            "HURT: 1\n"
            "\n"
            "helped: s2: 8 -> 6 (-25.00%)\n"
            "HURT: s3: 4 -> 5 (25.00%)\n"
            "total registers in shared programs: 22 -> 21 (-4.55%)\n"
            "registers in affected programs: 12 -> 11 (-8.33%)\n"
            "helped: 1\n"
            "HURT: 1\n"
            "\n"
            "helped: s1: 1000 -> 900 (-10.00%)\n"
            "HURT: s3: 300 -> 330 (10.00%)\n"
            "total cycles in shared programs: 1800 -> 1730 (-3.89%)\n"
            "cycles in affected programs: 1300 -> 1230 (-5.38%)\n"
            "helped: 1\n"
            "HURT: 1\n");
  EXPECT_EQ(text.find("== a3xx/naive =="), 0u);
}

TEST(CompareTest, MostAffectedOrderAndTop) {
  // Three helped shaders: -50%, -10% (by 10), -10% (by 1): ordered by relative
  // change, then absolute change; top = 2 cuts the list with a "more" line.
  Report a = Parsed(ReportJson({
      ShaderJson("x", "0000000000000001", {{"a3xx/opt", PassCheck(10)}}),
      ShaderJson("y", "0000000000000002", {{"a3xx/opt", PassCheck(100)}}),
      ShaderJson("z", "0000000000000003", {{"a3xx/opt", PassCheck(20)}}),
  }));
  Report b = Parsed(ReportJson({
      ShaderJson("x", "0000000000000001", {{"a3xx/opt", PassCheck(9)}}),
      ShaderJson("y", "0000000000000002", {{"a3xx/opt", PassCheck(90)}}),
      ShaderJson("z", "0000000000000003", {{"a3xx/opt", PassCheck(10)}}),
  }));
  const std::string text = CompareReports(a, b, 2);
  EXPECT_NE(text.find("helped: z: 20 -> 10 (-50.00%)\n"
                      "helped: y: 100 -> 90 (-10.00%)\n"
                      "helped: ... and 1 more\n"),
            std::string::npos)
      << text;
}

}  // namespace
}  // namespace shaderdiff::report
