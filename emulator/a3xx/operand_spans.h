// How many consecutive scalar registers each operand of an instruction
// covers, exactly as the emulator's preparation computes them: (rptN) with
// (r) sources, the bary.f i/j pair, cat5 coordinate and offset/lod vectors,
// cat5 destinations (always four scalars: the write mask does not spare the
// others, docs/isa-a3xx.md §4.3). The compiler uses it
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
