/* One campaign program through every oracle (what a worker process runs):
   the reference interpreter on its seeded vectors, the naive and the
   optimizing a3xx build against them (the three-way differential check of
   harness::CheckShaderAgainst / CheckProgram), and, for a program made by
   a semantics-preserving transform, the metamorphic oracle against the
   program it came from (fuzz/mutate/metamorphic_oracle.h: then every
   vector is drawn from that original, so both oracles share one emulation
   per build and vector). On r500 (base.target) both r500 builds run the
   same way; its coverage features are also the TGSI opcode pairs it
   translated ("tgsi-pair:MUL>ADD"). A target without an optimizing build
   (harness::HasOptimizingBuild) runs its naive build only, with no
   build-mismatch check.

   The result (JSON, one line between processes):
     {"id", "verdicts": {"reference", "a3xx/naive", "a3xx/opt"}, "unsupported"?,
      "failures": [{"config", "verdict", "signature", "detail",
                    "vector": <vector JSON>}],
      "features": ["rewrite:copy-prop/copy-prop-mad-swap", "pair:mad.f32>add.f",
                   "sync:(ss):mul.f", "hazard:alu-delay", ...]}
   A failure is a check that fails (nightly::IsFailure: not pass,
   unsupported or untested) with its reduce::FailureSignature text, or a
   metamorphic difference (config "metamorphic/<executor>", verdict
   "metamorphic"). A program the naive build refuses also has
   "unsupported": <detail> (the campaign counts them by reason). Coverage
   features (a3xx): the optimizing build's rewrites that
   fired (compiler/support/debug_counter.h, "pass/rewrite"), the opcode
   pairs adjacent in its scheduled program, the sync flags it carries per
   opcode, and the emulator's hazard kinds and stalls it ran into.

   Invariants: a pure function of (program, options): no state carries over
   between programs, so any worker may run any program. */
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "compiler/tgsi/ast.h"
#include "fuzz/mutate/mutate.h"
#include "tools/harness/check.h"

namespace shaderdiff::fuzz {

struct FuzzProgram {
  uint64_t id = 0;
  std::string text;           // canonical TGSI
  std::string origin;         // how it was made, for the report
  bool preserving = false;    // made by a semantics-preserving transform of original_text
  std::string original_text;
  // The trees the maker already holds (no re-parse in the worker): the
  // generator's, or the mutation's (already read back from `text`), and the
  // parent's. Null: EvaluateProgram parses the text. A tree given here must
  // be what the front door makes of the text, up to source locations
  // (program_eval_test checks the generator's: the same result JSON).
  std::shared_ptr<const tgsi::Shader> shader, original_shader;
  // A mutation's transform and seed: Mutate(original, *transform,
  // mutation_seed, donor) made it (a metamorphic finding is reduced as the
  // pair: finding_reduce.h).
  std::optional<Transform> transform;
  uint64_t mutation_seed = 0;
};

// `known`: coverage features the caller already has; they are left out of
// "features" (a campaign worker passes the campaign's coverage as of its
// fork, so a result carries only what may be new: most programs add
// nothing, and the pipe and the parent's JSON parse stay small).
nlohmann::json EvaluateProgram(const FuzzProgram& program, const harness::CheckOptions& base,
                               const std::set<std::string>* known = nullptr);

}  // namespace shaderdiff::fuzz
