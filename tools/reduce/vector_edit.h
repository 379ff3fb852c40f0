// Edits of a test vector for the reducer: fewer lanes, simpler words, and
// no entries for registers the shader no longer declares.
//
// Invariants: every function keeps the vector's own invariants
// (test_vector.h): each per-lane array has `lanes` entries, a fragment
// vector whole 2x2 quads (callers pick whole quads), barycentrics one per
// lane or none. Whether the failure survives an edit is the oracle's to say.
#pragma once

#include <cstdint>
#include <vector>

#include "compiler/tgsi/ast.h"
#include "emulator/common/test_vector.h"

namespace shaderdiff::reduce {

// The vector with only `lanes` (old lane numbers, in the new order).
common::TestVector SelectLanes(const common::TestVector& vector, const std::vector<uint32_t>& lanes);

// The vector's words an input can be simplified in: per-lane inputs, vertex
// inputs, constants and system values, in a fixed order (texture units
// and barycentrics are not words of this kind).
size_t WordCount(const common::TestVector& vector);
common::Word& WordAt(common::TestVector& vector, size_t k);

// Simpler words to try in place of `w`, simplest first, none equal to `w`:
// 0, 1.0f, 1, 2.0f, 2 (a word already among them is only replaced by
// simpler ones).
std::vector<common::Word> SimplerWords(common::Word w);

// The vector without inputs, constants, system values and texture units the
// shader does not declare.
common::TestVector PruneToShader(const common::TestVector& vector, const tgsi::Shader& shader);

}  // namespace shaderdiff::reduce
