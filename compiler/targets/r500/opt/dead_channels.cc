// Dead-half and dead-channel elimination (dead_channels.h).
#include "compiler/targets/r500/opt/dead_channels.h"

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

// What each instruction reads and writes, kept parallel to the code across
// the rounds (recomputed only for an instruction a round narrowed).
struct Access {
  Channels uses, writes;
  explicit Access(const Instr& in) : uses(Uses(in)), writes(Writes(in)) {}
};

bool HasEffect(const Instr& in) {
  // FC; and OUT, even one writing nothing: the program ends with an OUT (A.13 item 6).
  if (in.type() == InstrType::kFc || in.type() == InstrType::kOut) return true;
  if (in.type() == InstrType::kTex) return in.Get(Field::kTexOp) == 2 || !Writes(in).none() || in.Get(Field::kTexSemAcquire);
  return RgbLive(in) || AlphaLive(in) || in.Get(Field::kAluWmask) || in.Get(Field::kStatWe);
}

// Whether `in` is a copy of registers onto themselves (halves.h AsCopy,
// from == to): it writes each channel it reads with the word it read.
bool IsSelfCopy(const Instr& in) {
  const std::optional<Copy> c = AsCopy(in);
  return c && c->lane < 0 && (c->from == c->to || compiler::MutantActive(compiler::Mutant::kR500OptSelfCopyOtherRegister));
}

// Clears the write of `in`'s one live half (a self-copy's).
void ClearHalf(Instr& in) {
  const bool rgb = RgbLive(in);
  in.Set(rgb ? Field::kRgbWmask : Field::kAlphaWmask, 0);
  in.Set(rgb ? Field::kRgbDest : Field::kAlphaDest, 0);
}

// Narrows the write masks of `in` to the channels in `live`; true if changed.
bool Narrow(Instr& in, const Channels& live) {
  bool changed = false;
  if (in.type() == InstrType::kTex) {
    const uint8_t keep = ChannelsOf(live, static_cast<int>(in.Get(Field::kTexDst)));
    const uint32_t rgb = in.Get(Field::kRgbWmask) & keep, alpha = in.Get(Field::kAlphaWmask) & (keep >> 3);
    changed = rgb != in.Get(Field::kRgbWmask) || alpha != in.Get(Field::kAlphaWmask);
    in.Set(Field::kRgbWmask, rgb);
    in.Set(Field::kAlphaWmask, alpha);
    return changed;
  }
  if (in.Get(Field::kRgbWmask)) {
    const uint32_t m = in.Get(Field::kRgbWmask) & ChannelsOf(live, static_cast<int>(in.Get(Field::kRgbDest)));
    changed = changed || m != in.Get(Field::kRgbWmask);
    in.Set(Field::kRgbWmask, m);
    if (m == 0) in.Set(Field::kRgbDest, 0);
  }
  if (in.Get(Field::kAlphaWmask) && !(ChannelsOf(live, static_cast<int>(in.Get(Field::kAlphaDest))) & 8)) {
    changed = true;
    in.Set(Field::kAlphaWmask, 0);
    in.Set(Field::kAlphaDest, 0);
  }
  return changed;
}

}  // namespace

int EliminateDeadChannels(std::vector<Instr>& code, compiler::RewriteBudget* budget) {
  int taken = 0;
  std::vector<Access> access;
  access.reserve(code.size());
  for (const Instr& in : code) access.emplace_back(in);
  for (bool again = true; again;) {
    again = false;
    const std::vector<Channels> live_out =
        LiveOut(code, [&](int i) -> const Channels& { return access[i].uses; }, [&](int i) -> const Channels& { return access[i].writes; });
    const int n = static_cast<int>(code.size());
    std::vector<Instr> kept;
    std::vector<Access> kept_access;
    kept.reserve(code.size());
    kept_access.reserve(code.size());
    std::vector<int> new_of_old(n + 1);
    for (int i = 0; i < n; ++i) {
      Instr in = code[i];
      bool narrowed_here = false;
      new_of_old[i] = static_cast<int>(kept.size());
      if (IsSelfCopy(in) && compiler::ShouldRewrite(budget, "self-copy")) {
        ClearHalf(in);
        narrowed_here = true;
        ++taken;
        again = true;
      }
      if (in.type() != InstrType::kFc) {
        Instr narrowed = in;
        if (Narrow(narrowed, live_out[i]) && compiler::ShouldRewrite(budget, "drop-channels")) {
          in = narrowed;
          narrowed_here = true;
          ++taken;
          again = true;
        }
      }
      if (!HasEffect(in) && compiler::ShouldRewrite(budget, "drop-instr")) {
        ++taken;
        again = true;
        continue;
      }
      kept.push_back(in);
      if (narrowed_here) {
        kept_access.emplace_back(in);
      } else {
        kept_access.push_back(access[i]);
      }
    }
    new_of_old[n] = static_cast<int>(kept.size());
    RemapJumps(kept, new_of_old);  // addresses only: no instruction's reads or writes change
    code = std::move(kept);
    access = std::move(kept_access);
  }
  return taken;
}

}  // namespace shaderdiff::r500opt
