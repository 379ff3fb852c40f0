// Joining ENDIF pops (join_pops.h).
#include "compiler/targets/r500/opt/join_pops.h"

#include "compiler/support/mutant.h"
#include "compiler/targets/r500/opt/program.h"

namespace shaderdiff::r500opt {
namespace {

using r500::Field;
using r500::Instr;
using r500::InstrType;

constexpr uint32_t kNone = 0, kDecr = 1;  // isa/enums.def BranchOp
constexpr uint32_t kMaxPop = 31;          // B_POP_CNT [20:16] (isa/fields.def)

// A JUMP that never jumps (JUMP_ANY with JUMP_FUNC 0x00: no pixel wants to)
// and, staying, only pops: B_OP0 DECR, no B_ELSE, B_OP1 NONE, its address
// the next slot.
bool IsPurePop(const std::vector<Instr>& code, size_t i) {
  const Instr& in = code[i];
  return in.type() == InstrType::kFc && in.Get(Field::kFcOp) == 0 && in.Get(Field::kFcJumpAny) &&
         in.Get(Field::kFcJumpFunc) == 0 && !in.Get(Field::kFcBElse) && in.Get(Field::kFcBOp0) == kDecr &&
         in.Get(Field::kFcBOp1) == kNone && in.Get(Field::kFcAOp) == 0 && !in.Get(Field::kFcJumpGlobal) &&
         JumpAddress(in) == static_cast<int>(i) + 1;
}

// The pop a jumper does when it jumps.
uint32_t JumpPop(const Instr& fc) { return fc.Get(Field::kFcBOp1) == kDecr ? fc.Get(Field::kFcBPopCnt) : 0; }

}  // namespace

int JoinPops(std::vector<Instr>& code, compiler::RewriteBudget* budget) {
  int taken = 0;
  const bool enter_at_start = compiler::MutantActive(compiler::Mutant::kR500OptJoinPopsEnterAtStart);
  for (size_t i = 0; i < code.size(); ++i) {
    if (!IsPurePop(code, i)) continue;
    size_t end = i + 1;
    while (end < code.size() && IsPurePop(code, end)) ++end;
    if (end - i < 2) continue;
    // pops_from[m - i]: what a path entering the run at slot m pops in it.
    std::vector<uint32_t> pops_from(end - i + 1, 0);
    for (size_t m = end; m-- > i;) pops_from[m - i] = pops_from[m + 1 - i] + code[m].Get(Field::kFcBPopCnt);
    bool ok = pops_from[0] <= kMaxPop;
    std::vector<size_t> jumpers;  // FCs outside the run jumping into its middle
    for (size_t k = 0; k < code.size() && ok; ++k) {
      if (code[k].type() != InstrType::kFc || (k >= i && k < end)) continue;
      const int t = JumpAddress(code[k]);
      if (t <= static_cast<int>(i) || t >= static_cast<int>(end)) continue;
      ok = code[k].Get(Field::kFcBOp1) != 2 && JumpPop(code[k]) + pops_from[t - i] <= kMaxPop;
      jumpers.push_back(k);
    }
    if (!ok || !compiler::ShouldRewrite(budget, "join-pops")) {
      i = end - 1;
      continue;
    }
    for (size_t k : jumpers) {
      Instr& fc = code[k];
      if (enter_at_start) {  // the seeded fault: lands on the joined pop with its own pop kept
        fc.Set(Field::kFcJumpAddr, static_cast<uint32_t>(i));
        continue;
      }
      const uint32_t pop = JumpPop(fc) + pops_from[JumpAddress(fc) - i];
      fc.Set(Field::kFcBOp1, pop ? kDecr : kNone);
      fc.Set(Field::kFcBPopCnt, pop);
      fc.Set(Field::kFcJumpAddr, static_cast<uint32_t>(end));
    }
    code[i].Set(Field::kFcBPopCnt, pops_from[0]);
    // Slots (i, end) go; what pointed there (the run's own next-slot
    // addresses) now points at the slot after the joined pop.
    const int removed = static_cast<int>(end - i - 1);
    std::vector<int> new_of_old(code.size() + 1);
    for (size_t s = 0; s <= code.size(); ++s)
      new_of_old[s] = s <= i ? static_cast<int>(s) : s < end ? static_cast<int>(i) + 1 : static_cast<int>(s) - removed;
    code.erase(code.begin() + static_cast<std::ptrdiff_t>(i) + 1, code.begin() + static_cast<std::ptrdiff_t>(end));
    RemapJumps(code, new_of_old);
    ++taken;
  }
  return taken;
}

}  // namespace shaderdiff::r500opt
