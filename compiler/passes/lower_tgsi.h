// lower_tgsi: the generic, target-independent TGSI -> TGSI lowering pass.
//
// Replaces ARB-era and composite opcodes with sequences of simpler float
// opcodes (MUL, ADD, MAD, MIN, MAX, CMP, SLT, FLR, RCP, RSQ, LG2, EX2, SIN,
// COS, MOV), so later passes and backends only see the simple ones. The
// formulas are the reference interpreter's (emulator/tgsi/ops_float.cc), not
// tgsi.rst's, so a lowered shader computes the same bits wherever the
// interpreter defines a result exactly; where a sequence legitimately differs
// it is only inside what the interpreter flags inexact or undefined (noted
// per rule in lower_tgsi_rules.cc). See docs/tgsi.md §2.2-2.3, §2.12, §4.
//
// Lowered (LowerableOpcodes()): DP2 DP3 DP4 DPH DP2A LRP POW DIV SSG FRC SUB
// ABS CLAMP CND XPD X2D NRM NRM4 SFL STR SCS DST LIT EXP LOG.
// Left alone: everything else, notably CMP/UCMP (already a select), MAD/FMA,
// FLR/CEIL/TRUNC/ROUND (native rounding; Mesa's FRC-based forms lose -0 and
// inf), RCP/RSQ/SQRT/EX2/LG2/SIN/COS (native transcendental units), RCC and
// RFL (removed in 2014, no corpus use), derivatives, integer/double/texture
// ops and flow control.
//
// Invariants of the output:
// - Every rewrite site asks budget->ShouldRewrite("lower-<op>") (lowercase
//   mnemonic); a declined site copies the instruction unchanged. With no
//   rewrite at all (budget 0, nothing lowerable) the output equals the input.
// - The original _SAT flag is applied on the final write(s) (Mesa's
//   tgsi_lowering drops it); _PRECISE is copied to every emitted instruction.
// - The original write mask is kept on the final writes; intermediates go to
//   fresh scratch TEMPs (at most three, shared by all sites, declared once as
//   one new `DCL TEMP[n..m]` after the last declaration), constants to one
//   new `IMM[k] FLT32 {0.0, 1.0, 128.0, 0.5}` before the first instruction.
// - When a multi-write rule's destination may alias one of its sources
//   (same file and index, or any indirect), the rule computes into a scratch
//   TEMP and one final MOV writes the destination.
// - IF/UIF/ELSE/CAL/loop labels are remapped to the new instruction indices;
//   Shader::items stays consistent, so PrintShader and the validator work.
#pragma once

#include <cstdint>
#include <set>
#include <vector>

#include "compiler/support/debug_counter.h"
#include "compiler/tgsi/ast.h"

namespace shaderdiff::compiler {

// Every opcode this pass knows how to lower, in a fixed order.
const std::vector<tgsi::Opcode>& LowerableOpcodes();

// Which opcodes to lower (as Mesa's tgsi_lowering_config). Opcodes outside
// LowerableOpcodes() are ignored.
struct LowerOptions {
  std::set<tgsi::Opcode> lower{LowerableOpcodes().begin(), LowerableOpcodes().end()};

  static LowerOptions Only(std::initializer_list<tgsi::Opcode> ops) {
    LowerOptions o;
    o.lower = ops;
    return o;
  }
  bool Lowers(tgsi::Opcode op) const { return lower.count(op) != 0; }
};

struct LowerResult {
  tgsi::Shader shader;
  uint32_t rewrites = 0;  // sites rewritten (budget permitting)
  // Per instruction of `shader`: the index of the input instruction it was
  // lowered from (itself when kept), for provenance through the pass.
  std::vector<uint32_t> origin;
  bool changed() const { return rewrites != 0; }
};

// `budget` may be null (unlimited).
LowerResult LowerTgsi(const tgsi::Shader& in, const LowerOptions& options, RewriteBudget* budget);

}  // namespace shaderdiff::compiler
