// The TGSI shader as a tree: what the parser produces, the printer writes,
// and the interpreter and compilers read.
//
// Invariants (established by the parser, relied on by every reader):
// - Each Instruction has exactly GetOpcodeInfo(opcode).num_dst destinations
//   and num_src sources; texture_target is set iff the opcode has kTex.
// - Swizzle and component values are 0..3 (x, y, z, w); write masks are
//   non-empty 4-bit masks (bit 0 = x).
// - Shader::items lists every property, declaration, immediate and
//   instruction once, in text order; instruction i is Shader::instructions[i]
//   and its printed number is i.
// - Nothing here is validated semantically (undeclared registers, a missing
//   END, unbalanced IF/ENDIF are legal trees): Mesa's own parser accepts
//   them, and consumers that need more check it themselves.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "compiler/tgsi/names.h"
#include "compiler/tgsi/opcode.h"

namespace shaderdiff::tgsi {

// 1-based position in the source text.
struct SourceLocation {
  uint32_t line = 0;
  uint32_t column = 0;
};

// The indirect part of a register bracket: ADDR[index].component.
struct IndirectAddress {
  File file = File::kAddress;  // ADDR in every modern dump; older ones allowed any file
  uint32_t index = 0;
  uint8_t component = 0;       // 0..3
  bool operator==(const IndirectAddress&) const = default;
};

// One bracket of an operand: [7], [ADDR[0].x+3], optionally followed by (array id).
struct Bracket {
  uint32_t index = 0;                       // the direct index (when !indirect)
  std::optional<IndirectAddress> indirect;  // set for [ADDR[..]+offset]
  int32_t offset = 0;                       // the signed offset (when indirect)
  uint32_t array_id = 0;                    // "(n)" after the bracket; 0 = none
  bool operator==(const Bracket&) const = default;
};

// A register reference. A 2-D operand (CONST[1][4], IN[2][0]) has a
// dimension bracket (the first one written) in addition to the index.
struct Register {
  File file = File::kNull;
  std::optional<Bracket> dimension;
  Bracket index;
  bool operator==(const Register&) const = default;
};

struct SrcOperand {
  Register reg;
  std::array<uint8_t, 4> swizzle = {0, 1, 2, 3};
  bool negate = false;  // '-' : applied after abs
  bool absolute = false;  // '|x|'
  bool operator==(const SrcOperand&) const = default;
};

struct DstOperand {
  Register reg;
  uint8_t write_mask = 0xF;  // bit 0 = x ... bit 3 = w
  bool operator==(const DstOperand&) const = default;
};

// A texture-offset operand: FILE[index].xyz (direct only, three components).
struct TexOffset {
  File file = File::kImmediate;
  uint32_t index = 0;
  std::array<uint8_t, 3> swizzle = {0, 1, 2};
  bool operator==(const TexOffset&) const = default;
};

struct Instruction {
  Opcode opcode = Opcode::NOP;
  bool saturate = false;
  bool precise = false;
  std::vector<DstOperand> dst;
  std::vector<SrcOperand> src;
  std::optional<TextureTarget> texture_target;  // iff the opcode has kTex
  std::vector<TexOffset> tex_offsets;
  // Memory instructions (kMem): qualifier bits (kMemoryQualifierNames order),
  // an optional resource target and an optional PIPE_FORMAT_* name.
  uint8_t memory_qualifiers = 0;
  std::optional<TextureTarget> memory_target;
  std::string memory_format;
  std::optional<uint32_t> label;  // ":N", an instruction index
  SourceLocation location;        // of the mnemonic
};

struct SemanticDecl {
  Semantic name = Semantic::kGeneric;
  uint32_t index = 0;
  bool operator==(const SemanticDecl&) const = default;
};

struct Declaration {
  File file = File::kTemporary;
  // GS inputs, TCS/TES per-vertex I/O: the vertex bracket is printed as "[]"
  // and the declaration stays 1-D.
  bool vertex_bracket = false;
  std::optional<uint32_t> dimension;  // 2-D files (CONST[1][0..3]): the buffer slot
  uint32_t first = 0;
  uint32_t last = 0;
  uint8_t usage_mask = 0xF;
  uint32_t array_id = 0;
  bool local = false;
  std::optional<SemanticDecl> semantic;
  std::array<uint32_t, 4> stream = {0, 0, 0, 0};  // GS output streams
  // SVIEW
  TextureTarget sview_target = TextureTarget::kUnknown;
  std::array<ReturnType, 4> return_type = {ReturnType::kFloat, ReturnType::kFloat,
                                           ReturnType::kFloat, ReturnType::kFloat};
  // IMAGE
  TextureTarget image_target = TextureTarget::kUnknown;
  std::string image_format;  // PIPE_FORMAT_* or empty
  bool image_writable = false;
  bool image_raw = false;
  // BUFFER / MEMORY
  bool buffer_atomic = false;
  MemoryType memory_type = MemoryType::kGlobal;
  // Inputs and outputs
  std::optional<Interpolation> interpolation;
  InterpLocation interp_location = InterpLocation::kCenter;
  bool invariant = false;
  SourceLocation location;
};

struct Immediate {
  ImmediateType type = ImmediateType::kFloat32;
  // Raw 32-bit words; 64-bit types use two words per value, low word first.
  std::array<uint32_t, 4> words = {0, 0, 0, 0};
  // FLT32 written as 0xHHHHHHHH bit patterns (Mesa's hex dump flag).
  bool float_as_hex = false;
  SourceLocation location;
};

struct PropertyDecl {
  Property name = Property::kGsInputPrimitive;
  uint32_t value = 0;
  SourceLocation location;
};

enum class ItemKind : uint8_t { kProperty, kDeclaration, kImmediate, kInstruction };

struct Item {
  ItemKind kind;
  uint32_t index;  // into the vector of that kind
};

struct Shader {
  Processor processor = Processor::kFragment;
  std::vector<PropertyDecl> properties;
  std::vector<Declaration> declarations;
  std::vector<Immediate> immediates;
  std::vector<Instruction> instructions;
  std::vector<Item> items;  // everything above, in text order
};

}  // namespace shaderdiff::tgsi
