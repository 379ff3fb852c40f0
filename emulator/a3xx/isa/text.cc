// Operand and number text for the a3xx assembly syntax (text_internal.h).
// Spellings follow Mesa's isaspec disassembler: hr1.x, c<a0.x + 17>,
// r<a0.x>, (neg)(r)hr0.x, h(0.0) for float-LUT immediates, (1.000000) for
// f32 cat1 immediates, h(5) for half integer immediates.
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

#include "emulator/a3xx/isa/codec_internal.h"
#include "emulator/a3xx/isa/text_internal.h"

namespace shaderdiff::a3xx::internal {
namespace {

constexpr std::array<std::string_view, kNumFloatLut> kLutNames = {
    "0.0", "0.5", "1.0", "2.0", "e", "pi", "1/pi", "1/log2(e)", "log2(e)", "1/log2(10)", "log2(10)", "4.0"};

std::string Printf(const char* format, double value) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), format, value);
  return buf;
}

std::string HexImm(uint32_t bits) {
  char buf[16];
  std::snprintf(buf, sizeof(buf), "0x%x", bits);
  return buf;
}

std::optional<float> ParseFloatText(std::string_view text) {
  float value = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size()) return std::nullopt;
  return value;
}

// Candidate spellings of a float, Mesa's "%f" first, then the shortest
// representation that round-trips.
std::array<std::string, 2> FloatSpellings(float f) {
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof(buf), f);
  return {Printf("%f", f), std::string(buf, ec == std::errc() ? end : buf)};
}

std::string FormatCat1Immediate(uint32_t bits, Type type) {
  switch (type) {
    case Type::kF32: {
      const float f = std::bit_cast<float>(bits);
      if (!std::isnan(f)) {
        for (const std::string& s : FloatSpellings(f)) {
          auto back = ParseFloatText(s);
          if (back && std::bit_cast<uint32_t>(*back) == bits) return "(" + s + ")";
        }
      }
      return HexImm(bits);
    }
    case Type::kF16: {
      if ((bits >> 16) == 0) {
        const float f = HalfToFloat(static_cast<uint16_t>(bits));
        if (!std::isnan(f)) {
          for (const std::string& s : FloatSpellings(f)) {
            auto back = ParseFloatText(s);
            if (back && FloatToHalf(*back) == bits) return "h(" + s + ")";
          }
        }
      }
      return HexImm(bits);
    }
    case Type::kS16:
    case Type::kS32:
    case Type::kS8:
      return std::to_string(static_cast<int32_t>(bits));
    default:
      return bits <= 0x1000 ? std::to_string(bits) : HexImm(bits);
  }
}

// Mesa's cat1 immediate (ir3-cat1.xml #cat1-immed-src): "%f" of the low 16
// bits (f16) or of the word (f32), 0x hex for u32 above 0x1000, signed
// decimal of 16 (s16) or 32 bits (s32), unsigned decimal otherwise. The
// float forms lose bits; the assembler reads them as the nearest value.
std::string FormatMesaCat1Immediate(uint32_t bits, Type type) {
  switch (type) {
    case Type::kF16:
      return "h(" + Printf("%f", HalfToFloat(static_cast<uint16_t>(bits))) + ")";
    case Type::kF32:
      return "(" + Printf("%f", std::bit_cast<float>(bits)) + ")";
    case Type::kU32:
      return bits > 0x1000 ? HexImm(bits) : std::to_string(bits);
    case Type::kS16:
      return std::to_string(static_cast<int16_t>(bits));
    case Type::kS32:
      return std::to_string(static_cast<int32_t>(bits));
    default:
      return std::to_string(bits);
  }
}

std::string ErrorKinds(KindMask mask) {
  std::string out;
  for (int k = 1; k <= static_cast<int>(OperandKind::kRelConst); ++k) {
    if (!(mask & KindBit(static_cast<OperandKind>(k)))) continue;
    if (!out.empty()) out += ", ";
    out += OperandKindName(static_cast<OperandKind>(k));
  }
  return out.empty() ? "none" : out;
}

bool Fail(ParseError* error, size_t pos, std::string message) {
  error->pos = pos;
  error->message = std::move(message);
  return false;
}

bool ParseComponent(Cursor& cur, int* comp, ParseError* error) {
  const char c = cur.Peek();
  const char* found = c ? std::strchr("xyzw", c) : nullptr;
  if (!found) return Fail(error, cur.pos, "expected a component (x, y, z or w)");
  *comp = static_cast<int>(found - "xyzw");
  ++cur.pos;
  return true;
}

// After "r<" or "c<": "a0.x>", "a0.x + N>", "a0.x - N>", "a0.x + -N>".
bool ParseRelative(Cursor& cur, int32_t* offset, ParseError* error) {
  if (!cur.Consume("a0.x")) return Fail(error, cur.pos, "expected a0.x in a relative operand");
  cur.SkipBlanks();
  int64_t value = 0;
  if (cur.Peek() == '+' || cur.Peek() == '-') {
    const bool minus = cur.Peek() == '-';
    ++cur.pos;
    cur.SkipBlanks();
    const size_t at = cur.pos;
    if (!ParseInteger(cur, &value, error)) return false;
    if (value < std::numeric_limits<int32_t>::min() || value > std::numeric_limits<int32_t>::max()) {
      return Fail(error, at, "relative offset out of range");
    }
    if (minus) value = -value;
    cur.SkipBlanks();
  }
  if (!cur.Consume('>')) return Fail(error, cur.pos, "expected '>' to close the relative operand");
  *offset = static_cast<int32_t>(value);
  return true;
}

// "(name)" for a float-LUT immediate; the cursor is on '('.
bool ParseLutName(Cursor& cur, uint16_t* index, ParseError* error) {
  const size_t start = cur.pos;
  ++cur.pos;
  for (uint16_t i = 0; i < kNumFloatLut; ++i) {
    std::string name(kLutNames[i]);
    if (cur.Consume(name + ")")) {
      *index = i;
      return true;
    }
  }
  return Fail(error, start,
              "unknown float-LUT immediate (known: 0.0 0.5 1.0 2.0 e pi 1/pi 1/log2(e) log2(e) "
              "1/log2(10) log2(10) 4.0)");
}

// "(float)" after an optional 'h'; the cursor is on '('.
bool ParseParenFloat(Cursor& cur, float* value, ParseError* error) {
  const size_t start = cur.pos;
  ++cur.pos;
  const size_t close = cur.text.find(')', cur.pos);
  if (close == std::string_view::npos) return Fail(error, start, "expected ')'");
  auto f = ParseFloatText(cur.text.substr(cur.pos, close - cur.pos));
  if (!f) return Fail(error, cur.pos, "expected a floating-point number");
  cur.pos = close + 1;
  *value = *f;
  return true;
}

}  // namespace

float HalfToFloat(uint16_t half) {
  const uint32_t sign = static_cast<uint32_t>(half & 0x8000) << 16;
  const uint32_t exp = (half >> 10) & 0x1f;
  const uint32_t mant = half & 0x3ff;
  if (exp == 0x1f) return std::bit_cast<float>(sign | 0x7f800000u | (mant << 13));
  if (exp == 0) {
    const float magnitude = std::ldexp(static_cast<float>(mant), -24);
    return sign ? -magnitude : magnitude;
  }
  return std::bit_cast<float>(sign | ((exp + 112) << 23) | (mant << 13));
}

uint16_t FloatToHalf(float value) {
  const uint32_t x = std::bit_cast<uint32_t>(value);
  const uint32_t sign = (x >> 16) & 0x8000;
  const uint32_t exp = (x >> 23) & 0xff;
  uint32_t mant = x & 0x7fffff;
  if (exp == 0xff) return static_cast<uint16_t>(sign | 0x7c00 | (mant ? (0x200 | (mant >> 13)) : 0));
  const int e = static_cast<int>(exp) - 127 + 15;
  if (e >= 31) return static_cast<uint16_t>(sign | 0x7c00);
  if (e <= 0) {
    if (e < -10) return static_cast<uint16_t>(sign);
    mant |= 0x800000;
    const int shift = 14 - e;
    uint32_t m = mant >> shift;
    const uint32_t rem = mant & ((1u << shift) - 1);
    const uint32_t halfway = 1u << (shift - 1);
    if (rem > halfway || (rem == halfway && (m & 1))) ++m;
    return static_cast<uint16_t>(sign | m);
  }
  uint32_t h = sign | (static_cast<uint32_t>(e) << 10) | (mant >> 13);
  const uint32_t rem = mant & 0x1fff;
  if (rem > 0x1000 || (rem == 0x1000 && (h & 1))) ++h;
  return static_cast<uint16_t>(h);
}

std::string_view FloatLutName(uint16_t index) { return index < kNumFloatLut ? kLutNames[index] : "?"; }

size_t Cursor::SkipBlanks() {
  size_t n = 0;
  while (!AtEnd() && (Peek() == ' ' || Peek() == '\t' || Peek() == '\r')) {
    ++pos;
    ++n;
  }
  return n;
}

bool ParseInteger(Cursor& cur, int64_t* value, ParseError* error) {
  const size_t start = cur.pos;
  bool minus = false;
  if (cur.Peek() == '-' || cur.Peek() == '+') {
    minus = cur.Peek() == '-';
    ++cur.pos;
  }
  uint64_t magnitude = 0;
  int digits = 0;
  if (cur.Peek() == '0' && (cur.Peek(1) == 'x' || cur.Peek(1) == 'X')) {
    cur.pos += 2;
    for (;; ++digits, ++cur.pos) {
      const char c = cur.Peek();
      int d;
      if (c >= '0' && c <= '9') d = c - '0';
      else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
      else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
      else break;
      if (magnitude >> 59) return Fail(error, start, "number too large");
      magnitude = magnitude * 16 + static_cast<uint64_t>(d);
    }
  } else {
    for (; IsDigit(cur.Peek()); ++digits, ++cur.pos) {
      if (magnitude > (std::numeric_limits<uint64_t>::max() >> 4)) return Fail(error, start, "number too large");
      magnitude = magnitude * 10 + static_cast<uint64_t>(cur.Peek() - '0');
    }
  }
  if (digits == 0) return Fail(error, start, "expected a number");
  if (magnitude > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
    return Fail(error, start, "number too large");
  }
  *value = minus ? -static_cast<int64_t>(magnitude) : static_cast<int64_t>(magnitude);
  return true;
}

bool ParseDecimal(Cursor& cur, uint64_t* value, ParseError* error) {
  const size_t start = cur.pos;
  uint64_t v = 0;
  if (!IsDigit(cur.Peek())) return Fail(error, start, "expected a decimal number");
  while (IsDigit(cur.Peek())) {
    if (v > 0xffffffffull) return Fail(error, start, "number too large");
    v = v * 10 + static_cast<uint64_t>(cur.Peek() - '0');
    ++cur.pos;
  }
  *value = v;
  return true;
}

std::string FormatOperand(const Operand& o, const OperandSyntax& syntax) {
  std::string s;
  if (o.neg && o.abs) s += "(absneg)";
  else if (o.neg) s += "(neg)";
  else if (o.abs) s += "(abs)";
  if (o.r) s += "(r)";
  const std::string h = o.half && syntax.reg_style == RegStyle::kNormal ? "h" : "";
  const std::string comp(1, "xyzw"[o.num & 3]);
  auto relative = [&](char file) {
    std::string t = h + file + "<a0.x";
    if (o.offset != 0) t += " + " + std::to_string(o.offset);
    return t + ">";
  };
  switch (o.kind) {
    case OperandKind::kNone:
      break;
    case OperandKind::kGpr:
      s += h + (syntax.reg_style == RegStyle::kRaw ? "r" + std::to_string(o.num / 4) + "." + comp
                                                    : RegisterName(o.num));
      break;
    case OperandKind::kConst:
      s += h + "c" + std::to_string(o.num / 4) + "." + comp;
      break;
    case OperandKind::kRelGpr:
      s += relative('r');
      break;
    case OperandKind::kRelConst:
      s += relative('c');
      break;
    case OperandKind::kFloatLut:
      s += h + "(" + std::string(FloatLutName(o.num)) + ")";
      break;
    case OperandKind::kImmediate:
      switch (syntax.imm_style) {
        case ImmStyle::kCat1:
          s += syntax.dialect == AsmSyntax::kMesa ? FormatMesaCat1Immediate(o.imm, syntax.cat1_type)
                                                  : FormatCat1Immediate(o.imm, syntax.cat1_type);
          break;
        case ImmStyle::kMultiSrc: {
          const std::string v = std::to_string(static_cast<int32_t>(o.imm));
          s += o.half ? "h(" + v + ")" : v;
          break;
        }
        default:
          s += std::to_string(o.imm);
          break;
      }
      break;
  }
  return s;
}

bool ParseOperand(Cursor& cur, const OperandSyntax& syntax, Operand* operand, ParseError* error) {
  Operand o;
  // Modifier prefixes, in any order.
  for (;;) {
    const size_t at = cur.pos;
    bool neg = false, abs = false, r = false;
    if (cur.Consume("(neg)")) neg = true;
    else if (cur.Consume("(abs)")) abs = true;
    else if (cur.Consume("(absneg)")) neg = abs = true;
    else if (cur.Consume("(r)")) r = true;
    else break;
    if (!syntax.modifiers) return Fail(error, at, "modifiers are not allowed on this operand");
    if ((neg && o.neg) || (abs && o.abs) || (r && o.r)) return Fail(error, at, "duplicate modifier");
    o.neg |= neg;
    o.abs |= abs;
    o.r |= r;
  }

  const size_t body = cur.pos;
  bool h = false;
  if (cur.Peek() == 'h' && cur.Peek(1) != '\0' && std::strchr("rcap(", cur.Peek(1))) {
    h = true;
    ++cur.pos;
  }
  const char c = cur.Peek();
  int comp = 0;
  if ((c == 'r' || c == 'c') && cur.Peek(1) == '<') {
    cur.pos += 2;
    o.kind = c == 'r' ? OperandKind::kRelGpr : OperandKind::kRelConst;
    if (!ParseRelative(cur, &o.offset, error)) return false;
    o.half = h;
  } else if ((c == 'r' || c == 'c') && IsDigit(cur.Peek(1))) {
    ++cur.pos;
    const size_t at = cur.pos;
    uint64_t n = 0;
    if (!ParseDecimal(cur, &n, error)) return false;
    if (!cur.Consume('.')) return Fail(error, cur.pos, "expected '.' and a component");
    if (!ParseComponent(cur, &comp, error)) return false;
    const uint64_t limit = c == 'r' ? 63 : 511;
    if (n > limit) {
      return Fail(error, at - 1,
                  std::string(c == 'r' ? "register r" : "const c") + std::to_string(n) + " out of range (" +
                      (c == 'r' ? "r0..r63" : "c0..c511") + ")");
    }
    o.kind = c == 'r' ? OperandKind::kGpr : OperandKind::kConst;
    o.num = static_cast<uint16_t>(n * 4 + static_cast<uint64_t>(comp));
    o.half = h;
  } else if (cur.Consume("a0.") || cur.Consume("p0.")) {
    const bool a0 = cur.text[cur.pos - 3] == 'a';
    if (!ParseComponent(cur, &comp, error)) return false;
    o.kind = OperandKind::kGpr;
    o.num = static_cast<uint16_t>((a0 ? kRegA0X : kRegP0X) + comp);
    o.half = h;
  } else if (c == '(') {
    if (syntax.kinds & KindBit(OperandKind::kFloatLut)) {
      o.kind = OperandKind::kFloatLut;
      if (!ParseLutName(cur, &o.num, error)) return false;
      o.half = h;
    } else if (syntax.imm_style == ImmStyle::kCat1) {
      const size_t at = cur.pos;
      float f = 0;
      if (!ParseParenFloat(cur, &f, error)) return false;
      o.kind = OperandKind::kImmediate;
      if (h) {
        if (syntax.cat1_type != Type::kF16) return Fail(error, body, "h(float) immediates need source type f16");
        o.imm = FloatToHalf(f);
      } else {
        if (syntax.cat1_type != Type::kF32) return Fail(error, at, "(float) immediates need source type f32");
        o.imm = std::bit_cast<uint32_t>(f);
      }
      o.half = IsHalfType(syntax.cat1_type);
    } else if (syntax.imm_style == ImmStyle::kMultiSrc && h) {
      ++cur.pos;
      const size_t at = cur.pos;
      int64_t v = 0;
      if (!ParseInteger(cur, &v, error)) return false;
      if (v < std::numeric_limits<int32_t>::min() || v > std::numeric_limits<int32_t>::max()) {
        return Fail(error, at, "immediate out of range");
      }
      if (!cur.Consume(')')) return Fail(error, cur.pos, "expected ')'");
      o.kind = OperandKind::kImmediate;
      o.imm = static_cast<uint32_t>(static_cast<int32_t>(v));
      o.half = true;
    } else {
      return Fail(error, body, "immediates are not allowed here (allowed: " + ErrorKinds(syntax.kinds) + ")");
    }
  } else if (!h && (IsDigit(c) || c == '-' || c == '+')) {
    int64_t v = 0;
    if (!ParseInteger(cur, &v, error)) return false;
    o.kind = OperandKind::kImmediate;
    switch (syntax.imm_style) {
      case ImmStyle::kCat1:
        if (v < std::numeric_limits<int32_t>::min() || v > 0xffffffffll) {
          return Fail(error, body, "immediate does not fit in 32 bits");
        }
        o.imm = static_cast<uint32_t>(v);
        o.half = IsHalfType(syntax.cat1_type);
        break;
      case ImmStyle::kMultiSrc:
        if (v < std::numeric_limits<int32_t>::min() || v > std::numeric_limits<int32_t>::max()) {
          return Fail(error, body, "immediate out of range");
        }
        o.imm = static_cast<uint32_t>(static_cast<int32_t>(v));
        break;
      default:
        if (v < 0 || v > 0xffffffffll) return Fail(error, body, "immediate out of range");
        o.imm = static_cast<uint32_t>(v);
        break;
    }
  } else {
    return Fail(error, body, "expected an operand");
  }

  if (!(syntax.kinds & KindBit(o.kind))) {
    return Fail(error, body,
                std::string(OperandKindName(o.kind)) + " not allowed here (allowed: " + ErrorKinds(syntax.kinds) +
                    ")");
  }
  *operand = o;
  return true;
}

}  // namespace shaderdiff::a3xx::internal
