// Recursive-descent-free parser for TGSI text (see parser.h for the contract).
//
// The grammar is flat: a header, then whitespace-separated items, each parsed
// by one function that either consumes the whole item or records the first
// error and returns false. Every loop consumes at least one byte per turn or
// is bounded by a small constant (four swizzle letters, four texture
// offsets...), and all reads go through TextCursor, which is bounds-checked.
// Items are appended to Shader only when complete, so on error the returned
// shader holds exactly the items before the failing one.
#include "compiler/tgsi/parser.h"

#include <cstdio>
#include <string>

#include "compiler/tgsi/limits.h"
#include "compiler/tgsi/literals.h"
#include "compiler/tgsi/names.h"
#include "compiler/tgsi/opcode.h"
#include "compiler/tgsi/text_cursor.h"

namespace shaderdiff::tgsi {
namespace {

constexpr std::string_view kPipeFormatPrefix = "PIPE_FORMAT_";

bool IsPipeFormatName(std::string_view word) {
  return word.size() > kPipeFormatPrefix.size() &&
         EqualsIgnoreCase(word.substr(0, kPipeFormatPrefix.size()), kPipeFormatPrefix);
}

// PIPE_FORMAT_* names are stored upper-case; PIPE_FORMAT_NONE (Mesa's 0) as "".
std::string NormalizeFormat(std::string_view word) {
  std::string s(word);
  for (char& c : s) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return s == "PIPE_FORMAT_NONE" ? std::string() : s;
}

bool EndsWithIgnoreCase(std::string_view s, std::string_view suffix) {
  return s.size() > suffix.size() && EqualsIgnoreCase(s.substr(s.size() - suffix.size()), suffix);
}

bool ContainsIgnoreCase(std::string_view s, std::string_view needle) {
  for (size_t i = 0; i + needle.size() <= s.size(); ++i) {
    if (EqualsIgnoreCase(s.substr(i, needle.size()), needle)) return true;
  }
  return false;
}

std::string Quote(std::string_view s) { return "'" + std::string(s) + "'"; }

bool IsTess(Processor p) { return p == Processor::kTessCtrl || p == Processor::kTessEval; }

class Parser {
 public:
  explicit Parser(std::string_view text) : cur_(text) {}

  ParseResult Run() {
    ParseProgram();
    ParseResult result;
    result.shader = std::move(shader_);
    result.error = std::move(error_);
    return result;
  }

 private:
  // ---- error helpers -------------------------------------------------------

  bool Fail(size_t pos, std::string message) {
    if (!error_) error_ = ParseError{cur_.LocationAt(pos), std::move(message)};
    return false;
  }
  bool FailHere(std::string message) { return Fail(cur_.pos(), std::move(message)); }
  std::string Found() const { return ", found " + cur_.DescribeNext(); }

  // An unsigned integer within `limit`, read in 64-bit arithmetic. False
  // with "expected <expected>" when there are no digits, and with the
  // limit's message at the number when it is out of range.
  template <typename T>
  bool ParseBounded(T* value, Limit limit, std::string_view what, std::string_view expected) {
    const size_t start = cur_.pos();
    uint64_t v = 0;
    if (!cur_.ParseUint(&v)) return FailHere("expected " + std::string(expected) + Found());
    if (v > static_cast<uint64_t>(GetLimit(limit).max)) {
      return Fail(start, OutOfRange(limit, cur_.text().substr(start, cur_.pos() - start), what));
    }
    *value = static_cast<T>(v);
    return true;
  }

  // A signed integer within `limit` (sign glued to the digits).
  bool ParseBoundedInt(int32_t* value, Limit limit, std::string_view what) {
    const size_t start = cur_.pos();
    int64_t v = 0;
    if (!cur_.ParseInt(&v)) return false;
    if (!Within(limit, v)) return Fail(start, OutOfRange(limit, cur_.text().substr(start, cur_.pos() - start), what));
    *value = static_cast<int32_t>(v);
    return true;
  }

  bool Expect(char c, std::string_view context = {}) {
    if (cur_.Consume(c)) return true;
    std::string message = std::string("expected '") + c + "'";
    if (!context.empty()) message += " " + std::string(context);
    return FailHere(message + Found());
  }

  // "ws? ',' ws?" if a comma follows; otherwise leaves the position alone.
  bool ConsumeComma() {
    size_t save = cur_.pos();
    cur_.SkipWhitespace();
    if (cur_.Consume(',')) {
      cur_.SkipWhitespace();
      return true;
    }
    cur_.set_pos(save);
    return false;
  }

  // ", NAME" where NAME is in `table`: consumes it and returns its index;
  // otherwise leaves the position alone.
  template <size_t N>
  std::optional<size_t> ConsumeCommaName(const std::array<std::string_view, N>& table) {
    size_t save = cur_.pos();
    if (ConsumeComma()) {
      std::string_view word = cur_.PeekWord();
      if (auto index = FindName(table, word); index && !word.empty()) {
        cur_.Advance(word.size());
        return index;
      }
    }
    cur_.set_pos(save);
    return std::nullopt;
  }

  template <size_t N>
  std::optional<size_t> ConsumeName(const std::array<std::string_view, N>& table) {
    std::string_view word = cur_.PeekWord();
    if (word.empty()) return std::nullopt;
    auto index = FindName(table, word);
    if (index) cur_.Advance(word.size());
    return index;
  }

  // ---- program structure ---------------------------------------------------

  bool ParseProgram() {
    cur_.SkipWhitespace();
    size_t start = cur_.pos();
    std::string_view word = cur_.PeekWord();
    auto processor = FindName(kProcessorNames, word);
    if (word.empty() || !processor) {
      std::string what = word.empty() ? cur_.DescribeNext() : Quote(word);
      return Fail(start, "expected shader header (VERT, FRAG, GEOM, TESS_CTRL, TESS_EVAL or COMP), found " + what);
    }
    cur_.Advance(word.size());
    shader_.processor = static_cast<Processor>(*processor);
    if (IsTess(shader_.processor)) implied_array_size_ = 32;

    while (true) {
      bool had_space = cur_.SkipWhitespace();
      if (cur_.AtEnd()) return true;
      if (!had_space) return FailHere("expected whitespace or end of input after the item" + Found());
      if (!ParseItem()) return false;
    }
  }

  bool ParseItem() {
    size_t start = cur_.pos();
    if (IsDigit(cur_.Peek())) {
      uint64_t unused_number = 0;  // "N:" is discarded, as Mesa does
      cur_.ParseUint(&unused_number);
      cur_.SkipWhitespace();
      if (!cur_.Consume(':')) return FailHere("expected ':' after instruction number" + Found());
      cur_.SkipWhitespace();
      return ParseInstruction(/*after_label=*/true);
    }
    if (cur_.ConsumeKeyword("DCL")) return ParseDeclaration(start);
    if (cur_.ConsumeKeyword("IMM")) return ParseImmediate(start);
    if (cur_.ConsumeKeyword("PROPERTY")) return ParseProperty(start);
    return ParseInstruction(/*after_label=*/false);
  }

  void AddItem(ItemKind kind, size_t index) {
    shader_.items.push_back(Item{kind, static_cast<uint32_t>(index)});
  }

  // ---- PROPERTY ------------------------------------------------------------

  template <size_t N>
  bool ParsePropertyEnum(const std::array<std::string_view, N>& table, std::string_view what,
                         uint32_t* value) {
    if (auto index = ConsumeName(table)) {
      *value = static_cast<uint32_t>(*index);
      return true;
    }
    if (!IsDigit(cur_.Peek())) return FailHere("expected " + std::string(what) + Found());
    // The numeric form (the dumper's fallback).
    return ParseBounded(value, Limit::kPropertyValue, "property value", what);
  }

  bool ParseProperty(size_t start) {
    if (!cur_.SkipWhitespace()) return FailHere("expected whitespace after PROPERTY" + Found());
    size_t name_pos = cur_.pos();
    std::string_view word = cur_.PeekWord();
    if (word.empty() || IsDigit(word[0])) return FailHere("expected property name" + Found());
    auto name = FindName(kPropertyNames, word);
    if (!name) return Fail(name_pos, "unknown property " + Quote(word));
    cur_.Advance(word.size());
    cur_.SkipWhitespace();

    PropertyDecl prop;
    prop.name = static_cast<Property>(*name);
    prop.location = cur_.LocationAt(start);
    bool ok = true;
    switch (prop.name) {
      case Property::kGsInputPrimitive:
      case Property::kGsOutputPrimitive:
        ok = ParsePropertyEnum(kPrimitiveNames, "primitive name (POINTS, LINES, TRIANGLES, ...)", &prop.value);
        break;
      case Property::kFsCoordOrigin:
        ok = ParsePropertyEnum(kFsCoordOriginNames, "UPPER_LEFT or LOWER_LEFT", &prop.value);
        break;
      case Property::kFsCoordPixelCenter:
        ok = ParsePropertyEnum(kFsCoordPixelCenterNames, "HALF_INTEGER or INTEGER", &prop.value);
        break;
      case Property::kNextShader:
        ok = ParsePropertyEnum(kProcessorNames, "shader kind (VERT, FRAG, GEOM, TESS_CTRL, TESS_EVAL, COMP)",
                               &prop.value);
        break;
      default: {
        const size_t value_pos = cur_.pos();
        ok = ParseBounded(&prop.value, Limit::kPropertyValue, "property value", "unsigned integer property value");
        // Sizes the executors allocate by.
        std::optional<Limit> size;
        if (prop.name == Property::kGsMaxOutputVertices) size = Limit::kGsMaxOutputVertices;
        if (prop.name == Property::kGsInvocations) size = Limit::kGsInvocations;
        if (ok && size && !Within(*size, prop.value)) {
          ok = Fail(value_pos, OutOfRange(*size, std::to_string(prop.value), std::string(Name(prop.name))));
        }
        break;
      }
    }
    if (!ok) return false;
    if (prop.name == Property::kGsInputPrimitive && shader_.processor == Processor::kGeometry) {
      implied_array_size_ = VerticesPerPrimitive(prop.value);
    }
    shader_.properties.push_back(prop);
    AddItem(ItemKind::kProperty, shader_.properties.size() - 1);
    return true;
  }

  // ---- IMM -----------------------------------------------------------------

  bool ParseImmediate(size_t start) {
    const uint32_t number = static_cast<uint32_t>(shader_.immediates.size());
    if (cur_.Consume('[')) {
      cur_.SkipWhitespace();
      size_t index_pos = cur_.pos();
      uint64_t index = 0;
      if (!cur_.ParseUint(&index)) return FailHere("expected immediate number" + Found());
      if (index != number) {
        return Fail(index_pos, "immediates must be numbered in order: expected IMM[" + std::to_string(number) +
                                   "], found IMM[" + std::string(cur_.text().substr(index_pos, cur_.pos() - index_pos)) +
                                   "]");
      }
      cur_.SkipWhitespace();
      if (!Expect(']', "after the immediate number")) return false;
    }
    if (!cur_.SkipWhitespace()) return FailHere("expected whitespace before the immediate type" + Found());
    auto type = ConsumeName(kImmediateTypeNames);
    if (!type) return FailHere("expected immediate type (FLT32, UINT32, INT32, FLT64, UINT64, INT64)" + Found());

    Immediate imm;
    imm.type = static_cast<ImmediateType>(*type);
    imm.location = cur_.LocationAt(start);
    const bool wide = imm.type == ImmediateType::kFloat64 || imm.type == ImmediateType::kUint64 ||
                      imm.type == ImmediateType::kInt64;
    const size_t count = wide ? 2 : 4;
    const std::string type_name(Name(imm.type));
    const std::string takes = "(" + type_name + " immediates take " + std::to_string(count) + " values)";

    cur_.SkipWhitespace();
    if (!Expect('{', "to start the immediate values")) return false;
    for (size_t i = 0; i < count; ++i) {
      cur_.SkipWhitespace();
      if (i > 0) {
        if (!cur_.Consume(',')) return FailHere("expected ',' between immediate values " + takes + Found());
        cur_.SkipWhitespace();
      }
      LiteralScan scan;
      switch (imm.type) {
        case ImmediateType::kFloat32: scan = ScanFloat32(cur_.Rest()); break;
        case ImmediateType::kUint32: scan = ScanUint32(cur_.Rest()); break;
        case ImmediateType::kInt32: scan = ScanInt32(cur_.Rest()); break;
        case ImmediateType::kFloat64: scan = ScanFloat64(cur_.Rest()); break;
        case ImmediateType::kUint64: scan = ScanUint64(cur_.Rest()); break;
        case ImmediateType::kInt64: scan = ScanInt64(cur_.Rest()); break;
      }
      if (scan.length == 0) return FailHere(std::string(scan.error ? scan.error : "expected a value") + Found());
      cur_.Advance(scan.length);
      if (wide) {
        imm.words[2 * i] = static_cast<uint32_t>(scan.bits);
        imm.words[2 * i + 1] = static_cast<uint32_t>(scan.bits >> 32);
      } else {
        imm.words[i] = static_cast<uint32_t>(scan.bits);
      }
      imm.float_as_hex = imm.float_as_hex || scan.hex_bits;
    }
    cur_.SkipWhitespace();
    if (!cur_.Consume('}')) return FailHere("expected '}' after the immediate values " + takes + Found());
    shader_.immediates.push_back(imm);
    AddItem(ItemKind::kImmediate, shader_.immediates.size() - 1);
    return true;
  }

  // ---- registers -----------------------------------------------------------

  bool ParseFile(File* file) {
    size_t start = cur_.pos();
    std::string_view word = cur_.PeekWord();
    if (word.empty()) return FailHere("expected register file" + Found());
    auto index = FindName(kFileNames, word);
    if (!index) return Fail(start, "unknown register file " + Quote(word));
    cur_.Advance(word.size());
    *file = static_cast<File>(*index);
    return true;
  }

  bool ParseComponent(uint8_t* component) {
    switch (cur_.Peek()) {
      case 'x': case 'X': *component = 0; break;
      case 'y': case 'Y': *component = 1; break;
      case 'z': case 'Z': *component = 2; break;
      case 'w': case 'W': *component = 3; break;
      default: return false;
    }
    cur_.Advance();
    return true;
  }

  // The inside of an operand bracket, after '['.
  bool ParseBracket(Bracket* bracket) {
    *bracket = Bracket{};
    cur_.SkipWhitespace();
    if (IsAlpha(cur_.Peek()) || cur_.Peek() == '_') {
      IndirectAddress address;
      if (!ParseFile(&address.file)) return false;
      cur_.SkipWhitespace();
      if (!Expect('[', "after the address register file")) return false;
      cur_.SkipWhitespace();
      if (!ParseBounded(&address.index, Limit::kAddressIndex, "address register index", "address register index")) {
        return false;
      }
      cur_.SkipWhitespace();
      if (!Expect(']', "after the address register index")) return false;
      cur_.SkipWhitespace();
      if (cur_.Consume('.')) {
        cur_.SkipWhitespace();
        if (!ParseComponent(&address.component)) {
          return FailHere("expected address component x, y, z or w" + Found());
        }
        cur_.SkipWhitespace();
      }
      if (cur_.Peek() == '+' || cur_.Peek() == '-') {
        if (!IsDigit(cur_.Peek(1))) {
          cur_.Advance();
          return FailHere("expected digits right after the offset sign (no space allowed)" + Found());
        }
        if (!ParseBoundedInt(&bracket->offset, Limit::kIndirectOffset, "relative-address offset")) return false;
      }
      bracket->indirect = address;
    } else if (!ParseBounded(&bracket->index, Limit::kOperandIndex, "register index",
                             "register index (unsigned integer or ADDR[n])")) {
      return false;
    }
    cur_.SkipWhitespace();
    if (!Expect(']', "to close the register index")) return false;
    if (cur_.Consume('(')) {
      cur_.SkipWhitespace();
      uint32_t array_id = 0;
      if (!ParseBounded(&array_id, Limit::kArrayId, "array id", "array id")) return false;
      cur_.SkipWhitespace();
      if (!Expect(')', "after the array id")) return false;
      // Mesa keeps the array id only in the indirect-address token.
      if (bracket->indirect) bracket->array_id = array_id;
    }
    return true;
  }

  bool ParseRegister(Register* reg) {
    if (!ParseFile(&reg->file)) return false;
    cur_.SkipWhitespace();
    if (!Expect('[', "after the register file")) return false;
    Bracket first;
    if (!ParseBracket(&first)) return false;
    size_t save = cur_.pos();
    cur_.SkipWhitespace();
    if (cur_.Consume('[')) {
      Bracket second;
      if (!ParseBracket(&second)) return false;
      reg->dimension = first;
      reg->index = second;
    } else {
      cur_.set_pos(save);
      reg->index = first;
    }
    return true;
  }

  // Optional ".mask" (write mask or declaration usage mask).
  bool ParseOptionalMask(uint8_t* mask) {
    size_t save = cur_.pos();
    cur_.SkipWhitespace();
    if (!cur_.Consume('.')) {
      cur_.set_pos(save);
      *mask = 0xF;
      return true;
    }
    cur_.SkipWhitespace();
    uint8_t m = 0;
    static constexpr char kLetters[4] = {'X', 'Y', 'Z', 'W'};
    for (int i = 0; i < 4; ++i) {
      char c = cur_.Peek();
      if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
      if (c == kLetters[i]) {
        m = static_cast<uint8_t>(m | (1u << i));
        cur_.Advance();
      }
    }
    if (m == 0) return FailHere("expected write mask letters (x, y, z, w)" + Found());
    if (IsWordChar(cur_.Peek())) {
      return FailHere("write mask letters must be in xyzw order, each at most once" + Found());
    }
    *mask = m;
    return true;
  }

  bool ParseDst(DstOperand* dst) {
    if (!ParseRegister(&dst->reg)) return false;
    return ParseOptionalMask(&dst->write_mask);
  }

  bool ParseSrc(SrcOperand* src) {
    if (cur_.Consume('-')) {
      src->negate = true;
      cur_.SkipWhitespace();
    }
    if (cur_.Consume('|')) {
      src->absolute = true;
      cur_.SkipWhitespace();
      if (cur_.Peek() == '-') return FailHere("negation must come before the absolute value: write -|x|, not |-x|");
    }
    if (!ParseRegister(&src->reg)) return false;
    size_t save = cur_.pos();
    cur_.SkipWhitespace();
    if (cur_.Consume('.')) {
      cur_.SkipWhitespace();
      size_t swizzle_pos = cur_.pos();
      for (int i = 0; i < 4; ++i) {
        if (!ParseComponent(&src->swizzle[i])) {
          return Fail(swizzle_pos, "swizzle needs exactly four components (x, y, z or w), found " +
                                       std::to_string(i) + " before " + cur_.DescribeNext());
        }
      }
      if (IsWordChar(cur_.Peek())) {
        return Fail(swizzle_pos, "swizzle needs exactly four components (x, y, z or w), found more");
      }
    } else {
      cur_.set_pos(save);
    }
    if (src->absolute) {
      cur_.SkipWhitespace();
      if (!Expect('|', "to close the absolute value")) return false;
    }
    return true;
  }

  bool ParseTexOffset(TexOffset* offset) {
    if (!ParseFile(&offset->file)) return false;
    cur_.SkipWhitespace();
    if (!Expect('[', "after the register file")) return false;
    size_t bracket_pos = cur_.pos();
    Bracket bracket;
    if (!ParseBracket(&bracket)) return false;
    if (bracket.indirect) return Fail(bracket_pos, "texture offsets need a direct register index");
    offset->index = bracket.index;
    size_t save = cur_.pos();
    cur_.SkipWhitespace();
    if (cur_.Consume('.')) {
      cur_.SkipWhitespace();
      size_t swizzle_pos = cur_.pos();
      for (int i = 0; i < 3; ++i) {
        if (!ParseComponent(&offset->swizzle[i]) || (i == 2 && IsWordChar(cur_.Peek()))) {
          return Fail(swizzle_pos, "texture offset swizzle needs exactly three components (x, y, z or w)");
        }
      }
    } else {
      cur_.set_pos(save);
      offset->swizzle = {0, 0, 0};  // Mesa's default texture-offset swizzle
    }
    return true;
  }

  // ---- instructions --------------------------------------------------------

  bool ParseInstruction(bool after_label) {
    size_t start = cur_.pos();
    std::string_view word = cur_.PeekWord();
    if (word.empty() || IsDigit(word[0])) {
      return FailHere(std::string(after_label ? "expected opcode after instruction number"
                                              : "expected DCL, IMM, PROPERTY or an instruction") +
                      Found());
    }
    bool saturate = false, precise = false;
    std::optional<Opcode> opcode = FindOpcode(word);
    if (!opcode) {
      std::string_view base = word;
      if (EndsWithIgnoreCase(base, "_PRECISE")) {
        precise = true;
        base.remove_suffix(8);
      }
      if (EndsWithIgnoreCase(base, "_SAT")) {
        saturate = true;
        base.remove_suffix(4);
      }
      if (saturate || precise) opcode = FindOpcode(base);
    }
    if (!opcode) {
      std::string message = "unknown opcode " + Quote(word);
      if (ContainsIgnoreCase(word, "_PRECISE_SAT")) message += " (the suffix order is _SAT then _PRECISE)";
      return Fail(start, message);
    }
    cur_.Advance(word.size());

    const OpcodeInfo& info = GetOpcodeInfo(*opcode);
    const std::string quoted_name = Quote(info.name);
    Instruction inst;
    inst.opcode = *opcode;
    inst.saturate = saturate;
    inst.precise = precise;
    inst.location = cur_.LocationAt(start);
    inst.dst.resize(info.num_dst);
    inst.src.resize(info.num_src);

    const size_t num_operands = size_t{info.num_dst} + info.num_src + (info.has(kTex) ? 1 : 0);
    if (num_operands > 0 && !cur_.AtEnd() && !cur_.SkipWhitespace()) {
      return FailHere("expected whitespace after " + quoted_name + Found());
    }
    for (size_t i = 0; i < num_operands; ++i) {
      if (i > 0) {
        cur_.SkipWhitespace();
        if (!cur_.Consume(',')) {
          return FailHere("expected ',' before operand " + std::to_string(i + 1) + " of " + quoted_name +
                          " (it takes " + std::to_string(num_operands) + ")" + Found());
        }
        cur_.SkipWhitespace();
      }
      if (i < info.num_dst) {
        if (!ParseDst(&inst.dst[i])) return false;
      } else if (i < size_t{info.num_dst} + info.num_src) {
        if (!ParseSrc(&inst.src[i - info.num_dst])) return false;
      } else {
        auto target = ConsumeName(kTextureTargetNames);
        if (!target) return FailHere("expected texture target (1D, 2D, 3D, CUBE, RECT, ...)" + Found());
        inst.texture_target = static_cast<TextureTarget>(*target);
      }
    }

    if (info.has(kTexOffsets)) {
      while (inst.tex_offsets.size() < 4 && ConsumeComma()) {
        TexOffset offset;
        if (!ParseTexOffset(&offset)) return false;
        inst.tex_offsets.push_back(offset);
      }
    }

    if (info.has(kMem)) {
      while (ConsumeComma()) {
        size_t word_pos = cur_.pos();
        std::string_view flag = cur_.PeekWord();
        if (auto q = FindName(kMemoryQualifierNames, flag); q && !flag.empty()) {
          inst.memory_qualifiers = static_cast<uint8_t>(inst.memory_qualifiers | (1u << *q));
        } else if (auto t = FindName(kTextureTargetNames, flag); t && !flag.empty()) {
          // Mesa's "no target" is 0 == BUFFER, which the dumper never prints.
          if (static_cast<TextureTarget>(*t) == TextureTarget::kBuffer) {
            inst.memory_target.reset();
          } else {
            inst.memory_target = static_cast<TextureTarget>(*t);
          }
        } else if (IsPipeFormatName(flag)) {
          inst.memory_format = NormalizeFormat(flag);
        } else {
          return Fail(word_pos,
                      "expected memory qualifier (COHERENT, RESTRICT, VOLATILE, STREAM_CACHE_POLICY), "
                      "texture target or PIPE_FORMAT_* name, found " +
                          cur_.DescribeNext());
        }
        cur_.Advance(flag.size());
      }
    }

    const bool takes_label = info.has(kLabel) || inst.opcode == Opcode::BGNSUB;
    size_t save = cur_.pos();
    cur_.SkipWhitespace();
    if (takes_label && cur_.Consume(':')) {
      cur_.SkipWhitespace();
      uint32_t label = 0;
      if (!ParseBounded(&label, Limit::kLabel, "label", "label number after ':'")) return false;
      inst.label = label;
    } else if (cur_.Peek() == ',') {
      if (info.has(kTexOffsets) && inst.tex_offsets.size() == 4) {
        return FailHere("at most four texture offsets may follow " + quoted_name);
      }
      return FailHere("too many operands for " + quoted_name + " (it takes " + std::to_string(num_operands) + ")");
    } else if (cur_.Peek() == ':') {
      return FailHere(quoted_name + " does not take a ':' label");
    } else {
      cur_.set_pos(save);
    }

    shader_.instructions.push_back(std::move(inst));
    AddItem(ItemKind::kInstruction, shader_.instructions.size() - 1);
    return true;
  }

  // ---- DCL -----------------------------------------------------------------

  // The inside of a declaration bracket, after '[': "a", "a..b" or "" (the
  // implied array size). `limit` bounds the numbers (the token field);
  // *first_pos and *last_pos get where they were written.
  bool ParseDclBracket(uint32_t* first, uint32_t* last, Limit limit, size_t* first_pos, size_t* last_pos) {
    cur_.SkipWhitespace();
    *first_pos = *last_pos = cur_.pos();
    if (IsDigit(cur_.Peek())) {
      if (!ParseBounded(first, limit, "declared index", "unsigned integer")) return false;
      cur_.SkipWhitespace();
      if (cur_.Peek() == '.' && cur_.Peek(1) == '.') {
        cur_.Advance(2);
        cur_.SkipWhitespace();
        *last_pos = cur_.pos();
        if (!ParseBounded(last, limit, "declared index", "unsigned integer after '..'")) return false;
        cur_.SkipWhitespace();
      } else {
        *last = *first;
      }
    } else if (cur_.Peek() == ']' && implied_array_size_ != 0) {
      *first = 0;
      *last = implied_array_size_ - 1;
    } else if (cur_.Peek() == ']') {
      return FailHere(
          "empty '[]' needs an implied array size (in GEOM put PROPERTY GS_INPUT_PRIMITIVE first)");
    } else {
      return FailHere("expected unsigned integer" + Found());
    }
    if (!cur_.Consume(']')) return FailHere("expected ']' or '..'" + Found());
    return true;
  }

  bool ParseDeclaration(size_t start) {
    if (!cur_.SkipWhitespace()) return FailHere("expected whitespace after DCL" + Found());
    Declaration decl;
    decl.location = cur_.LocationAt(start);
    if (!ParseFile(&decl.file)) return false;
    if (decl.file == File::kSamplerView) {
      decl.sview_target = TextureTarget::kBuffer;
      decl.return_type = {ReturnType::kUnorm, ReturnType::kUnorm, ReturnType::kUnorm, ReturnType::kUnorm};
    }
    if (decl.file == File::kImage) decl.image_target = TextureTarget::kBuffer;
    const Processor proc = shader_.processor;

    cur_.SkipWhitespace();
    if (!Expect('[', "after the register file")) return false;
    uint32_t first = 0, last = 0;
    size_t first_pos = 0, last_pos = 0, dimension_pos = 0;
    if (!ParseDclBracket(&first, &last, Limit::kDeclarationIndex, &first_pos, &last_pos)) return false;
    size_t save = cur_.pos();
    cur_.SkipWhitespace();
    if (cur_.Consume('[')) {
      uint32_t first2 = 0, last2 = 0;
      dimension_pos = first_pos;
      // The first bracket was the 2-D index (Index2D, as wide as First/Last).
      if (!ParseDclBracket(&first2, &last2, Limit::kDeclarationIndex, &first_pos, &last_pos)) return false;
      const bool is_in = decl.file == File::kInput, is_out = decl.file == File::kOutput;
      const bool per_vertex = (is_in && (proc == Processor::kGeometry || proc == Processor::kTessEval)) ||
                              (proc == Processor::kTessCtrl && (is_in || is_out));
      if (!per_vertex) decl.dimension = first;  // per-vertex: the vertex bracket is dropped
      first = first2;
      last = last2;
    } else {
      cur_.set_pos(save);
    }
    decl.first = first;
    decl.last = last;
    if (!ParseOptionalMask(&decl.usage_mask)) return false;

    const bool is_vs_input = decl.file == File::kInput && proc == Processor::kVertex;

    // , ARRAY(n)
    save = cur_.pos();
    if (ConsumeComma() && cur_.ConsumeKeyword("ARRAY")) {
      if (!Expect('(', "right after ARRAY")) return false;
      cur_.SkipWhitespace();
      const size_t id_pos = cur_.pos();
      int64_t id = 0;
      if (!cur_.ParseInt(&id)) return FailHere("expected array id" + Found());
      if (!Within(Limit::kArrayId, id)) {
        return Fail(id_pos, OutOfRange(Limit::kArrayId, cur_.text().substr(id_pos, cur_.pos() - id_pos), "array id"));
      }
      cur_.SkipWhitespace();
      if (!Expect(')', "after the array id")) return false;
      decl.array_id = static_cast<uint32_t>(id);
    } else {
      cur_.set_pos(save);
    }

    // File-specific part.
    save = cur_.pos();
    if (!is_vs_input && ConsumeComma()) {
      if (!ParseDeclarationExtra(&decl, save)) return false;
    } else {
      cur_.set_pos(save);
    }

    // , STREAM(a, b, c, d) -- GS outputs only
    if (decl.file == File::kOutput && proc == Processor::kGeometry) {
      save = cur_.pos();
      if (ConsumeComma() && cur_.ConsumeKeyword("STREAM")) {
        cur_.SkipWhitespace();
        if (!Expect('(', "after STREAM")) return false;
        for (int i = 0; i < 4; ++i) {
          cur_.SkipWhitespace();
          if (!ParseBounded(&decl.stream[i], Limit::kStream, "stream", "stream number")) return false;
          cur_.SkipWhitespace();
          if (i < 3 && !Expect(',', "between stream numbers")) return false;
        }
        if (!Expect(')', "after the four stream numbers")) return false;
      } else {
        cur_.set_pos(save);
      }
    }

    if (!is_vs_input) {
      if (auto interp = ConsumeCommaName(kInterpolationNames)) {
        decl.interpolation = static_cast<Interpolation>(*interp);
      }
      if (auto loc = ConsumeCommaName(kInterpLocationNames)) {
        // Mesa only stores the location together with an interpolation mode.
        if (decl.interpolation) decl.interp_location = static_cast<InterpLocation>(*loc);
      }
    }

    save = cur_.pos();
    if (ConsumeComma()) {
      if (is_vs_input) {
        cur_.set_pos(save);
        cur_.SkipWhitespace();
        return FailHere("vertex shader inputs take nothing after the register range and ARRAY(n)");
      }
      if (!cur_.ConsumeKeyword("INVARIANT")) {
        return FailHere("expected semantic, interpolation mode, location or INVARIANT" + Found());
      }
      decl.invariant = true;
      save = cur_.pos();
      cur_.SkipWhitespace();
      if (cur_.Peek() == ',') return FailHere("unexpected ',' after INVARIANT (it comes last)");
      cur_.set_pos(save);
    }

    decl.vertex_bracket = HasImpliedVertexBracket(proc, decl);
    if (std::optional<DeclarationLimitError> e = CheckDeclarationLimits(proc, decl)) {
      const size_t at = e->part == DeclarationPart::kDimension ? dimension_pos
                        : e->part == DeclarationPart::kLast    ? last_pos
                                                               : first_pos;
      return Fail(at, e->message);
    }
    shader_.declarations.push_back(std::move(decl));
    AddItem(ItemKind::kDeclaration, shader_.declarations.size() - 1);
    return true;
  }

  // After "DCL FILE[..] ... ," (comma consumed): SVIEW / IMAGE / BUFFER /
  // MEMORY extras, or [LOCAL] [, semantic]. `before_comma` is where the comma
  // began, for parts that are optional.
  bool ParseDeclarationExtra(Declaration* decl, size_t before_comma) {
    switch (decl->file) {
      case File::kImage: {
        auto target = ConsumeName(kTextureTargetNames);
        if (!target) return FailHere("expected texture target" + Found());
        decl->image_target = static_cast<TextureTarget>(*target);
        while (true) {
          size_t save = cur_.pos();
          if (!ConsumeComma()) break;
          std::string_view word = cur_.PeekWord();
          if (!word.empty() && EqualsIgnoreCase(word, "RAW")) {
            decl->image_raw = true;
          } else if (!word.empty() && EqualsIgnoreCase(word, "WR")) {
            decl->image_writable = true;
          } else if (IsPipeFormatName(word)) {
            decl->image_format = NormalizeFormat(word);
          } else {
            cur_.set_pos(save);
            break;
          }
          cur_.Advance(word.size());
        }
        return true;
      }
      case File::kSamplerView: {
        auto target = ConsumeName(kTextureTargetNames);
        if (!target) return FailHere("expected texture target" + Found());
        decl->sview_target = static_cast<TextureTarget>(*target);
        cur_.SkipWhitespace();
        if (!Expect(',', "after the SVIEW texture target")) return false;
        cur_.SkipWhitespace();
        auto type = ConsumeName(kReturnTypeNames);
        if (!type) return FailHere("expected return type (UNORM, SNORM, SINT, UINT, FLOAT)" + Found());
        for (int count = 1; count < 4; ++count) {
          if (!ConsumeComma()) break;
          if (!ConsumeName(kReturnTypeNames)) {
            return FailHere("expected return type (UNORM, SNORM, SINT, UINT, FLOAT)" + Found());
          }
        }
        size_t save = cur_.pos();
        cur_.SkipWhitespace();
        if (cur_.Peek() == ',') return FailHere("at most four return types may follow the SVIEW target");
        cur_.set_pos(save);
        // Mesa's parser ends up copying the first type into all four.
        ReturnType rt = static_cast<ReturnType>(*type);
        decl->return_type = {rt, rt, rt, rt};
        return true;
      }
      case File::kBuffer:
        if (cur_.ConsumeKeyword("ATOMIC")) {
          decl->buffer_atomic = true;
        } else {
          cur_.set_pos(before_comma);
        }
        return true;
      case File::kMemory:
        if (auto type = ConsumeName(kMemoryTypeNames)) {
          decl->memory_type = static_cast<MemoryType>(*type);
        } else {
          cur_.set_pos(before_comma);
        }
        return true;
      default:
        break;
    }
    if (cur_.ConsumeKeyword("LOCAL")) {
      decl->local = true;
      if (!ConsumeComma()) return true;
    }
    // Mesa 19.2-24.x crash here when the word is not a semantic name.
    size_t name_pos = cur_.pos();
    auto semantic = ConsumeName(kSemanticNames);
    if (!semantic) {
      return Fail(name_pos, "expected semantic name (POSITION, COLOR, GENERIC, ...)" + Found() +
                                " (the semantic must come before interpolation, location and INVARIANT)");
    }
    SemanticDecl sem;
    sem.name = static_cast<Semantic>(*semantic);
    size_t save = cur_.pos();
    cur_.SkipWhitespace();
    if (cur_.Consume('[')) {
      cur_.SkipWhitespace();
      if (!ParseBounded(&sem.index, Limit::kSemanticIndex, "semantic index", "semantic index")) return false;
      cur_.SkipWhitespace();
      if (!Expect(']', "after the semantic index")) return false;
    } else {
      cur_.set_pos(save);
    }
    decl->semantic = sem;
    return true;
  }

  TextCursor cur_;
  Shader shader_;
  std::optional<ParseError> error_;
  uint32_t implied_array_size_ = 0;
};

}  // namespace

std::string ParseError::ToString(std::string_view filename) const {
  return std::string(filename) + ":" + std::to_string(location.line) + ":" + std::to_string(location.column) +
         ": error: " + message;
}

ParseResult ParseShader(std::string_view text) { return Parser(text).Run(); }

bool HasImpliedVertexBracket(Processor processor, const Declaration& decl) {
  bool patch = false;
  if (decl.semantic) {
    Semantic s = decl.semantic->name;
    patch = s == Semantic::kPatch || s == Semantic::kTessInner || s == Semantic::kTessOuter ||
            s == Semantic::kPrimId;
  }
  if (decl.file == File::kInput) {
    return processor == Processor::kGeometry || (!patch && IsTess(processor));
  }
  if (decl.file == File::kOutput) return !patch && processor == Processor::kTessCtrl;
  return false;
}

uint32_t VerticesPerPrimitive(uint32_t primitive) {
  switch (primitive) {
    case 0: return 1;                   // POINTS
    case 1: case 2: case 3: return 2;   // LINES, LINE_LOOP, LINE_STRIP
    case 10: case 11: return 4;         // LINES_ADJACENCY, LINE_STRIP_ADJACENCY
    case 12: case 13: return 6;         // TRIANGLES_ADJACENCY, TRIANGLE_STRIP_ADJACENCY
    default: return 3;                  // triangles, and Mesa's fallback
  }
}

}  // namespace shaderdiff::tgsi
