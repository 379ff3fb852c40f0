// The R500 fragment processor (shared/docs/isa-r500-lima-gen4.md part A):
// runs a decoded program on one 2x2 quad, in order, one instruction per
// issue, with asynchronous TEX results behind the texture semaphore, R500
// flow control with branch counters and stacks, and the NOP rules. Too-short
// schedules read what the hardware would (stale TEX destinations) and are
// recorded as hazards; anything the hardware could not run is an error.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "emulator/r500/state.h"

namespace shaderdiff::r500 {

struct Hazard {
  int slot = 0;          // code slot of the instruction that broke the rule
  std::string kind;      // "tex-read-before-wait", "presub-without-nop", ...
  std::string detail;
};

struct PixelResult {
  bool covered = true;
  bool killed = false;
  std::array<common::Vec4, kRenderTargets> color{};
  std::array<uint8_t, kRenderTargets> color_written{};  // rgba bits
  common::Word depth = 0;
  bool depth_written = false;
};

struct RunResult {
  std::string error;  // non-empty: refused or stopped (state, stack, range)
  std::array<PixelResult, kQuadPixels> pixels{};
  uint64_t cycles = 0, instructions = 0, nop_cycles = 0, wait_cycles = 0;
  std::vector<Hazard> hazards;
};

struct RunOptions {
  Params params;
  bool trap = false;  // stop at the first hazard
};

// Runs one quad; a state CheckState refuses is an error ("refused: ...").
RunResult RunQuad(const State& s, const Quad& q, const RunOptions& opt = {});
// The same on a state already checked (RunVector: one check per vector);
// only the quad's inputs are checked here.
RunResult RunQuad(const CheckedState& s, const Quad& q, const RunOptions& opt = {});

}  // namespace shaderdiff::r500
