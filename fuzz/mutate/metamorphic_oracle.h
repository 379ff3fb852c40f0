// The metamorphic oracle: a semantics-preserving transform (mutate.h) must
// not change what the shader computes. On the ORIGINAL's seeded vectors
// (harness::RunReference, the same ones the differential check draws):
//   reference  the interpreter's result for the transformed shader lies in
//              the original's allowed sets (harness::CompareResults with
//              the original's result as the reference);
//   each build the build's result for the transformed shader lies in the
//              original's allowed sets.
// So a difference is found even where the reference itself is wrong in the
// same way as a build (the second oracle of issue 13): the original's sets
// are computed from different code. Vectors on which the original's or the
// transformed shader's interpreter run does not finish (timeout, error) are
// skipped, as the differential check skips them.
//
// Invariants: depends only on (original, transformed, options); compares
// only components the original's reference defines; a build that does not
// compile (or a vector it does not run) is not a metamorphic difference:
// the differential check of the transformed shader reports it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "compiler/tgsi/ast.h"
#include "tools/harness/check.h"

namespace shaderdiff::fuzz {

// The original's reference runs and the transformed shader's on the same vectors.
struct PairRuns {
  std::vector<harness::ReferenceRun> original, transformed;  // index-aligned
};

// The uniforms a transform adds (dead-branch-uniform): every CONST the
// transformed shader declares and the original does not is set to 0 (all
// four words) in `vector`. The executors read a missing constant as 0 too,
// but the vector carries it explicitly, so the vector.json a finding writes
// gives it to any later `check` or `emulate` of the case (which would
// otherwise draw it at random).
void ZeroNewUniforms(const tgsi::Shader& original, const tgsi::Shader& transformed, common::TestVector* vector);

// Draws the original's vectors (options: vectors, lanes, seed, budget) and
// runs both shaders on them, the transformed one on those vectors with
// ZeroNewUniforms (pair.transformed[i].vector). False with *error if no
// vector can be drawn.
bool RunPairReference(const tgsi::Shader& original, uint64_t original_hash, const tgsi::Shader& transformed,
                      const harness::CheckOptions& options, PairRuns* pair, std::string* error);

// The pair on one given vector instead of the seeded ones (a reduction's
// candidate vector): the original's run on `vector`, the transformed
// shader's on `vector` with ZeroNewUniforms; the choice is left default.
PairRuns RunPairReferenceOn(const tgsi::Shader& original, const tgsi::Shader& transformed,
                            const common::TestVector& vector, const harness::CheckOptions& options);

struct MetamorphicDifference {
  std::string executor;  // "reference", "a3xx/naive", "a3xx/opt"
  harness::VectorChoice vector;
  harness::Mismatch mismatch;  // expected: the original's word; allowed: its set
  std::string ToString() const;
  // The finding's signature: "metamorphic <executor> OUT[i].c" (.x for a killed lane).
  std::string Signature() const;
};

// The reference's side of the oracle.
std::optional<MetamorphicDifference> CompareReferencePair(const PairRuns& pair);

// A build's side: `results` are the build's results for the transformed
// shader on the pair's vectors (CheckShaderAgainst's `keep`).
std::optional<MetamorphicDifference> CompareBuildPair(const PairRuns& pair, const harness::BuildResults& results,
                                                      const std::string& executor);

struct MetamorphicOutcome {
  std::optional<MetamorphicDifference> difference;  // the first one (reference, then naive, then opt)
  uint32_t vectors_compared = 0;  // vectors both interpreter runs finished
  std::string error;              // no vector could be drawn
};

// Everything above for the a3xx builds of `options.target` (each compiled
// and emulated on the pair's vectors): what tests and the campaign call.
MetamorphicOutcome CheckMetamorphic(const tgsi::Shader& original, uint64_t original_hash,
                                    const tgsi::Shader& transformed, const harness::CheckOptions& options);

// The same on pair runs the caller made (RunPairReferenceOn): reference,
// then each a3xx build compiled and emulated on the pair's vectors.
MetamorphicOutcome CheckMetamorphicRuns(const tgsi::Shader& transformed, const PairRuns& pair,
                                        const harness::CheckOptions& options);

}  // namespace shaderdiff::fuzz
