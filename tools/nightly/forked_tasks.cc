/* Tasks in forked children with a deadline (forked_tasks.h). */
#include "tools/nightly/forked_tasks.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <vector>

#include "tools/nightly/wait_status.h"
#include "tools/nightly/write_all.h"

namespace shaderdiff::nightly {
namespace {

using Clock = std::chrono::steady_clock;

struct Child {
  size_t index = 0;
  pid_t pid = -1;
  int fd = -1;
  std::string text;
  Clock::time_point started;
  bool timed_out = false, abandoned = false;
};

std::string DeadlineText(double seconds) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "ran past its deadline of %g s (killed)", seconds);
  return buf;
}

// Reads what is there; false at EOF or on an error.
bool Drain(Child& c) {
  char buffer[65536];
  for (;;) {
    const ssize_t n = read(c.fd, buffer, sizeof buffer);
    if (n > 0) {
      c.text.append(buffer, static_cast<size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
  }
}

}  // namespace

size_t RunForkedTasks(size_t count, unsigned jobs, double deadline_seconds,
                      const std::function<std::string(size_t)>& body, const ForkedTaskCallbacks& callbacks) {
  if (jobs == 0) jobs = 1;
  std::vector<Child> running;
  size_t next = 0;
  const pid_t parent = getpid();
  auto finish = [&](Child& c, int status) {
    close(c.fd);
    ForkedTaskResult r;
    r.seconds = std::chrono::duration<double>(Clock::now() - c.started).count();
    r.timed_out = c.timed_out;
    r.abandoned = c.abandoned;
    if (c.timed_out) {
      r.ended = DeadlineText(deadline_seconds);
    } else if (c.abandoned) {
      r.ended = "abandoned (killed on a second signal)";
    } else if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
      r.output = std::move(c.text);
    } else {
      r.ended = DescribeWaitStatus(status);
    }
    callbacks.finished(c.index, std::move(r));
  };
  for (;;) {
    const bool stopping = callbacks.stop && callbacks.stop();
    if (callbacks.abandon && !running.empty() && callbacks.abandon()) {
      for (Child& c : running) {
        if (c.abandoned || c.timed_out) continue;
        kill(c.pid, SIGKILL);
        c.abandoned = true;
      }
    }
    while (!stopping && next < count && running.size() < jobs) {
      int fds[2];
      if (pipe(fds) != 0) break;
      std::fflush(nullptr);  // nothing buffered is written twice
      const pid_t pid = fork();
      if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        break;
      }
      if (pid == 0) {
        close(fds[0]);
        signal(SIGINT, SIG_IGN);
        signal(SIGTERM, SIG_IGN);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) _exit(0);
        const std::string text = body(next);
        _exit(WriteAll(fds[1], text) ? 0 : 125);
      }
      close(fds[1]);
      fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);  // the parent polls several children
      Child c;
      c.index = next++;
      c.pid = pid;
      c.fd = fds[0];
      c.started = Clock::now();
      running.push_back(std::move(c));
      if (callbacks.started) callbacks.started(running.back().index);
    }
    if (running.empty()) {
      if (stopping || next >= count) break;
      poll(nullptr, 0, 50);  // a fork failed: try again shortly
      continue;
    }
    std::vector<pollfd> fds;
    for (const Child& c : running) fds.push_back({c.fd, POLLIN, 0});
    poll(fds.data(), fds.size(), 50);
    for (size_t i = running.size(); i-- > 0;) {
      Child& c = running[i];
      if (Drain(c)) {
        if (deadline_seconds > 0 && !c.timed_out && !c.abandoned &&
            std::chrono::duration<double>(Clock::now() - c.started).count() > deadline_seconds) {
          kill(c.pid, SIGKILL);
          c.timed_out = true;
        }
        continue;
      }
      int status = 0;
      while (waitpid(c.pid, &status, 0) < 0 && errno == EINTR) {
      }
      finish(c, status);
      running.erase(running.begin() + static_cast<long>(i));
    }
  }
  return next;
}

}  // namespace shaderdiff::nightly
