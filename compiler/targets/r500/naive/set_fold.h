// r500-select/set-fold's plan (the optimizing build only): which set ops
// may store the difference they compare instead of their 1.0 / +0.0,
// because every reader of their result is a select that can test the
// difference itself (set_fold.cc: the forward use analysis; set_ops.cc:
// the forms and their bit-exactness proof).
#pragma once

#include <cstdint>
#include <vector>

#include "compiler/tgsi/ast.h"

namespace shaderdiff::r500naive {

// How a folded set op stores its condition and how a select reads it
// (set_ops.cc): kMin stores MIN(t, 0), the others t = a - b itself.
enum class FoldForm : uint8_t { kNone, kMin, kGe, kEq, kNe };

struct SetFoldPlan {
  // Per instruction of the (lowered) shader.
  std::vector<FoldForm> form;    // a set op every reader of which can select on its difference
  std::vector<int32_t> reader_of;  // a CMP whose src0 reads exactly one such set op's result: its index, else -1
  std::vector<uint8_t> src2_is_cond;  // that CMP's src2 reads the same boolean (AND's lowering): read +0.0 instead
  std::vector<uint8_t> folded;   // filled during the translation: the set op was folded (RewriteBudget said yes)
};

// The plan for `shader` (after the shared lowering and the integer-boolean
// lowering): a set op qualifies when, scanning forward in straight-line
// code until its components are all overwritten, every read of them is a
// CMP's src0 with a plain negate (UCMP's and AND's lowering: `CMP -b, x,
// y` is b ? x : y) reading those components only, or that CMP's src2
// reading the same components unmodified (AND's `b` arm); no flow control
// before they are dead, no relative TEMP access.
SetFoldPlan PlanSetFolds(const tgsi::Shader& shader);

}  // namespace shaderdiff::r500naive
