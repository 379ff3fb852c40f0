// Per-channel liveness over the flow graph of an R500 program, shared by
// r500-dead and r500-rename: a channel is live after slot i when some path
// from there (both edges of every JUMP: an inactive pixel's path) reads it
// before writing it; nothing is live at the program's end. The caller says
// what slot i reads and writes (uses(i), writes(i): Channels).
#pragma once

#include <vector>

#include "compiler/targets/r500/opt/access.h"
#include "compiler/targets/r500/opt/program.h"

namespace shaderdiff::r500opt {

// Returns live_out; fills live_in (size code.size() + 1) when given.
template <class UsesOf, class WritesOf>
std::vector<Channels> LiveOut(const std::vector<r500::Instr>& code, UsesOf uses, WritesOf writes,
                              std::vector<Channels>* live_in_out = nullptr) {
  const int n = static_cast<int>(code.size());
  std::vector<Channels> live_in(n + 1), live_out(n);
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = n - 1; i >= 0; --i) {
      const auto [next, jump] = SuccessorPair(code, i);
      Channels out = live_in[next];
      if (jump >= 0) out |= live_in[jump];
      const Channels in = uses(i) | (out & ~writes(i));
      if (out != live_out[i] || in != live_in[i]) changed = true;
      live_out[i] = out;
      live_in[i] = in;
    }
  }
  if (live_in_out) *live_in_out = std::move(live_in);
  return live_out;
}

}  // namespace shaderdiff::r500opt
