/* Running the selected shaders of a corpus on a worker pool, journaling each
   result, until done or stopped.

   Shaders already in `resumed` (from the journal) are not run again; every
   other selected shader is run by RunShader on one of `jobs` workers. A
   finished shader is, under one lock: stored by its corpus index, appended
   to the journal (flushed), and counted by the progress display. The run
   stops claiming new shaders on SIGINT/SIGTERM (InterruptGuard), after
   `stop_after` shaders of this session (the test hook for an interruption:
   it behaves exactly as SIGINT arriving at that moment), or when the
   journal cannot be written; shaders in flight still finish and are
   journaled.

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
  JournalEntries resumed;         // corpus index -> entry, from --resume
  JournalWriter* journal = nullptr;  // may be null (no journal)
  uint64_t stop_after = 0;        // stop as SIGINT would after this many shaders of this session (0: never)
  Progress* progress = nullptr;   // may be null
};

struct RunOutcome {
  std::vector<nlohmann::json> shaders;  // finished selected shaders, corpus order
  bool complete = false;
  int stop_signal = 0;                  // SIGINT or SIGTERM when stopped (--stop-after reports SIGINT)
  std::string journal_error;            // set when the journal could not be written (the run stopped)
  size_t shaders_run = 0;               // in this session
  size_t shaders_resumed = 0;           // taken from the journal
  uint64_t reference_vectors = 0;       // interpreter vectors run in this session
  double wall_seconds = 0;              // of this session's shader work
  // Summed over workers, this session only (ShaderRun):
  double reference_seconds = 0;
  uint64_t reference_lane_instructions = 0;
  std::map<std::string, double> check_seconds;
};

RunOutcome RunSelected(const RunRequest& request);

}  // namespace shaderdiff::nightly
