/* One corpus shader through the nightly's pipeline, as one report entry,
   in stages.

   The stages, in order: "reference" (parse, print back, where the canonical
   printer must reproduce the file, and the TGSI reference interpreter on
   the seeded vectors of harness::RunReference), then one per configured
   target/build (DefaultPlans: "a3xx/naive", "a3xx/opt", "a3xx/mesa",
   "r500/naive"), each checked against those same
   reference runs (harness::CheckShaderAgainst), so the interpreter runs each
   vector once however many builds are checked; then, with explore_seed,
   the exploration. RunStages reports each stage's result as soon as it is
   ready (the worker processes stream them to the parent, which so knows
   the stage in flight when a worker dies: the first without a result);
   RunShader runs every stage here and assembles the entry.

   The entry (the report's shaders[i] object, reports/README.md):
     {"file", "hash", "stage", "verdict", "detail"?, "reproduce"?, "components",
      "undefined", "inexact", "reasons"?: {code: components}, "instructions_executed",
      "timeouts"?: {"count", "vectors": [index, ...], "reproduce"},
      "branches"?: {"total", "both_ways"}, "relative_addressing"?: true,
      "checks"?: {"a3xx/naive": {...}, ...}}
   where verdict is the reference's: pass | parse-error | invalid (parsed
   but refused by the front door, tgsi::ValidateShader; no check runs) |
   print-mismatch | unsupported | error | untested, or crash / timeout when
   the reference stage crashed or overran its deadline in a worker
   (FailedReference). A
   vector on which the interpreter exhausts its budget is that vector's
   outcome (the shader loops forever on it): listed in "timeouts" and
   skipped by every check, never a failure; only a shader whose every vector
   timed out is untested. "branches" counts the shader's branch sites
   (emulator/tgsi/coverage.h) and those that went both ways over all vectors
   and lanes of the reference runs.

   Exploration (explore_seed): after the stable entry is complete, the same
   number of vectors drawn from the exploration seed run through the
   interpreter and every check. The entry gains
     "explore": {"branches": {"total", "both_ways"}  (stable + exploration),
                 "timeouts"?: count, "findings": [{"config", "verdict",
                 "detail", "reproduce"?, ...statistics}, ...]}
   where a finding is an exploration failure (IsFailure, or an interpreter
   error) of a check that did not fail with the stable vectors (the
   assembly, ShaderRun::Add, decides that against the stable entry), or a
   crash or timeout of the exploration in a worker. Nothing outside
   "explore" depends on the exploration: a stable-seed entry is the same
   with or without it.

   Invariants: RunStages is a pure function of (entry, options,
   first_check): no shared mutable state, so shaders may run on any thread
   or process in any order and the entry is the same. A check depends on
   the reference runs and, for an optimizing build, on the naive build's
   results of the same target when that check ran earlier in the same call
   (the three-way comparison); nothing else carries over between checks.
   Unsupported is never a pass; not-applicable (the target's hardware has
   no such stage) is neither a pass nor a failure. */
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

// The stage name of the reference run (and the report's pseudo-check of it).
inline constexpr const char* kReferenceStage = "reference";

// A check the nightly runs on every shader: its report key and options.
struct CheckPlan {
  std::string config;  // "a3xx/naive": the report's check key and the check's stage name
  harness::CheckOptions options;
  // Build kMesa: the folder of ir3 variant dumps, DIR/<shader hash>.txt
  // (tools/ir3_dump); a shader without one is untested ("no Mesa program").
  std::string mesa_programs;
};

// Every target/build a default nightly runs, each once and with `base`'s
// vectors, lanes, seed and budgets, in this order: a3xx/naive, a3xx/opt,
// a3xx/mesa (only with a `mesa_programs` folder: the programs Mesa's ir3
// built, DIR/<shader hash>.txt, checked against the reference, the naive
// build's results annotating its mismatches), r500/naive (the naive
// translator's fragment programs on the R500 emulator; hazards always trap
// there), r500/opt (r500's optimizing build, three-way). Each target's naive build comes before its optimizing build (the
// three-way comparison reads the naive results), so r500/naive precedes
// r500/opt; a vertex shader's r500 check is
// not-applicable ("the r500 target is the fragment processor"). The
// nightly, `--check` and the mutation score (tools/mutants) all start
// from this list.
std::vector<CheckPlan> DefaultPlans(const harness::CheckOptions& base, const std::string& mesa_programs = "");

using ReproduceFn = std::function<std::string(const harness::CorpusEntry&, const harness::CheckOptions&,
                                              const harness::CheckOutcome&)>;

// How a rerun of one shader is to run: in this process (a crash then ends
// the rerun with the same signal, for a debugger), or in a worker process
// under the same deadline (to see a timeout again).
enum class RerunMode : uint8_t { kInProcess, kWorker };

// A rerun of one shader: its reference stage, then the checks named (their
// configs, in plan order; empty: all), and the exploration if `explore`.
struct Rerun {
  std::vector<std::string> checks;
  bool explore = false;
  RerunMode mode = RerunMode::kInProcess;
};
using RerunFn = std::function<std::string(const harness::CorpusEntry&, const Rerun&)>;

struct ShaderRunOptions {
  harness::CheckOptions reference;  // vectors, lanes, seed and interpreter budget of the reference runs
  std::vector<CheckPlan> checks;
  ReproduceFn reproduce;            // the command recorded for a failing check
  std::string corpus = "corpus";    // --corpus as given: the prefix of files in recorded commands
  // --explore: a second seed's vectors on top of `reference.seed`'s (see above).
  std::optional<uint64_t> explore_seed;
  RerunFn rerun = nullptr;          // the command recorded for a crashed or overrun stage (null: none)
  // Test-only: called as each stage begins ("reference", a check's config,
  // "explore" for the exploration's reference runs, "explore/<config>" for
  // its checks). Only test binaries set it (tools/shaderdiff:crash_injection)
  // to crash or hang a stage on purpose; the shipped binary never does.
  std::function<void(const harness::CorpusEntry&, const std::string& stage)> stage_hook = nullptr;
};

// The stage name of the exploration.
inline constexpr const char* kExploreStage = "explore";

// The reference stage's result: the entry without "checks".
struct ReferencePart {
  nlohmann::json entry;
  bool checks_follow = false;    // false: the shader does not parse or no vector can be drawn, so no check runs
  uint64_t vectors = 0;          // vectors run through the interpreter (for throughput)
  double seconds = 0;            // parse + interpreter runs
  uint64_t lane_instructions = 0;
};

// One check stage's result.
struct CheckPart {
  std::string config;
  nlohmann::json check;  // the entry's checks[config]
  double seconds = 0;    // compile + emulate + compare
};

// The exploration's reference runs: its "explore" object so far, and the
// interpreter's own failure as a finding candidate.
struct ExploreReferencePart {
  nlohmann::json explore;              // {"branches", "timeouts"?}
  nlohmann::json finding;              // {"config": "reference", "verdict", "detail"}, or null
  bool checks_follow = false;          // false: no vector could be drawn, so no exploration check runs
  uint64_t vectors = 0;
  double seconds = 0;
};

// One check of the exploration: its failure as a finding candidate, or null.
struct ExploreCheckPart {
  std::string config;
  nlohmann::json finding;
  double seconds = 0;
};

class StageListener {
 public:
  virtual ~StageListener() = default;
  virtual void Reference(ReferencePart part) = 0;
  virtual void Check(CheckPart part) = 0;
  virtual void ExploreReference(ExploreReferencePart part) = 0;
  virtual void ExploreCheck(ExploreCheckPart part) = 0;
};

// Runs the reference stage, then options.checks[first_check..] when the
// reference lets checks run, then the exploration (with explore_seed). With
// first_check > 0 (a shader continued after a stage failed in another
// worker) the reference is computed again, and reported again, since the
// checks need its runs.
void RunStages(const harness::CorpusEntry& entry, const ShaderRunOptions& options, size_t first_check,
               StageListener& listener);

struct ShaderRun {
  nlohmann::json shader;           // the report entry
  bool have_reference = false;
  uint64_t reference_vectors = 0;  // vectors run through the interpreter (for throughput)
  // Where the time went (for the report's `run` object; never in the entry):
  double reference_seconds = 0;    // parse + interpreter runs
  uint64_t reference_lane_instructions = 0;
  std::map<std::string, double> check_seconds;  // per config: compile + emulate + compare

  // The first reference part counts; a repeat (from a continuation) is ignored.
  void Add(ReferencePart part);
  void Add(CheckPart part);
  // Findings are kept only where the stable entry (complete by then) did not fail.
  void Add(ExploreReferencePart part);
  void Add(ExploreCheckPart part);
  // A finding of the exploration that needs no comparison with the stable
  // entry: the exploration crashed or overran its deadline.
  void AddFinding(nlohmann::json finding);
};

// Every stage in this thread, assembled (RunStages with ShaderRun::Add);
// first_check > 0 gives the entry of a shader continued there.
ShaderRun RunShader(const harness::CorpusEntry& entry, const ShaderRunOptions& options, size_t first_check = 0);

// The results of a stage that did not finish: a worker died in it
// ("crash") or overran the deadline ("timeout"). `reproduce` reruns it.
ReferencePart FailedReference(const harness::CorpusEntry& entry, const std::string& verdict,
                              const std::string& detail, const std::string& reproduce);
CheckPart FailedCheck(const std::string& config, const std::string& verdict, const std::string& detail,
                      const std::string& reproduce);

// Whether a check verdict fails a check (everything but pass, unsupported, untested and not-applicable).
bool IsFailure(harness::Verdict verdict);

}  // namespace shaderdiff::nightly
