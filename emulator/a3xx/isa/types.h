// Small value types of the a3xx ("ir3") ISA shared by every part of the
// library: categories, the 3-bit data type field, rounding modes, compare
// conditions, operand kinds, instruction/texture flag bits and the latency
// classes the emulator's timing table is keyed by.
//
// Invariant: every enum's numeric value is the raw field value the hardware
// uses (Type, Round, Cond, Category), so codecs convert with a plain cast.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace shaderdiff::a3xx {

// Bits [63:61]. Category 7 exists on a6xx+ only; a3xx decoding rejects it.
enum class Category : uint8_t { kCat0, kCat1, kCat2, kCat3, kCat4, kCat5, kCat6, kCat7 };

// The 3-bit type field of cat1 (src/dst), cat5 and cat6. Type 7 is "s8" in
// the a3xx-era naming (later Mesa calls it u8_32); both 8-bit types live in
// half registers.
enum class Type : uint8_t { kF16, kF32, kU16, kU32, kS16, kS32, kU8, kS8 };
inline constexpr int kNumTypes = 8;

std::string_view TypeName(Type type);
std::optional<Type> TypeFromName(std::string_view name);
// True for the types whose register operands are half (16-bit) registers.
bool IsHalfType(Type type);
bool IsFloatType(Type type);
bool IsSignedType(Type type);

// cat1 ROUND [56:55]. kDefault prints nothing (Mesa names it round-to-zero).
enum class Round : uint8_t { kDefault, kEven, kPosInf, kNegInf };
std::string_view RoundName(Round round);  // "" / "(even)" / ...

// cat2 COND [50:48] for cmps.*/cmpv.*. Raw values 6 and 7 are invalid.
enum class Cond : uint8_t { kLt, kLe, kGt, kGe, kEq, kNe };
inline constexpr int kNumConds = 6;
std::string_view CondName(Cond cond);
std::optional<Cond> CondFromName(std::string_view name);

// What a source or destination operand is.
enum class OperandKind : uint8_t {
  kNone,       // slot unused
  kGpr,        // rN.c / hrN.c, including a0 (r61), p0 (r62) and r63
  kConst,      // cN.c / hcN.c
  kImmediate,  // integer (cat2/cat4/cat6) or raw 32-bit (cat1) immediate
  kFloatLut,   // cat2/cat4 float lookup-table immediate, e.g. (0.5)
  kRelGpr,     // r<a0.x + n>
  kRelConst,   // c<a0.x + n>
};
std::string_view OperandKindName(OperandKind kind);

// Bit masks over OperandKind, used by the opcode table's operand columns.
using KindMask = uint8_t;
constexpr KindMask KindBit(OperandKind kind) { return static_cast<KindMask>(1u << static_cast<int>(kind)); }

// Instruction-level flags (Instr::flags).
enum InstrFlag : uint8_t {
  kFlagSy = 1 << 0,   // (sy)  wait for tex / global memory
  kFlagSs = 1 << 1,   // (ss)  wait for SFU / local memory
  kFlagJp = 1 << 2,   // (jp)  jump target / reconvergence point
  kFlagUl = 1 << 3,   // (ul)  last a0.x-relative user
  kFlagSat = 1 << 4,  // (sat) clamp result to [0, 1]
  kFlagEi = 1 << 5,   // (ei)  end of inputs (bary.f)
};
inline constexpr int kNumInstrFlags = 6;
std::string_view InstrFlagName(InstrFlag flag);  // "(sy)" ...

// cat5 modifier flags (Instr::tex_flags), printed after the mnemonic.
enum TexFlag : uint8_t {
  kTex3d = 1 << 0,         // .3d    3D / cube coordinates
  kTexArray = 1 << 1,      // .a     array index in src1
  kTexShadow = 1 << 2,     // .s     shadow compare
  kTexOffsets = 1 << 3,    // .o     offsets in src2
  kTexProjected = 1 << 4,  // .p     projective divide
  kTexS2en = 1 << 5,       // .s2en  sampler/texture index from a register
};
inline constexpr int kNumTexFlags = 6;
std::string_view TexFlagName(TexFlag flag);  // ".3d" ...

// Which timing rule of the emulator applies to an instruction (doc §4).
enum class LatencyClass : uint8_t {
  kAlu,        // cat1/cat2/cat3: fixed ALU delay slots
  kSfu,        // cat4: asynchronous, consumers wait with (ss)
  kTex,        // cat5: asynchronous, consumers wait with (sy)
  kMemLocal,   // local memory (ldl, ldlw, ldlv, stl, local atomics): (ss)
  kMemGlobal,  // global/private memory (ldg, ldp, stg, stp): (sy)
  kFlow,       // cat0 control flow (br, jump, kill, ...)
  kEnd,        // end
  kNop,        // nop: 1 + REPEAT issue slots
};
std::string_view LatencyClassName(LatencyClass latency);

}  // namespace shaderdiff::a3xx
