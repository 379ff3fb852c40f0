// A decoded R500 instruction: the value of every field of fields.def, by
// Field. Fields that do not belong to the instruction's type are zero in
// every valid Instr (Validate refuses otherwise). The type is the kType
// field itself, so the struct is the table and nothing else.
#pragma once

#include <array>
#include <cstdint>

#include "emulator/r500/isa/fields.h"

namespace shaderdiff::r500 {

struct Instr {
  std::array<uint32_t, kFieldCount> value{};

  uint32_t Get(Field f) const { return value[static_cast<int>(f)]; }
  void Set(Field f, uint32_t v) { value[static_cast<int>(f)] = v; }
  InstrType type() const { return static_cast<InstrType>(Get(Field::kType) & 3); }

  bool operator==(const Instr&) const = default;
};

// The instruction of type `t` with every other field zero (valid for every
// type: MAD/MAD of t0 with nothing written, TEX nop, FC jump never taken).
Instr EmptyInstr(InstrType t);

using Words = std::array<uint32_t, kDwords>;

}  // namespace shaderdiff::r500
