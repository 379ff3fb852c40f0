/* The nightly's explain phase (`--explain-budget`): after the shaders have
   run and the report is classified, every regression and every --explore
   finding is reduced, bisected and explained (tools/explain/
   case_explanation.h), and the "explanation" object is added to its check
   record (report.json schema 2, reports/README.md). The reduced case's
   files go to RUN/explain/<test>/ (reduced.tgsi, vector.json, repro.sh,
   reduce.json).

   Each case runs in a forked child (nightly/forked_tasks.h), --jobs at a
   time, killed after twice its budget plus 10 s: a crash or a hang of
   reduce, bisect or explain is that case's explanation ("crash",
   "timeout"), never the end of the run. Cases that cannot be explained get
   an object saying why, without a child: a budget of 0 ("off"), the
   reference interpreter's own verdicts, crashes and Skips ("skipped").
   After `cap_seconds` of the phase no new case starts ("skipped",
   budget_exhausted "run-cap"). SIGINT/SIGTERM: the first lets the cases
   in flight finish, the second kills them; either way the rest are
   "interrupted" and the report is written with what is done.

   Invariants: records that are not regressions or findings are untouched,
   so a run with neither has the report of a run without this phase; every
   regression and finding gets exactly one explanation object; a case's
   object depends only on the case and the budget, unless a time limit
   fired (it says so: budget_exhausted "time" / "run-cap", status
   "timeout" / "interrupted"). */
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tools/harness/corpus.h"
#include "tools/nightly/shader_run.h"
#include "tools/report/classify.h"

namespace shaderdiff::cli {

struct ExplainPhaseConfig {
  double budget_seconds = 10;  // per case; 0: explaining is off
  double cap_seconds = 600;    // the whole phase
  unsigned jobs = 1;
  std::string program;         // how repro.sh invokes shaderdiff
  std::filesystem::path run_dir;
  std::optional<uint64_t> explore_seed;
};

struct ExplainPhaseOutcome {
  size_t cases = 0;      // regressions and findings that got an object
  size_t run = 0;        // of them, explained in a child
  int stop_signal = 0;   // SIGINT / SIGTERM when interrupted
  double seconds = 0;
  std::map<std::string, double> case_seconds;  // test name -> seconds of its child
  std::map<std::string, size_t> statuses;      // status -> cases
};

// Adds the explanations to `report` (its shader entries and summary).
ExplainPhaseOutcome ExplainRegressions(nlohmann::json* report, const report::Classification& classification,
                                       const report::Report& parsed, const harness::Corpus& corpus,
                                       const std::vector<nightly::CheckPlan>& plans, const ExplainPhaseConfig& config);

// The run object's "explain" entry.
nlohmann::json ExplainRunObject(const ExplainPhaseOutcome& outcome);

}  // namespace shaderdiff::cli
