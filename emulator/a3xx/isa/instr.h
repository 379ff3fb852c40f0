// The decoded instruction: what the compiler emits and the emulator
// executes. One struct for every category; members a category does not use
// stay at their default values (Validate enforces this, so == on two Instrs
// compares exactly the encoded information).
//
// Register numbering is the hardware's scalar numbering: num = 4*n + c for
// rN.c (c: 0=x .. 3=w). Special numbers: 244 = a0.x (r61.x), 248..251 =
// p0.x..w (r62), 252..255 = r63 (null register). Const numbers likewise:
// 4*n + c for cN.c, 0..2047.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "emulator/a3xx/isa/opcode.h"
#include "emulator/a3xx/isa/types.h"

namespace shaderdiff::a3xx {

inline constexpr uint16_t kRegA0X = 61 * 4;   // a0.x
inline constexpr uint16_t kRegP0X = 62 * 4;   // p0.x .. p0.w = kRegP0X + comp
inline constexpr uint16_t kRegR63X = 63 * 4;  // r63.x, the null register
inline constexpr uint16_t kMaxGpr = 255;      // r63.w
inline constexpr uint16_t kMaxConst = 2047;   // c511.w
inline constexpr uint16_t kNumFloatLut = 12;  // (0.0) .. (4.0)

inline bool IsA0(uint16_t num) { return num / 4 == 61; }
inline bool IsP0(uint16_t num) { return num / 4 == 62; }

struct Operand {
  OperandKind kind = OperandKind::kNone;
  uint16_t num = 0;     // kGpr: register 0..255; kConst: const 0..2047; kFloatLut: index 0..11
  int32_t offset = 0;   // kRelGpr/kRelConst: scalar offset added to a0.x
                        //   (signed 10 bits; cat1 relative dst: 0..255)
  uint32_t imm = 0;     // kImmediate raw value: cat1 32 bits as stored; cat2
                        //   sign-extended 11-bit; cat6 0..255
  bool half = false;    // 16-bit register / half LUT or immediate
  bool neg = false;     // (neg); on *.b ops: bitwise NOT
  bool abs = false;     // (abs)
  bool r = false;       // (r): advances with (rptN)

  bool operator==(const Operand&) const = default;
  bool present() const { return kind != OperandKind::kNone; }
};

// Shorthands for building operands (compiler side, tests).
inline constexpr uint16_t RegNum(int n, int comp) { return static_cast<uint16_t>(4 * n + comp); }
inline Operand GprOperand(uint16_t num, bool half = false) {
  return {.kind = OperandKind::kGpr, .num = num, .half = half};
}
inline Operand ConstOperand(uint16_t num, bool half = false) {
  return {.kind = OperandKind::kConst, .num = num, .half = half};
}
inline Operand RelGprOperand(int32_t offset, bool half = false) {
  return {.kind = OperandKind::kRelGpr, .offset = offset, .half = half};
}
inline Operand RelConstOperand(int32_t offset, bool half = false) {
  return {.kind = OperandKind::kRelConst, .offset = offset, .half = half};
}
inline Operand ImmOperand(uint32_t imm, bool half = false) {
  return {.kind = OperandKind::kImmediate, .imm = imm, .half = half};
}
inline Operand FloatLutOperand(uint16_t index, bool half = false) {
  return {.kind = OperandKind::kFloatLut, .num = index, .half = half};
}

// Operand slots: Instr::src[0..2], and the destination.
inline constexpr int kNumSrcSlots = 3;
inline constexpr int kDstSlot = 3;

struct Instr {
  Opcode opcode = Opcode::NOP;
  uint8_t flags = 0;      // InstrFlag bits: (sy)(ss)(jp)(ul)(sat)(ei)
  uint8_t repeat = 0;     // (rptN): cat0 nop 0..7, cat1-cat4 0..3
  uint8_t nop = 0;        // (nopN) 1..3: extra nop slots (cat2/cat3, no repeat)
  Operand dst;            // absent (kNone) for cat0 and stores
  std::array<Operand, kNumSrcSlots> src{};
                          // cat5: src[0] = SRC1, src[1] = SRC2, src[2] = .s2en register
                          // cat6: src[0] = address (or atomic l[] operand), src[1] = value
  // cat0
  int32_t branch = 0;     // br/jump/call: target - this instruction, in instructions
  uint8_t pred_comp = 0;  // br/kill: p0 component 0..3
  bool pred_inv = false;  // br/kill: '!' (branch if p0.c is false)
  // cat1
  Type src_type = Type::kF16;
  Type dst_type = Type::kF16;
  Round round = Round::kDefault;
  // cat2
  Cond cond = Cond::kLt;  // cmps/cmpv only
  // cat5
  uint8_t tex_flags = 0;  // TexFlag bits
  uint8_t wrmask = 0;     // x = bit 0 .. w = bit 3
  uint8_t samp = 0;       // s#N (not with .s2en)
  uint8_t tex = 0;        // t#N (not with .s2en)
  // cat5, cat6
  Type type = Type::kF16;
  // cat6
  int32_t mem_offset = 0; // byte/element offset (ldg/stg/ld*/st*: signed 13
                          //   bits; ldlv: varying location 0..8191)
  uint32_t mem_size = 0;  // component count field (ldg/stg 3 bits, others 8)
  bool typed = false;     // atomics: typed (else untyped)
  uint8_t dims = 1;       // atomics: 1..4 (".1d")
  uint8_t type_size = 1;  // atomics: 1..4

  bool operator==(const Instr&) const = default;

  Category category() const { return info().category; }
  const OpcodeInfo& info() const { return GetOpcodeInfo(opcode); }
  bool has_flag(InstrFlag f) const { return (flags & f) != 0; }
};

// Whether source slot `slot` (0..2) is used by this instruction. For all
// categories but cat5 that is slot < num_srcs; cat5 adds SRC2 with .o and
// the index register with .s2en.
bool SourcePresent(const OpcodeInfo& info, const Instr& instr, int slot);

// nullopt if `instr` is a legal, encodable a3xx instruction; otherwise why
// not ("mad.f32: source 2 cannot be a const (allowed: gpr)"). Exactly the
// instructions Validate accepts are the ones Encode can encode and the ones
// Decode can produce.
std::optional<std::string> Validate(const Instr& instr);

// Every member, for test failure messages.
std::string DebugString(const Instr& instr);
std::string DebugString(const Operand& operand);

}  // namespace shaderdiff::a3xx
