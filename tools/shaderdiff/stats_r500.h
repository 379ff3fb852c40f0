// `shaderdiff stats --target r500` (cmd_stats_r500.cc), called by RunStats
// once the shared flags are read.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tools/harness/corpus.h"

namespace shaderdiff::cli {

struct R500StatsRequest {
  std::vector<harness::CorpusEntry> entries;
  uint64_t seed = 1;              // the vector cycles are measured on (as `check --seed`)
  uint32_t min_instructions = 20; // the medians cover shaders with at least this many naive instructions
  bool verbose = false;           // one line per shader
  std::string json_path;          // empty: no JSON
};

// Prints the naive build's figures per shader (with verbose) and their
// distribution, writes the JSON; returns the exit code.
int RunR500Stats(const R500StatsRequest& request);

}  // namespace shaderdiff::cli
