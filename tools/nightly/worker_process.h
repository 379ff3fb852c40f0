/* The body of one nightly worker process (the child side of
   process_pool.h).

   A worker is forked from the parent after the corpus is loaded, so it
   shares the shader list and options by copy-on-write and receives only
   task lines (worker_protocol.h). It runs each task's stages with
   RunStages and streams their messages back, until its socket reaches EOF.

   Invariants: the worker ignores SIGINT and SIGTERM (a Ctrl-C reaches the
   whole process group; the parent decides what stops), dies with its
   parent (PR_SET_PDEATHSIG), never flushes the stdio buffers it inherited,
   and leaves with _exit: nothing of the parent's state (journal, progress,
   exit handlers) runs twice. An exception escaping a stage ends that task
   with an "exception" message; the worker lives on. */
#pragma once

#include <sys/types.h>

#include <vector>

#include "tools/harness/corpus.h"
#include "tools/nightly/shader_run.h"

namespace shaderdiff::nightly {

// Runs in the child right after fork(); `fd` is its end of the socket,
// `parent` the parent's pid. Never returns.
[[noreturn]] void WorkerMain(int fd, pid_t parent, const std::vector<const harness::CorpusEntry*>& shaders,
                             const ShaderRunOptions& options);

}  // namespace shaderdiff::nightly
