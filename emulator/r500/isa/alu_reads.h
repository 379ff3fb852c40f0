// What an R500 ALU or OUT instruction reads, as the hardware decides it
// from the instruction word (A.4-A.6): the source slots it fetches (those an
// argument selects, slots 0 and 1 under presubtract, slot 0 for MDH/MDV),
// and whether it reads other pixels of the quad (MDH/MDV). One definition
// for the emulator (what it fetches, the NOP rule) and the optimizing build
// (dependences, the NOP bits it sets). The opcode numbers are checked
// against enums.def by tables_test.
#pragma once

#include <array>
#include <cstdint>

#include "emulator/r500/isa/instr.h"

namespace shaderdiff::r500 {

inline constexpr uint32_t kRgbOpMdh = 11, kRgbOpMdv = 12;
inline constexpr uint32_t kAlphaOpMdh = 14, kAlphaOpMdv = 15;

// MDH/MDV in either half: operands A and C come from other pixels of the quad.
bool IsQuadDerivative(const Instr& in);
// An argument of the RGB (rgb) or Alpha half selects the presubtract value (srcp).
bool UsesPresubtract(const Instr& in, bool rgb);
// The source slots the instruction fetches; each fetched slot's RGB and Alpha
// addresses are both read.
std::array<bool, 3> FetchedSlots(const Instr& in);

}  // namespace shaderdiff::r500
