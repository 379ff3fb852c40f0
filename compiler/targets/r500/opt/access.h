// What one R500 instruction reads and writes, per temporary channel, for
// the optimizing build's passes (compiler/targets/r500/opt), and which
// instructions those passes may move.
//
// Two read sets: `Uses` is what the result depends on (the operands the op
// uses, on the lanes it writes or outputs); `Fetches` is what the emulator
// fetches (every address of every selected slot, A.3), which is what the
// texture semaphore must cover (a fetch of an un-waited TEX destination is a
// hazard even when the value is discarded). Invariants: Uses is a subset of
// Fetches for every ALU/OUT instruction; a TEX's writes are its destination
// channels by its write mask.
#pragma once

#include <bitset>
#include <cstdint>

#include "emulator/r500/isa/instr.h"
#include "emulator/r500/state.h"

namespace shaderdiff::r500opt {

// One bit per (temporary, channel): bit 4 * temp + channel (r, g, b, a).
using Channels = std::bitset<r500::kTemps * 4>;

void AddChannels(Channels& set, int temp, uint8_t mask);  // mask: r = 1 .. a = 8
uint8_t ChannelsOf(const Channels& set, int temp);

// How a pass may treat an instruction.
enum class Kind : uint8_t {
  kAlu,      // an ALU/OUT instruction with at most one live half and nothing else: movable, pairable
  kTex,      // a lookup (ld, proj, lodbias, lod, dxdy): movable
  kBarrier,  // everything else: FC, TEXKILL, MDH/MDV, the ALU result, predicates, presubtract, dot products,
             // SOP, both halves live, write_inactive: stays where it is, and nothing moves across it
};

Kind Classify(const r500::Instr& in);
// Whether any field of `in` addresses relative to aL (the passes then leave
// the whole program alone: a relative access has no channel set).
bool UsesRelative(const r500::Instr& in);

// Which ALU operands (A, B, C: bits 1, 2, 4) an RGB or Alpha opcode reads.
uint8_t RgbOperandsUsed(uint32_t rgb_op);
uint8_t AlphaOperandsUsed(uint32_t alpha_op);

// Whether the RGB / Alpha half of an ALU or OUT instruction has an effect
// (writes a temp channel or an output).
bool RgbLive(const r500::Instr& in);
bool AlphaLive(const r500::Instr& in);

Channels Uses(const r500::Instr& in);
Channels Fetches(const r500::Instr& in);
Channels Writes(const r500::Instr& in);

}  // namespace shaderdiff::r500opt
