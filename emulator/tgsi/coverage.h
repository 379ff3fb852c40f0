// Branch coverage of the reference interpreter: an optional sink that the
// flow-control handlers (ops_flow.cc) fill when InterpreterOptions::coverage
// is set, and nothing else reads or writes.
//
// A branch site is an instruction that sends each lane one of two ways:
//   IF, UIF      taken: the condition held (the lane enters the IF part);
//   BREAKC       taken: the lane leaves the loop;
//   CASE         taken: the lane's selector matched this CASE;
//   DEFAULT      taken: the lane matched no CASE of the switch (spec rule);
//   KILL_IF, KIL taken: the lane is killed here.
// (A loop's exit through BRK is the IF around the BRK; an unconditional BRK,
// KILL or RET goes one way only and is not a site.) A site is recorded each
// time it executes with at least one active lane: taken when some active
// lane goes the taken way, not taken when some active lane does not. Over
// any number of runs (the sink accumulates), a site went "both ways" when
// both were seen, in the same run or in different ones.
//
// Invariants: the sink never changes what the interpreter computes; with
// coverage == nullptr the handlers do no coverage work at all (one pointer
// test per branch instruction). Sites are indexed like Shader::instructions
// (the interpreter's pc).
#pragma once

#include <cstdint>
#include <vector>

#include "compiler/tgsi/ast.h"

namespace shaderdiff::tgsi_exec {

// Whether `op` is a branch site (the list above).
bool IsBranchSite(tgsi::Opcode op);

class BranchCoverage {
 public:
  // Called by the flow handlers: one execution of the site at `pc`.
  void Record(uint32_t pc, bool taken, bool not_taken) {
    if (pc >= seen_.size()) seen_.resize(pc + 1, 0);
    seen_[pc] |= static_cast<uint8_t>((taken ? kTaken : 0) | (not_taken ? kNotTaken : 0));
  }
  bool Taken(uint32_t pc) const { return pc < seen_.size() && (seen_[pc] & kTaken); }
  bool NotTaken(uint32_t pc) const { return pc < seen_.size() && (seen_[pc] & kNotTaken); }

 private:
  static constexpr uint8_t kTaken = 1, kNotTaken = 2;
  std::vector<uint8_t> seen_;  // per pc
};

// The shader's branch sites (total, whether reached or not) and how many of
// them went both ways in `coverage`.
struct BranchCounts {
  uint32_t total = 0;
  uint32_t both_ways = 0;
};
BranchCounts CountBranches(const tgsi::Shader& shader, const BranchCoverage& coverage);

}  // namespace shaderdiff::tgsi_exec
