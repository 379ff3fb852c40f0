// Constant folding of what TGSI immediates make foldable.
//
// The selection keeps TGSI immediates in the const file (ShaderState
// immediates, whose words are known at compile time). Two rewrites:
//   const-word   `mov.u32u32 %v, cN.c` of a known immediate word becomes
//                `mov.u32u32 %v, <word>` (copy propagation can then put
//                small words straight into consumers' slots);
//   fold         a full-precision integer/bitwise cat2 op without source
//                modifiers whose sources are all known words becomes
//                `mov.u32u32 %v, <result>`: add.u/add.s/sub.u/sub.s,
//                and.b/or.b/xor.b, min/max .u/.s — the ops whose a3xx
//                result is plain 32-bit integer arithmetic (the emulator's
//                kernels in emulator/a3xx/alu.cc).
// Float ops are not folded: their results depend on the GPU's rounding and
// denormal rules, which only the emulator models. Each rewrite asks the
// rewrite budget.
#pragma once

#include <optional>

#include "compiler/opt/ir.h"
#include "compiler/support/debug_counter.h"

namespace shaderdiff::opt {

bool FoldConstants(Function& fn, compiler::RewriteBudget* budget);

// The 32-bit word source `slot` of `in` reads when it is known at compile
// time (an immediate, or a const holding a TGSI immediate) and unmodified.
std::optional<uint32_t> KnownSourceWord(const Function& fn, const a3xx::Instr& in, int slot);

}  // namespace shaderdiff::opt
