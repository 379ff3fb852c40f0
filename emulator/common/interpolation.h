// The varying interpolation model every executor shares (DESIGN.md: "the
// texture and interpolation models shared by every executor").
//
// A fragment input is interpolated from three per-vertex values v0, v1, v2
// with barycentric weights i, j (the hardware's ij pair):
//
//   result = v0                                   if i and j are both +0.0
//          = (v0 + i * (v1 - v0)) + j * (v2 - v0)   otherwise
//
// evaluated in IEEE binary32 round-to-nearest-even, one rounding per
// operation, in exactly that order (t1 = v1 - v0, t2 = v2 - v0, a = i * t1,
// b = j * t2, r = (v0 + a) + b). The +0/+0 case is a definition, not an
// optimisation: it makes the interpolated value of a flat or
// single-value input reproduce v0 bit for bit, including -0.0, infinities
// and NaN payloads. Any other (i, j), even -0.0 or values that make the
// correction terms zero, goes through the formula.
//
// Invariants: pure functions on words, no dependence on the host FP
// environment beyond binary32 RNE (the build uses -ffp-contract=off, so no
// FMA contraction).
#pragma once

#include "emulator/common/words.h"

namespace shaderdiff::common {

// One input component at one lane: the three vertex values and the
// barycentric pair, all as raw binary32 words.
struct InterpolationInput {
  Word v0 = 0, v1 = 0, v2 = 0;
  Word i = 0, j = 0;
};

Word Interpolate(const InterpolationInput& in);

// Shorthand: Interpolate({v0, v1, v2, i, j}).
inline Word Interpolate(Word v0, Word v1, Word v2, Word i, Word j) {
  return Interpolate(InterpolationInput{v0, v1, v2, i, j});
}

}  // namespace shaderdiff::common
