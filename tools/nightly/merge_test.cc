#include "tools/nightly/merge.h"

#include <gtest/gtest.h>

#include "tools/nightly/report_json.h"

namespace shaderdiff::nightly {
namespace {

using nlohmann::json;

json Shader(const std::string& file, const std::string& verdict) {
  return json{{"file", file}, {"hash", "00"}, {"verdict", verdict}, {"components", 4u},
              {"checks", {{"a3xx/naive", {{"verdict", verdict}}}}}};
}

const std::vector<json> kShaders = {Shader("shaders/a.tgsi", "pass"), Shader("shaders/b.tgsi", "timeout"),
                                    Shader("shaders/c.tgsi", "pass"), Shader("shaders/d.tgsi", "pass"),
                                    Shader("shaders/e.tgsi", "pass")};

ReportHeader Header(Shard shard) {
  ReportHeader h;
  h.seed = 5;
  h.corpus_path = "corpus";
  h.corpus_hash = "0123456789abcdef";
  h.corpus_shaders = kShaders.size();
  h.settings = {{"vectors", 4}};
  h.shard = shard;
  return h;
}

MergeInput ShardReport(uint32_t n, uint32_t k) {
  std::vector<json> mine;
  for (size_t i = 0; i < kShaders.size(); ++i) {
    if (Shard{n, k}.Contains(i)) mine.push_back(kShaders[i]);
  }
  json r = BuildReport(Header({n, k}), mine, true);
  r["run"] = {{"git_revision", "abc"}, {"wall_seconds", 1.5}};
  return {"shard" + std::to_string(k), r};
}

TEST(Merge, ShardsMergeToTheUnshardedReport) {
  const json whole = BuildReport(Header({}), kShaders, true);
  json merged;
  std::string error;
  // Any input order.
  ASSERT_TRUE(MergeReports({ShardReport(3, 2), ShardReport(3, 3), ShardReport(3, 1)}, &merged, &error)) << error;
  EXPECT_EQ(ReportText(StripRun(merged)), ReportText(whole));
  EXPECT_EQ(merged["run"]["git_revision"], "abc");
  EXPECT_EQ(merged["run"]["shards"].size(), 3u);
  EXPECT_EQ(merged["summary"]["verdicts"]["timeout"], 1);
}

TEST(Merge, RejectsIncompleteSets) {
  json merged;
  std::string error;
  EXPECT_FALSE(MergeReports({ShardReport(3, 1), ShardReport(3, 3)}, &merged, &error));
  EXPECT_EQ(error, "shard 2of3 is missing");
  EXPECT_FALSE(MergeReports({ShardReport(3, 1), ShardReport(3, 2)}, &merged, &error));
  EXPECT_EQ(error, "shard 3of3 is missing");
  EXPECT_FALSE(MergeReports({ShardReport(3, 1), ShardReport(3, 1), ShardReport(3, 2)}, &merged, &error));
  EXPECT_NE(error.find("given twice"), std::string::npos) << error;
  EXPECT_FALSE(MergeReports({ShardReport(2, 1), ShardReport(3, 2)}, &merged, &error));
  EXPECT_NE(error.find("not a shard of --fraction 2"), std::string::npos) << error;
  EXPECT_FALSE(MergeReports({}, &merged, &error));
}

TEST(Merge, RejectsMismatchedOrInterruptedShards) {
  json merged;
  std::string error;
  MergeInput other_seed = ShardReport(2, 2);
  other_seed.report["seed"] = 6;
  EXPECT_FALSE(MergeReports({ShardReport(2, 1), other_seed}, &merged, &error));
  EXPECT_NE(error.find("seed, corpus or settings differ"), std::string::npos) << error;
  MergeInput partial = ShardReport(2, 2);
  partial.report["complete"] = false;
  EXPECT_FALSE(MergeReports({ShardReport(2, 1), partial}, &merged, &error));
  EXPECT_NE(error.find("incomplete"), std::string::npos) << error;
  MergeInput dup = ShardReport(2, 2);
  dup.report["shaders"].push_back(kShaders[0]);
  EXPECT_FALSE(MergeReports({ShardReport(2, 1), dup}, &merged, &error));
  EXPECT_NE(error.find("also in another input"), std::string::npos) << error;
}

TEST(ReportJson, SummaryCountsEntries) {
  const json s = Summarize(kShaders);
  EXPECT_EQ(s["verdicts"]["pass"], 4);
  EXPECT_EQ(s["checks"]["a3xx/naive"]["timeout"], 1);
  EXPECT_EQ(s["output_components"], 20);
}

TEST(ReportJson, ShardAndCompletenessAreRecorded) {
  json r = BuildReport(Header({3, 2}), {}, false);
  EXPECT_EQ(r["complete"], false);
  EXPECT_EQ(r["shard"]["fraction"], 3);
  EXPECT_EQ(r["shard"]["fraction_start"], 2);
  EXPECT_FALSE(BuildReport(Header({}), {}, true).contains("shard"));
  ReportHeader back;
  std::string error;
  ASSERT_TRUE(ParseHeader(json::parse(ReportText(r)), &back, &error)) << error;
  EXPECT_EQ(back.shard, (Shard{3, 2}));
  EXPECT_EQ(RunIdentity(back).dump(), RunIdentity(Header({3, 2})).dump());
}

}  // namespace
}  // namespace shaderdiff::nightly
