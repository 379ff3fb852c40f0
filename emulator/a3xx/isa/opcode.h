// a3xx opcodes: the Opcode enum and per-opcode facts (OpcodeInfo), all
// generated from opcodes.def; the Format and Syntax enums generated from
// fields.def and syntax.def.
//
// Invariant: Opcode values are dense, 0..kNumOpcodes-1 in opcodes.def order,
// so GetOpcodeInfo is array indexing. (category, opc) is unique per entry;
// CheckTables (layout.h) proves the stronger property that no two entries'
// fixed bits can match the same word.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "emulator/a3xx/isa/types.h"

namespace shaderdiff::a3xx {

enum class Opcode : uint16_t {
#define A3XX_OP(NAME, MNEM, CAT, OPC, FMT, SYN, DST, NSRC, S0, S1, S2, FLAGS, PREC, LAT) NAME,
#include "emulator/a3xx/isa/opcodes.def"
#undef A3XX_OP
};

#define A3XX_OP(NAME, MNEM, CAT, OPC, FMT, SYN, DST, NSRC, S0, S1, S2, FLAGS, PREC, LAT) +1
inline constexpr int kNumOpcodes = 0
#include "emulator/a3xx/isa/opcodes.def"
    ;
#undef A3XX_OP

// Field layouts (fields.def).
enum class Format : uint8_t {
#define A3XX_FORMAT(NAME, CAT, MAX_CONST) k##NAME,
#include "emulator/a3xx/isa/fields.def"
#undef A3XX_FORMAT
};

// Text templates (syntax.def).
enum class Syntax : uint8_t {
#define A3XX_SYNTAX(NAME, TEMPLATE, MESA_TEMPLATE) k##NAME,
#include "emulator/a3xx/isa/syntax.def"
#undef A3XX_SYNTAX
};

// How an instruction's operand precision (half/full) is determined.
enum class Precision : uint8_t {
  kNone,     // no operands (cat0)
  kTyped,    // cat1: source from SRC_TYPE, destination from DST_TYPE
  kFullBit,  // cat2/cat4: sources from FULL, destination opposite if DST_CONV
  kHalf,     // cat3 16-bit opcodes: half sources, DST_CONV flips the dst
  kFull,     // cat3 32-bit opcodes: full sources, DST_CONV flips the dst
  kTex,      // cat5: sources from FULL, .s2en register half, dst from TYPE
  kMem,      // cat6: address registers full, data registers from TYPE
};

// The FLAGS column: what an instruction accepts.
enum OpFlag : uint32_t {
  kOpSy = kFlagSy,    // the InstrFlag bits come first, at the same positions
  kOpSs = kFlagSs,
  kOpJp = kFlagJp,
  kOpUl = kFlagUl,
  kOpSat = kFlagSat,
  kOpEi = kFlagEi,
  kOpRpt = 1u << 8,      // (rptN)
  kOpNop = 1u << 9,      // (nopN), sharing the SRC1_R/SRC2_R bits when REPEAT == 0
  kOpSrcR = 1u << 10,    // (r) on sources
  kOpNeg = 1u << 11,     // (neg) on sources
  kOpAbs = 1u << 12,     // (abs) on sources
  kOpCond = 1u << 13,    // compare condition
  kOpPred = 1u << 14,    // p0.c predicate operand (cat0)
  kOpBranch = 1u << 15,  // branch offset (cat0)
  kOpSamp = 1u << 16,    // s#N (cat5)
  kOpTexIdx = 1u << 17,  // t#N (cat5)
};
inline constexpr uint32_t kOpInstrFlagMask = 0x3f;

struct OpcodeInfo {
  Opcode opcode;
  std::string_view mnemonic;
  Category category;
  uint8_t opc;                       // raw opcode field value
  Format format;
  Syntax syntax;
  KindMask dst_kinds;                // 0: no destination
  uint8_t num_srcs;                  // cat5: sources present without .o/.s2en
  std::array<KindMask, 3> src_kinds; // allowed kinds per source slot
  uint32_t flags;                    // OpFlag bits
  Precision precision;
  LatencyClass latency;
  uint64_t extra_mask;               // opcode-specific fixed bits (A3XX_OP_PATTERN)
  uint64_t extra_value;

  bool has(OpFlag f) const { return (flags & f) != 0; }
  // False for cat6 forms this library names but does not encode or decode.
  bool supported() const { return format != Format::kCat6Unsupported; }
  bool has_dst() const { return dst_kinds != 0; }
};

namespace internal {
extern const std::array<OpcodeInfo, kNumOpcodes> kOpcodeInfoTable;  // opcode.cc
}  // namespace internal
// Array indexing, inline: the emulator's preparation and the compiler's
// passes ask it hundreds of thousands of times a campaign second.
inline const OpcodeInfo& GetOpcodeInfo(Opcode op) { return internal::kOpcodeInfoTable[static_cast<size_t>(op)]; }
std::string_view OpcodeName(Opcode op);  // the mnemonic
// Exact mnemonic lookup ("add.f", "atomic.add"); no aliases, no suffixes.
std::optional<Opcode> FindOpcode(std::string_view mnemonic);
// The table entry for (category, raw opcode field), if any.
std::optional<Opcode> FindOpcodeByEncoding(Category category, uint8_t opc);

// Rules derived from the table columns (shared by validation, codecs and
// the text syntax):
//   maximum number of const-file sources of the opcode's format (-1 = any)
int MaxConstSources(const OpcodeInfo& info);
//   the Instr::tex_flags bits a cat5 opcode accepts: .3d/.a/.s/.o/.p need
//   at least one source, .s2en needs an s#/t# index to replace
uint8_t AcceptedTexFlags(const OpcodeInfo& info);

}  // namespace shaderdiff::a3xx
