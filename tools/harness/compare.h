// Comparing an executor's result with the reference interpreter's, under
// DESIGN.md's rules: components the reference marks undefined are
// don't-care; inexact ones must agree within the tolerance that the one
// policy table (compare.cc) gives their reason code; everything else must
// match bit for bit. Killed lanes must agree unless the reference marks the
// kill uncertain.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "emulator/common/test_vector.h"

namespace shaderdiff::harness {

struct Tolerance {
  uint32_t ulps = 0;   // units in the last place, between same-signed finite values
  float absolute = 0;  // |a - b| <= absolute
  float relative = 0;  // |a - b| <= relative * max(|a|, |b|)
};

// The tolerance for an inexact component with this reason code (the
// interpreter's codes, emulator/tgsi/reasons.h). Unknown codes get the
// loosest entry, never bit-exactness by accident.
Tolerance ToleranceFor(std::string_view reason);

// Whether two words agree within `tol` read as floats. NaN matches NaN
// (payloads are not compared), infinities only themselves.
bool WithinTolerance(common::Word expected, common::Word actual, const Tolerance& tol);

struct Mismatch {
  uint32_t output = 0;      // OUT index
  uint32_t lane = 0;
  int component = 0;        // 0..3; -1 for a killed-lane difference
  common::Word expected = 0;
  common::Word actual = 0;
  std::string inexact_reason;  // the reference's reason when it was compared with a tolerance
  std::string ToString() const;
};

struct Comparison {
  uint64_t compared = 0;   // components compared bit for bit
  uint64_t tolerant = 0;   // inexact components compared within a tolerance
  uint64_t skipped = 0;    // undefined components
  uint64_t mismatches = 0;
  std::optional<Mismatch> first;  // the first mismatch in (output, lane, component) order
  bool ok() const { return mismatches == 0; }
};

// Compares `actual` with `reference`. Outputs the reference has but `actual`
// lacks count as mismatches of every defined component; extra outputs in
// `actual` are ignored (the reference defines what the shader writes).
Comparison CompareResults(const common::ExecResult& reference, const common::ExecResult& actual);

}  // namespace shaderdiff::harness
