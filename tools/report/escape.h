/* Escaping text for HTML and XML output.

   Invariants: the result of either function is safe inside element content
   and inside a double- or single-quoted attribute value; it never contains
   '<', '>', '&' (other than starting an entity), '"' or '\''. Both also
   replace the control characters XML 1.0 forbids (everything below 0x20
   except tab, LF and CR, plus DEL) with a visible "\xNN", so any input gives
   well-formed XML. The input is expected to be UTF-8 (report strings come
   from a JSON parser that checks it); bytes >= 0x80 pass through. */
#pragma once

#include <string>
#include <string_view>

namespace shaderdiff::report {

std::string HtmlEscape(std::string_view text);
std::string XmlEscape(std::string_view text);

}  // namespace shaderdiff::report
