/* The mutation score: the default nightly engine, run once per compiler
   mutant (compiler/support/mutants.def), counts how many planted compiler
   bugs one nightly catches.

   A run is exactly a nightly's: nightly::RunSelected over the selected
   shaders with the caller's ShaderRunOptions (the nightly's reference
   settings and check plans), the entries assembled into report.json
   (nightly::BuildReport) and classified against the baseline and flakes
   (report::Classify). First the clean compiler runs, then each mutant in
   turn, activated process-wide while no worker runs. A mutant is caught
   when its run has a regression the clean run does not have ("any
   non-baseline failure of a check"); the verdicts of those regressions say
   what caught it (a compile-error names the failing pass or checker).

   Beside each run, both builds of every selected shader are compiled with
   and without the mutant and compared (status, detail, state and encoded
   instructions): `changed` counts the shaders whose program the mutant
   altered, so an escape with changed == 0 means no selected shader has the
   shape the bug needs.

   Invariants: the clean run comes first and every mutant is compared with
   it, never with another mutant; the active mutant is none again when
   RunMutationScore returns; a run interrupted by SIGINT/SIGTERM (RunSelected
   stops) ends the score early with `interrupted` set, keeping the finished
   mutants. Reproduction commands name the test-only binary and the mutant
   (`<program> --mutant NAME emulate ...`), so they reproduce the failure. */
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "compiler/support/mutant.h"
#include "tools/harness/corpus.h"
#include "tools/nightly/report_json.h"
#include "tools/nightly/shader_run.h"
#include "tools/report/baseline.h"

namespace shaderdiff::mutants {

// A regression of a mutant run: one check that fails where the clean run
// did not.
struct Record {
  std::string file, config, verdict, detail, reproduce;
};

struct MutantRun {
  const compiler::MutantInfo* mutant = nullptr;  // nullptr: the clean compiler
  // Per check config ("a3xx/opt"): shaders per verdict.
  std::map<std::string, std::map<std::string, uint64_t>> verdicts;
  // Per check config: shaders whose compile outcome or program differs from
  // the clean compiler's (always 0 for the clean run).
  std::map<std::string, uint64_t> changed;
  // Per check config: the first max_records of those shaders (corpus names).
  std::map<std::string, std::vector<std::string>> changed_files;
  uint64_t regressions = 0;      // regressions against the baseline, all of them
  uint64_t new_regressions = 0;  // those the clean run does not have
  // What caught it: "<config> <verdict>" (compile-error: "<config>
  // compile-error: <pass or checker>") -> new regressions.
  std::map<std::string, uint64_t> caught_by;
  std::vector<Record> records;  // the first max_records new regressions, report order
  nlohmann::json report;        // the run's report.json, without the "run" object
  double seconds = 0;           // wall time of the run (compiles for `changed` included)
  bool caught() const { return new_regressions > 0; }
};

struct ScoreRequest {
  const harness::Corpus* corpus = nullptr;
  std::string corpus_arg;       // the corpus folder as given, for reproduction commands
  std::vector<size_t> selected;  // corpus indices, increasing
  nightly::ReportHeader header;  // every run's report header; settings get "mutant"
  nightly::ShaderRunOptions shader_options;  // reproduce is set per run
  unsigned jobs = 1;
  bool fork_workers = true;      // the nightly's worker processes (--no-fork: threads)
  double deadline_seconds = 0;   // per stage, worker processes only (--deadline); 0: none
  report::Baseline baseline;
  std::optional<report::Baseline> flakes;
  std::vector<const compiler::MutantInfo*> mutants;
  std::string program = "shaderdiff_mutants";  // how reproduction commands invoke this binary
  size_t max_records = 10;
  std::function<void(const MutantRun&)> on_run;  // after each run (clean first), e.g. progress
};

struct ScoreResult {
  MutantRun clean;
  std::vector<MutantRun> mutants;  // in request order; fewer when interrupted
  bool interrupted = false;
  size_t caught() const;
};

ScoreResult RunMutationScore(const ScoreRequest& request);

// The score as JSON (the `mutants --json` output; tools/mutants/README.md).
nlohmann::json ScoreJson(const ScoreRequest& request, const ScoreResult& result);

}  // namespace shaderdiff::mutants
