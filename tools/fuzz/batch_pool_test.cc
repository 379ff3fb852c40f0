// batch_pool: every item is reported once; a crashing item is a crash with
// the signal named, a hanging one a timeout, and the items after either
// still run in a new worker; workers persist across batches and are caught
// up by each batch's message (a replacement worker, forked from the
// caller's current state, is not); a crash still costs only its item in a
// later batch; results come in batches, and a crash or a timeout in the
// middle of one is pinned to the item that was running (the items the
// worker ran before it, unreported, run again in the new worker).
#include "tools/fuzz/batch_pool.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <csignal>
#include <cstdint>
#include <map>
#include <set>

namespace shaderdiff::fuzz {
namespace {

struct Results {
  std::map<size_t, std::string> done, failed;
  BatchCallbacks Callbacks() {
    BatchCallbacks cb;
    cb.done = [this](size_t i, std::string t) { EXPECT_TRUE(done.emplace(i, t).second) << i; };
    cb.failed = [this](size_t i, const std::string& verdict, const std::string& how) {
      EXPECT_TRUE(failed.emplace(i, verdict + ": " + how).second) << i;
    };
    return cb;
  }
};

TEST(BatchPool, CrashAndHangAreFailuresAndTheRestRuns) {
  WorkerPool pool({2, 1.0},
                  [](size_t i) {
                    if (i == 3) std::raise(SIGSEGV);
                    if (i == 6) pause();
                    return "item " + std::to_string(i);
                  },
                  nullptr);
  Results r;
  std::string error;
  ASSERT_TRUE(pool.Run(10, "", r.Callbacks(), &error)) << error;
  EXPECT_EQ(r.done.size(), 8u);
  EXPECT_EQ(r.done[9], "item 9");
  ASSERT_EQ(r.failed.size(), 2u);
  EXPECT_NE(r.failed[3].find("crash: killed by SIGSEGV"), std::string::npos) << r.failed[3];
  EXPECT_EQ(r.failed[6].rfind("timeout", 0), 0u) << r.failed[6];
}

TEST(BatchPool, ACrashOrHangMidBatchIsPinnedToTheRunningItem) {
  for (const bool hang : {false, true}) {
    const pid_t parent = getpid();
    WorkerPool pool({1, 0.5},
                    [hang](size_t i) {
                      if (i == 5 && hang) for (volatile uint64_t k = 0;;) k = k + 1;
                      if (i == 5) std::raise(SIGSEGV);
                      return "item " + std::to_string(i) + " pid " + std::to_string(getpid());
                    },
                    nullptr);
    Results r;
    std::string error;
    ASSERT_TRUE(pool.Run(8, "", r.Callbacks(), &error)) << error;
    ASSERT_EQ(r.failed.size(), 1u) << hang;
    EXPECT_EQ(r.failed.count(5), 1u) << "pinned to the item that ran, not the first unreported: "
                                     << r.failed.begin()->first;
    EXPECT_EQ(r.failed.begin()->second.rfind(hang ? "timeout" : "crash: killed by SIGSEGV", 0), 0u)
        << r.failed.begin()->second;
    ASSERT_EQ(r.done.size(), 7u);
    std::set<std::string> pids;
    for (const auto& [i, t] : r.done) {
      EXPECT_EQ(t.rfind("item " + std::to_string(i) + " pid ", 0), 0u) << t;
      pids.insert(t.substr(t.rfind(' ') + 1));
    }
    // Items 0..4 ran in the first worker, which died before it sent them:
    // all seven results come from the replacement.
    EXPECT_EQ(pids.size(), 1u);
    EXPECT_FALSE(pids.count(std::to_string(parent)));
    EXPECT_EQ(pool.forks(), 2u);
  }
}

TEST(BatchPool, TheDeadlineIsCpuTimeAndBlockedWorkersEndAtTheWallLimit) {
  WorkerPool pool({1, 0.5},
                  [](size_t i) {
                    if (i == 0) for (volatile uint64_t k = 0;;) k = k + 1;  // busy: past 0.5 s of CPU
                    if (i == 1) usleep(1200 * 1000);  // slow, not busy: 1.2 s of wall time, under 4 x 0.5 s
                    if (i == 2) pause();              // blocked: past 2 s of wall time
                    return std::string("ok");
                  },
                  nullptr);
  Results r;
  std::string error;
  ASSERT_TRUE(pool.Run(4, "", r.Callbacks(), &error)) << error;
  EXPECT_EQ(r.done.count(1), 1u) << "a slow item that uses no CPU is no timeout";
  EXPECT_EQ(r.done.count(3), 1u);
  ASSERT_EQ(r.failed.size(), 2u);
  EXPECT_EQ(r.failed[0].rfind("timeout", 0), 0u) << r.failed[0];
  EXPECT_NE(r.failed[0].find("s of CPU time"), std::string::npos) << r.failed[0];
  EXPECT_EQ(r.failed[2].rfind("timeout", 0), 0u) << r.failed[2];
}

// The worker's state: what the caller had at the fork plus the messages it
// was sent. A result names the worker's pid and its state.
std::string state;

TEST(BatchPool, WorkersPersistAndAreCaughtUp) {
  state = "a";
  WorkerPool pool({2, 5.0},
                  [](size_t i) {
                    if (state == "abc" && i == 1) std::raise(SIGABRT);  // the third batch's item 1 crashes
                    return std::to_string(getpid()) + " " + state;
                  },
                  [](const std::string& message) { state += message; });
  std::string error;
  Results first;
  ASSERT_TRUE(pool.Run(4, "unused: the workers are new", first.Callbacks(), &error)) << error;
  EXPECT_EQ(pool.forks(), 2u);
  ASSERT_EQ(first.done.size(), 4u);
  std::set<std::string> pids;
  for (const auto& [i, t] : first.done) {
    EXPECT_EQ(t.substr(t.find(' ') + 1), "a") << i;
    pids.insert(t.substr(0, t.find(' ')));
  }
  EXPECT_EQ(pids.size(), 2u);

  state = "ab";  // the caller's state after the first batch; the message brings the workers there
  Results second;
  ASSERT_TRUE(pool.Run(4, "b", second.Callbacks(), &error)) << error;
  EXPECT_EQ(pool.forks(), 2u) << "no worker is forked for the second batch";
  for (const auto& [i, t] : second.done) {
    EXPECT_EQ(t.substr(t.find(' ') + 1), "ab") << i;
    EXPECT_TRUE(pids.count(t.substr(0, t.find(' ')))) << "item " << i << " ran in a new worker: " << t;
  }

  state = "abc";
  Results third;
  ASSERT_TRUE(pool.Run(6, "c", third.Callbacks(), &error)) << error;
  ASSERT_EQ(third.failed.size(), 1u);
  EXPECT_NE(third.failed[1].find("crash: killed by SIGABRT"), std::string::npos) << third.failed[1];
  EXPECT_EQ(third.done.size(), 5u);
  EXPECT_EQ(pool.forks(), 3u) << "one replacement for the crashed worker";
  // The replacement (items 3 and 5, after the crash of item 1) started from
  // the caller's state "abc" and was not sent "c" again (that would give "abcc").
  EXPECT_EQ(third.done[3].substr(third.done[3].find(' ') + 1), "abc");
  EXPECT_EQ(third.done[5].substr(third.done[5].find(' ') + 1), "abc");

  state = "abcd";
  Results fourth;
  ASSERT_TRUE(pool.Run(2, "d", fourth.Callbacks(), &error)) << error;
  EXPECT_TRUE(fourth.failed.empty());
  for (const auto& [i, t] : fourth.done) EXPECT_EQ(t.substr(t.find(' ') + 1), "abcd") << i;
  EXPECT_EQ(pool.forks(), 3u);
}

TEST(BatchPool, StopKillsTheWorkersAndTheNextRunForksNew) {
  WorkerPool pool({1, 30.0}, [](size_t i) {
    if (i == 1) pause();
    return std::string("x");
  }, nullptr);
  Results r;
  BatchCallbacks cb = r.Callbacks();
  int polls = 0;
  cb.stop = [&] { return ++polls > 3; };  // item 1 blocks the worker by then
  std::string error;
  ASSERT_TRUE(pool.Run(3, "", cb, &error)) << error;
  EXPECT_TRUE(r.done.empty()) << "item 0's result waits for the worker's batch, which never ends";
  EXPECT_TRUE(r.failed.empty());
  Results again;
  ASSERT_TRUE(pool.Run(1, "", again.Callbacks(), &error)) << error;
  EXPECT_EQ(again.done.size(), 1u);
  EXPECT_EQ(pool.forks(), 2u);
}

}  // namespace
}  // namespace shaderdiff::fuzz
