// A read position in TGSI text, with the lexical primitives of Mesa's
// tgsi_text.c: whitespace is exactly space, TAB and LF (CR is not), keywords
// are runs of [A-Za-z0-9_] compared case-insensitively, and integers are
// plain decimal digits read in 64-bit arithmetic that saturates (Mesa's
// parser wraps them modulo 2^32; ours never does, so the parser can refuse
// out-of-range values instead of silently using a different one).
//
// Invariants: pos() never exceeds the text size; Peek() past the end returns
// '\0' (an embedded NUL byte also reads as '\0' but is not AtEnd()), so every
// "expect this character" test fails cleanly at the end of the text.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "compiler/tgsi/ast.h"

namespace shaderdiff::tgsi {

inline bool IsTgsiWhitespace(char c) { return c == ' ' || c == '\t' || c == '\n'; }
inline bool IsDigit(char c) { return c >= '0' && c <= '9'; }
inline bool IsAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
inline bool IsWordChar(char c) { return IsAlpha(c) || IsDigit(c) || c == '_'; }
inline bool IsHexDigit(char c) {
  return IsDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

class TextCursor {
 public:
  explicit TextCursor(std::string_view text) : text_(text) {}

  std::string_view text() const { return text_; }
  size_t pos() const { return pos_; }
  void set_pos(size_t pos) { pos_ = pos <= text_.size() ? pos : text_.size(); }
  bool AtEnd() const { return pos_ >= text_.size(); }
  char Peek(size_t ahead = 0) const {
    return ahead < text_.size() - pos_ ? text_[pos_ + ahead] : '\0';
  }
  void Advance(size_t n = 1) { set_pos(pos_ + (n < text_.size() - pos_ ? n : text_.size() - pos_)); }
  std::string_view Rest() const { return text_.substr(pos_); }

  // Skips space/TAB/LF; returns whether anything was skipped.
  bool SkipWhitespace();
  // Consumes `c` if it is the next character.
  bool Consume(char c);
  // The maximal run of [A-Za-z0-9_] at the current position (maybe empty).
  std::string_view PeekWord() const;
  // Consumes the next word if it equals `keyword` ignoring case.
  bool ConsumeKeyword(std::string_view keyword);
  // Decimal digits; values above UINT64_MAX read as UINT64_MAX.
  bool ParseUint(uint64_t* value);
  // Optional '+'/'-' glued to decimal digits; saturates at INT64_MIN/MAX.
  bool ParseInt(int64_t* value);

  // 1-based line/column of a byte offset (columns count bytes).
  SourceLocation LocationAt(size_t pos);
  SourceLocation Location() { return LocationAt(pos_); }

  // A short human description of the character at `pos` for messages:
  // "'x'", "end of input", "carriage return (CR is not whitespace in TGSI)"...
  std::string Describe(size_t pos) const;
  std::string DescribeNext() const { return Describe(pos_); }

 private:
  std::string_view text_;
  size_t pos_ = 0;
  // Incremental line tracking for LocationAt: the location of byte
  // line_pos_ is (line_, column_).
  size_t line_pos_ = 0;
  uint32_t line_ = 1;
  uint32_t column_ = 1;
};

}  // namespace shaderdiff::tgsi
