// Forked workers over one batch of campaign programs (batch_pool.h).
#include "tools/fuzz/batch_pool.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <chrono>
#include <cstring>
#include <vector>

#include "tools/nightly/wait_status.h"
#include "tools/nightly/write_all.h"

namespace shaderdiff::fuzz {

namespace {

using Clock = std::chrono::steady_clock;

struct Worker {
  pid_t pid = -1;
  int fd = -1;
  std::vector<size_t> items;  // still to report, in order
  std::string buffer;
  Clock::time_point since;    // when the current item started (the last report)
};

bool Start(Worker& w, const BatchCallbacks& cb, std::string* error) {
  int fds[2];
  if (pipe(fds) != 0) {
    *error = std::string("pipe: ") + std::strerror(errno);
    return false;
  }
  const pid_t pid = fork();
  if (pid < 0) {
    *error = std::string("fork: ") + std::strerror(errno);
    close(fds[0]);
    close(fds[1]);
    return false;
  }
  if (pid == 0) {
    close(fds[0]);
    for (size_t i : w.items) {
      const std::string text = cb.work(i);
      if (!nightly::WriteAll(fds[1], std::to_string(i) + " " + std::to_string(text.size()) + "\n" + text)) _exit(1);
    }
    _exit(0);
  }
  close(fds[1]);
  w.pid = pid;
  w.fd = fds[0];
  w.buffer.clear();
  w.since = Clock::now();
  return true;
}

// Hands every complete message in the buffer to `done`.
void Drain(Worker& w, const BatchCallbacks& cb) {
  for (;;) {
    const size_t nl = w.buffer.find('\n');
    if (nl == std::string::npos) return;
    size_t index = 0, length = 0;
    if (std::sscanf(w.buffer.c_str(), "%zu %zu", &index, &length) != 2) return;
    if (w.buffer.size() < nl + 1 + length) return;
    std::string text = w.buffer.substr(nl + 1, length);
    w.buffer.erase(0, nl + 1 + length);
    if (!w.items.empty() && w.items.front() == index) w.items.erase(w.items.begin());
    w.since = Clock::now();
    cb.done(index, std::move(text));
  }
}

int Reap(Worker& w) {
  int status = 0;
  while (waitpid(w.pid, &status, 0) < 0 && errno == EINTR) {
  }
  close(w.fd);
  w.pid = -1;
  w.fd = -1;
  return status;
}

}  // namespace

bool RunBatch(size_t count, const BatchPoolOptions& options, const BatchCallbacks& cb, std::string* error) {
  if (count == 0) return true;
  const unsigned jobs = std::max(1u, options.jobs);
  std::vector<Worker> workers(std::min<size_t>(jobs, count));
  for (size_t i = 0; i < count; ++i) workers[i % workers.size()].items.push_back(i);
  auto kill_all = [&] {
    for (Worker& w : workers) {
      if (w.pid > 0) {
        kill(w.pid, SIGKILL);
        Reap(w);
      }
    }
  };
  for (Worker& w : workers) {
    if (!Start(w, cb, error)) {
      kill_all();
      return false;
    }
  }
  for (;;) {
    std::vector<pollfd> fds;
    std::vector<Worker*> polled;
    for (Worker& w : workers) {
      if (w.pid > 0) {
        fds.push_back({w.fd, POLLIN, 0});
        polled.push_back(&w);
      }
    }
    if (fds.empty()) return true;
    if (cb.stop && cb.stop()) {
      for (Worker* w : polled) {
        kill(w->pid, SIGKILL);
        Reap(*w);
      }
      return true;
    }
    poll(fds.data(), fds.size(), 100);
    for (size_t k = 0; k < fds.size(); ++k) {
      Worker& w = *polled[k];
      bool ended = false;
      if (fds[k].revents & (POLLIN | POLLHUP | POLLERR)) {
        char chunk[65536];
        const ssize_t n = read(w.fd, chunk, sizeof chunk);
        if (n > 0) {
          w.buffer.append(chunk, static_cast<size_t>(n));
          Drain(w, cb);
        } else if (n == 0 || errno != EINTR) {
          ended = true;
        }
      }
      std::string verdict, how;
      if (ended) {
        const int status = Reap(w);
        if (!w.items.empty()) {
          verdict = "crash";
          how = nightly::DescribeWaitStatus(status);
        }
      } else if (!w.items.empty() && options.deadline_seconds > 0 &&
                 std::chrono::duration<double>(Clock::now() - w.since).count() > options.deadline_seconds) {
        kill(w.pid, SIGKILL);
        Reap(w);
        verdict = "timeout";
        how = "ran past the deadline of " + std::to_string(options.deadline_seconds) + " s";
      }
      if (verdict.empty()) continue;
      const size_t failed_item = w.items.front();
      w.items.erase(w.items.begin());
      cb.failed(failed_item, verdict, how);
      if (!w.items.empty() && !Start(w, cb, error)) {
        kill_all();
        return false;
      }
    }
  }
}

}  // namespace shaderdiff::fuzz
