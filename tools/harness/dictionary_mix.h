// Mixing the shader's own values (shader_dictionary.h) into a seeded vector.
//
// GenerateVector draws every value first, then MixShaderValues overwrites
// some of them, with draws from a random stream of its own (the seed mixed
// with a constant), so every value it leaves alone is what the same seed
// gave before it existed. A slot's value is one per lane for vertex and
// geometry inputs (each GS vertex on its own), one per 2x2 quad for
// per-lane fragment inputs (so the quad stays consistent for derivatives),
// and one per vector for constants and per-vertex fragment inputs (all
// three vertices get it, so every lane reads it exactly). FRAG FACE inputs
// and system values are never touched, FRAG POSITION only as said below.
//
// Every vector (plain, edge or dictionary): each slot that feeds a relative
// index gets, per value, with probability 7/8 a uniform integer of its
// in-range interval, else one just outside it (low - 1 or high + 1).
//
// Dictionary vectors (`dictionary`) first get, before the index rule:
// - per value of every input / constant component, with probability 1/8 a
//   token (an immediate of the shader or its neighbour) of the type the
//   slot is read as (float tokens when unknown or when it has none);
// - per value of a slot with boundary values, with probability 1/2 one of
//   them (so within one vector some lanes take a comparison one way, some
//   the other);
// - per value of a linked slot, with probability 1/2 the value that makes
//   its expression equal the other side's at that lane (a random lane for a
//   value shared by lanes), or 1 ulp / 1 below or above it (1/6 each);
// - for FRAG POSITION.x / .y with boundary values, with probability 1/2 per
//   vector, every lane's coordinate shifted by one whole number of pixels so
//   that a random lane lands next to one of them (quads and derivatives
//   unchanged, coordinates kept >= 0.5).
//
// Invariants: deterministic in (shader, vector before mixing, options);
// only values of declared inputs and constants already in the vector
// change; fragment vectors keep CheckFragmentInputs' invariants.
#pragma once

#include <cstdint>

#include "compiler/tgsi/ast.h"
#include "emulator/common/test_vector.h"
#include "tools/harness/shader_dictionary.h"

namespace shaderdiff::harness {

struct MixOptions {
  uint64_t seed = 1;
  bool dictionary = false;  // tokens, boundary values and links too
};

void MixShaderValues(const tgsi::Shader& shader, const ShaderDictionary& dictionary, const MixOptions& options,
                     common::TestVector* vector);

}  // namespace shaderdiff::harness
