// Runs a function in a forked child, optionally CPU-limited (isolate.h).
#include "tools/bisect/isolate.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstring>

#include "tools/nightly/wait_status.h"
#include "tools/nightly/write_all.h"

namespace shaderdiff::bisect {
using nightly::WriteAll;

namespace {

// In the child: SIGPROF ends it after `cpu_seconds` of CPU time.
void LimitCpu(double cpu_seconds) {
  signal(SIGPROF, SIG_DFL);
  itimerval limit{};
  limit.it_value.tv_sec = static_cast<time_t>(cpu_seconds);
  limit.it_value.tv_usec = static_cast<suseconds_t>((cpu_seconds - std::floor(cpu_seconds)) * 1e6);
  if (limit.it_value.tv_sec == 0 && limit.it_value.tv_usec == 0) limit.it_value.tv_usec = 1;
  setitimer(ITIMER_PROF, &limit, nullptr);
}

// Appends what can be read now; false at end of file or on an error.
bool ReadAvailable(int fd, std::string* text) {
  char buffer[65536];
  for (;;) {
    const ssize_t n = read(fd, buffer, sizeof buffer);
    if (n > 0) {
      text->append(buffer, static_cast<size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
  }
}

}  // namespace

IsolatedRun RunIsolated(const std::function<std::string()>& body, const IsolationLimits& limits) {
  IsolatedRun run;
  int fds[2];
  if (pipe(fds) != 0) {
    run.ended = std::string("cannot create a pipe: ") + std::strerror(errno);
    return run;
  }
  const pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    run.ended = std::string("cannot fork: ") + std::strerror(errno);
    return run;
  }
  if (pid == 0) {
    close(fds[0]);
    if (limits.interrupted) signal(SIGINT, SIG_IGN);
    if (limits.cpu_seconds > 0) LimitCpu(limits.cpu_seconds);
    const std::string text = body();
    _exit(WriteAll(fds[1], text) ? 0 : 125);
  }
  close(fds[1]);
  fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
  const auto start = std::chrono::steady_clock::now();
  const double wall_limit = limits.cpu_seconds > 0 ? 20 * limits.cpu_seconds + 2 : 0;
  std::string text;
  int status = 0;
  bool reaped = false;
  for (;;) {
    pollfd p{fds[0], POLLIN, 0};
    const int ready = poll(&p, 1, 50);
    if (ready < 0 && errno != EINTR) break;
    if (!ReadAvailable(fds[0], &text)) break;  // end of file: the child is done
    // Another thread's fork may hold the write end open: the child's exit is the end too.
    const pid_t r = waitpid(pid, &status, WNOHANG);
    if (r == pid) {
      reaped = true;
      ReadAvailable(fds[0], &text);
      break;
    }
    const bool stop = limits.interrupted && limits.interrupted();
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (r < 0 || stop || (wall_limit > 0 && wall > wall_limit)) {
      kill(pid, SIGKILL);
      while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      close(fds[0]);
      run.end = stop ? IsolatedEnd::kInterrupted : r < 0 ? IsolatedEnd::kDied : IsolatedEnd::kWallTime;
      run.ended = stop ? "interrupted"
                  : r < 0 ? "lost the child"
                          : "blocked: past " + std::to_string(wall_limit) + " s of wall time";
      return run;
    }
  }
  close(fds[0]);
  if (!reaped) {
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
    run.output = std::move(text);
    run.end = IsolatedEnd::kFinished;
  } else if (limits.cpu_seconds > 0 && WIFSIGNALED(status) && WTERMSIG(status) == SIGPROF) {
    run.end = IsolatedEnd::kPastCpu;
    run.ended = nightly::DescribeWaitStatus(status);
  } else {
    run.end = IsolatedEnd::kDied;
    run.ended = nightly::DescribeWaitStatus(status);
  }
  return run;
}

}  // namespace shaderdiff::bisect
