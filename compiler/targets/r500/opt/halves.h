// One half of a movable R500 ALU/OUT instruction (access.h Kind::kAlu) as
// the pairing scheduler sees it, and the encoding of two halves into one
// instruction (A.3, A.5, A.9).
//
// A Half keeps its operands as the registers they read, not as slots: an
// operand lane that swizzles r, g or b reads its slot's RGB address, one
// that swizzles a reads the slot's Alpha address (A.3), so an operand needs
// an RGB address, an Alpha address, or both (then of one slot). Pair puts
// the needs of both halves into the three slots (an RGB-only need and an
// Alpha-only need of different registers share a slot) or fails.
// Invariants: an unused operand and an unwritten RGB lane read no register
// (swizzle 0); an address no operand needs is constant c0 (fetching it is
// never a TEX hazard); Pair(h, nullptr) or Pair(nullptr, h) of a half
// extracted from an instruction computes what that instruction's live half
// computed.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "emulator/r500/isa/instr.h"

namespace shaderdiff::r500opt {

// A slot address: a temporary, a constant, an inline constant (A.5), or none.
struct Address {
  enum class Kind : uint8_t { kNone, kTemp, kConst, kInline };
  Kind kind = Kind::kNone;
  uint32_t index = 0;
  bool operator==(const Address&) const = default;
};

struct HalfOperand {
  Address rgb, alpha;               // what the lanes need (kNone: no lane reads that address)
  std::array<uint8_t, 3> swz{4, 4, 4};  // RGB half: per lane; Alpha half: swz[0]
  uint8_t mod = 0;
};

struct Half {
  bool rgb = true;   // the RGB (vector) or Alpha (scalar) unit
  bool out = false;  // an OUT instruction's half (writes outputs, never temps)
  uint32_t op = 0, omod = 0, clamp = 0;
  uint32_t dest = 0, wmask = 0;               // temp write (RGB: 3 bits, Alpha: 1 bit)
  uint32_t omask = 0, target = 0, womask = 0;  // outputs (OUT only; womask: depth, Alpha only)
  std::array<HalfOperand, 3> operand{};
};

// The live half of `in` (Classify(in) == Kind::kAlu); nullopt if neither is live.
std::optional<Half> ExtractHalf(const r500::Instr& in);

// One instruction computing `rgb` in the RGB unit and `alpha` in the Alpha
// unit (either may be null: that unit writes nothing); nullopt when the
// sources do not fit three slots, or an output half meets a temp half.
std::optional<r500::Instr> Pair(const Half* rgb, const Half* alpha);

// A bit-exact copy of S's channels `mask` (r = 1 .. a = 8) into T, by one
// unit: one live half, MAX(a, a) with OMOD disable (7: neither flushes nor
// clamps), no clamp, no modifier, no presubtract; an RGB copy reads S.xyz on
// its own lanes, an Alpha copy reads S.w. Max(a, a) returns a, so the copy
// is bit-exact for every word, NaN payloads and denormals included. A copy
// with from == to writes every channel it reads with its own word: a no-op.
// A broadcast (lane >= 0) is an RGB copy whose written lanes all read one
// channel of S (r, g or b: T.mask = S.lane on every lane of mask); it is
// not a no-op even when from == to.
struct Copy {
  bool rgb = true;
  int from = 0, to = 0;
  uint8_t mask = 0;  // the channels written, of T
  int lane = -1;     // a broadcast's source channel (0..2), else -1
  // The channels of S it reads: mask, or the broadcast's one channel.
  uint8_t FromMask() const { return lane < 0 ? mask : static_cast<uint8_t>(1u << lane); }
};

// The copy `in` is, if it is one (access.h Kind::kAlu, one live half).
std::optional<Copy> AsCopy(const r500::Instr& in);

}  // namespace shaderdiff::r500opt
