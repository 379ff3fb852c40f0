// Splitting assembly text into lines and whitespace-separated tokens with
// their 1-based line and column, so every assembler reports errors as
// LINE:COL. Comments start at '#' or ';' and run to the end of the line.
// Invariant: tokens never contain whitespace or comment characters.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace shaderdiff::isa_common {

struct Token {
  std::string text;
  int column = 0;  // 1-based
};

struct TextLine {
  int number = 0;  // 1-based
  std::vector<Token> tokens;  // never empty
};

// The non-empty lines of `text` (blank and comment-only lines dropped).
std::vector<TextLine> SplitLines(std::string_view text);

}  // namespace shaderdiff::isa_common
