// Copy coalescing (coalesce.h).
#include "compiler/targets/r500/opt/coalesce.h"

#include "compiler/support/mutant.h"
#include "compiler/targets/r500/opt/access.h"
#include "compiler/targets/r500/opt/halves.h"
#include "compiler/targets/r500/opt/liveness.h"
#include "compiler/targets/r500/opt/program.h"
#include "emulator/r500/isa/operand_fields.h"

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
  if (copy.lane >= 0 && Classify(p) != Kind::kAlu) return false;  // a broadcast widens a per-lane op only
  if (copy.rgb)
    return p.Get(Field::kRgbWmask) == copy.FromMask() && static_cast<int>(p.Get(Field::kRgbDest)) == copy.from;
  return p.Get(Field::kAlphaWmask) != 0 && static_cast<int>(p.Get(Field::kAlphaDest)) == copy.from;
}

// Makes RGB half `p`, which computes lane `lane` alone, compute it on every
// lane of `mask`: each operand it uses reads, on each of those lanes, what
// it read on `lane` (the same slot and channel, or the same constant
// swizzle). A per-lane op (Kind::kAlu) then gives every lane the word it
// gave `lane`; OMOD and clamp are per lane too.
void Widen(Instr& p, int lane, uint8_t mask) {
  using r500::operand_fields::kRgbSwz;
  const uint8_t used = compiler::MutantActive(compiler::Mutant::kR500OptBroadcastKeepsSwizzles)
                           ? 0  // the seeded fault: the other lanes keep their own swizzles
                           : RgbOperandsUsed(p.Get(Field::kRgbOp));
  for (int k = 0; k < 3; ++k)
    if (used >> k & 1)
      for (int l = 0; l < 3; ++l)
        if (mask >> l & 1) p.Set(kRgbSwz[k][l], p.Get(kRgbSwz[k][lane]));
  p.Set(Field::kRgbWmask, mask);
}

bool IsKill(const Instr& in) { return in.type() == InstrType::kTex && in.Get(Field::kTexOp) == 2; }

int Coalesce(std::vector<Instr>& code, compiler::RewriteBudget* budget, bool broadcasts) {
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
      if (!copy || (copy->from == copy->to && copy->lane < 0) || (copy->lane >= 0 && !broadcasts)) continue;
      const uint8_t from_mask = copy->FromMask();
      // S's channels must be dead after the copy, except those the copy itself rewrites with their own value.
      const uint8_t kept = copy->from == copy->to ? copy->mask : 0;
      if (Overlaps(live_out[j], copy->from, static_cast<uint8_t>(from_mask & ~kept))) continue;
      int p = -1;
      for (int k = j - 1; k >= 0; --k) {
        if (target[k + 1] || code[k].type() == InstrType::kFc || IsKill(code[k])) break;
        if (removed[k]) continue;
        if (Overlaps(writes[k], copy->from, from_mask)) {
          p = k;
          break;
        }
        const bool reads_to = !compiler::MutantActive(compiler::Mutant::kR500OptCoalesceReadBetween) &&
                              Overlaps(uses[k], copy->to, copy->mask);
        if (Overlaps(uses[k], copy->from, from_mask) || reads_to || Overlaps(writes[k], copy->to, copy->mask)) break;
      }
      if (p < 0 || !WritesExactly(code[p], *copy)) continue;
      if (p <= fence) {
        again = true;
        continue;
      }
      if (!compiler::ShouldRewrite(budget, copy->lane < 0 ? "copy" : "broadcast")) continue;
      code[p].Set(copy->rgb ? Field::kRgbDest : Field::kAlphaDest, static_cast<uint32_t>(copy->to));
      if (copy->lane >= 0) Widen(code[p], copy->lane, copy->mask);
      uses[p] = Uses(code[p]);
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

}  // namespace

int CoalesceCopies(std::vector<Instr>& code, compiler::RewriteBudget* budget) { return Coalesce(code, budget, false); }

int CoalesceCopiesAndBroadcasts(std::vector<Instr>& code, compiler::RewriteBudget* budget) {
  return Coalesce(code, budget, true);
}

}  // namespace shaderdiff::r500opt
