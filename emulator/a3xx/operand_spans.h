// How many consecutive scalar registers each operand of an instruction
// covers, exactly as the emulator's preparation computes them: (rptN) with
// (r) sources, the bary.f i/j pair, cat5 coordinate and offset/lod vectors,
// cat5 destinations up to the highest write-mask bit. The compiler uses it
// to build vector operands without re-deriving the ISA's layout rules.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "emulator/a3xx/isa/instr.h"

namespace shaderdiff::a3xx {

struct OperandSpans {
  std::array<uint8_t, kNumSrcSlots> src = {1, 1, 1};  // 0 where the slot is not read
  uint8_t dst = 1;
};

// nullopt (with *why) when the emulator does not model the instruction.
std::optional<OperandSpans> GetOperandSpans(const Instr& in, std::string* why);

}  // namespace shaderdiff::a3xx
