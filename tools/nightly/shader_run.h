/* One corpus shader through the nightly's pipeline, as one report entry.

   The shader is parsed, printed back (the canonical printer must reproduce
   the file), run on the TGSI reference interpreter with the seeded vectors
   of harness::RunReference, and then checked for every configured
   target/build against those same reference runs (harness::CheckShaderAgainst),
   so the interpreter runs each vector once however many builds are checked.

   The entry (the report's shaders[i] object, reports/README.md):
     {"file", "hash", "stage", "verdict", "detail"?, "components", "undefined",
      "inexact", "reasons"?: {code: components}, "instructions_executed",
      "timeouts"?: {"count", "vectors": [index, ...], "reproduce"},
      "branches"?: {"total", "both_ways"}, "relative_addressing"?: true,
      "checks"?: {"a3xx/naive": {...}, ...}}
   where verdict is the reference's: pass | parse-error | print-mismatch |
   unsupported | error | untested. A vector on which the interpreter
   exhausts its budget is that vector's outcome (the shader loops forever on
   it): listed in "timeouts" and skipped by every check, never a failure;
   only a shader whose every vector timed out is untested. "branches" counts
   the shader's branch sites (emulator/tgsi/coverage.h) and those that went
   both ways over all vectors and lanes of the reference runs.

   Exploration (explore_seed): after the stable entry is complete, the same
   number of vectors drawn from the exploration seed run through the
   interpreter and every check. The entry gains
     "explore": {"branches": {"total", "both_ways"}  (stable + exploration),
                 "timeouts"?: count, "findings": [{"config", "verdict",
                 "detail", "reproduce"?, ...statistics}, ...]}
   where a finding is an exploration failure (IsFailure, or an interpreter
   error) of a check that did not fail with the stable vectors. Nothing
   outside "explore" depends on the exploration: a stable-seed entry is the
   same with or without it.

   Invariants: RunShader is a pure function of (entry, options): no shared
   mutable state, so shaders may run on any thread in any order and the
   entry is the same. Unsupported is never a pass. */
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tools/harness/check.h"
#include "tools/harness/corpus.h"

namespace shaderdiff::nightly {

// A check the nightly runs on every shader: its report key and options.
struct CheckPlan {
  std::string config;  // "a3xx/naive": the report's check key
  harness::CheckOptions options;
};

// The target/builds of a default nightly, each with `base`'s vectors, lanes,
// seed and budgets.
std::vector<CheckPlan> DefaultPlans(const harness::CheckOptions& base);

using ReproduceFn = std::function<std::string(const harness::CorpusEntry&, const harness::CheckOptions&,
                                              const harness::CheckOutcome&)>;

struct ShaderRunOptions {
  harness::CheckOptions reference;  // vectors, lanes, seed and interpreter budget of the reference runs
  std::vector<CheckPlan> checks;
  ReproduceFn reproduce;            // the command recorded for a failing check
  std::string corpus = "corpus";    // --corpus as given: the prefix of files in recorded commands
  // --explore: a second seed's vectors on top of `reference.seed`'s (see above).
  std::optional<uint64_t> explore_seed;
};

struct ShaderRun {
  nlohmann::json shader;           // the report entry
  uint64_t reference_vectors = 0;  // vectors run through the interpreter (for throughput)
  // Where the time went (for the report's `run` object; never in the entry):
  double reference_seconds = 0;    // parse + interpreter runs
  uint64_t reference_lane_instructions = 0;
  std::map<std::string, double> check_seconds;  // per config: compile + emulate + compare
};

ShaderRun RunShader(const harness::CorpusEntry& entry, const ShaderRunOptions& options);

// Whether a check verdict fails a check (everything but pass, unsupported and untested).
bool IsFailure(harness::Verdict verdict);

}  // namespace shaderdiff::nightly
