// RunIsolated: the child's text comes back; a child that dies is described,
// and the caller lives on; the CPU limit and the interrupt hook end a child
// that does not finish.
#include "tools/bisect/isolate.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <thread>

namespace shaderdiff::bisect {
namespace {

TEST(Isolate, ReturnsTheText) {
  const IsolatedRun r = RunIsolated([] { return std::string(200000, 'x') + "end"; });
  ASSERT_TRUE(r.output.has_value());
  EXPECT_EQ(r.output->size(), 200003u);
  EXPECT_EQ(r.output->substr(200000), "end");
}

TEST(Isolate, ACrashIsDescribed) {
  const IsolatedRun r = RunIsolated([]() -> std::string {
    std::signal(SIGABRT, SIG_DFL);
    std::abort();
  });
  EXPECT_FALSE(r.output.has_value());
  EXPECT_NE(r.ended.find("SIGABRT"), std::string::npos) << r.ended;
}

TEST(Isolate, ASegfaultIsDescribed) {
  const IsolatedRun r = RunIsolated([]() -> std::string {
    std::signal(SIGSEGV, SIG_DFL);
    std::raise(SIGSEGV);
    return "unreachable";
  });
  EXPECT_FALSE(r.output.has_value());
  EXPECT_NE(r.ended.find("SIGSEGV"), std::string::npos) << r.ended;
}

std::string SpinForever() {
  volatile uint64_t n = 0;
  for (;;) n = n + 1;
}

TEST(Isolate, FinishedCarriesItsEnd) {
  IsolationLimits limits;
  limits.cpu_seconds = 5;
  const IsolatedRun r = RunIsolated([] { return std::string("done"); }, limits);
  ASSERT_TRUE(r.output.has_value()) << r.ended;
  EXPECT_EQ(*r.output, "done");
  EXPECT_EQ(r.end, IsolatedEnd::kFinished);
}

TEST(Isolate, ACpuLimitEndsALoop) {
  IsolationLimits limits;
  limits.cpu_seconds = 0.2;
  const IsolatedRun r = RunIsolated(SpinForever, limits);
  EXPECT_FALSE(r.output.has_value());
  EXPECT_EQ(r.end, IsolatedEnd::kPastCpu) << r.ended;
  EXPECT_NE(r.ended.find("SIGPROF"), std::string::npos) << r.ended;
}

TEST(Isolate, TheInterruptHookKillsTheChild) {
  std::atomic<int> polls{0};
  IsolationLimits limits;
  limits.interrupted = [&] { return ++polls >= 3; };
  const IsolatedRun r = RunIsolated(SpinForever, limits);
  EXPECT_FALSE(r.output.has_value());
  EXPECT_EQ(r.end, IsolatedEnd::kInterrupted) << r.ended;
  EXPECT_GE(polls.load(), 3);
}

TEST(Isolate, ABlockedChildEndsAtTheWallLimit) {
  IsolationLimits limits;
  limits.cpu_seconds = 0.05;  // wall limit 20 * 0.05 + 2 = 3 s; sleeping uses no CPU
  const IsolatedRun r = RunIsolated(
      []() -> std::string {
        for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
      },
      limits);
  EXPECT_EQ(r.end, IsolatedEnd::kWallTime) << r.ended;
  EXPECT_NE(r.ended.find("wall time"), std::string::npos) << r.ended;
}

TEST(Isolate, ACrashEndsAsDied) {
  const IsolatedRun r = RunIsolated([]() -> std::string {
    std::signal(SIGABRT, SIG_DFL);
    std::abort();
  });
  EXPECT_EQ(r.end, IsolatedEnd::kDied);
}

}  // namespace
}  // namespace shaderdiff::bisect
