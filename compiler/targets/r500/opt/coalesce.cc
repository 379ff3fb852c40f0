// Copy coalescing (coalesce.h).
#include "compiler/targets/r500/opt/coalesce.h"

#include "compiler/support/mutant.h"
#include "compiler/targets/r500/opt/access.h"
#include "compiler/targets/r500/opt/halves.h"
#include "compiler/targets/r500/opt/liveness.h"
#include "compiler/targets/r500/opt/program.h"

namespace shaderdiff::r500opt {
namespace {

using r500::Field;
using r500::Instr;
using r500::InstrType;

bool Overlaps(const Channels& set, int temp, uint8_t mask) { return (ChannelsOf(set, temp) & mask) != 0; }

// Whether ALU instruction p writes exactly `copy`'s source channels with the copy's unit.
bool WritesExactly(const Instr& p, const Copy& copy) {
  if (p.type() != InstrType::kAlu || p.Get(Field::kWriteInactive) || p.Get(Field::kRgbPredSel) || p.Get(Field::kAlphaPredSel))
    return false;
  if (copy.rgb)
    return p.Get(Field::kRgbWmask) == copy.mask && static_cast<int>(p.Get(Field::kRgbDest)) == copy.from;
  return p.Get(Field::kAlphaWmask) != 0 && static_cast<int>(p.Get(Field::kAlphaDest)) == copy.from;
}

bool IsKill(const Instr& in) { return in.type() == InstrType::kTex && in.Get(Field::kTexOp) == 2; }

}  // namespace

int CoalesceCopies(std::vector<Instr>& code, compiler::RewriteBudget* budget) {
  int taken = 0;
  for (bool again = true; again;) {
    again = false;
    const int n = static_cast<int>(code.size());
    const std::vector<bool> target = JumpTargets(code);
    std::vector<Channels> uses(n), writes(n);
    for (int i = 0; i < n; ++i) {
      uses[i] = Uses(code[i]);
      writes[i] = Writes(code[i]);
    }
    const std::vector<Channels> live_out =
        LiveOut(code, [&](int i) -> const Channels& { return uses[i]; }, [&](int i) -> const Channels& { return writes[i]; });
    // A rewrite changes liveness only inside its window [P, C] (T.m becomes
    // live there), so a round takes windows after the last one it rewrote
    // and leaves the others to the next round.
    std::vector<bool> removed(n, false);
    int fence = -1;
    for (int j = 0; j < n; ++j) {
      const std::optional<Copy> copy = AsCopy(code[j]);
      if (!copy || copy->from == copy->to || Overlaps(live_out[j], copy->from, copy->mask)) continue;
      int p = -1;
      for (int k = j - 1; k >= 0; --k) {
        if (target[k + 1] || code[k].type() == InstrType::kFc || IsKill(code[k])) break;
        if (removed[k]) continue;
        if (Overlaps(writes[k], copy->from, copy->mask)) {
          p = k;
          break;
        }
        const bool reads_to = !compiler::MutantActive(compiler::Mutant::kR500OptCoalesceReadBetween) &&
                              Overlaps(uses[k], copy->to, copy->mask);
        if (Overlaps(uses[k], copy->from, copy->mask) || reads_to || Overlaps(writes[k], copy->to, copy->mask)) break;
      }
      if (p < 0 || !WritesExactly(code[p], *copy)) continue;
      if (p <= fence) {
        again = true;
        continue;
      }
      if (!compiler::ShouldRewrite(budget, "copy")) continue;
      code[p].Set(copy->rgb ? Field::kRgbDest : Field::kAlphaDest, static_cast<uint32_t>(copy->to));
      writes[p] = Writes(code[p]);
      uses[j] = Channels();
      writes[j] = Channels();
      removed[j] = true;
      fence = j;
      ++taken;
    }
    if (fence < 0) break;
    std::vector<Instr> kept;
    kept.reserve(code.size());
    std::vector<int> new_of_old(n + 1);
    for (int i = 0; i < n; ++i) {
      new_of_old[i] = static_cast<int>(kept.size());
      if (!removed[i]) kept.push_back(code[i]);
    }
    new_of_old[n] = static_cast<int>(kept.size());
    RemapJumps(kept, new_of_old);
    code = std::move(kept);
  }
  return taken;
}

}  // namespace shaderdiff::r500opt
