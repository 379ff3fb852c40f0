/* Batches of campaign programs run in persistent forked worker processes,
   so that a program which crashes the compiler, the emulator or the
   interpreter (a signal, an abort, a failed assertion) or hangs it is a
   finding, not the end of the campaign, and a worker is not forked per
   batch (forking a parent that holds the parsed corpus costs page tables
   and copy-on-write faults: ~11% of a campaign's CPU when it was per batch).
   Why not tools/nightly's process pool: its unit of work is a corpus entry
   through the nightly's stages (RunStages, their report entry and
   protocol); a campaign program is a text with an origin, evaluated by
   program_eval.h into its own result with coverage. What is shared is how
   a dead worker is described (nightly::DescribeWaitStatus) and how a
   result is written (nightly::WriteAll).

   A WorkerPool holds up to `jobs` workers, each a child forked from the
   caller with one socket to it. Run(count, catch_up, ...) hands worker w
   the items w, w + jobs, ... of the batch; it runs them in order with the
   pool's `work` function and sends their results ("INDEX LENGTH\n" + text)
   in batches: when its items are done, or every 64 KB of results, so the
   caller wakes once per batch rather than once per item (a wake-up per
   program was 2-3% of a campaign). Which item it runs is published in a
   page of shared memory (per worker slot, mapped before the fork) just
   before the item starts; the caller reads it to start each item's
   deadline (as of its next look, at most one 100 ms poll late) and to pin
   a crash or a timeout on that item. A worker lives on between batches: before a new
   batch's items it is sent the batch's `catch_up` message, which the
   pool's `catch_up` function applies in the worker. The caller's contract:
   the message brings a worker whose state is the caller's as of the
   previous Run to the caller's state now (a campaign sends the previous
   batch's new coverage and kept programs). A worker forked during a Run
   (the first one, or a replacement) copies the caller's state as it is,
   so it is not sent that Run's message; every live worker gets every
   later one, even with no items.
   When a worker dies while it runs an item (the published one; the first
   unreported one if it died between items), that item is `failed`
   ("crash", how the worker ended) and a new worker continues with the
   others it had not reported (those before it, which it ran but had not
   sent yet, run again: an item's result is a function of the caller's
   state, which does not change during a Run); when an item runs past `deadline_seconds` of the
   worker's CPU time, or kWallFactor times that of wall-clock time (a
   worker that is blocked, not running), the worker is killed and the item
   is failed ("timeout"). CPU time, not wall time, so that a loaded machine
   (the campaign runs at nice beside others) does not turn a slow program
   into a finding: a 30-minute campaign at load ~10 had a "timeout" whose
   evaluation takes ~8 CPU seconds (two builds looping to the emulator's
   cycle budget where the reference's loop exit is undefined). Stopping:
   once stop() returns true every worker is killed and the items not
   reported are neither done nor failed (the next Run forks new workers).
   Invariants: each item is reported at most once, by done or failed; a
   crash or hang costs only its own item; at destruction no worker is
   left; the parent forks only while no other thread runs (it has none);
   a worker holds no other worker's socket (so each sees its own end). */
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace shaderdiff::fuzz {

struct BatchPoolOptions {
  unsigned jobs = 1;
  double deadline_seconds = 60;  // per item, of the worker's CPU time
};

// The wall-clock limit per item, in deadlines (for a worker that does not run).
inline constexpr double kWallFactor = 4;

struct BatchCallbacks {  // run in the caller
  std::function<void(size_t, std::string)> done;
  std::function<void(size_t, const std::string& verdict, const std::string& how)> failed;
  std::function<bool()> stop;
};

class WorkerPool {
 public:
  // `work` (item -> result text) and `catch_up` (may be empty) run in the workers.
  WorkerPool(const BatchPoolOptions& options, std::function<std::string(size_t)> work,
             std::function<void(const std::string&)> catch_up);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // False with *error when no worker could be started or reached.
  bool Run(size_t count, const std::string& catch_up, const BatchCallbacks& callbacks, std::string* error);

  // CPU seconds (user + system) the live workers have used so far (Linux
  // /proc); a reaped worker's time is in getrusage(RUSAGE_CHILDREN).
  double LiveCpuSeconds() const;
  uint64_t forks() const { return forks_; }  // workers started so far

 private:
  struct Progress;  // the page a worker publishes its running item in (batch_pool.cc)
  struct Worker {
    Progress* progress = nullptr;  // mapped at its first start, kept for replacements
    uint64_t seen_started = 0;     // its Progress::started when the parent last looked
    pid_t pid = -1;
    int fd = -1;
    int stat_fd = -1;           // its /proc/PID/stat, open while it lives (CPU time)
    std::vector<size_t> items;  // still to report, in order
    std::string buffer;
    double since = 0;           // when the current item started (as the parent saw it), steady seconds
    double cpu_since = 0;       // the worker's CPU seconds then
  };
  bool Start(Worker& w, std::string* error);
  bool Send(Worker& w, const std::string& catch_up);
  void Drain(Worker& w, const BatchCallbacks& cb);
  void NoteItemStart(Worker& w);  // a new item started: its deadline starts now
  size_t TakeFailedItem(Worker& w);  // the item a dead or killed worker ran, taken from its list
  int Reap(Worker& w);
  void KillAll();
  [[noreturn]] void Serve(int fd, Progress* progress, std::vector<size_t> items);

  BatchPoolOptions options_;
  std::function<std::string(size_t)> work_;
  std::function<void(const std::string&)> catch_up_;
  std::vector<Worker> workers_;
  uint64_t forks_ = 0;
};

}  // namespace shaderdiff::fuzz
