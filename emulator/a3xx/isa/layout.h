// The bit-level description of the a3xx encoding, as tables: the field rows
// of every format (fields.def), the operand sub-encodings
// (operand_forms.def), each opcode's fixed bits, and CheckTables, which
// proves the tables consistent (no two opcodes can match one word, operand
// forms are disjoint, every format tiles the 64 bits).
//
// The encoder and decoder are loops over these rows; a field's meaning is
// its FieldKind, never its position.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/a3xx/isa/instr.h"
#include "emulator/a3xx/isa/opcode.h"
#include "emulator/isa_common/bit_range.h"

namespace shaderdiff::a3xx {

enum class FieldKind : uint8_t {
  // structural
  kCategory, kOpcode, kFixed, kZero, kIgnored,
  // instruction flags and repeat
  kFlag, kRepeat,
  // per-source modifiers (arg = source slot)
  kSrcRepeat, kSrcNeg, kSrcAbs,
  // operands (arg = slot 0..2 or kDstSlot); the kind names the sub-encoding
  kGpr8, kMultiSrc, kCat3Src, kCat1Src, kCat1Dst, kCat6Src,
  kOperandExt,
  // scalar fields
  kFull, kDstConv, kCond, kSrcType, kDstType, kRound,
  kBranch, kPredInv, kPredComp,
  kSamp, kTex, kWrmask, kType, kTexFlag,
  kMemOffset, kVaryingOffset, kMemSize, kTyped, kDimsM1, kTypeSizeM1,
};
std::string_view FieldKindName(FieldKind kind);
bool IsOperandKind(FieldKind kind);  // kGpr8 .. kCat6Src

enum class When : uint8_t { kAlways, kNoS2en, kS2en };
// What the decoder does with a row the opcode does not use: kMbz rejects a
// nonzero value; kIgnoreIfNoSource ignores it when source slot ARG is
// absent (doc: cat2 SRC2 "ignored by 1-src ops"), else treats it as kMbz.
enum class Unused : uint8_t { kMbz, kIgnoreIfNoSource };

struct Field {
  Format format;
  std::string_view name;
  uint8_t lo;
  uint8_t width;
  FieldKind kind;
  uint32_t arg;
  When when;
  Unused unused;
  std::string_view note;  // why a kZero field must be zero

  uint8_t hi() const { return static_cast<uint8_t>(lo + width - 1); }
  uint64_t mask() const { return isa_common::LowMask<uint64_t>(width) << lo; }
  uint64_t Extract(uint64_t word) const { return (word >> lo) & isa_common::LowMask<uint64_t>(width); }
};

struct FormatInfo {
  Format format;
  std::string_view name;
  Category category;
  int max_const_srcs;  // -1: no limit
};

const FormatInfo& GetFormatInfo(Format format);
// The rows of one format, in fields.def order.
std::span<const Field> FieldsOf(Format format);
// Whether `field` exists for this instruction's cat5 mode (its When holds).
bool FieldActive(const Field& field, const Instr& instr);
// Whether the opcode uses the field (for the decoder: unused rows must be
// zero unless their Unused policy says otherwise). Structural kinds are always
// "in use". May depend on already-decoded members (repeat, tex_flags).
bool FieldInUse(const Field& field, const OpcodeInfo& info, const Instr& instr);

struct OperandForm {
  FieldKind encoding;   // kGpr8 .. kCat6Src
  OperandKind kind;
  uint64_t mask;
  uint64_t value;
  uint8_t payload_lo;
  uint8_t payload_width;
  bool payload_signed;
  int8_t half_bit;      // -1: precision comes from the instruction
};
std::span<const OperandForm> OperandFormsOf(FieldKind encoding);

// A set of fixed bits: word matches iff (word & mask) == value.
struct BitPattern {
  uint64_t mask = 0;
  uint64_t value = 0;
  bool Matches(uint64_t word) const { return (word & mask) == value; }
};
// Bits that identify the opcode: category, opcode field, kFixed rows and
// the opcode's extra pattern. The decoder selects the table entry with these.
BitPattern IdentityBits(Opcode op);
// IdentityBits plus the always-zero (kZero) rows: every word the decoder
// accepts as `op` matches this.
BitPattern FixedBits(Opcode op);
// True if some word matches both patterns (they agree on every bit both fix).
bool PatternsOverlap(const BitPattern& a, const BitPattern& b);

// Consistency of the tables; empty when consistent. Checks: (1) no two
// opcodes' FixedBits can match the same word (pairwise), (2) the forms of
// each operand sub-encoding are pairwise disjoint, (3) every format's active
// rows cover each of the 64 bits exactly once (per cat5 mode), (4) each
// operand row's value fits its forms. Cheap; run it in a test or at startup.
std::vector<std::string> CheckTables();

}  // namespace shaderdiff::a3xx
