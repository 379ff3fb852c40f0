// Comparing results under DESIGN.md's rules.
//
// Refinement (CompareResults): an executor's result must lie in the
// reference interpreter's allowed sets: a component the reference marks
// undefined is any value; an inexact one must be a member of its
// AllowedSet (common/allowed_set.h: an interval by value, +-0, any NaN);
// everything else must match bit for bit. Killed lanes must agree unless
// the reference marks the kill uncertain; then a lane the executor killed
// is not compared at all (it wrote no outputs, and killing it was allowed),
// while a lane it kept is compared as any other (where the reference killed
// it, its outputs are undefined). There is no general tolerance:
// each set comes from the operation's own permitted error (the
// interpreter's emulator/tgsi/precision.h).
//
// Three-way (CompareBuilds): the optimizing build must equal the naive build
// bit for bit on every component whose set is not "any value", inexact ones
// included (both run the same hardware operations, and an optimizer must not
// change rounding), and on every kill the reference does not mark uncertain;
// a lane either build killed under an uncertain kill is not compared.
// One named exception, nan-payload: where the reference's set allows any
// NaN, two NaNs agree whatever their bits. The emulator computes float ops
// on the host, so its NaN payloads follow x86 propagation (the first NaN
// operand, or the default NaN 0xffc00000 for an invalid operation); no a3xx
// document says what the hardware returns, so a payload difference between
// two instruction sequences (mul+add versus mad, an operand order) is not
// evidence of a miscompile. NaN-ness itself is still compared.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "emulator/common/allowed_set.h"
#include "emulator/common/test_vector.h"

namespace shaderdiff::harness {

struct Mismatch {
  uint32_t output = 0;      // OUT index
  uint32_t lane = 0;
  int component = 0;        // 0..3; -1 for a killed-lane difference
  common::Word expected = 0;  // the reference's word (the naive build's, for a build mismatch)
  common::Word actual = 0;
  std::string inexact_reason;      // the reference's cause when the component has a set
  std::optional<common::AllowedSet> allowed;  // that set
  bool builds = false;             // a build mismatch: expected is the naive build's word
  std::string ToString() const;
};

struct Comparison {
  uint64_t compared = 0;   // components compared bit for bit
  uint64_t tolerant = 0;   // components checked for membership in a set
  uint64_t skipped = 0;    // undefined components
  uint64_t mismatches = 0;
  std::optional<Mismatch> first;  // the first mismatch in (output, lane, component) order
  bool ok() const { return mismatches == 0; }
};

// Checks `actual` against `reference`. Outputs the reference has but
// `actual` lacks count as mismatches of every defined component; extra
// outputs in `actual` are ignored (the reference defines what the shader
// writes).
Comparison CompareResults(const common::ExecResult& reference, const common::ExecResult& actual);

// Compares the optimizing build's result with the naive build's on the same
// vector, bit for bit wherever the reference's component is not undefined.
Comparison CompareBuilds(const common::ExecResult& reference, const common::ExecResult& naive,
                         const common::ExecResult& optimized);

}  // namespace shaderdiff::harness
