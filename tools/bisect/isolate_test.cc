// RunIsolated: the child's text comes back; a child that dies is described,
// and the caller lives on.
#include "tools/bisect/isolate.h"

#include <gtest/gtest.h>

#include <csignal>
#include <cstdlib>

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

}  // namespace
}  // namespace shaderdiff::bisect
