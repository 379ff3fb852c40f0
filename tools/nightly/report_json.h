/* Assembling report.json (schema 2, reports/README.md) from shader entries.

   The report is a pure function of its header and the shader entries in
   corpus order: the summary is recomputed from the entries, so a run, a
   resumed run and a merge of shard reports that hold the same entries give
   the same bytes. Everything that varies from run to run (git revision,
   timestamps, wall time, throughput, jobs) lives in the top-level "run"
   object, which the determinism contract excludes (StripRun).

   Invariants: BuildReport output is deterministic (nlohmann's object keys
   are sorted); "shard" appears only for a proper shard (fraction > 1) and
   "only" only when --shader restricted the run; "complete" is false exactly
   when some selected shader has no entry. */
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tools/nightly/shard.h"

namespace shaderdiff::nightly {

inline constexpr int kReportSchema = 2;
// The oldest schema ParseHeader (merge) reads: schema 2 only added keys.
inline constexpr int kOldestReportSchema = 1;

struct ReportHeader {
  uint64_t seed = 0;
  std::string corpus_path;    // as given on the command line
  std::string corpus_hash;    // 16 hex digits over the whole corpus
  uint64_t corpus_shaders = 0;  // shaders in the whole corpus (not only this shard)
  nlohmann::json settings;    // everything else the results depend on
  Shard shard;
  std::vector<std::string> only;  // --shader selection (empty: every shader of the shard)
};

// What the shader entries depend on: seed, corpus hash and settings (the
// journal's header; merge requires it to agree across shards).
nlohmann::json RunIdentity(const ReportHeader& header);

// The "summary" object: verdict counts of the reference and of every check,
// the component / instruction totals, flagged components by reason, branch
// sites and those that went both ways, and the output components of the
// shaders with relative addressing with how many were index-out-of-range;
// with exploration (entries with "explore"), also "explore": the number of
// findings and the branch coverage of stable + exploration vectors; with
// explanations (schema 2), "explanations": their count per status.
nlohmann::json Summarize(const std::vector<nlohmann::json>& shaders);

// The report without its "run" object. `shaders` in corpus order.
nlohmann::json BuildReport(const ReportHeader& header, const std::vector<nlohmann::json>& shaders, bool complete);

// Reads the header back from a report (for merge). Returns false with
// *error naming the key on a malformed report.
bool ParseHeader(const nlohmann::json& report, ReportHeader* header, std::string* error);

// The report text as written: 1-space indented JSON and a final newline.
std::string ReportText(const nlohmann::json& report);

// A copy without the "run" object: what must be byte-identical across
// reruns, job counts, resumes and merges.
nlohmann::json StripRun(const nlohmann::json& report);

}  // namespace shaderdiff::nightly
