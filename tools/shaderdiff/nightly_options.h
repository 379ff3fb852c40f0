// The command line of `shaderdiff nightly`: its flags, their validation and
// the Bazel test-sharding environment, resolved into one NightlyConfig.
//
// Invariants after a successful ParseNightlyOptions: vectors >= 1, lanes a
// multiple of 4 in 4..4096, 1 <= jobs <= 4096, a valid shard (from
// --fraction/--fraction-start or from Bazel, never both), absolute-or-
// workspace-resolved corpus and output folders, and a run folder name
// without '/'.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tools/nightly/shard.h"
#include "tools/shaderdiff/report_cli.h"

namespace shaderdiff::cli {

struct NightlyConfig {
  std::string corpus_arg;  // --corpus as given (recorded in the report and in reproduction commands)
  std::string corpus_dir;  // resolved
  uint32_t vectors = 16, lanes = 16;
  uint64_t seed = 0, budget = 0;
  std::string out_arg;     // --out as given; empty when defaulted
  std::string out_dir;     // resolved
  std::string run_name;
  unsigned jobs = 1;
  bool resume = false;
  nightly::Shard shard;
  bool bazel_sharding = false;
  std::vector<std::string> only;  // --shader
  ExpectationFile baseline, flakes, exemptions;
  bool update_baseline = false;
  uint64_t stop_after = 0;        // --stop-after (0: never)
};

// Parses and validates `args`. Returns true to run; false to exit with
// *exit_code (0 after --help, 2 after printing a bad-flag message).
bool ParseNightlyOptions(const std::vector<std::string>& args, NightlyConfig* config, int* exit_code);

}  // namespace shaderdiff::cli
