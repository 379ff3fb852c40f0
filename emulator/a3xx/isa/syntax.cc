// Compiled text templates (syntax.def) and the print/parse codec of every
// template token: PrintToken and ParseToken switch over the same tokens in
// the same order, and both use text.cc for operands, so the printed form and
// the accepted form cannot drift apart (roundtrip_test checks every opcode).
#include <array>
#include <cstdint>
#include <string>
#include <tuple>

#include "emulator/a3xx/isa/codec_internal.h"
#include "emulator/a3xx/isa/syntax_internal.h"

namespace shaderdiff::a3xx::internal {
namespace {

struct TokenName {
  std::string_view name;
  Token token;
};
constexpr TokenName kTokenNames[] = {
    {"PRE", Token::kPre},         {"NAME", Token::kName},       {"MOVNAME", Token::kMovName},
    {"COND", Token::kCond},       {"EI", Token::kEi},           {"DST", Token::kDst},
    {"SRC0", Token::kSrc0},       {"SRC1", Token::kSrc1},       {"SRCS", Token::kSrcs},
    {"ROUND", Token::kRound},     {"PRED", Token::kPred},       {"BRANCH", Token::kBranch},
    {"TEXFLAGS", Token::kTexFlags}, {"TEXTYPE", Token::kTexType}, {"WRMASK", Token::kWrmask},
    {"TEXSRCS", Token::kTexSrcs}, {"TYPE", Token::kType},       {"OFFSET", Token::kOffset},
    {"VOFFSET", Token::kVOffset}, {"SIZE", Token::kSize},       {"TYPED", Token::kTyped},
    {"DIMS", Token::kDims},       {"TYPESIZE", Token::kTypeSize},
};

std::vector<Piece> Compile(std::string_view tmpl) {
  std::vector<Piece> pieces;
  std::string literal;
  for (size_t i = 0; i < tmpl.size(); ++i) {
    if (tmpl[i] != '{') {
      literal += tmpl[i];
      continue;
    }
    if (!literal.empty()) pieces.push_back({Token::kLiteral, std::move(literal)});
    literal.clear();
    const size_t close = tmpl.find('}', i);
    std::string_view name = tmpl.substr(i + 1, close - i - 1);
    RegStyle style = RegStyle::kNormal;
    if (const size_t colon = name.find(':'); colon != std::string_view::npos) {
      const std::string_view s = name.substr(colon + 1);
      style = s == "raw"       ? RegStyle::kRaw
              : s == "full"    ? RegStyle::kFull
              : s == "implied" ? RegStyle::kImplied
                               : RegStyle::kNormal;
      name = name.substr(0, colon);
    }
    Token token = Token::kLiteral;
    for (const TokenName& t : kTokenNames) {
      if (t.name == name) token = t.token;
    }
    pieces.push_back({token, "", style});
    i = close;
  }
  if (!literal.empty()) pieces.push_back({Token::kLiteral, std::move(literal)});
  return pieces;
}

// Mesa's order of the cat5 flags: {3D}{A}{O}{P}{SV}{S2EN}.
constexpr std::array<TexFlag, kNumTexFlags> kTexFlagOrder = {kTex3d, kTexArray, kTexOffsets,
                                                             kTexProjected, kTexShadow, kTexS2en};
// What Mesa prints after .s2en: the descriptor mode (DESC_MODE 0).
constexpr std::string_view kMesaS2enMode = ".uniform";
// Prefix flags in print order.
constexpr std::array<InstrFlag, 4> kPreFlagOrder = {kFlagSy, kFlagSs, kFlagJp, kFlagSat};

OperandSyntax SlotSyntax(const OpcodeInfo& info, const Instr& instr, int slot,
                         AsmSyntax dialect = AsmSyntax::kShaderdiff, RegStyle style = RegStyle::kNormal) {
  OperandSyntax s;
  s.dialect = dialect;
  s.reg_style = style;
  const bool is_dst = slot == kDstSlot;
  s.kinds = is_dst ? info.dst_kinds : info.src_kinds[slot];
  s.modifiers = !is_dst;
  switch (info.category) {
    case Category::kCat1:
      s.imm_style = ImmStyle::kCat1;
      s.cat1_type = instr.src_type;
      break;
    case Category::kCat2:
    case Category::kCat4:
      s.imm_style = ImmStyle::kMultiSrc;
      break;
    case Category::kCat6:
      s.imm_style = ImmStyle::kCat6;
      break;
    default:
      break;
  }
  return s;
}

Operand& SlotOperand(Instr& instr, int slot) { return slot == kDstSlot ? instr.dst : instr.src[slot]; }

bool Fail(ParseError* error, size_t pos, std::string message) {
  error->pos = pos;
  error->message = std::move(message);
  return false;
}

// [a-z0-9_]+ at the cursor (not consumed).
std::string_view PeekWord(const Cursor& cur) {
  size_t end = cur.pos;
  while (end < cur.text.size() &&
         ((cur.text[end] >= 'a' && cur.text[end] <= 'z') || IsDigit(cur.text[end]) || cur.text[end] == '_')) {
    ++end;
  }
  return cur.text.substr(cur.pos, end - cur.pos);
}

bool ParseTypeWord(Cursor& cur, Type* type, ParseError* error) {
  const std::string_view word = PeekWord(cur);
  auto t = TypeFromName(word);
  if (!t) return Fail(error, cur.pos, "expected a type (f16 f32 u16 u32 s16 s32 u8 s8)");
  cur.pos += word.size();
  *type = *t;
  return true;
}

// One type name at the start of a concatenation like "f32s16".
bool ParseTypePrefix(Cursor& cur, Type* type, ParseError* error) {
  for (int i = 0; i < kNumTypes; ++i) {
    if (cur.Consume(TypeName(static_cast<Type>(i)))) {
      *type = static_cast<Type>(i);
      return true;
    }
  }
  return Fail(error, cur.pos, "expected a type (f16 f32 u16 u32 s16 s32 u8 s8)");
}

// A register written without 'h' (RegStyle kFull/kRaw, cat6 only) takes its
// precision from the instruction as the encoder does (Precision::kMem): the
// address (source 0) is full, data registers follow the type.
bool ParseSlot(Cursor& cur, ParseState& st, int slot, ParseError* error, RegStyle style = RegStyle::kNormal) {
  Operand& o = SlotOperand(st.instr, slot);
  if (!ParseOperand(cur, SlotSyntax(*st.info, st.instr, slot, st.dialect, style), &o, error)) return false;
  if (style != RegStyle::kNormal && o.kind == OperandKind::kGpr) o.half = slot != 0 && IsHalfType(st.instr.type);
  return true;
}

bool ParseSmallDecimal(Cursor& cur, uint64_t max, uint64_t* value, const char* what, ParseError* error) {
  const size_t at = cur.pos;
  if (!ParseDecimal(cur, value, error)) return false;
  if (*value > max) return Fail(error, at, std::string(what) + " out of range (max " + std::to_string(max) + ")");
  return true;
}

}  // namespace

const std::vector<Piece>& TemplateOf(Syntax syntax, AsmSyntax dialect) {
  static const auto* templates = [] {
    auto* t = new std::array<std::vector<std::vector<Piece>>, 2>();
#define A3XX_SYNTAX(NAME, TEMPLATE, MESA_TEMPLATE) \
  (*t)[0].push_back(Compile(TEMPLATE));            \
  (*t)[1].push_back(Compile(MESA_TEMPLATE));
#include "emulator/a3xx/isa/syntax.def"
#undef A3XX_SYNTAX
    return t;
  }();
  return (*templates)[dialect == AsmSyntax::kMesa ? 1 : 0][static_cast<size_t>(syntax)];
}

bool IsMova(const Instr& instr) {
  return instr.opcode == Opcode::MOV && instr.dst.kind == OperandKind::kGpr && instr.dst.num == kRegA0X &&
         instr.src_type == Type::kS16 && instr.dst_type == Type::kS16;
}

void PrintToken(const Piece& piece, const Instr& in, AsmSyntax dialect, std::string* out) {
  const OpcodeInfo& info = in.info();
  const bool mesa = dialect == AsmSyntax::kMesa;
  auto slot_syntax = [&](int slot) { return SlotSyntax(info, in, slot, dialect, piece.style); };
  switch (piece.token) {
    case Token::kLiteral:
      break;
    case Token::kPre:
      for (InstrFlag f : kPreFlagOrder) {
        if (in.has_flag(f)) *out += InstrFlagName(f);
      }
      // Mesa's #rptN enum names 1..5 only; it prints 6 and 7 bare ("6nop").
      if (in.repeat) {
        *out += mesa && in.repeat > 5 ? std::to_string(in.repeat) : "(rpt" + std::to_string(in.repeat) + ")";
      }
      if (in.nop) *out += "(nop" + std::to_string(in.nop) + ") ";
      if (in.has_flag(kFlagUl)) *out += InstrFlagName(kFlagUl);
      break;
    case Token::kName:
      *out += info.mnemonic;
      break;
    case Token::kMovName:
      if (IsMova(in)) {
        *out += "mova";
      } else {
        *out += in.src_type == in.dst_type ? "mov." : "cov.";
        *out += TypeName(in.src_type);
        *out += TypeName(in.dst_type);
      }
      break;
    case Token::kCond:
      if (info.has(kOpCond)) *out += "." + std::string(CondName(in.cond));
      break;
    case Token::kEi:
      if (in.has_flag(kFlagEi)) *out += InstrFlagName(kFlagEi);
      break;
    case Token::kDst:
      *out += IsMova(in) ? "a0.x" : FormatOperand(in.dst, slot_syntax(kDstSlot));
      break;
    case Token::kSrc0:
    case Token::kSrc1: {
      const int slot = piece.token == Token::kSrc0 ? 0 : 1;
      *out += FormatOperand(in.src[slot], slot_syntax(slot));
      break;
    }
    case Token::kSrcs:
      for (int i = 0; i < info.num_srcs; ++i) *out += ", " + FormatOperand(in.src[i], slot_syntax(i));
      break;
    case Token::kRound:
      *out += RoundName(in.round);
      break;
    case Token::kPred:
      *out += std::string(in.pred_inv ? "!" : "") + "p0." + "xyzw"[in.pred_comp & 3];
      break;
    case Token::kBranch:
      // Mesa shows the 16-bit field unsigned (a backward branch -N as 65536 - N).
      *out += std::to_string(mesa ? in.branch & 0xffff : in.branch);
      break;
    case Token::kTexFlags:
      for (TexFlag f : kTexFlagOrder) {
        if (in.tex_flags & f) *out += TexFlagName(f);
      }
      // Mesa names the s2en descriptor mode; a3xx has only mode 0.
      if (mesa && (in.tex_flags & kTexS2en)) *out += kMesaS2enMode;
      break;
    case Token::kTexType:
    case Token::kType:
      if (piece.style != RegStyle::kImplied) *out += TypeName(in.type);
      break;
    case Token::kWrmask:
      for (int i = 0; i < 4; ++i) {
        if (in.wrmask & (1 << i)) *out += "xyzw"[i];
      }
      break;
    case Token::kTexSrcs:
      for (int slot = 0; slot < 2; ++slot) {
        if (SourcePresent(info, in, slot)) *out += ", " + FormatOperand(in.src[slot], slot_syntax(slot));
      }
      if (in.tex_flags & kTexS2en) {
        *out += ", " + FormatOperand(in.src[2], slot_syntax(2));
      } else {
        if (info.has(kOpSamp)) *out += ", s#" + std::to_string(in.samp);
        if (info.has(kOpTexIdx)) *out += ", t#" + std::to_string(in.tex);
      }
      break;
    case Token::kOffset:
      if (in.mem_offset > 0) *out += "+" + std::to_string(in.mem_offset);
      if (in.mem_offset < 0) *out += std::to_string(in.mem_offset);
      break;
    case Token::kVOffset:
      *out += std::to_string(in.mem_offset);
      break;
    case Token::kSize:
      *out += std::to_string(in.mem_size);
      break;
    case Token::kTyped:
      *out += in.typed ? "typed" : "untyped";
      break;
    case Token::kDims:
      *out += std::to_string(in.dims);
      break;
    case Token::kTypeSize:
      *out += std::to_string(in.type_size);
      break;
  }
}

bool MatchLiteral(std::string_view literal, Cursor& cur, ParseError* error) {
  for (size_t i = 0; i < literal.size(); ++i) {
    const char c = literal[i];
    if (c == ' ') {
      if (cur.SkipBlanks() == 0) return Fail(error, cur.pos, "expected a blank");
    } else if (c == ',') {
      cur.SkipBlanks();
      if (!cur.Consume(',')) return Fail(error, cur.pos, "expected ','");
      cur.SkipBlanks();
      if (i + 1 < literal.size() && literal[i + 1] == ' ') ++i;
    } else if (!cur.Consume(c)) {
      return Fail(error, cur.pos, std::string("expected '") + c + "'");
    }
  }
  return true;
}

bool IdentifyOpcode(const Cursor& cur, ParseState& st, ParseError* error) {
  size_t end = cur.pos;
  while (end < cur.text.size() && (IsIdentChar(cur.text[end]) && cur.text[end] != '$')) ++end;
  const std::string_view word = cur.text.substr(cur.pos, end - cur.pos);
  auto matches = [&](std::string_view name) {
    return word == name || (word.size() > name.size() && word.substr(0, name.size()) == name &&
                            word[name.size()] == '.');
  };
  std::optional<Opcode> best;
  std::string_view best_name;
  auto consider = [&](std::string_view name, Opcode op) {
    if (matches(name) && name.size() > best_name.size()) {
      best = op;
      best_name = name;
    }
  };
  for (int i = 0; i < kNumOpcodes; ++i) {
    const auto op = static_cast<Opcode>(i);
    consider(OpcodeName(op), op);
  }
  consider("cov", Opcode::MOV);
  consider("mova", Opcode::MOV);
  if (!best) {
    return Fail(error, cur.pos,
                word.empty() ? "expected an instruction" : "unknown instruction '" + std::string(word) + "'");
  }
  st.info = &GetOpcodeInfo(*best);
  st.instr.opcode = *best;
  st.mnemonic_text = best_name;
  return true;
}

bool ParseToken(const Piece& piece, Cursor& cur, ParseState& st, ParseError* error) {
  const Token token = piece.token;
  Instr& in = st.instr;
  // kPre runs before the opcode is known (st.info is still null) and does not
  // look at `info`; bind it to a real entry so no null reference is formed.
  const OpcodeInfo& info = st.info ? *st.info : GetOpcodeInfo(Opcode::NOP);
  switch (token) {
    case Token::kLiteral:
      return true;
    case Token::kPre:
      // Runs before the opcode is known; acceptance is checked by the caller.
      for (;;) {
        const size_t at = cur.pos;
        std::optional<InstrFlag> flag;
        for (InstrFlag f : {kFlagSy, kFlagSs, kFlagJp, kFlagSat, kFlagUl}) {
          if (cur.Consume(InstrFlagName(f))) {
            flag = f;
            break;
          }
        }
        if (flag) {
          if (in.flags & *flag) return Fail(error, at, "duplicate " + std::string(InstrFlagName(*flag)));
          in.flags |= *flag;
          st.flag_pos.push_back({*flag, at});
        } else if (cur.Rest().substr(0, 4) == "(rpt" || cur.Rest().substr(0, 4) == "(nop") {
          const bool rpt = cur.Rest().substr(0, 4) == "(rpt";
          cur.pos += 4;
          uint64_t n = 0;
          if (!ParseSmallDecimal(cur, 7, &n, rpt ? "repeat count" : "nop count", error)) return false;
          if (!cur.Consume(')')) return Fail(error, cur.pos, "expected ')'");
          if (n == 0) return Fail(error, at, rpt ? "(rpt0) is not a repeat" : "(nop0) is not a nop count");
          if ((rpt ? in.repeat : in.nop) != 0) return Fail(error, at, "duplicate repeat/nop prefix");
          (rpt ? in.repeat : in.nop) = static_cast<uint8_t>(n);
          (rpt ? st.rpt_pos : st.nop_pos) = at;
        } else if (st.dialect == AsmSyntax::kMesa && cur.Peek() >= '6' && cur.Peek() <= '7' &&
                   cur.Peek(1) >= 'a' && cur.Peek(1) <= 'z') {
          // Mesa's bare repeat count past (rpt5): "7nop".
          if (in.repeat != 0) return Fail(error, at, "duplicate repeat/nop prefix");
          in.repeat = static_cast<uint8_t>(cur.Peek() - '0');
          st.rpt_pos = at;
          ++cur.pos;
          return true;
        } else {
          return true;
        }
        cur.SkipBlanks();
      }
    case Token::kName:
      if (!cur.Consume(info.mnemonic)) return Fail(error, cur.pos, "expected " + std::string(info.mnemonic));
      return true;
    case Token::kMovName: {
      if (st.mnemonic_text == "mova") {
        if (!cur.Consume("mova")) return Fail(error, cur.pos, "expected mova");
        in.src_type = in.dst_type = Type::kS16;
        st.mova = true;
        return true;
      }
      if (!cur.Consume("mov.") && !cur.Consume("cov.")) {
        return Fail(error, cur.pos, "expected mov.<src type><dst type> or cov.<src type><dst type>");
      }
      return ParseTypePrefix(cur, &in.src_type, error) && ParseTypePrefix(cur, &in.dst_type, error);
    }
    case Token::kCond: {
      if (!info.has(kOpCond)) return true;
      const size_t at = cur.pos;
      if (!cur.Consume('.')) return Fail(error, at, "expected a condition (.lt .le .gt .ge .eq .ne)");
      const std::string_view word = PeekWord(cur);
      auto cond = CondFromName(word);
      if (!cond) return Fail(error, cur.pos, "expected a condition (lt le gt ge eq ne)");
      cur.pos += word.size();
      in.cond = *cond;
      return true;
    }
    case Token::kEi: {
      const size_t at = cur.pos;
      if (!cur.Consume(InstrFlagName(kFlagEi))) return true;
      if (!(info.flags & kOpEi)) return Fail(error, at, std::string(info.mnemonic) + " does not accept (ei)");
      in.flags |= kFlagEi;
      return true;
    }
    case Token::kDst:
      if (st.mova) {
        if (!cur.Consume("a0.x")) return Fail(error, cur.pos, "mova writes a0.x");
        in.dst = Operand{.kind = OperandKind::kGpr, .num = kRegA0X, .half = true};
        return true;
      }
      if (!ParseSlot(cur, st, kDstSlot, error, piece.style)) return false;
      if (st.type_implied) in.type = in.dst.half ? Type::kF16 : Type::kF32;
      return true;
    case Token::kSrc0:
      return ParseSlot(cur, st, 0, error, piece.style);
    case Token::kSrc1:
      return ParseSlot(cur, st, 1, error, piece.style);
    case Token::kSrcs:
      for (int i = 0; i < info.num_srcs; ++i) {
        if (!MatchLiteral(", ", cur, error) || !ParseSlot(cur, st, i, error)) return false;
      }
      return true;
    case Token::kRound:
      for (Round r : {Round::kEven, Round::kPosInf, Round::kNegInf}) {
        if (cur.Consume(RoundName(r))) {
          in.round = r;
          break;
        }
      }
      return true;
    case Token::kPred: {
      in.pred_inv = cur.Consume('!');
      if (!cur.Consume("p0.")) return Fail(error, cur.pos, "expected a predicate p0.x..p0.w");
      const char c = cur.Peek();
      const size_t comp = std::string_view("xyzw").find(c);
      if (c == '\0' || comp == std::string_view::npos) return Fail(error, cur.pos, "expected x, y, z or w");
      ++cur.pos;
      in.pred_comp = static_cast<uint8_t>(comp);
      return true;
    }
    case Token::kBranch: {
      const size_t at = cur.pos;
      const char c = cur.Peek();
      if (IsDigit(c) || c == '-' || c == '+') {
        int64_t v = 0;
        if (!ParseInteger(cur, &v, error)) return false;
        if (v < INT32_MIN || v > INT32_MAX) return Fail(error, at, "branch offset out of range");
        // Mesa's unsigned view of the 16-bit field: 32768..65535 are backward.
        if (st.dialect == AsmSyntax::kMesa && v >= 0x8000 && v <= 0xffff) v -= 0x10000;
        in.branch = static_cast<int32_t>(v);
        return true;
      }
      size_t end = cur.pos;
      while (end < cur.text.size() && IsIdentChar(cur.text[end])) ++end;
      if (end == cur.pos || !IsIdentStart(c)) return Fail(error, at, "expected a branch offset or a label");
      st.label = {std::string(cur.text.substr(cur.pos, end - cur.pos)), at};
      cur.pos = end;
      return true;
    }
    case Token::kTexFlags:
      for (;;) {
        const size_t at = cur.pos;
        if (cur.Peek() != '.') return true;
        std::optional<TexFlag> found;
        for (TexFlag f : {kTexS2en, kTex3d, kTexArray, kTexOffsets, kTexProjected, kTexShadow}) {
          const std::string_view name = TexFlagName(f);
          const char next = cur.Peek(name.size());
          if (cur.Rest().substr(0, name.size()) == name && !(IsIdentChar(next) && next != '.')) {
            found = f;
            break;
          }
        }
        if (!found) return Fail(error, at, "unknown texture flag (.3d .a .s .o .p .s2en)");
        if (in.tex_flags & *found) return Fail(error, at, "duplicate " + std::string(TexFlagName(*found)));
        if (!(AcceptedTexFlags(info) & *found)) {
          return Fail(error, at, std::string(info.mnemonic) + " does not accept " + std::string(TexFlagName(*found)));
        }
        in.tex_flags |= *found;
        cur.pos += TexFlagName(*found).size();
        if (*found == kTexS2en && st.dialect == AsmSyntax::kMesa) cur.Consume(kMesaS2enMode);
      }
    case Token::kTexType:
    case Token::kType:
      if (piece.style == RegStyle::kImplied) {
        st.type_implied = true;
        return true;
      }
      return ParseTypeWord(cur, &in.type, error);
    case Token::kWrmask: {
      int last = -1;
      while (cur.Peek() != ')' && !cur.AtEnd()) {
        const size_t comp = std::string_view("xyzw").find(cur.Peek());
        if (comp == std::string_view::npos || static_cast<int>(comp) <= last) {
          return Fail(error, cur.pos, "expected a write mask of x, y, z, w in order");
        }
        last = static_cast<int>(comp);
        in.wrmask |= static_cast<uint8_t>(1u << comp);
        ++cur.pos;
      }
      return true;
    }
    case Token::kTexSrcs:
      for (int slot = 0; slot < 2; ++slot) {
        if (!SourcePresent(info, in, slot)) continue;
        if (!MatchLiteral(", ", cur, error) || !ParseSlot(cur, st, slot, error)) return false;
      }
      if (in.tex_flags & kTexS2en) {
        return MatchLiteral(", ", cur, error) && ParseSlot(cur, st, 2, error);
      }
      for (const auto& [flag, prefix, member] :
           {std::tuple{kOpSamp, ", s#", &in.samp}, std::tuple{kOpTexIdx, ", t#", &in.tex}}) {
        if (!info.has(flag)) continue;
        if (!MatchLiteral(prefix, cur, error)) return false;
        uint64_t v = 0;
        if (!ParseSmallDecimal(cur, 255, &v, "index", error)) return false;
        *member = static_cast<uint8_t>(v);
      }
      return true;
    case Token::kOffset: {
      const char c = cur.Peek();
      if (c != '+' && c != '-') return true;
      ++cur.pos;
      uint64_t v = 0;
      if (!ParseSmallDecimal(cur, 0x7fffffff, &v, "offset", error)) return false;
      in.mem_offset = c == '-' ? -static_cast<int32_t>(v) : static_cast<int32_t>(v);
      return true;
    }
    case Token::kVOffset: {
      uint64_t v = 0;
      if (!ParseSmallDecimal(cur, 0x7fffffff, &v, "offset", error)) return false;
      in.mem_offset = static_cast<int32_t>(v);
      return true;
    }
    case Token::kSize: {
      uint64_t v = 0;
      if (!ParseSmallDecimal(cur, 0xffffffff, &v, "size", error)) return false;
      in.mem_size = static_cast<uint32_t>(v);
      return true;
    }
    case Token::kTyped:
      if (cur.Consume("untyped")) in.typed = false;
      else if (cur.Consume("typed")) in.typed = true;
      else return Fail(error, cur.pos, "expected untyped or typed");
      return true;
    case Token::kDims:
    case Token::kTypeSize: {
      uint64_t v = 0;
      if (!ParseSmallDecimal(cur, 255, &v, token == Token::kDims ? "dimension count" : "type size", error)) {
        return false;
      }
      (token == Token::kDims ? in.dims : in.type_size) = static_cast<uint8_t>(v);
      return true;
    }
  }
  return true;
}

}  // namespace shaderdiff::a3xx::internal
