/* Line diffs for the bisection's output: the IR after the culprit's pass
   without and with the rewrite (unified hunks), and the machine code of
   the last good and first bad compile side by side.

   Lines are aligned by a longest common subsequence of the lines between
   the common prefix and suffix; when that middle is too large for the
   quadratic table (kMaxCells), it is aligned line by line instead (still a
   correct, if longer, diff). */
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace shaderdiff::bisect {

inline constexpr size_t kMaxCells = 4'000'000;

struct DiffLine {
  char kind;          // ' ' both, '-' only in a, '+' only in b
  std::string a, b;   // the line in a / in b ("" when absent)
};

std::vector<std::string> SplitLines(const std::string& text);
std::vector<DiffLine> DiffLines(const std::vector<std::string>& a, const std::vector<std::string>& b);

// "-"/"+"/" " lines with `context` unchanged lines around each change and
// "@@ a-line b-line @@" hunk headers; "" when a == b.
std::string UnifiedDiff(const std::string& a, const std::string& b, size_t context = 3);

// Two columns, `width` characters each: "a-line | b-line" where they differ,
// "a-line   b-line" where equal, "<" / ">" for a line on one side only.
std::string SideBySide(const std::string& a, const std::string& b, const std::string& a_title,
                       const std::string& b_title, size_t width = 48);

}  // namespace shaderdiff::bisect
