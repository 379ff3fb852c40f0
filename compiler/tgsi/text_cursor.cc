// Lexical primitives of TGSI text (see text_cursor.h).
#include "compiler/tgsi/text_cursor.h"

#include <cstdio>
#include <limits>

namespace shaderdiff::tgsi {

bool TextCursor::SkipWhitespace() {
  size_t start = pos_;
  while (pos_ < text_.size() && IsTgsiWhitespace(text_[pos_])) ++pos_;
  return pos_ > start;
}

bool TextCursor::Consume(char c) {
  if (AtEnd() || text_[pos_] != c) return false;
  ++pos_;
  return true;
}

std::string_view TextCursor::PeekWord() const {
  size_t end = pos_;
  while (end < text_.size() && IsWordChar(text_[end])) ++end;
  return text_.substr(pos_, end - pos_);
}

bool TextCursor::ConsumeKeyword(std::string_view keyword) {
  std::string_view word = PeekWord();
  if (word.empty() || !EqualsIgnoreCase(word, keyword)) return false;
  pos_ += word.size();
  return true;
}

bool TextCursor::ParseUint(uint64_t* value) {
  if (!IsDigit(Peek())) return false;
  constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();
  uint64_t v = 0;
  while (pos_ < text_.size() && IsDigit(text_[pos_])) {
    const uint64_t digit = static_cast<uint64_t>(text_[pos_] - '0');
    v = v > (kMax - digit) / 10 ? kMax : v * 10 + digit;
    ++pos_;
  }
  *value = v;
  return true;
}

bool TextCursor::ParseInt(int64_t* value) {
  size_t start = pos_;
  bool negative = false;
  if (Peek() == '+' || Peek() == '-') {
    negative = Peek() == '-';
    ++pos_;
  }
  uint64_t magnitude = 0;
  if (!ParseUint(&magnitude)) {
    pos_ = start;
    return false;
  }
  constexpr uint64_t kMaxMagnitude = uint64_t{1} << 63;  // |INT64_MIN|
  if (magnitude >= kMaxMagnitude) {
    *value = negative ? std::numeric_limits<int64_t>::min() : std::numeric_limits<int64_t>::max();
  } else {
    *value = negative ? -static_cast<int64_t>(magnitude) : static_cast<int64_t>(magnitude);
  }
  return true;
}

SourceLocation TextCursor::LocationAt(size_t pos) {
  if (pos > text_.size()) pos = text_.size();
  if (pos < line_pos_) {
    line_pos_ = 0;
    line_ = 1;
    column_ = 1;
  }
  for (; line_pos_ < pos; ++line_pos_) {
    if (text_[line_pos_] == '\n') {
      ++line_;
      column_ = 1;
    } else {
      ++column_;
    }
  }
  return SourceLocation{line_, column_};
}

std::string TextCursor::Describe(size_t pos) const {
  if (pos >= text_.size()) return "end of input";
  unsigned char c = static_cast<unsigned char>(text_[pos]);
  if (c == '\r') return "carriage return (CR is not whitespace in TGSI text)";
  if (c == '\0') return "NUL byte";
  if (c == '\n') return "end of line";
  if (c >= 0x21 && c < 0x7f) {
    size_t end = pos;
    while (end < text_.size() && end - pos < 40 && IsWordChar(text_[end])) ++end;
    if (end > pos + 1) return "'" + std::string(text_.substr(pos, end - pos)) + "'";
    return std::string("'") + static_cast<char>(c) + "'";
  }
  if (c == ' ') return "space";
  if (c == '\t') return "TAB";
  char buf[32];
  std::snprintf(buf, sizeof(buf), "byte 0x%02x", c);
  return buf;
}

}  // namespace shaderdiff::tgsi
