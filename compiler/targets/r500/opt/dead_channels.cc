// Dead-half and dead-channel elimination (dead_channels.h).
#include "compiler/targets/r500/opt/dead_channels.h"

#include "compiler/targets/r500/opt/access.h"
#include "compiler/targets/r500/opt/program.h"

namespace shaderdiff::r500opt {
namespace {

using r500::Field;
using r500::Instr;
using r500::InstrType;

// live_out[i]: channels some path from after slot i reads before writing.
std::vector<Channels> LiveOut(const std::vector<Instr>& code) {
  const int n = static_cast<int>(code.size());
  std::vector<Channels> uses(n), writes(n), live_in(n + 1), live_out(n);
  for (int i = 0; i < n; ++i) {
    uses[i] = Uses(code[i]);
    writes[i] = Writes(code[i]);
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = n - 1; i >= 0; --i) {
      Channels out;
      for (int s : Successors(code, i)) out |= live_in[s];
      const Channels in = uses[i] | (out & ~writes[i]);
      if (out != live_out[i] || in != live_in[i]) changed = true;
      live_out[i] = out;
      live_in[i] = in;
    }
  }
  return live_out;
}

bool HasEffect(const Instr& in) {
  // FC; and OUT, even one writing nothing: the program ends with an OUT (A.13 item 6).
  if (in.type() == InstrType::kFc || in.type() == InstrType::kOut) return true;
  if (in.type() == InstrType::kTex) return in.Get(Field::kTexOp) == 2 || !Writes(in).none() || in.Get(Field::kTexSemAcquire);
  return RgbLive(in) || AlphaLive(in) || in.Get(Field::kAluWmask) || in.Get(Field::kStatWe);
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
  for (bool again = true; again;) {
    again = false;
    const std::vector<Channels> live_out = LiveOut(code);
    const int n = static_cast<int>(code.size());
    std::vector<Instr> kept;
    std::vector<int> new_of_old(n + 1);
    for (int i = 0; i < n; ++i) {
      Instr in = code[i];
      new_of_old[i] = static_cast<int>(kept.size());
      if (in.type() != InstrType::kFc) {
        Instr narrowed = in;
        if (Narrow(narrowed, live_out[i]) && compiler::ShouldRewrite(budget, "drop-channels")) {
          in = narrowed;
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
    }
    new_of_old[n] = static_cast<int>(kept.size());
    RemapJumps(kept, new_of_old);
    code = std::move(kept);
  }
  return taken;
}

}  // namespace shaderdiff::r500opt
