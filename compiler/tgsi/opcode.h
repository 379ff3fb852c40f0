// TGSI opcodes: the enum and per-opcode facts, generated from opcodes.def.
//
// Invariant: Opcode values are dense, 0..kOpcodeCount-1, in opcodes.def order,
// so OpcodeInfo lookups are plain array indexing.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace shaderdiff::tgsi {

enum class Opcode : uint16_t {
#define TGSI_OPCODE(name, ndst, nsrc, flags, src, dst) name,
#include "compiler/tgsi/opcodes.def"
#undef TGSI_OPCODE
};

#define TGSI_OPCODE(name, ndst, nsrc, flags, src, dst) +1
inline constexpr int kOpcodeCount = 0
#include "compiler/tgsi/opcodes.def"
    ;
#undef TGSI_OPCODE

// Bits of the FLAGS column of opcodes.def.
enum OpFlag : uint8_t {
  kTex = 1 << 0,         // a texture-target keyword follows the sources
  kTexOffsets = 1 << 1,  // up to four texture-offset operands may follow
  kLabel = 1 << 2,       // an optional ":N" branch label may follow
  kMem = 1 << 3,         // memory qualifier / target / format words may follow
  kRemoved = 1 << 4,     // not in Mesa 22; accepted for old dumps
};

// Data type of an opcode's sources or result (the SRC/DST columns).
enum class DataType : uint8_t { F, I, U, D, I64, U64, X };

struct OpcodeInfo {
  std::string_view name;
  uint8_t num_dst;
  uint8_t num_src;
  uint8_t flags;
  DataType src_type;
  DataType dst_type;

  bool has(OpFlag f) const { return (flags & f) != 0; }
};

const OpcodeInfo& GetOpcodeInfo(Opcode op);
std::string_view OpcodeName(Opcode op);
// Case-insensitive lookup of an exact mnemonic (no _SAT/_PRECISE suffix).
std::optional<Opcode> FindOpcode(std::string_view name);

}  // namespace shaderdiff::tgsi
