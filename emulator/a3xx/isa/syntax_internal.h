// The text templates of syntax.def compiled into pieces, and the token
// codecs that print and parse each {TOKEN}. The disassembler and the
// assembler are both loops over a template's pieces, so every token's text
// form is defined once, here, in both directions.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "emulator/a3xx/isa/instr.h"
#include "emulator/a3xx/isa/text_internal.h"

namespace shaderdiff::a3xx::internal {

enum class Token : uint8_t {
  kLiteral,
  kPre, kName, kMovName, kCond, kEi, kDst, kSrc0, kSrc1, kSrcs, kRound,
  kPred, kBranch, kTexFlags, kTexType, kWrmask, kTexSrcs,
  kType, kOffset, kVOffset, kSize, kTyped, kDims, kTypeSize,
};

struct Piece {
  Token token = Token::kLiteral;
  std::string literal;  // kLiteral only
  RegStyle style = RegStyle::kNormal;  // operand tokens: "{DST:full}", "{SRC0:raw}"
};

// The compiled template of a syntax form in a dialect; the first piece is
// always kPre.
const std::vector<Piece>& TemplateOf(Syntax syntax, AsmSyntax dialect);

// Whether `instr` prints as the mova alias (mov.s16s16 to a0.x).
bool IsMova(const Instr& instr);

void PrintToken(const Piece& piece, const Instr& instr, AsmSyntax dialect, std::string* out);

// Parser state for one instruction.
struct ParseState {
  AsmSyntax dialect = AsmSyntax::kShaderdiff;
  Instr instr;
  const OpcodeInfo* info = nullptr;    // set once the mnemonic is known
  std::string_view mnemonic_text;      // the table mnemonic or alias as written
  bool mova = false;
  bool type_implied = false;  // {TEXTYPE:implied}: the type follows the destination
  std::vector<std::pair<InstrFlag, size_t>> flag_pos;  // where each prefix flag was
  size_t nop_pos = 0, rpt_pos = 0;
  std::optional<std::pair<std::string, size_t>> label;  // BRANCH given as a label
};

bool ParseToken(const Piece& piece, Cursor& cur, ParseState& state, ParseError* error);

// Matches a template literal against the text: ' ' is one or more blanks,
// ',' a comma with optional blanks around it (absorbing a following ' ').
bool MatchLiteral(std::string_view literal, Cursor& cur, ParseError* error);

// Finds the opcode named by the word at the cursor: the longest table
// mnemonic (or alias: cov, mova) that is the whole word or is followed by
// '.'. Sets state.info, state.instr.opcode, state.mnemonic_text.
bool IdentifyOpcode(const Cursor& cur, ParseState& state, ParseError* error);

}  // namespace shaderdiff::a3xx::internal
