// What the field rows of an opcode's format say about one instruction,
// precomputed once from fields.def for every opcode and every instruction
// variant the rows depend on (cat5 .s2en, cat5 .o, (rptN) zero or not):
// which FieldKinds are in use, the narrowest in-use row of each kind, and
// each operand slot's sub-encoding and the width of its rows. Validate
// reads this instead of walking the rows (and packing a word) for every
// instruction.
//
// Invariant: FieldUseOf(i).InUse(k) is exactly "some row r of kind k has
// FieldInUse(r, i.info(), i)", and narrowest[k] is the in-use row of kind k
// with the fewest bits (the first of them in fields.def order); both hold
// because FieldInUse reads nothing of the instruction but its opcode,
// tex_flags' .s2en and .o bits and whether repeat is zero (layout.cc).
#pragma once

#include <array>
#include <cstdint>

#include "emulator/a3xx/isa/instr.h"
#include "emulator/a3xx/isa/layout.h"

namespace shaderdiff::a3xx::internal {

inline constexpr int kNumFieldKinds = static_cast<int>(FieldKind::kTypeSizeM1) + 1;
static_assert(kNumFieldKinds <= 64, "kinds_in_use is a 64-bit mask");

struct SlotRows {
  const Field* main = nullptr;  // the in-use operand row of the slot (null: none)
  const Field* ext = nullptr;   // its in-use kOperandExt row (null: none)
};

struct FieldUse {
  uint64_t kinds_in_use = 0;                           // bit k: a row of FieldKind k is in use
  std::array<const Field*, kNumFieldKinds> narrowest{};  // per kind: its narrowest in-use row
  std::array<SlotRows, kDstSlot + 1> slots{};          // per operand slot (0..2, kDstSlot)
  int mem_offset_bits = 0;                             // width of all kMemOffset rows of the format

  bool InUse(FieldKind kind) const { return (kinds_in_use >> static_cast<int>(kind)) & 1; }
};

// The table entry for `instr`'s opcode and variant. instr.opcode must be a
// valid opcode (< kNumOpcodes).
const FieldUse& FieldUseOf(const Instr& instr);

}  // namespace shaderdiff::a3xx::internal
