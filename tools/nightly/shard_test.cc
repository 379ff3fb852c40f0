#include "tools/nightly/shard.h"

#include <gtest/gtest.h>

namespace shaderdiff::nightly {
namespace {

TEST(Shard, FollowsDeqpRunnerSkipStepBy) {
  Shard s;
  std::string error;
  ASSERT_TRUE(MakeShard(3, 2, &s, &error)) << error;
  // skip(1).step_by(3): indices 1, 4, 7, ...
  EXPECT_FALSE(s.Contains(0));
  EXPECT_TRUE(s.Contains(1));
  EXPECT_FALSE(s.Contains(2));
  EXPECT_TRUE(s.Contains(4));
  EXPECT_EQ(s.Name(), "2of3");
}

TEST(Shard, ShardsPartitionTheCorpus) {
  for (uint32_t n = 1; n <= 7; ++n) {
    for (size_t i = 0; i < 50; ++i) {
      int owners = 0;
      for (uint32_t k = 1; k <= n; ++k) owners += Shard{n, k}.Contains(i);
      EXPECT_EQ(owners, 1) << "index " << i << " fraction " << n;
    }
  }
}

TEST(Shard, RejectsBadFlags) {
  Shard s;
  std::string error;
  EXPECT_FALSE(MakeShard(0, 1, &s, &error));
  EXPECT_NE(error.find("--fraction"), std::string::npos);
  EXPECT_FALSE(MakeShard(3, 0, &s, &error));
  EXPECT_NE(error.find("1-based"), std::string::npos);
  EXPECT_FALSE(MakeShard(3, 4, &s, &error));
  EXPECT_TRUE(MakeShard(1, 1, &s, &error));
  EXPECT_TRUE(s.Whole());
  EXPECT_EQ(s.Name(), "all");
}

TEST(Shard, BazelIndexIsZeroBased) {
  std::optional<Shard> s;
  std::string error;
  ASSERT_TRUE(ShardFromBazel(nullptr, nullptr, &s, &error));
  EXPECT_FALSE(s.has_value());
  ASSERT_TRUE(ShardFromBazel("4", "0", &s, &error)) << error;
  EXPECT_EQ(*s, (Shard{4, 1}));
  ASSERT_TRUE(ShardFromBazel("4", "3", &s, &error)) << error;
  EXPECT_EQ(*s, (Shard{4, 4}));
  EXPECT_FALSE(ShardFromBazel("4", "4", &s, &error));
  EXPECT_FALSE(ShardFromBazel("4", nullptr, &s, &error));
  EXPECT_FALSE(ShardFromBazel("x", "0", &s, &error));
  EXPECT_FALSE(ShardFromBazel("0", "0", &s, &error));
}

}  // namespace
}  // namespace shaderdiff::nightly
