// The transforms behind Mutate (mutate.h), one function each, taking the
// drawn randomness. They return the edited tree (not yet revalidated:
// Mutate reads it back through the front door) or nullopt when the shader
// has no site for them.
#pragma once

#include <optional>

#include "compiler/tgsi/ast.h"
#include "tools/harness/rng.h"

namespace shaderdiff::fuzz::transforms {

using MaybeShader = std::optional<tgsi::Shader>;

// metamorphic.cc
MaybeShader DeadBranch(const tgsi::Shader& s, harness::Rng& rng, bool computed_condition, bool wrongly_live);
// `wrong_existing`: test-only, the condition reads a CONST the shader
// already declares (drawn by the vector, so mostly not 0) instead of the new one.
MaybeShader DeadBranchUniform(const tgsi::Shader& s, harness::Rng& rng, bool wrong_existing);
MaybeShader WrapInFlow(const tgsi::Shader& s, harness::Rng& rng, bool loop);
MaybeShader SwizzleRoundTrip(const tgsi::Shader& s, harness::Rng& rng);
MaybeShader SplitTemporary(const tgsi::Shader& s, harness::Rng& rng);
// join_temporaries.cc. `wrongly_overlapping`: test-only, a pair whose live ranges overlap.
MaybeShader JoinTemporaries(const tgsi::Shader& s, harness::Rng& rng, bool wrongly_overlapping);
// `words`: the second operand (1.0, -0.0, or the wrong +0.0), `mul`: MUL or ADD.
MaybeShader Identity(const tgsi::Shader& s, harness::Rng& rng, bool mul, uint32_t word);

// changing.cc
MaybeShader SwapOperands(const tgsi::Shader& s, harness::Rng& rng);
MaybeShader NewSwizzle(const tgsi::Shader& s, harness::Rng& rng);
MaybeShader NewWriteMask(const tgsi::Shader& s, harness::Rng& rng);
MaybeShader DonorSplice(const tgsi::Shader& s, const tgsi::Shader& donor, harness::Rng& rng);

}  // namespace shaderdiff::fuzz::transforms
