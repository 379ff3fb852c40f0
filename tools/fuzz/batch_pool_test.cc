// batch_pool: every item is reported once; a crashing item is a crash with
// the signal named, a hanging one a timeout, and the items after either
// still run in a new worker.
#include "tools/fuzz/batch_pool.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <csignal>
#include <map>

namespace shaderdiff::fuzz {
namespace {

TEST(BatchPool, CrashAndHangAreFailuresAndTheRestRuns) {
  std::map<size_t, std::string> done, failed;
  BatchCallbacks cb;
  cb.work = [](size_t i) {
    if (i == 3) std::raise(SIGSEGV);
    if (i == 6) pause();
    return "item " + std::to_string(i);
  };
  cb.done = [&](size_t i, std::string t) { EXPECT_TRUE(done.emplace(i, t).second) << i; };
  cb.failed = [&](size_t i, const std::string& verdict, const std::string& how) {
    EXPECT_TRUE(failed.emplace(i, verdict + ": " + how).second) << i;
  };
  std::string error;
  ASSERT_TRUE(RunBatch(10, {2, 1.0}, cb, &error)) << error;
  EXPECT_EQ(done.size(), 8u);
  EXPECT_EQ(done[9], "item 9");
  ASSERT_EQ(failed.size(), 2u);
  EXPECT_NE(failed[3].find("crash: killed by SIGSEGV"), std::string::npos) << failed[3];
  EXPECT_EQ(failed[6].rfind("timeout", 0), 0u) << failed[6];
}

}  // namespace
}  // namespace shaderdiff::fuzz
