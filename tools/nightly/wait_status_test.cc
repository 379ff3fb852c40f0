#include "tools/nightly/wait_status.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>

#include <gtest/gtest.h>

namespace shaderdiff::nightly {
namespace {

// The wait status of a real child that runs `body`.
template <typename F>
int StatusOf(F body) {
  const pid_t pid = fork();
  if (pid == 0) {
    body();
    _exit(0);
  }
  int status = 0;
  EXPECT_EQ(waitpid(pid, &status, 0), pid);
  return status;
}

TEST(WaitStatus, NamesTheSignal) {
  EXPECT_EQ(DescribeWaitStatus(StatusOf([] {
              signal(SIGSEGV, SIG_DFL);  // not a sanitizer's handler
              raise(SIGSEGV);
            })),
            "killed by SIGSEGV (Segmentation fault)");
  EXPECT_EQ(DescribeWaitStatus(StatusOf([] { raise(SIGKILL); })), "killed by SIGKILL (Killed)");
  EXPECT_EQ(DescribeWaitStatus(StatusOf([] {
              signal(SIGABRT, SIG_DFL);
              std::abort();
            })),
            "killed by SIGABRT (Aborted)");
}

TEST(WaitStatus, NamesTheExitStatus) {
  EXPECT_EQ(DescribeWaitStatus(StatusOf([] { _exit(3); })), "exited with status 3");
  EXPECT_EQ(DescribeWaitStatus(StatusOf([] {})), "exited normally");
}

TEST(WaitStatus, UnnamedSignal) { EXPECT_EQ(DescribeSignal(1000), "signal 1000"); }

}  // namespace
}  // namespace shaderdiff::nightly
