// Persistent forked workers over batches of campaign programs (batch_pool.h).
// Parent -> worker: "RUN <catch-up length> <items>\n", the catch-up bytes,
// then one item index per line. Worker -> parent: "INDEX LENGTH\n" + text
// per item, written in batches (when the worker's items are done, or every
// kFlushBytes), so the parent wakes once per batch, not once per item. The
// item the worker runs is published in its Progress page instead, which
// the parent reads to pin a crash or a timeout on the exact item and to
// start each item's deadline. A worker exits when its socket reaches end of
// file.
#include "tools/fuzz/batch_pool.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <new>

#include "tools/nightly/wait_status.h"
#include "tools/nightly/write_all.h"

namespace shaderdiff::fuzz {

// What a worker publishes for the parent: shared anonymous memory (one page
// per worker slot, mapped before the fork), written only by the worker.
struct WorkerPool::Progress {
  std::atomic<uint64_t> started{0};  // items the worker has started in its life
  std::atomic<int64_t> running{-1};  // the item it runs; -1 between items
};

namespace {

// A worker writes its buffered results once they reach this size (and when
// its items are done): bounded memory for a long batch, few wake-ups.
constexpr size_t kFlushBytes = 64 * 1024;

double Now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// The worker's /proc/PID/stat, opened once per worker: the parent reads it
// after every item (the deadline), so it is re-read in place (pread at
// offset 0 makes the kernel render it afresh), not opened each time.
int OpenStat(pid_t pid) { return open(("/proc/" + std::to_string(pid) + "/stat").c_str(), O_RDONLY | O_CLOEXEC); }

// CPU seconds (user + system) of the process whose stat file `stat_fd` is; 0 if unreadable.
double CpuSecondsOf(int stat_fd) {
  static const double ticks = static_cast<double>(sysconf(_SC_CLK_TCK));
  if (stat_fd < 0) return 0;
  char text[1024];
  const ssize_t n = pread(stat_fd, text, sizeof text - 1, 0);
  if (n <= 0) return 0;
  text[n] = 0;
  const char* paren = std::strrchr(text, ')');  // the command name may hold spaces
  if (!paren || paren[1] != ' ') return 0;
  const char* p = paren + 2;
  unsigned long long utime = 0, stime = 0;
  for (int k = 3; k <= 15 && *p; ++k) {  // fields 3.. after "pid (comm)"
    char* end = nullptr;
    const unsigned long long v = std::strtoull(p, &end, 10);
    if (k == 14) utime = v;
    if (k == 15) stime = v;
    p = std::strchr(p, ' ');
    if (!p) break;
    ++p;
  }
  return (utime + stime) / ticks;
}

// Sends all of `text` without raising SIGPIPE when the worker is gone.
bool SendAll(int fd, const std::string& text) {
  size_t off = 0;
  while (off < text.size()) {
    const ssize_t n = send(fd, text.data() + off, text.size() - off, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    off += static_cast<size_t>(n);
  }
  return true;
}

// The worker's side of its socket: blocking reads, buffered.
class Reader {
 public:
  explicit Reader(int fd) : fd_(fd) {}
  bool Line(std::string* out) {
    for (;;) {
      const size_t nl = buffer_.find('\n');
      if (nl != std::string::npos) {
        *out = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        return true;
      }
      if (!Fill()) return false;
    }
  }
  bool Bytes(size_t n, std::string* out) {
    while (buffer_.size() < n) {
      if (!Fill()) return false;
    }
    *out = buffer_.substr(0, n);
    buffer_.erase(0, n);
    return true;
  }

 private:
  bool Fill() {
    char chunk[65536];
    for (;;) {
      const ssize_t n = read(fd_, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      buffer_.append(chunk, static_cast<size_t>(n));
      return true;
    }
  }
  int fd_;
  std::string buffer_;
};

}  // namespace

WorkerPool::WorkerPool(const BatchPoolOptions& options, std::function<std::string(size_t)> work,
                       std::function<void(const std::string&)> catch_up)
    : options_(options), work_(std::move(work)), catch_up_(std::move(catch_up)),
      workers_(std::max(1u, options.jobs)) {}

WorkerPool::~WorkerPool() {
  KillAll();
  for (Worker& w : workers_) {
    if (w.progress) munmap(w.progress, sizeof(Progress));
  }
}

void WorkerPool::Serve(int fd, Progress* progress, std::vector<size_t> items) {
  Reader in(fd);
  std::string out;
  for (;;) {
    for (size_t i : items) {
      progress->running.store(static_cast<int64_t>(i), std::memory_order_release);
      progress->started.fetch_add(1, std::memory_order_release);
      const std::string text = work_(i);
      progress->running.store(-1, std::memory_order_release);
      out += std::to_string(i) + " " + std::to_string(text.size()) + "\n";
      out += text;
      if (out.size() >= kFlushBytes) {
        if (!nightly::WriteAll(fd, out)) _exit(1);
        out.clear();
      }
    }
    if (!out.empty() && !nightly::WriteAll(fd, out)) _exit(1);
    out.clear();
    items.clear();
    std::string header, message;
    size_t length = 0, count = 0;
    if (!in.Line(&header)) _exit(0);  // the pool is done with this worker
    if (std::sscanf(header.c_str(), "RUN %zu %zu", &length, &count) != 2 || !in.Bytes(length, &message)) _exit(1);
    if (catch_up_) catch_up_(message);
    for (size_t k = 0; k < count; ++k) {
      std::string line;
      if (!in.Line(&line)) _exit(1);
      items.push_back(std::stoul(line));
    }
  }
}

bool WorkerPool::Start(Worker& w, std::string* error) {
  if (!w.progress) {
    void* page = mmap(nullptr, sizeof(Progress), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (page == MAP_FAILED) {
      *error = std::string("mmap: ") + std::strerror(errno);
      return false;
    }
    w.progress = new (page) Progress;
  }
  w.progress->started.store(0);
  w.progress->running.store(-1);
  w.seen_started = 0;
  int fds[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
    *error = std::string("socketpair: ") + std::strerror(errno);
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
    for (const Worker& other : workers_) {
      if (other.fd >= 0) close(other.fd);  // another worker's socket: it must see its own end of file
      if (other.stat_fd >= 0) close(other.stat_fd);
    }
    Serve(fds[1], w.progress, w.items);
  }
  close(fds[1]);
  ++forks_;
  w.pid = pid;
  w.fd = fds[0];
  w.stat_fd = OpenStat(pid);
  w.buffer.clear();
  w.since = Now();
  w.cpu_since = 0;  // a new process
  return true;
}

bool WorkerPool::Send(Worker& w, const std::string& catch_up) {
  std::string request = "RUN " + std::to_string(catch_up.size()) + " " + std::to_string(w.items.size()) + "\n";
  request += catch_up;
  for (size_t i : w.items) request += std::to_string(i) + "\n";
  w.buffer.clear();
  w.since = Now();
  w.cpu_since = CpuSecondsOf(w.stat_fd);
  w.seen_started = w.progress->started.load(std::memory_order_acquire);
  return SendAll(w.fd, request);
}

void WorkerPool::NoteItemStart(Worker& w) {
  const uint64_t started = w.progress->started.load(std::memory_order_acquire);
  if (started == w.seen_started) return;
  w.seen_started = started;
  w.since = Now();
  w.cpu_since = CpuSecondsOf(w.stat_fd);
}

size_t WorkerPool::TakeFailedItem(Worker& w) {
  const int64_t running = w.progress->running.load(std::memory_order_acquire);
  auto it = std::find(w.items.begin(), w.items.end(), static_cast<size_t>(running));
  if (running < 0 || it == w.items.end()) it = w.items.begin();  // it died between items
  const size_t item = *it;
  w.items.erase(it);  // the items before it ran, unreported: they run again
  return item;
}

// Hands every complete message in the buffer to `done`.
void WorkerPool::Drain(Worker& w, const BatchCallbacks& cb) {
  for (;;) {
    const size_t nl = w.buffer.find('\n');
    if (nl == std::string::npos) return;
    size_t index = 0, length = 0;
    if (std::sscanf(w.buffer.c_str(), "%zu %zu", &index, &length) != 2) return;
    if (w.buffer.size() < nl + 1 + length) return;
    std::string text = w.buffer.substr(nl + 1, length);
    w.buffer.erase(0, nl + 1 + length);
    if (!w.items.empty() && w.items.front() == index) w.items.erase(w.items.begin());
    cb.done(index, std::move(text));
  }
}

int WorkerPool::Reap(Worker& w) {
  int status = 0;
  while (waitpid(w.pid, &status, 0) < 0 && errno == EINTR) {
  }
  close(w.fd);
  if (w.stat_fd >= 0) close(w.stat_fd);
  w.pid = -1;
  w.fd = -1;
  w.stat_fd = -1;
  return status;
}

void WorkerPool::KillAll() {
  for (Worker& w : workers_) {
    if (w.pid > 0) {
      kill(w.pid, SIGKILL);
      Reap(w);
    }
    w.items.clear();
  }
}

double WorkerPool::LiveCpuSeconds() const {
  double seconds = 0;
  for (const Worker& w : workers_) {
    if (w.pid > 0) seconds += CpuSecondsOf(w.stat_fd);
  }
  return seconds;
}

bool WorkerPool::Run(size_t count, const std::string& catch_up, const BatchCallbacks& cb, std::string* error) {
  for (Worker& w : workers_) w.items.clear();
  for (size_t i = 0; i < count; ++i) workers_[i % workers_.size()].items.push_back(i);
  for (Worker& w : workers_) {
    // A live worker is caught up (even with no items, so that it stays in
    // step); a dead or new one is forked with the caller's state as it is.
    if (w.pid > 0 && !Send(w, catch_up)) Reap(w);  // it died while idle: fork a new one
    if (w.pid <= 0 && !w.items.empty() && !Start(w, error)) {
      KillAll();
      return false;
    }
  }
  for (;;) {
    std::vector<pollfd> fds;
    std::vector<Worker*> polled;
    for (Worker& w : workers_) {
      if (w.pid > 0 && !w.items.empty()) {
        fds.push_back({w.fd, POLLIN, 0});
        polled.push_back(&w);
      }
    }
    if (fds.empty()) return true;
    if (cb.stop && cb.stop()) {
      KillAll();
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
      } else if (!w.items.empty() && options_.deadline_seconds > 0) {
        NoteItemStart(w);
        const double cpu = CpuSecondsOf(w.stat_fd) - w.cpu_since, wall = Now() - w.since;
        if (cpu > options_.deadline_seconds || wall > kWallFactor * options_.deadline_seconds) {
          kill(w.pid, SIGKILL);
          Reap(w);
          char text[160];
          std::snprintf(text, sizeof text, "ran past the deadline: %.1f s of CPU time, %.1f s of wall time (limits %g s, %g s)",
                        cpu, wall, options_.deadline_seconds, kWallFactor * options_.deadline_seconds);
          verdict = "timeout";
          how = text;
        }
      }
      if (verdict.empty()) continue;
      const size_t failed_item = TakeFailedItem(w);
      cb.failed(failed_item, verdict, how);
      if (!w.items.empty() && !Start(w, error)) {
        KillAll();
        return false;
      }
    }
  }
}

}  // namespace shaderdiff::fuzz
