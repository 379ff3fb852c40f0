// The assembler: per line, optional hex prefix, labels and comments, then
// one instruction parsed by walking its syntax template (syntax.def) with
// the token parsers of syntax.cc; branch labels are resolved after the last
// line. The mnemonic selects the template: the prefix flags are parsed
// first (every template starts with {PRE}), then the opcode is identified.
#include "emulator/a3xx/isa/assembler.h"

#include <map>

#include "emulator/a3xx/isa/codec.h"
#include "emulator/a3xx/isa/syntax_internal.h"

namespace shaderdiff::a3xx {
namespace {

using internal::Cursor;
using internal::ParseError;
using internal::ParseState;

bool Fail(ParseError* error, size_t pos, std::string message) {
  error->pos = pos;
  error->message = std::move(message);
  return false;
}

bool AtLineEnd(const Cursor& cur) { return cur.AtEnd() || cur.Peek() == ';' || cur.Peek() == '#'; }

// Parses one instruction at the cursor into *st.
bool ParseInstruction(Cursor& cur, ParseState* st, ParseError* error) {
  using internal::Token;
  internal::Piece pre;
  pre.token = Token::kPre;
  if (!internal::ParseToken(pre, cur, *st, error)) return false;
  const size_t mnemonic_pos = cur.pos;
  if (!internal::IdentifyOpcode(cur, *st, error)) return false;
  const OpcodeInfo& info = *st->info;
  if (!info.supported()) {
    return Fail(error, mnemonic_pos,
                std::string(info.mnemonic) + " is not supported by this library (its a3xx encoding is not pinned down)");
  }
  for (const auto& [flag, pos] : st->flag_pos) {
    if (!(info.flags & flag)) {
      return Fail(error, pos, std::string(info.mnemonic) + " does not accept " + std::string(InstrFlagName(flag)));
    }
  }
  if (st->instr.repeat && !info.has(kOpRpt)) {
    return Fail(error, st->rpt_pos, std::string(info.mnemonic) + " does not accept (rptN)");
  }
  if (st->instr.nop && !info.has(kOpNop)) {
    return Fail(error, st->nop_pos, std::string(info.mnemonic) + " does not accept (nopN)");
  }
  const auto& pieces = internal::TemplateOf(info.syntax, st->dialect);
  for (size_t i = 1; i < pieces.size(); ++i) {  // pieces[0] is {PRE}
    const bool ok = pieces[i].token == Token::kLiteral ? internal::MatchLiteral(pieces[i].literal, cur, error)
                                                       : internal::ParseToken(pieces[i], cur, *st, error);
    if (!ok) return false;
  }
  cur.SkipBlanks();
  if (!AtLineEnd(cur)) return Fail(error, cur.pos, "unexpected text after the instruction");
  return true;
}

struct LabelRef {
  size_t instr_index;
  std::string name;
  uint32_t line;
  uint32_t column;
};

}  // namespace

std::string AsmError::ToString() const {
  return std::to_string(line) + ":" + std::to_string(column) + ": " + message;
}

AsmResult Assemble(std::string_view text, AsmSyntax syntax) {
  AsmResult result;
  std::map<std::string, size_t, std::less<>> labels;
  std::vector<LabelRef> refs;
  auto fail = [&](uint32_t line, size_t pos, std::string message) {
    result.program.clear();
    result.error = AsmError{line, static_cast<uint32_t>(pos + 1), std::move(message)};
    return result;
  };

  uint32_t line_no = 0;
  for (size_t start = 0; start <= text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    ++line_no;
    Cursor cur{text.substr(start, end - start)};
    start = end + 1;

    cur.SkipBlanks();
    if (cur.Rest().size() >= 17 && ParseWord(cur.Rest().substr(0, 17)) &&
        (cur.Rest().size() == 17 || cur.Peek(17) == ' ' || cur.Peek(17) == '\t')) {
      cur.pos += 17;
      cur.SkipBlanks();
    }
    // Labels.
    for (;;) {
      if (!internal::IsIdentStart(cur.Peek())) break;
      size_t e = cur.pos;
      while (e < cur.text.size() && internal::IsIdentChar(cur.text[e])) ++e;
      if (e >= cur.text.size() || cur.text[e] != ':') break;
      std::string name(cur.text.substr(cur.pos, e - cur.pos));
      if (!labels.emplace(name, result.program.size()).second) {
        return fail(line_no, cur.pos, "duplicate label '" + name + "'");
      }
      cur.pos = e + 1;
      cur.SkipBlanks();
    }
    if (AtLineEnd(cur)) continue;

    const size_t instr_pos = cur.pos;
    ParseState st;
    st.dialect = syntax;
    ParseError error;
    if (!ParseInstruction(cur, &st, &error)) return fail(line_no, error.pos, error.message);
    if (st.label) {  // validated again once the label is resolved
      refs.push_back({result.program.size(), st.label->first, line_no,
                      static_cast<uint32_t>(st.label->second + 1)});
    }
    if (auto e = Validate(st.instr)) return fail(line_no, instr_pos, *e);
    result.program.push_back(st.instr);
  }

  for (const LabelRef& ref : refs) {
    auto it = labels.find(ref.name);
    if (it == labels.end()) {
      result.program.clear();
      result.error = AsmError{ref.line, ref.column, "undefined label '" + ref.name + "'"};
      return result;
    }
    Instr& instr = result.program[ref.instr_index];
    instr.branch = static_cast<int32_t>(static_cast<int64_t>(it->second) - static_cast<int64_t>(ref.instr_index));
    if (auto e = Validate(instr)) {
      result.program.clear();
      result.error = AsmError{ref.line, ref.column, *e};
      return result;
    }
  }
  return result;
}

std::optional<Instr> AssembleInstr(std::string_view line, std::string* error, AsmSyntax syntax) {
  Cursor cur{line};
  cur.SkipBlanks();
  ParseState st;
  st.dialect = syntax;
  ParseError perr;
  auto fail = [&](size_t pos, const std::string& message) -> std::optional<Instr> {
    if (error) *error = std::to_string(pos + 1) + ": " + message;
    return std::nullopt;
  };
  const size_t instr_pos = cur.pos;
  if (AtLineEnd(cur)) return fail(cur.pos, "expected an instruction");
  if (!ParseInstruction(cur, &st, &perr)) return fail(perr.pos, perr.message);
  if (st.label) return fail(st.label->second, "labels need Assemble (whole programs)");
  if (auto e = Validate(st.instr)) return fail(instr_pos, *e);
  return st.instr;
}

std::optional<std::vector<uint64_t>> AssembleToWords(std::string_view text, AsmError* error, AsmSyntax syntax) {
  AsmResult result = Assemble(text, syntax);
  if (!result.ok()) {
    if (error) *error = *result.error;
    return std::nullopt;
  }
  std::vector<uint64_t> words;
  words.reserve(result.program.size());
  for (const Instr& instr : result.program) words.push_back(*Encode(instr));
  return words;
}

}  // namespace shaderdiff::a3xx
