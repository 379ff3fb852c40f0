/* Running shaders in worker processes, so that a crash or a hang costs one
   shader stage, not the run (the parent side; worker_process.h is the
   child's).

   `jobs` workers are forked up front and each holds a few shaders at a
   time, the one it runs and the next ones (so it never waits for the
   parent in between), sent over its socket (worker_protocol.h). Pre-forked
   workers cost about as much CPU time as threads; a fresh process per
   shader cost half as much again. The parent, single-threaded, reads their
   messages on a short tick (and at once when one dies) and keeps
   everything else: the results (handed to `finished` in completion order;
   the caller stores them by index), and through the callbacks the journal
   and the progress display.

   A stage that does not finish becomes that stage's verdict:
   - the worker dies (a signal: SIGSEGV, SIGABRT from abort() or a failed
     assertion, SIGKILL from outside, ...; or an exit()) or lets an
     exception escape: `crash`, detail naming how it ended and the stage in
     flight, reproduction: options.rerun(entry, checks, kInProcess);
   - the stage runs longer than `deadline_seconds` of wall-clock time
     (0: no deadline): the worker is killed, `timeout`, reproduction:
     options.rerun(entry, checks, kWorker).
   The rerun's checks are those the worker ran of the shader up to the
   failed one, so it repeats what the failed stage saw. A failed reference
   stage ends the shader (no check can run without its
   reference runs). A failed check is recorded, and the shader is continued
   from the next check in another worker, so every other check still gets
   its own verdict. A dead worker is replaced.

   A worker that dies takes only the shader it was running: those queued
   behind it go to other workers, unblamed.

   Stopping: once stop() returns true no new shader is handed out, and the
   shaders in flight (those the workers hold, with their continuations)
   finish. Once abandon() returns true the workers still busy are killed and
   their shaders are dropped, unreported (the caller's partial report
   leaves them out).

   Invariants: every shader handed to `finished` has the entry RunShader
   would give it in one process whenever no stage fails, and otherwise one
   that depends only on which stages fail and how; the parent never forks
   while another thread runs (it has none); at return no worker is left. */
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "tools/harness/corpus.h"
#include "tools/nightly/shader_run.h"

namespace shaderdiff::nightly {

struct ProcessPoolOptions {
  unsigned jobs = 1;
  double deadline_seconds = 0;  // wall-clock limit of one stage of one shader; 0: none
};

struct ProcessPoolCallbacks {
  std::function<bool()> stop;                            // polled: start no new shader
  std::function<bool()> abandon;                         // polled: kill the busy workers, drop their shaders
  std::function<void(size_t index, ShaderRun run)> finished;  // a shader's complete result
  std::function<void(const std::string& line)> message;  // a line for the user (a crash, a timeout)
};

struct ProcessPoolOutcome {
  size_t started = 0;          // shaders handed to a worker (continuations not counted again)
  size_t failed_stages = 0;    // stages that crashed or overran the deadline
  std::string error;           // set when no worker could be started (the run stopped)
};

ProcessPoolOutcome RunInWorkerProcesses(const std::vector<const harness::CorpusEntry*>& shaders,
                                        const ShaderRunOptions& options, const ProcessPoolOptions& pool,
                                        const ProcessPoolCallbacks& callbacks);

}  // namespace shaderdiff::nightly
