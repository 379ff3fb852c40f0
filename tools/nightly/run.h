/* Running the selected shaders of a corpus on workers, journaling each
   result, until done or stopped.

   Shaders already in `resumed` (from the journal) are not run again; every
   other selected shader runs on one of `jobs` workers: worker processes
   (process_pool.h; the default), where a crash or a hang of one stage
   becomes that stage's `crash` or `timeout` verdict and the run goes on, or
   threads of this process (worker_pool.h; `fork_workers` false, for
   debugging), where a crash ends the run and nothing has a deadline. A
   finished shader is, under one lock: stored by its corpus index, appended
   to the journal (flushed), and counted by the progress display, so a
   crash verdict is journaled like any other and --resume never runs into
   it again. The run stops claiming new shaders on SIGINT/SIGTERM
   (InterruptGuard), after `stop_after` shaders of this session (the test
   hook for an interruption: it behaves exactly as SIGINT arriving at that
   moment), or when the journal cannot be written; shaders in flight still
   finish and are journaled. With worker processes a second signal
   abandons the shaders in flight (their workers are killed; they are not
   journaled) and the partial report is written all the same.

   Invariants: `shaders` holds the entries of every finished selected
   shader (resumed or run now) in corpus order, whatever `jobs` is;
   complete == (every selected shader has an entry); stop_signal is 0 for a complete run (a stop that came when
   nothing was left to do interrupted nothing). */
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tools/harness/corpus.h"
#include "tools/nightly/journal.h"
#include "tools/nightly/progress.h"
#include "tools/nightly/shader_run.h"

namespace shaderdiff::nightly {

struct RunRequest {
  const harness::Corpus* corpus = nullptr;
  std::vector<size_t> selected;   // corpus indices, increasing
  ShaderRunOptions shader_options;
  unsigned jobs = 1;
  bool fork_workers = true;       // worker processes (else threads)
  double deadline_seconds = 0;    // per stage of one shader, worker processes only; 0: none
  JournalEntries resumed;         // corpus index -> entry, from --resume
  JournalWriter* journal = nullptr;  // may be null (no journal)
  uint64_t stop_after = 0;        // stop as SIGINT would after this many shaders of this session (0: never)
  Progress* progress = nullptr;   // may be null
};

struct RunOutcome {
  std::vector<nlohmann::json> shaders;  // finished selected shaders, corpus order
  bool complete = false;
  int stop_signal = 0;                  // SIGINT or SIGTERM when stopped (--stop-after reports SIGINT)
  bool abandoned = false;               // a second signal dropped the shaders in flight
  std::string error;                    // set when the journal could not be written or no worker could start (the run stopped)
  size_t shaders_run = 0;               // in this session
  size_t shaders_resumed = 0;           // taken from the journal
  size_t failed_stages = 0;             // stages whose worker crashed or overran the deadline (a new worker replaced it)
  uint64_t reference_vectors = 0;       // interpreter vectors run in this session
  double wall_seconds = 0;              // of this session's shader work
  // Summed over workers, this session only (ShaderRun):
  double reference_seconds = 0;
  uint64_t reference_lane_instructions = 0;
  std::map<std::string, double> check_seconds;
  // The longest stage of one shader in this session ("<file>@<stage>"), to size --deadline by.
  std::string slowest_stage;
  double slowest_stage_seconds = 0;
};

RunOutcome RunSelected(const RunRequest& request);

}  // namespace shaderdiff::nightly
