// See line_lexer.h.
#include "emulator/isa_common/line_lexer.h"

namespace shaderdiff::isa_common {
namespace {

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\r'; }
bool IsComment(char c) { return c == '#' || c == ';'; }

}  // namespace

std::vector<TextLine> SplitLines(std::string_view text) {
  std::vector<TextLine> lines;
  int number = 0;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    ++number;
    TextLine out{number, {}};
    size_t i = 0;
    while (i < line.size() && !IsComment(line[i])) {
      if (IsSpace(line[i])) {
        ++i;
        continue;
      }
      size_t start = i;
      while (i < line.size() && !IsSpace(line[i]) && !IsComment(line[i])) ++i;
      out.tokens.push_back({std::string(line.substr(start, i - start)), static_cast<int>(start) + 1});
    }
    if (!out.tokens.empty()) lines.push_back(std::move(out));
    pos = end + 1;
  }
  return lines;
}

}  // namespace shaderdiff::isa_common
