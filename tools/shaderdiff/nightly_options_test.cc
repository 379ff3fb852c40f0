// Tests of `shaderdiff nightly`'s flags (nightly_options.h): run names from
// the date, --date, --explore and its seed, the flags a rerun repeats.
#include "tools/shaderdiff/nightly_options.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

namespace shaderdiff::cli {
namespace {

// 2026-11-21T23:59:30Z and one minute later.
const auto kLateEvening = std::chrono::system_clock::from_time_t(1795305570);
const auto kAfterMidnight = kLateEvening + std::chrono::minutes(1);

struct Parsed {
  bool ok = false;
  int exit_code = -1;
  NightlyConfig config;
};

Parsed Parse(std::vector<std::string> args, std::chrono::system_clock::time_point now = kLateEvening) {
  Parsed p;
  p.ok = ParseNightlyOptions(args, &p.config, &p.exit_code, now);
  return p;
}

class NightlyOptions : public ::testing::Test {
 protected:
  void SetUp() override {
    // Bazel's sharding variables would choose a shard.
    unsetenv("TEST_TOTAL_SHARDS");
    unsetenv("TEST_SHARD_INDEX");
  }
};

TEST_F(NightlyOptions, TheRunIsNamedAfterTheUtcDateNotTheSeed) {
  EXPECT_EQ(UtcDate(kLateEvening), "20261121");
  EXPECT_EQ(UtcDate(kAfterMidnight), "20261122");
  Parsed p = Parse({});
  ASSERT_TRUE(p.ok);
  EXPECT_EQ(p.config.date, "20261121");
  EXPECT_EQ(p.config.run_name, "nightly-20261121");
  EXPECT_EQ(Parse({"--seed", "7"}).config.run_name, "nightly-20261121");
  EXPECT_EQ(Parse({}, kAfterMidnight).config.run_name, "nightly-20261122");
  EXPECT_EQ(Parse({"--fraction", "3", "--fraction-start", "2"}).config.run_name, "nightly-20261121-2of3");
  EXPECT_EQ(Parse({"--shader", "shaders/a.tgsi"}).config.run_name, "nightly-20261121-only");
  EXPECT_EQ(Parse({"--date", "20240229"}).config.run_name, "nightly-20240229");
  EXPECT_EQ(Parse({"--date", "20240229", "--run", "mine"}).config.run_name, "mine");
}

TEST_F(NightlyOptions, BadDatesAreRefused) {
  for (const char* bad : {"2024-02-29", "20230229", "20241301", "2024011", "19691231", "202401011", "2024o101"}) {
    const Parsed p = Parse({"--date", bad});
    EXPECT_FALSE(p.ok) << bad;
    EXPECT_EQ(p.exit_code, 2) << bad;
  }
  EXPECT_TRUE(ValidDate("20000229"));
  EXPECT_FALSE(ValidDate("21000229"));
}

TEST_F(NightlyOptions, ExploreSeedChangesWithTheDateUnlessGiven) {
  EXPECT_FALSE(Parse({}).config.explore_seed.has_value());
  const Parsed tonight = Parse({"--explore"});
  ASSERT_TRUE(tonight.ok);
  ASSERT_TRUE(tonight.config.explore_seed.has_value());
  EXPECT_EQ(*tonight.config.explore_seed, ExploreSeedForDate("20261121"));
  const Parsed tomorrow = Parse({"--explore"}, kAfterMidnight);
  EXPECT_NE(*tomorrow.config.explore_seed, *tonight.config.explore_seed);
  // --date redoes another night's exploration.
  EXPECT_EQ(*Parse({"--explore", "--date", "20261122"}).config.explore_seed, *tomorrow.config.explore_seed);
  // The stable seed does not move with it.
  EXPECT_EQ(tonight.config.seed, tomorrow.config.seed);
  EXPECT_EQ(*Parse({"--explore=12345"}).config.explore_seed, 12345u);
  EXPECT_EQ(ExploreSeedForDate("20261121"), ExploreSeedForDate("20261121"));
  for (const char* bad : {"--explore=x", "--explore=-3", "--explore=20261121"}) {  // the last is the default seed
    const Parsed p = Parse({bad});
    EXPECT_FALSE(p.ok) << bad;
    EXPECT_EQ(p.exit_code, 2) << bad;
  }
}

// A rerun's flags give back the settings that decide a shader's results,
// Mesa's programs included when they were given (a3xx/mesa reruns of a run
// with --mesa-programs DIR read DIR, not the corpus's default folder).
TEST_F(NightlyOptions, ResultFlagsParseBackToTheSameSettings) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--corpus", "c", "--seed", "9", "--vectors", "3", "--lanes", "8", "--budget", "77"},
        std::vector<std::string>{"--mesa-programs", "/elsewhere/ir3", "--seed", "5"}}) {
    const Parsed first = Parse(args);
    ASSERT_TRUE(first.ok);
    const std::string flags = ResultFlags(first.config);
    std::vector<std::string> words;
    for (size_t at = 0; at < flags.size();) {
      const size_t end = std::min(flags.find(' ', at + 1), flags.size());
      words.push_back(flags.substr(at + 1, end - at - 1));
      at = end;
    }
    const Parsed again = Parse(words);
    ASSERT_TRUE(again.ok) << flags;
    EXPECT_EQ(again.config.corpus_arg, first.config.corpus_arg) << flags;
    EXPECT_EQ(again.config.mesa_programs_arg, first.config.mesa_programs_arg) << flags;
    EXPECT_EQ(again.config.mesa_programs_given, first.config.mesa_programs_given) << flags;
    EXPECT_EQ(again.config.seed, first.config.seed) << flags;
    EXPECT_EQ(again.config.vectors, first.config.vectors) << flags;
    EXPECT_EQ(again.config.lanes, first.config.lanes) << flags;
    EXPECT_EQ(again.config.budget, first.config.budget) << flags;
  }
  EXPECT_NE(ResultFlags(Parse({"--mesa-programs", "/elsewhere/ir3"}).config).find(" --mesa-programs /elsewhere/ir3"),
            std::string::npos);
  EXPECT_EQ(ResultFlags(Parse({}).config).find("--mesa-programs"), std::string::npos);
}

}  // namespace
}  // namespace shaderdiff::cli
