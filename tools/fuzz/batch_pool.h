/* A batch of campaign programs run in forked worker processes, so that a
   program which crashes the compiler, the emulator or the interpreter (a
   signal, an abort, a failed assertion) or hangs it is a finding, not the
   end of the campaign.
   Why not tools/nightly's process pool: its unit of work is a corpus entry
   through the nightly's stages (RunStages, their report entry and
   protocol); a campaign program is a text with an origin, evaluated by
   program_eval.h into its own result with coverage. What is shared is how
   a dead worker is described (nightly::DescribeWaitStatus) and how a
   result is written through a pipe (nightly::WriteAll).
   `jobs` workers are forked per batch; worker w runs items w, w + jobs,
   ... in order and streams each result ("INDEX LENGTH\n" + text) as soon as
   it is done. When a worker dies before reporting an item, that item is
   `failed` ("crash", how the worker ended) and a new worker continues
   with the items after it; when an item runs past `deadline_seconds` of
   wall-clock time, the worker is killed and the item is failed
   ("timeout"). Stopping: once stop() returns true the workers are killed
   and the items they had not reported are neither done nor failed.
   Invariants: each item is reported at most once, by done or failed; at
   return no worker is left; the parent never forks while another thread
   runs (it has none). */
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace shaderdiff::fuzz {

struct BatchPoolOptions {
  unsigned jobs = 1;
  double deadline_seconds = 60;
};

struct BatchCallbacks {
  std::function<std::string(size_t)> work;  // runs in the worker
  std::function<void(size_t, std::string)> done;
  std::function<void(size_t, const std::string& verdict, const std::string& how)> failed;
  std::function<bool()> stop;
};

// False with *error when no worker could be started.
bool RunBatch(size_t count, const BatchPoolOptions& options, const BatchCallbacks& callbacks, std::string* error);

}  // namespace shaderdiff::fuzz
