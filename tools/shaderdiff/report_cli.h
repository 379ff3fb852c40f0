// Report plumbing shared by `shaderdiff report`, `nightly` and `merge`:
// loading the expectations (baseline, flakes, exemptions) with messages that
// name the file and line, printing a classification, and writing a run
// folder's outputs (report.json, index.html, junit.xml) from report.json.
//
// Invariants: every output is written atomically (WriteAtomically); the
// HTML and JUnit files are rendered from the report.json text just written,
// never from in-memory state, so they always agree with it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tools/report/baseline.h"
#include "tools/report/classify.h"
#include "tools/report/exemptions.h"
#include "tools/report/report_model.h"

namespace shaderdiff::cli {

// Reads a name,Status file; prints every bad line.
bool LoadBaseline(const std::string& path, report::Baseline* baseline);

// Reads and validates an exemptions file; prints every problem.
bool LoadExemptions(const std::string& path, std::vector<report::Exemption>* exemptions);

// Warns (stderr) about each exemption that no failing check of `run` uses.
void PrintStaleExemptions(const std::string& path, const std::vector<report::Exemption>& exemptions,
                          const report::Report& run);

// The one-line outcome counts ("report: N checks: ...").
void PrintClassificationSummary(const report::Classification& c);

// The regressions (at most `limit`) with detail and reproduction command.
void PrintRegressions(const report::Classification& c, size_t limit);

// The fixes (at most `limit`): checks that pass although the baseline lists them.
void PrintFixes(const report::Classification& c, size_t limit);

// The baseline, flakes and exemptions a run is classified against. A file
// that was named explicitly must exist; a default one may be absent.
struct ExpectationFile {
  std::string path;       // empty: none
  bool required = false;  // given on the command line
};

struct Expectations {
  std::string baseline_path;  // empty when there is none
  report::Baseline baseline;
  std::optional<report::Baseline> flakes;
  std::string exemptions_path;
  std::optional<std::vector<report::Exemption>> exemptions;
};

// The nightly's default vectors per shader: the configuration
// CORPUS/baseline.csv is for.
constexpr uint32_t kDefaultNightlyVectors = 16;

// The default baseline of a run over `vectors` vectors per shader of
// CORPUS. Each vector count is a configuration of its own, as each
// deqp-runner configuration has its own baseline: more vectors reach
// failures that fewer do not. So any count but the default has
// CORPUS/baseline-vectorsN.csv. For reading, a missing one falls back to
// CORPUS/baseline.csv; for writing (--update-baseline) it never does, so a
// 64-vector run cannot overwrite the default run's baseline.
std::string DefaultBaselinePath(const std::string& corpus, uint32_t vectors, bool for_writing);

// Loads and validates them; prints what is wrong and returns false.
bool LoadExpectations(const ExpectationFile& baseline, const ExpectationFile& flakes,
                      const ExpectationFile& exemptions, Expectations* out);

// Writes `report_json` as DIR/report.json, then DIR/index.html and
// DIR/junit.xml rendered from it, classified against `expectations`.
// Returns the classification, or nullopt (after printing why) on failure.
std::optional<report::Classification> WriteRunOutputs(const std::filesystem::path& dir,
                                                      const nlohmann::json& report_json,
                                                      const Expectations& expectations, const std::string& run_label,
                                                      report::Report* parsed = nullptr);

// Writes the baseline that makes `run` clean (entries of tests not in the
// run are kept) to `path`, and prints how many entries it has.
bool WriteUpdatedBaseline(const std::string& path, const report::Report& run, const report::Baseline& old);

}  // namespace shaderdiff::cli
