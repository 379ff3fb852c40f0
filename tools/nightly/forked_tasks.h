/* Running independent tasks in forked child processes, `jobs` at a time,
   each under a wall-clock deadline: the nightly's explain phase (a
   reduction, a bisection and an explanation per regression) runs this way,
   so a crash or a hang of one of them is recorded and never ends the run.

   A task is a function of its index that returns text; it runs in a child
   forked for it (the parent must have no other threads), which writes the
   text to a pipe and leaves with _exit. The parent polls the pipes, reaps
   each child, and hands `finished` the text, or how the child ended (a
   signal, an exit status, killed at the deadline). Unlike the nightly's
   process pool (process_pool.h) there are no long-lived workers and no
   protocol: a task costs a fork, which is nothing beside the seconds an
   explanation takes.

   Stopping: once `stop` returns true no new task starts and those in
   flight finish; once `abandon` returns true the children in flight are
   killed and their tasks are reported as abandoned. Tasks never started
   are not reported.

   Invariants: at return no child is left (each was reaped); children
   ignore SIGINT and SIGTERM (the parent decides) and die with the parent;
   the result of a task depends only on what its function does. */
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

namespace shaderdiff::nightly {

struct ForkedTaskResult {
  std::optional<std::string> output;  // the task's text, when its child finished normally
  std::string ended;                  // otherwise how it ended ("killed by SIGSEGV (...)", "ran past its deadline of 20 s (killed)")
  bool timed_out = false;             // killed at the deadline
  bool abandoned = false;             // killed because `abandon` said so
  double seconds = 0;                 // wall time from fork to reaping
};

struct ForkedTaskCallbacks {
  std::function<bool()> stop;                  // polled: start no new task (may be empty)
  std::function<bool()> abandon;               // polled: kill the tasks in flight (may be empty)
  std::function<void(size_t index)> started;   // a task's child was forked (may be empty)
  std::function<void(size_t index, ForkedTaskResult)> finished;
};

// Runs tasks 0..count-1 in order of index, at most `jobs` at once, each
// killed after `deadline_seconds` (0: no deadline). Returns how many were started.
size_t RunForkedTasks(size_t count, unsigned jobs, double deadline_seconds,
                      const std::function<std::string(size_t index)>& body, const ForkedTaskCallbacks& callbacks);

}  // namespace shaderdiff::nightly
