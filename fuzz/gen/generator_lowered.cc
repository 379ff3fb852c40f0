// The generator's statement of TGSI opcodes the optimizing build's
// lower-tgsi pass rewrites (compiler/passes/lower_tgsi.h), one
// `lower-<opcode>` rewrite each: SUB ABS SSG CLAMP CND DPH DP2A XPD X2D DST
// SFL STR SCS EXP LOG LIT NRM NRM4 (and LRP, POW, DIV besides the plain
// statement's families). Only the `lowering` policy draws it (policy.h).
//
// What keeps them defined: every source component the opcode may read is
// an exact float (all four, whatever the write mask), and the result is
// taken as a set (kInexact), as a transcendental's is: only copied and
// stored, never read by arithmetic, a compare or a branch. Opcodes with a
// domain read only ranges inside it: LOG a source x whose range excludes
// 0; EXP, POW's exponent and LIT's w inside [-30, 30]; POW a base whose
// range is > 0; DIV a divisor whose range excludes 0; LIT a y > 0 (no
// pow(0, w <= 0)); NRM/NRM4 an x whose range excludes 0 (a nonzero length).
#include <cmath>

#include "fuzz/gen/generator_internal.h"

namespace shaderdiff::fuzz::internal {

namespace {

bool Excludes0(const AbsVal& v) { return v.exact_float() && (v.lo > 0 || v.hi < 0); }
bool Positive(const AbsVal& v) { return v.exact_float() && v.lo > 0; }
bool Within30(const AbsVal& v) { return v.exact_float() && v.lo >= -30 && v.hi <= 30; }

struct Lowered {
  Opcode op;
  int sources;
};

constexpr Lowered kLowered[] = {
    {Opcode::SUB, 2},  {Opcode::ABS, 1}, {Opcode::SSG, 1},  {Opcode::CLAMP, 3}, {Opcode::CND, 3},
    {Opcode::DPH, 2},  {Opcode::DP2A, 3}, {Opcode::XPD, 2}, {Opcode::X2D, 3},   {Opcode::DST, 2},
    {Opcode::SFL, 2},  {Opcode::STR, 2}, {Opcode::SCS, 1},  {Opcode::EXP, 1},   {Opcode::LOG, 1},
    {Opcode::LIT, 1},  {Opcode::NRM, 1}, {Opcode::NRM4, 1}, {Opcode::LRP, 3},   {Opcode::POW, 2},
    {Opcode::DIV, 2},
};

// Whether `op` is defined for every value of its (exact float) sources.
bool InDomain(Opcode op, const std::vector<Operand>& s) {
  switch (op) {
    case Opcode::LOG: return Excludes0(s[0].read[0]);
    case Opcode::EXP: return Within30(s[0].read[0]);
    case Opcode::POW: return Positive(s[0].read[0]) && Within30(s[1].read[0]);
    case Opcode::LIT: return Positive(s[0].read[1]) && Within30(s[0].read[3]);
    case Opcode::NRM:
    case Opcode::NRM4: return Excludes0(s[0].read[0]);
    case Opcode::DIV:
      for (int c = 0; c < 4; ++c)
        if (!Excludes0(s[1].read[c])) return false;
      return true;
    default: return true;
  }
}

}  // namespace

bool Generator::LoweredStatement() {
  const Lowered pick = kLowered[Below(std::size(kLowered))];
  for (int t = 0; t < kTries; ++t) {
    auto dst = PickDst(true);
    if (!dst) return false;
    const uint8_t mask = RandomMask(dst->second);
    std::vector<Operand> ops;
    for (int i = 0; i < pick.sources; ++i) {
      // All four components: these opcodes read components the mask does not name.
      auto o = PickOperand(Role::kExactFloat, 0xF, ImmHint::kAny);
      if (!o) break;
      ops.push_back(*o);
    }
    if (static_cast<int>(ops.size()) != pick.sources || !InDomain(pick.op, ops)) continue;
    std::vector<tgsi::SrcOperand> srcs;
    for (const Operand& o : ops) srcs.push_back(o.src);
    const AbsVal set = AbsVal::Inexact();
    if (EmitAs(pick.op, dst->first, mask, {set, set, set, set}, srcs)) return true;
  }
  return false;
}

}  // namespace shaderdiff::fuzz::internal
