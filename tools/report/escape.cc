/* HTML and XML escaping (escape.h). */
#include "tools/report/escape.h"

#include <cstdio>

namespace shaderdiff::report {
namespace {

std::string Escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    const unsigned char c = static_cast<unsigned char>(ch);
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default:
        if ((c < 0x20 && ch != '\t' && ch != '\n' && ch != '\r') || c == 0x7f) {
          char buf[8];  // XML 1.0 forbids these even as character references
          std::snprintf(buf, sizeof buf, "\\x%02x", c);
          out += buf;
        } else {
          out += ch;
        }
    }
  }
  return out;
}

}  // namespace

std::string HtmlEscape(std::string_view text) { return Escape(text); }
std::string XmlEscape(std::string_view text) { return Escape(text); }

}  // namespace shaderdiff::report
