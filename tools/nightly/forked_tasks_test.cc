// RunForkedTasks: results in order, a crash and a hang recorded, stop.
#include "tools/nightly/forked_tasks.h"

#include <unistd.h>

#include <cstdlib>
#include <map>

#include <gtest/gtest.h>

namespace shaderdiff::nightly {
namespace {

TEST(ForkedTasks, OutputsCrashesAndDeadlines) {
  std::map<size_t, ForkedTaskResult> results;
  ForkedTaskCallbacks callbacks;
  callbacks.finished = [&](size_t k, ForkedTaskResult r) { results[k] = std::move(r); };
  const size_t started = RunForkedTasks(
      4, 2, 1.0,
      [](size_t k) -> std::string {
        if (k == 1) std::abort();
        if (k == 2) for (;;) pause();
        return "task " + std::to_string(k) + std::string(100000, 'x');  // more than a pipe holds
      },
      callbacks);
  EXPECT_EQ(started, 4u);
  ASSERT_EQ(results.size(), 4u);
  ASSERT_TRUE(results[0].output);
  EXPECT_EQ(results[0].output->substr(0, 6), "task 0");
  EXPECT_EQ(results[0].output->size(), 6u + 100000);
  EXPECT_FALSE(results[1].output);
  EXPECT_NE(results[1].ended.find("SIGABRT"), std::string::npos) << results[1].ended;
  EXPECT_FALSE(results[2].output);
  EXPECT_TRUE(results[2].timed_out);
  EXPECT_NE(results[2].ended.find("deadline of 1 s"), std::string::npos) << results[2].ended;
  ASSERT_TRUE(results[3].output);
}

TEST(ForkedTasks, StopStartsNothingNew) {
  size_t finished = 0;
  ForkedTaskCallbacks callbacks;
  callbacks.stop = [&] { return finished >= 1; };
  callbacks.finished = [&](size_t, ForkedTaskResult r) {
    EXPECT_TRUE(r.output);
    ++finished;
  };
  EXPECT_EQ(RunForkedTasks(5, 1, 0, [](size_t) { return std::string("ok"); }, callbacks), 1u);
  EXPECT_EQ(finished, 1u);
}

}  // namespace
}  // namespace shaderdiff::nightly
