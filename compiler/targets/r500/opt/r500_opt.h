// The optimizing TGSI -> ATI R500 fragment build (issue 15 item 4, first
// slice): machine-level passes over the naive translation
// (compiler/targets/r500/naive), as a3xx's optimizing build starts from its
// own templates. In order (compiler/pipeline.cc's TargetCompilers lists
// them with the reason for each place):
//   1. r500-naive      the naive translation (same lowering, registers, templates),
//      r500-select     with the build's own selection forms where they pay: set ops
//                      against an immediate (`imm-compare`, naive/set_ops.cc), selects
//                      on set-op results (`bool-select`), set ops folded into their
//                      selects (`set-fold`, naive/set_fold.cc)
//   2. clear-sync      every TEX_SEM_ACQUIRE / TEX_SEM_WAIT / NOP bit cleared (legalize recomputes them)
//   3. r500-dead       dead-half and dead-channel elimination (dead_channels.h)
//   4. r500-coalesce   `op S; MOV T, S` becomes `op T` (coalesce.h)
//   5. r500-alpha      one-channel RGB values move to the Alpha unit (alpha.h)
//   6. r500-coalesce   again: the Alpha copies step 5 made fold into their producers
//   7. r500-rename     a web per value, packed onto the fewest temporaries (rename.h)
//   8. r500-schedule   the pairing list scheduler, lookups first (pair_schedule.h)
//   9. r500-legalize   texture grouping with one acquire per group, WAIT on the
//                      first reader; NOP before MDH/MDV (legalize.h)
//  10. validate        every word through isa's Validate (never longer than the
//                      naive translation, which checks the 512-slot limit)
// Programs the passes cannot edit (relative addressing, FC other than JUMP)
// are the translation (step 1) unchanged.
//
// Every rewrite asks one RewriteBudget (--opt-bisect-limit): limit 0 gives
// the naive translation's code (the same words).
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>

#include "compiler/support/debug_counter.h"
#include "compiler/targets/r500/naive/r500_naive.h"
#include "compiler/tgsi/ast.h"

namespace shaderdiff::r500opt {

struct Options {
  int64_t opt_bisect_limit = compiler::RewriteBudget::kUnlimited;
  std::optional<std::set<uint64_t>> opt_bisect_allowed;  // RewriteBudget::AllowingOnly
};

struct Result {
  r500naive::Status status = r500naive::Status::kOk;
  std::string detail;  // kUnsupported: the reason; kError: the pass and what broke
  r500::FragmentProgram program;
  compiler::RewriteBudget budget;  // every rewrite decision, for bisection
};

Result CompileR500Opt(const tgsi::Shader& shader, const Options& options = {});

// The optimizing build's result as the naive build's result type (the
// rewrite log dropped): for callers that also read `budget` first.
r500naive::CompileResult AsCompileResult(Result&& r);

// Either r500 build as the naive build's result type: the optimizing one
// when `optimizing` (with the rewrite limit), else the naive translation.
// What check, compile and the mutation score call.
r500naive::CompileResult CompileR500Build(const tgsi::Shader& shader, bool optimizing,
                                          int64_t opt_bisect_limit = compiler::RewriteBudget::kUnlimited);

}  // namespace shaderdiff::r500opt
