// Locating JSON values in their text (see json_location.h).
#include "tools/harness/json_location.h"

#include <cstdint>

namespace shaderdiff::harness {
namespace {

bool IsJsonSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

size_t SkipSpace(std::string_view text, size_t pos) {
  while (pos < text.size() && IsJsonSpace(text[pos])) ++pos;
  return pos;
}

// `pos` at '"': the position after the closing quote (or the end).
size_t SkipString(std::string_view text, size_t pos) {
  for (++pos; pos < text.size(); ++pos) {
    if (text[pos] == '\\') {
      ++pos;
    } else if (text[pos] == '"') {
      return pos + 1;
    }
  }
  return text.size();
}

void AppendUtf8(uint32_t cp, std::string& out) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// Four hex digits at `pos`, or -1.
int64_t Hex4(std::string_view text, size_t pos) {
  if (pos + 4 > text.size()) return -1;
  int64_t v = 0;
  for (size_t i = pos; i < pos + 4; ++i) {
    const char c = text[i];
    const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  return v;
}

// The decoded contents of the string starting at `pos` ('"'), as the parser
// reads keys (escapes, \u with surrogate pairs, in UTF-8).
std::string DecodeString(std::string_view text, size_t pos) {
  std::string out;
  for (++pos; pos < text.size() && text[pos] != '"'; ++pos) {
    if (text[pos] != '\\') {
      out += text[pos];
      continue;
    }
    if (++pos >= text.size()) break;
    switch (text[pos]) {
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'u': {
        int64_t cp = Hex4(text, pos + 1);
        if (cp < 0) return out;
        pos += 4;
        if (cp >= 0xD800 && cp < 0xDC00 && pos + 2 < text.size() && text[pos + 1] == '\\' && text[pos + 2] == 'u') {
          const int64_t low = Hex4(text, pos + 3);
          if (low >= 0xDC00 && low < 0xE000) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
            pos += 6;
          }
        }
        AppendUtf8(static_cast<uint32_t>(cp), out);
        break;
      }
      default: out += text[pos]; break;  // \" \\ \/
    }
  }
  return out;
}

// `pos` at the start of a value: the position after it. Containers are
// skipped by counting brackets outside strings.
size_t SkipValue(std::string_view text, size_t pos) {
  if (pos >= text.size()) return pos;
  const char c = text[pos];
  if (c == '"') return SkipString(text, pos);
  if (c == '{' || c == '[') {
    size_t depth = 0;
    while (pos < text.size()) {
      const char d = text[pos];
      if (d == '"') {
        pos = SkipString(text, pos);
        continue;
      }
      if (d == '{' || d == '[') ++depth;
      if (d == '}' || d == ']') {
        if (--depth == 0) return pos + 1;
      }
      ++pos;
    }
    return pos;
  }
  while (pos < text.size() && text[pos] != ',' && text[pos] != '}' && text[pos] != ']' && !IsJsonSpace(text[pos])) ++pos;
  return pos;
}

// The start of member `key` of the object at `pos` (its last occurrence),
// or npos.
size_t FindMember(std::string_view text, size_t pos, const std::string& key) {
  size_t found = std::string_view::npos;
  pos = SkipSpace(text, pos + 1);
  while (pos < text.size() && text[pos] == '"') {
    const bool match = DecodeString(text, pos) == key;
    pos = SkipSpace(text, SkipString(text, pos));
    if (pos >= text.size() || text[pos] != ':') break;
    pos = SkipSpace(text, pos + 1);
    if (match) found = pos;
    pos = SkipSpace(text, SkipValue(text, pos));
    if (pos >= text.size() || text[pos] != ',') break;
    pos = SkipSpace(text, pos + 1);
  }
  return found;
}

// The start of element `index` of the array at `pos`, or npos.
size_t FindElement(std::string_view text, size_t pos, const std::string& index) {
  size_t n = 0;
  for (char c : index) {
    if (c < '0' || c > '9' || n > (SIZE_MAX - 9) / 10) return std::string_view::npos;
    n = n * 10 + static_cast<size_t>(c - '0');
  }
  if (index.empty()) return std::string_view::npos;
  pos = SkipSpace(text, pos + 1);
  for (size_t i = 0; pos < text.size() && text[pos] != ']'; ++i) {
    if (i == n) return pos;
    pos = SkipSpace(text, SkipValue(text, pos));
    if (pos >= text.size() || text[pos] != ',') break;
    pos = SkipSpace(text, pos + 1);
  }
  return std::string_view::npos;
}

}  // namespace

std::string JsonPathString(const JsonPath& path) {
  std::string s;
  for (const std::string& p : path) s += (s.empty() ? "" : ".") + p;
  return s;
}

tgsi::SourceLocation LocationOfOffset(std::string_view text, size_t offset) {
  if (offset > text.size()) offset = text.size();
  tgsi::SourceLocation at{1, 1};
  for (size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++at.line;
      at.column = 1;
    } else {
      ++at.column;
    }
  }
  return at;
}

size_t FindJsonValue(std::string_view text, const JsonPath& path) {
  size_t pos = SkipSpace(text, 0);
  for (const std::string& step : path) {
    if (pos >= text.size()) break;
    size_t next = std::string_view::npos;
    if (text[pos] == '{') next = FindMember(text, pos, step);
    if (text[pos] == '[') next = FindElement(text, pos, step);
    if (next == std::string_view::npos) break;
    pos = next;
  }
  return pos;
}

bool ParseJsonText(std::string_view text, nlohmann::json* out, std::string* message, tgsi::SourceLocation* at) {
  // "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ..." -> "syntax error ..."
  const auto strip = [](std::string what, const char* after) {
    if (const size_t p = what.find(after); p != std::string::npos) what = what.substr(p + std::string(after).size());
    return what;
  };
  try {
    *out = nlohmann::json::parse(text);
    return true;
  } catch (const nlohmann::json::parse_error& e) {
    // e.byte counts the characters read, the offending one included.
    *at = LocationOfOffset(text, e.byte > 0 ? e.byte - 1 : 0);
    *message = strip(e.what(), ": ");
  } catch (const nlohmann::json::exception& e) {
    // A number too large for a double (out_of_range.406: "number overflow
    // parsing '1e999'") has no offset: find the literal outside strings.
    *message = strip(e.what(), "] ");
    *at = LocationOfOffset(text, 0);
    const size_t q = message->find('\'');
    const size_t q2 = q == std::string::npos ? q : message->find('\'', q + 1);
    if (q2 != std::string::npos && q2 > q + 1) {
      const std::string literal = message->substr(q + 1, q2 - q - 1);
      for (size_t pos = 0; pos < text.size();) {
        if (text[pos] == '"') {
          pos = SkipString(text, pos);
          continue;
        }
        if (text.compare(pos, literal.size(), literal) == 0) {
          *at = LocationOfOffset(text, pos);
          break;
        }
        ++pos;
      }
    }
  }
  return false;
}

}  // namespace shaderdiff::harness
