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
// A flat varying (TGSI CONSTANT interpolation; on a3xx a varying whose
// VPC_VARYING_INTERP_MODE / SP_FS_FLAT_SHAD_MODE_REG entry says flat) is
// the provoking vertex's value whatever the pair: v[kProvokingVertex]. The
// convention is GL's default, the last vertex of the triangle (v2);
// GL_FIRST_VERTEX_CONVENTION would make it 0.
//
// Applied to a test vector (test_vector.h), the same model says what a
// fragment shader reads: Deliver() is the one place where a varying becomes
// a value (the provoking vertex for a flat varying, the formula otherwise),
// and every executor's fragment inputs go through it: the reference
// interpreter via FragmentInputValues (the lane's pair from the vector,
// flat where the shader declares CONSTANT), the a3xx bary.f with the pair
// it reads from its ij registers (VaryingSourceOf, flat where the
// program's varying binding says so). Which inputs are flat is the
// program's to say, never the vector's: a compiler that drops `flat` reads
// the interpolated value and differs. A correct program therefore gets
// bit-identical inputs on both.
//
// Invariants: pure functions on words, no dependence on the host FP
// environment beyond binary32 RNE (the build uses -ffp-contract=off, so no
// FMA contraction).
#pragma once

#include <string>

#include "emulator/common/pinned_float.h"
#include "emulator/common/test_vector.h"
#include "emulator/common/words.h"

namespace shaderdiff::common {

// The vertex a flat varying takes its value from (GL's default provoking
// vertex convention: the last one).
inline constexpr int kProvokingVertex = 2;

// How a fragment input is delivered: interpolated with the pixel-center
// pair, interpolated with the centroid pair (TGSI CENTROID: CentroidOf),
// or flat.
enum class Interp : uint8_t { kSmooth, kFlat, kCentroid };

// One input component at one lane: the three vertex values and the
// barycentric pair, all as raw binary32 words.
struct InterpolationInput {
  Word v0 = 0, v1 = 0, v2 = 0;
  Word i = 0, j = 0;
};

// Inline, with its NaN results pinned (pinned_float.h), so that the
// reference and the a3xx emulator's bary.f run the same code in every build
// mode and bary.f's lane loop pays no call.
inline Word Interpolate(const InterpolationInput& in) {
  return InterpolatePinned(in.v0, in.v1, in.v2, in.i, in.j);
}

// Shorthand: Interpolate({v0, v1, v2, i, j}).
inline Word Interpolate(Word v0, Word v1, Word v2, Word i, Word j) {
  return Interpolate(InterpolationInput{v0, v1, v2, i, j});
}

// ---- Fragment inputs of a test vector

// One component of a fragment input at one lane as the rasterizer hands it
// to the shader core: the three vertex values, and whether it is delivered
// flat (the provoking vertex's value, whatever the i/j pair).
struct VaryingSource {
  Word v0 = 0, v1 = 0, v2 = 0;
  bool flat = false;
  bool operator==(const VaryingSource&) const = default;
};

// v0, v1 or v2.
inline Word VertexValue(const VaryingSource& s, int vertex) {
  return vertex == 0 ? s.v0 : vertex == 1 ? s.v1 : s.v2;
}

// The value a varying delivers for the pair (i, j): the provoking vertex's
// if flat, else Interpolate(v0, v1, v2, i, j).
inline Word Deliver(const VaryingSource& s, Word i, Word j) {
  return s.flat ? VertexValue(s, kProvokingVertex) : Interpolate(s.v0, s.v1, s.v2, i, j);
}

// The pair of `lane`: vector.barycentrics[lane], or (+0, +0) when the vector
// has none (the older form) or fewer.
Barycentric BarycentricOf(const TestVector& vector, uint32_t lane);

// The centroid pair of `lane`: vector.centroids[lane], or the center's
// (BarycentricOf: a fully covered pixel) when the vector has none.
Barycentric CentroidOf(const TestVector& vector, uint32_t lane);

// Whether fragment input IN[index] is in the vector (per lane or per vertex).
bool HasFragmentInput(const TestVector& vector, uint32_t index);

// Where component c of fragment input IN[index] comes from at `lane`, for
// an input the program delivers `interp`:
// - per vertex (vertex_inputs): {v0, v1, v2}, interpolated or flat as
//   `interp` says;
// - per lane (inputs) in a vector with barycentrics: {x, x, x}, flat (the
//   value as given: no vertex data to interpolate);
// - per lane in a vector without (the older form): {x, x, x}, interpolated
//   with the +0/+0 pair unless `interp` is flat (x either way).
// Requires HasFragmentInput and, for a per-lane input, lane < its size.
VaryingSource VaryingSourceOf(const TestVector& vector, uint32_t index, uint32_t lane, int c,
                              Interp interp = Interp::kSmooth);

// What the shader reads: Deliver(VaryingSourceOf(...), lane's pair), the
// centroid pair for kCentroid.
Word FragmentInputWord(const TestVector& vector, uint32_t index, uint32_t lane, int c,
                       Interp interp = Interp::kSmooth);

// FragmentInputWord for every lane: `lanes` entries for a per-vertex input,
// as many as the vector gives for a per-lane one (so an executor's lane-count
// check still sees a short input). Requires HasFragmentInput.
LaneVec4s FragmentInputValues(const TestVector& vector, uint32_t index, Interp interp = Interp::kSmooth);

// "" if the fragment-input parts of `vector` keep the invariants of
// test_vector.h (vertex_inputs / barycentrics only on fragment vectors, one
// pair per lane or none, a pair per lane whenever there are vertex_inputs,
// no IN index given both ways); otherwise what is wrong.
std::string CheckFragmentInputs(const TestVector& vector);

}  // namespace shaderdiff::common
