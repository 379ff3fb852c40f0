/* The nightly's worker processes, parent side (process_pool.h). */
#include "tools/nightly/process_pool.h"

#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <deque>
#include <optional>

#include "tools/nightly/wait_status.h"
#include "tools/nightly/worker_process.h"
#include "tools/nightly/worker_protocol.h"

namespace shaderdiff::nightly {
namespace {

using Clock = std::chrono::steady_clock;

// The parent does not wake for each message: a worker writes every message
// at once (so nothing is lost if it dies), but the parent reads them on a
// tick, or at once when a worker dies (poll() waits for the hang-up only).
// Waking per message (then seven per shader) cost 15% of the wall time of a
// one-worker run on a loaded machine, in context switches.
constexpr int kTickMs = 2;

// Tasks a worker holds at once: the one it runs and the next ones, already
// in its socket, so it never waits for the parent between two shaders: a
// tick's worth of the fastest shaders, and then some. (The --help of
// `nightly` says how many a stop may still finish.)
constexpr size_t kQueueDepth = 8;

// One shader in flight: new (first_check 0) or continued after a failed check.
// The stage in flight is whatever has not reported yet: the reference stage
// until its result arrives, then options.checks[next_check], then (with
// --explore) the exploration's reference runs and its checks.
struct Job {
  size_t index = 0;
  size_t first_check = 0;
  size_t next_check = 0;
  bool checks_follow = true;          // from the reference stage's result
  bool explore_reference_done = false;
  bool explore_checks_follow = true;  // from the exploration's reference result
  size_t explore_next_check = 0;
  ShaderRun run;
};

// Where in its pipeline a shader's worker stopped.
struct InFlight {
  enum class Stage { kReference, kCheck, kExplore, kNone } stage = Stage::kNone;  // kNone: all had reported
  size_t check = 0;           // the check (kCheck), or the exploration's check (kExplore with explore_check)
  bool explore_check = false;  // kExplore: in a check, not in the reference runs
};

enum class Kill : uint8_t { kNone, kDeadline, kAbandon };

struct Worker {
  pid_t pid = -1;  // -1: no process in this slot
  int fd = -1;
  LineBuffer inbox;
  std::deque<Job> jobs;     // in the order sent; the front one runs, the others wait in the socket
  Clock::time_point since;  // when the front job's stage in flight began, as the parent saw it
  Kill kill = Kill::kNone;
};

std::string Seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g s", s);
  return buf;
}

// "the a3xx/opt check (compile, emulate, compare)".
std::string StageWords(const std::string& stage) {
  if (stage == kReferenceStage) return "the reference stage (parse, print, interpreter)";
  return "the " + stage + " check (compile, emulate, compare)";
}

// "the exploration's a3xx/opt check (...)".
std::string ExploreWords(const std::string& config) {
  return "the exploration's " + StageWords(config).substr(4);
}

class Pool {
 public:
  Pool(const std::vector<const harness::CorpusEntry*>& shaders, const ShaderRunOptions& options,
       const ProcessPoolOptions& pool, const ProcessPoolCallbacks& callbacks)
      : shaders_(shaders), options_(options), pool_(pool), cb_(callbacks) {}

  ProcessPoolOutcome Run() {
    if (shaders_.empty()) return out_;
    workers_.resize(std::max<size_t>(1, std::min<size_t>(pool_.jobs, shaders_.size())));
    for (Worker& w : workers_) {
      if (!Spawn(w)) break;
    }
    for (;;) {
      if (!abandoning_ && cb_.abandon && cb_.abandon()) {
        abandoning_ = true;
        pending_.clear();
        for (Worker& w : workers_) {
          if (!w.jobs.empty() && w.pid > 0) {
            kill(w.pid, SIGKILL);
            w.kill = Kill::kAbandon;
          }
        }
      }
      if (!stopping_ && cb_.stop && cb_.stop()) stopping_ = true;
      if (!abandoning_) Feed();
      const bool busy = std::any_of(workers_.begin(), workers_.end(), [](const Worker& w) { return !w.jobs.empty(); });
      if (!busy && (abandoning_ || !HasWork() || !out_.error.empty())) break;
      Wait();
      CheckDeadlines();
    }
    for (Worker& w : workers_) {
      if (w.pid > 0) Reap(w);  // idle: EOF on its socket ends it
    }
    return out_;
  }

 private:
  bool HasWork() const { return !pending_.empty() || (!stopping_ && next_ < shaders_.size()); }

  std::optional<Job> TakeWork() {
    if (!pending_.empty()) {
      Job job = std::move(pending_.front());
      pending_.pop_front();
      return job;
    }
    if (stopping_ || next_ >= shaders_.size()) return std::nullopt;
    ++out_.started;
    Job job;
    job.index = next_++;
    return job;
  }

  // Tops up every worker's queue: first one task each, then the next, so a
  // short run still spreads over all workers.
  void Feed() {
    for (size_t depth = 1; depth <= kQueueDepth; ++depth) {
      for (Worker& w : workers_) {
        if (w.jobs.size() >= depth) continue;
        if (!HasWork()) return;
        if (w.pid < 0 && !Spawn(w)) return;
        Job job = *TakeWork();
        job.next_check = job.first_check;
        const std::string task = TaskLine(job.index, job.first_check);
        if (send(w.fd, task.data(), task.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(task.size())) {
          // It died: this task never reached it. What it said before it died
          // decides about the ones that did (the kill is for a worker that
          // is somehow alive, so that its EOF comes).
          pending_.push_front(std::move(job));
          kill(w.pid, SIGKILL);
          Read(w, /*block=*/true);
          continue;
        }
        if (w.jobs.empty()) w.since = Clock::now();
        w.jobs.push_back(std::move(job));
      }
    }
  }

  bool Spawn(Worker& w) {
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
      return SpawnFailed("socketpair");
    }
    std::fflush(nullptr);  // the child must not inherit unwritten output it could flush again
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid < 0) {
      close(sv[0]);
      close(sv[1]);
      return SpawnFailed("fork");
    }
    if (pid == 0) {
      close(sv[0]);
      for (const Worker& other : workers_) {
        if (other.fd >= 0) close(other.fd);
      }
      WorkerMain(sv[1], parent, shaders_, options_);
    }
    close(sv[1]);
    w.pid = pid;
    w.fd = sv[0];
    w.inbox = LineBuffer();
    w.kill = Kill::kNone;
    return true;
  }

  bool SpawnFailed(const char* what) {
    if (out_.error.empty()) out_.error = std::string("cannot start a worker process: ") + what + ": " + std::strerror(errno);
    stopping_ = true;
    return false;
  }

  int PollTimeoutMs() const {
    int timeout = kTickMs;
    if (pool_.deadline_seconds <= 0) return timeout;
    const auto now = Clock::now();
    for (const Worker& w : workers_) {
      if (w.jobs.empty() || w.kill != Kill::kNone) continue;
      const double left =
          pool_.deadline_seconds - std::chrono::duration<double>(now - w.since).count();
      timeout = std::min(timeout, std::max(0, static_cast<int>(std::ceil(left * 1000))));
    }
    return timeout;
  }

  // Sleeps until the tick, a worker's death or a signal, then reads what
  // every worker said.
  void Wait() {
    std::vector<pollfd> fds;
    for (const Worker& w : workers_) {
      if (w.fd >= 0) fds.push_back({w.fd, POLLRDHUP, 0});
    }
    if (fds.empty()) return;
    poll(fds.data(), fds.size(), PollTimeoutMs());  // EINTR (a signal) only ends the sleep early
    for (Worker& w : workers_) {
      if (w.fd >= 0) Read(w, /*block=*/false);
    }
  }

  // Reads and handles what `w` has written; at its EOF (it died, or ended
  // after its socket closed) reaps it. Without `block`, returns when
  // nothing more is there yet.
  void Read(Worker& w, bool block) {
    char buffer[65536];
    while (w.fd >= 0) {
      const ssize_t n = recv(w.fd, buffer, sizeof buffer, block ? 0 : MSG_DONTWAIT);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
      if (n <= 0) {  // EOF, or ECONNRESET once the data is read: it died with tasks unread
        Reap(w);
        return;
      }
      w.inbox.Append(buffer, static_cast<size_t>(n));
      std::string line;
      while (w.pid > 0 && w.inbox.Next(&line)) Handle(w, line);
    }
  }

  void Handle(Worker& w, const std::string& line) {
    WorkerMessage m;
    std::string error;
    if (!ParseWorkerMessage(line, &m, &error) || w.jobs.empty()) {
      // Our bug, not the shader's: stop the run loudly rather than guess.
      if (out_.error.empty()) {
        out_.error = w.jobs.empty() ? "a worker spoke without a task: " + line.substr(0, 200) : error;
      }
      stopping_ = true;
      kill(w.pid, SIGKILL);
      w.kill = Kill::kAbandon;
      return;
    }
    Job& job = w.jobs.front();
    switch (m.kind) {
      case WorkerMessage::Kind::kReference:
        w.since = Clock::now();  // the next stage has begun
        job.checks_follow = m.reference.checks_follow;
        job.run.Add(std::move(m.reference));
        break;
      case WorkerMessage::Kind::kCheck:
        w.since = Clock::now();
        job.next_check = CheckIndex(m.check.config) + 1;
        job.run.Add(std::move(m.check));
        break;
      case WorkerMessage::Kind::kExploreReference:
        w.since = Clock::now();
        job.explore_reference_done = true;
        job.explore_checks_follow = m.explore_reference.checks_follow;
        job.run.Add(std::move(m.explore_reference));
        break;
      case WorkerMessage::Kind::kExploreCheck:
        w.since = Clock::now();
        job.explore_next_check = CheckIndex(m.explore_check.config) + 1;
        job.run.Add(std::move(m.explore_check));
        break;
      case WorkerMessage::Kind::kDone: {
        Job done = std::move(job);
        w.jobs.pop_front();
        w.since = Clock::now();
        cb_.finished(done.index, std::move(done.run));
        break;
      }
      case WorkerMessage::Kind::kException:
        StageFailed(w, "crash", "uncaught exception", ": " + m.text, RerunMode::kInProcess);
        break;
    }
  }

  // The worker's socket reached EOF: collect its status, and if it was busy,
  // decide what its stage's verdict is.
  void Reap(Worker& w) {
    close(w.fd);
    w.fd = -1;
    int status = 0;
    while (waitpid(w.pid, &status, 0) < 0 && errno == EINTR) {
    }
    w.pid = -1;
    w.inbox = LineBuffer();
    if (w.kill == Kill::kAbandon) {
      w.jobs.clear();
    } else if (!w.jobs.empty()) {
      // Only the front job ran; the others wait for another worker.
      for (size_t i = w.jobs.size(); i-- > 1;) pending_.push_front(std::move(w.jobs[i]));
      w.jobs.resize(1);
      if (w.kill == Kill::kDeadline) {
        StageFailed(w, "timeout", "over the wall-clock deadline of " + Seconds(pool_.deadline_seconds),
                    "; the worker was killed", RerunMode::kWorker);
      } else {
        StageFailed(w, "crash", DescribeWaitStatus(status), "", RerunMode::kInProcess);
      }
    }
    w.kill = Kill::kNone;
  }

  size_t CheckIndex(const std::string& config) const {
    for (size_t i = 0; i < options_.checks.size(); ++i) {
      if (options_.checks[i].config == config) return i;
    }
    return options_.checks.size();
  }

  // The first stage of `job` without a result.
  InFlight StageOf(const Job& job) const {
    const size_t checks = options_.checks.size();
    if (!job.run.have_reference) return {InFlight::Stage::kReference};
    if (!job.checks_follow) return {};
    if (job.next_check < checks) return {InFlight::Stage::kCheck, job.next_check};
    if (!options_.explore_seed) return {};
    if (!job.explore_reference_done) return {InFlight::Stage::kExplore};
    if (job.explore_checks_follow && job.explore_next_check < checks) {
      return {InFlight::Stage::kExplore, job.explore_next_check, true};
    }
    return {};
  }

  // The stage in flight on `w` (its front job's) did not finish: record
  // `verdict` for it, then finish the shader or queue it to continue with
  // the next check. A failed exploration ends the shader's exploration (a
  // finding) and the shader.
  void StageFailed(Worker& w, const std::string& verdict, const std::string& how, const std::string& tail,
                   RerunMode mode) {
    Job job = std::move(w.jobs.front());
    w.jobs.pop_front();
    w.since = Clock::now();
    const InFlight at = StageOf(job);
    if (at.stage == InFlight::Stage::kNone) {
      cb_.finished(job.index, std::move(job.run));  // it died after its last stage had reported
      return;
    }
    ++out_.failed_stages;
    const harness::CorpusEntry& e = *shaders_[job.index];
    const std::vector<CheckPlan>& checks = options_.checks;
    Rerun rerun;
    rerun.mode = mode;
    if (at.stage == InFlight::Stage::kExplore) {
      // The exploration runs every check after the stable ones.
      rerun.explore = true;
      const std::string config = at.explore_check ? checks[at.check].config : std::string(kReferenceStage);
      const std::string detail = how + " in " + (at.explore_check ? ExploreWords(config)
                                                                  : std::string("the exploration's reference runs")) +
                                 tail;
      if (cb_.message) cb_.message("nightly: " + verdict + ": " + e.name + "@explore/" + config + ": " + detail);
      nlohmann::json finding{{"config", config}, {"verdict", verdict}, {"detail", detail}};
      if (options_.rerun) finding["reproduce"] = options_.rerun(e, rerun);
      job.run.AddFinding(std::move(finding));
      cb_.finished(job.index, std::move(job.run));
      return;
    }
    const bool in_reference = at.stage == InFlight::Stage::kReference;
    const std::string stage = in_reference ? std::string(kReferenceStage) : checks[at.check].config;
    const std::string detail = how + " in " + StageWords(stage) + tail;
    // The rerun repeats what this worker ran of the shader: the reference
    // stage, then the checks from first_check to the failed one (an
    // optimizing build's check compares with its naive build's results when
    // that ran before it).
    if (!in_reference) {
      for (size_t i = job.first_check; i <= at.check; ++i) rerun.checks.push_back(checks[i].config);
    }
    const std::string reproduce = options_.rerun ? options_.rerun(e, rerun) : "";
    if (cb_.message) cb_.message("nightly: " + verdict + ": " + e.name + "@" + stage + ": " + detail);
    if (in_reference) {
      job.run.Add(FailedReference(e, verdict, detail, reproduce));
      cb_.finished(job.index, std::move(job.run));
      return;
    }
    job.run.Add(FailedCheck(stage, verdict, detail, reproduce));
    if (at.check + 1 < checks.size() || options_.explore_seed) {
      job.first_check = at.check + 1;  // may be checks.size(): only the exploration is left
      pending_.push_back(std::move(job));
    } else {
      cb_.finished(job.index, std::move(job.run));
    }
  }

  void CheckDeadlines() {
    if (pool_.deadline_seconds <= 0) return;
    const auto now = Clock::now();
    for (Worker& w : workers_) {
      if (w.jobs.empty() || w.pid < 0 || w.kill != Kill::kNone) continue;
      if (std::chrono::duration<double>(now - w.since).count() < pool_.deadline_seconds) continue;
      kill(w.pid, SIGKILL);
      w.kill = Kill::kDeadline;
    }
  }

  const std::vector<const harness::CorpusEntry*>& shaders_;
  const ShaderRunOptions& options_;
  const ProcessPoolOptions pool_;
  const ProcessPoolCallbacks& cb_;
  std::vector<Worker> workers_;
  std::deque<Job> pending_;  // continuations, and tasks a dead worker never started
  size_t next_ = 0;          // the next new shader
  bool stopping_ = false, abandoning_ = false;
  ProcessPoolOutcome out_;
};

}  // namespace

ProcessPoolOutcome RunInWorkerProcesses(const std::vector<const harness::CorpusEntry*>& shaders,
                                        const ShaderRunOptions& options, const ProcessPoolOptions& pool,
                                        const ProcessPoolCallbacks& callbacks) {
  return Pool(shaders, options, pool, callbacks).Run();
}

}  // namespace shaderdiff::nightly
