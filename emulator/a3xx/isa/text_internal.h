// Lexical pieces of the a3xx assembly syntax shared by the printer and the
// parser: a cursor over one line, operand text (registers, consts, relative
// forms, immediates, float-LUT names), numbers and IEEE half conversion.
//
// Invariant: for every Operand the printer emits, ParseOperand with the same
// OperandSyntax reads back an identical Operand (lossless round trip); the
// printer falls back to raw hex for immediates whose typed form would not.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "emulator/a3xx/isa/asm_syntax.h"
#include "emulator/a3xx/isa/instr.h"

namespace shaderdiff::a3xx::internal {

// IEEE 754 binary16 <-> binary32, round to nearest even.
float HalfToFloat(uint16_t half);
uint16_t FloatToHalf(float value);

// Float-LUT immediate names: "0.0", "0.5", "1.0", "2.0", "e", "pi", ...
std::string_view FloatLutName(uint16_t index);

struct Cursor {
  std::string_view text;
  size_t pos = 0;

  bool AtEnd() const { return pos >= text.size(); }
  char Peek(size_t ahead = 0) const { return pos + ahead < text.size() ? text[pos + ahead] : '\0'; }
  std::string_view Rest() const { return text.substr(pos < text.size() ? pos : text.size()); }
  bool Consume(char c) {
    if (Peek() != c || AtEnd()) return false;
    ++pos;
    return true;
  }
  bool Consume(std::string_view s) {
    if (Rest().substr(0, s.size()) != s) return false;
    pos += s.size();
    return true;
  }
  // Skips blanks (space, tab, CR); returns how many.
  size_t SkipBlanks();
};

struct ParseError {
  size_t pos = 0;
  std::string message;
};

inline bool IsDigit(char c) { return c >= '0' && c <= '9'; }
inline bool IsIdentStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '.' || c == '$'; }
inline bool IsIdentChar(char c) { return IsIdentStart(c) || IsDigit(c); }

// Optional '-'/'+', then decimal digits or 0x hex digits. Fails on overflow
// of int64 or on no digits.
bool ParseInteger(Cursor& cur, int64_t* value, ParseError* error);
// Decimal digits only.
bool ParseDecimal(Cursor& cur, uint64_t* value, ParseError* error);

// How an operand slot's immediates are written.
enum class ImmStyle : uint8_t {
  kNone,       // no immediates in this slot
  kCat1,       // raw 32 bits shown per the cat1 source type: (1.000000),
               //   h(0.500000), -3, 4096, 0x3f800000 (raw hex always accepted)
  kMultiSrc,   // cat2/cat4 11-bit signed integer, h(N) when half
  kCat6,       // cat6 8-bit unsigned
};

// How a register operand is named (a template token's ":style").
enum class RegStyle : uint8_t {
  kNormal,  // hr1.x for half, a0.x / p0.x by name
  kFull,    // no 'h': the instruction's type gives the precision
  kRaw,     // no 'h', and a0/p0 as r61/r62
  kImplied, // TEXTYPE only: not printed, read back from the destination
};

struct OperandSyntax {
  KindMask kinds = 0;          // kinds the slot accepts
  ImmStyle imm_style = ImmStyle::kNone;
  Type cat1_type = Type::kF16; // kCat1: the source type
  bool modifiers = true;       // (neg)/(abs)/(r) prefixes may appear
  RegStyle reg_style = RegStyle::kNormal;
  AsmSyntax dialect = AsmSyntax::kShaderdiff;  // kCat1 immediates differ
};

std::string FormatOperand(const Operand& operand, const OperandSyntax& syntax);
bool ParseOperand(Cursor& cur, const OperandSyntax& syntax, Operand* operand, ParseError* error);

}  // namespace shaderdiff::a3xx::internal
