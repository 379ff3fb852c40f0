// The command line of `shaderdiff nightly`: its flags, their validation and
// the Bazel test-sharding environment, resolved into one NightlyConfig.
//
// Invariants after a successful ParseNightlyOptions: vectors >= 1, lanes a
// multiple of 4 in 4..4096, 1 <= jobs <= 4096, 0 <= deadline_seconds <=
// 1e6 (0 whenever !fork_workers), a valid shard (from
// --fraction/--fraction-start or from Bazel, never both), absolute-or-
// workspace-resolved corpus and output folders, a run folder name without
// '/', and `date` eight digits YYYYMMDD of a real day.
//
// Run names: `--run`, else nightly-YYYYMMDD from `date` (--date, else the
// UTC date of the clock), plus -<K>of<N> for a shard and -only with
// --shader or --check. The seed is not in the name: the stable seed stays the same
// from night to night, the date does not.
//
// Exploration (--explore[=S]): a second seed whose vectors are run on top
// of the stable seed's; S, or ExploreSeedForDate(date), so it changes every
// night and a night's exploration is reproduced with --date. Its results
// are new findings, never regressions (shader_run.h).
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tools/nightly/shard.h"
#include "tools/shaderdiff/report_cli.h"

namespace shaderdiff::cli {

struct NightlyConfig {
  std::string corpus_arg;  // --corpus as given (recorded in the report and in reproduction commands)
  std::string corpus_dir;  // resolved
  // a3xx/mesa's programs: --mesa-programs as given (default
  // CORPUS/external/mesa-ir3) and resolved.
  // The check runs only when that folder exists.
  std::string mesa_programs_arg;
  std::string mesa_programs_dir;
  bool mesa_programs_given = false;  // --mesa-programs was given
  uint32_t vectors = kDefaultNightlyVectors, lanes = 16;
  uint64_t seed = 0, budget = 0;
  std::string out_arg;     // --out as given; empty when defaulted
  std::string out_dir;     // resolved
  std::string run_name;
  std::string date;                     // YYYYMMDD (UTC): names the run, derives the exploration seed
  std::optional<uint64_t> explore_seed;  // --explore
  unsigned jobs = 1;
  bool fork_workers = true;       // worker processes; false with --no-fork (threads of this process)
  double deadline_seconds = 0;    // --deadline (0 with --no-fork: a thread cannot be stopped)
  bool resume = false;
  nightly::Shard shard;
  bool bazel_sharding = false;
  std::vector<std::string> only;  // --shader
  std::vector<std::string> checks;  // --check (empty: every target/build)
  ExpectationFile baseline, flakes, exemptions;
  bool update_baseline = false;
  uint64_t stop_after = 0;        // --stop-after (0: never)
  double explain_budget = 10;     // --explain-budget: seconds per regression / finding (0: off)
  double explain_cap = 600;       // --explain-cap: seconds of the whole explain phase
};

// "60", "0.5": a --deadline value as the flag takes it.
std::string FormatDeadline(double seconds);

// The flags that give a rerun of one shader the results this run gave it:
// " --corpus C --seed S --vectors V --lanes L --budget B", plus
// " --mesa-programs DIR" when that was given (the default folder follows
// --corpus by itself). Parsing them back gives the same settings.
std::string ResultFlags(const NightlyConfig& c);

// Parses and validates `args`. Returns true to run; false to exit with
// *exit_code (0 after --help, 2 after printing a bad-flag message). `now`
// is the clock the default date is read from.
bool ParseNightlyOptions(const std::vector<std::string>& args, NightlyConfig* config, int* exit_code,
                         std::chrono::system_clock::time_point now = std::chrono::system_clock::now());

// "20261121": the UTC date of `t`.
std::string UtcDate(std::chrono::system_clock::time_point t);

// Whether `date` is YYYYMMDD of a real day from 1970 to 9999.
bool ValidDate(const std::string& date);

// The exploration seed of a night: SplitMix64's first output for the seed
// YYYYMMDD (as a number) xor 0x6578706c6f726521 ("explore!").
uint64_t ExploreSeedForDate(const std::string& date);

}  // namespace shaderdiff::cli
