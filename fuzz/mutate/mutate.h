// fuzz/mutate: transformations of TGSI shaders (README.md).
//
// Two kinds:
// - semantics-preserving (metamorphic, GraphicsFuzz / spirv-fuzz style):
//   the transformed shader's outputs on a vector must lie in the
//   ORIGINAL's allowed sets, in the reference interpreter and in every
//   build (tools/fuzz/metamorphic.h is that oracle). Each transform is
//   exact about where it preserves the reference's sets (kPreservingInfo
//   and README.md): identities only on results of float arithmetic, never
//   on raw words (x*1 of a signalling NaN or a denormal input changes the
//   word), x+0 only as x + -0 (x + +0 turns -0 into +0);
// - semantics-changing (operand swaps, new swizzles and write masks, donor
//   splicing): a new program, checked differentially as any other.
//
// Invariants: Mutate depends only on (shader, transform, seed, donor); its
// result, when there is one, passed the front door (printed, parsed and
// validated again); nullopt means the transform found no site in this
// shader (or the edit did not validate), never a partial edit.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/tgsi/ast.h"

namespace shaderdiff::fuzz {

enum class Transform : uint8_t {
  // Semantics-preserving.
  kDeadBranchImmediate,  // UIF IMM(0) { clobber a live register } ENDIF
  kDeadBranchCompare,    // USNE t, v, v; UIF t { clobber } ENDIF
  kDeadBranchUniform,    // UIF CONST[0][new] { clobber } ENDIF, the new uniform 0 in the oracle's vectors
  kIfTrue,               // an instruction moved into UIF IMM(1.0) ... ENDIF
  kLoopOnce,             // an instruction moved into BGNLOOP ... BRK ENDLOOP
  kSwizzleRoundTrip,     // MOV t, r.p; read t.p^-1 where r was read
  kSplitTemporary,       // op t, ...; MOV d, t where op d, ... was
  kJoinTemporaries,      // TEMP b renamed to TEMP a, their live ranges apart
  kIdentityMulOne,       // after float arithmetic into d: MUL d, d, 1.0
  kIdentityAddNegZero,   // after float arithmetic into d: ADD d, d, -0.0
  // Semantics-changing.
  kSwapOperands,
  kNewSwizzle,
  kNewWriteMask,
  kDonorSplice,
  kCount,
};

std::string_view TransformName(Transform t);
std::optional<Transform> TransformByName(std::string_view name);
bool PreservesSemantics(Transform t);
std::vector<Transform> PreservingTransforms();
std::vector<Transform> ChangingTransforms();

// The transform applied once at a site drawn from `seed`. `donor` is
// needed by kDonorSplice only (another shader to take an instruction from).
// `text`, if given, gets the result's printed text (reduce::Revalidate's:
// the result was read back from it), so a caller need not print it again.
std::optional<tgsi::Shader> Mutate(const tgsi::Shader& shader, Transform t, uint64_t seed,
                                   const tgsi::Shader* donor = nullptr, std::string* text = nullptr);

// Test-only: the wrong versions the oracle must catch (README.md):
// x + +0.0 (wrong for -0), a "dead" branch whose condition is true, a
// uniform one on a uniform that is not 0, and a join of overlapping TEMPs.
std::optional<tgsi::Shader> WrongAddPosZero(const tgsi::Shader& shader, uint64_t seed);
std::optional<tgsi::Shader> WrongLiveBranch(const tgsi::Shader& shader, uint64_t seed);
// The uniform dead branch on a CONST the shader already declares (which the
// vector draws, so the branch is mostly taken): what a transform that
// forgot to give the vector its 0 amounts to.
std::optional<tgsi::Shader> WrongUniformBranch(const tgsi::Shader& shader, uint64_t seed);
// Two TEMPs joined while the first is still read after the second's first write.
std::optional<tgsi::Shader> WrongJoinTemporaries(const tgsi::Shader& shader, uint64_t seed);

}  // namespace shaderdiff::fuzz
