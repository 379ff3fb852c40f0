// The allowed set of one reference output component: which words a
// conforming implementation may return there (DESIGN.md "Comparison and
// known undefined behaviour"). The reference interpreter computes one per
// component; the comparison checks membership, as refinement checking does.
//
// A component is one of:
//   exact     - only the reference word itself (bit for bit);
//   set       - the words described by an AllowedSet: every float whose
//               value lies in [lo, hi] (by value, so +0 and -0 are the same
//               point: the "±0" kind is the interval [0, 0]), and/or any
//               NaN; the reference word is always a member;
//   any value - truly undefined (uninitialized or out-of-range reads,
//               integer division by zero, docs/tgsi.md §5).
// The per-component kind (Kind below) names the shape for reports.
//
// Invariants: an AllowedSet with `interval` has lo <= hi by value and
// neither bound is NaN; a set never describes an empty set (interval or nan
// is true).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "emulator/common/words.h"

namespace shaderdiff::common {

struct AllowedSet {
  bool interval = false;  // any float with lo <= value <= hi
  bool nan = false;       // any NaN
  Word lo = 0, hi = 0;    // binary32 bounds (only with `interval`)
  bool operator==(const AllowedSet&) const = default;

  bool Contains(Word w) const;
  // "[-1.5 (0xbfc00000), 2 (0x40000000)] or NaN", for messages.
  std::string ToString() const;
};

// The shape of a component's allowed set, for the split reports give.
enum class SetKind : uint8_t {
  kExact,     // one word
  kZero,      // +0 or -0 (the value is zero, only its sign is open)
  kDenormal,  // an interval opened only by denormal flushing
  kNan,       // any NaN (possibly or one word)
  kInterval,  // an interval from propagated error bounds
  kAny,       // any value
  kCount,
};
std::string_view SetKindName(SetKind kind);

// Classifies a component: `undefined` (any value), else `inexact` with its
// set and cause code (reasons.h: "denormal" marks the denormal kind), else
// exact.
SetKind ClassifySet(bool undefined, bool inexact, const AllowedSet& set, std::string_view reason);

// Float ordering on words: a key that is monotone in the float value, with
// -0 and +0 mapped to the same key (NaN not allowed).
int64_t OrderedKey(Word w);
// The word `steps` representable floats above (steps > 0) or below w,
// clamped to +-Inf. -0 is treated as +0.
Word StepFloat(Word w, int64_t steps);

}  // namespace shaderdiff::common
