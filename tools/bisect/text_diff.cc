// Line diffs (text_diff.h).
#include "tools/bisect/text_diff.h"

#include <algorithm>

namespace shaderdiff::bisect {

std::vector<std::string> SplitLines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    const size_t end = std::min(text.find('\n', start), text.size());
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::vector<DiffLine> DiffLines(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  size_t prefix = 0;
  while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix]) ++prefix;
  size_t suffix = 0;
  while (suffix < a.size() - prefix && suffix < b.size() - prefix &&
         a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix]) {
    ++suffix;
  }
  std::vector<DiffLine> out;
  for (size_t i = 0; i < prefix; ++i) out.push_back({' ', a[i], b[i]});
  const size_t n = a.size() - prefix - suffix, m = b.size() - prefix - suffix;
  auto A = [&](size_t i) -> const std::string& { return a[prefix + i]; };
  auto B = [&](size_t j) -> const std::string& { return b[prefix + j]; };
  if ((n + 1) * (m + 1) <= kMaxCells) {
    // lcs[i][j]: the LCS length of A[i..] and B[j..].
    std::vector<uint32_t> lcs((n + 1) * (m + 1), 0);
    auto at = [&](size_t i, size_t j) -> uint32_t& { return lcs[i * (m + 1) + j]; };
    for (size_t i = n; i-- > 0;) {
      for (size_t j = m; j-- > 0;) {
        at(i, j) = A(i) == B(j) ? at(i + 1, j + 1) + 1 : std::max(at(i + 1, j), at(i, j + 1));
      }
    }
    size_t i = 0, j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && A(i) == B(j)) {
        out.push_back({' ', A(i++), B(j++)});
      } else if (i < n && (j == m || at(i + 1, j) >= at(i, j + 1))) {
        out.push_back({'-', A(i++), ""});
      } else {
        out.push_back({'+', "", B(j++)});
      }
    }
  } else {
    for (size_t i = 0; i < n; ++i) out.push_back({'-', A(i), ""});
    for (size_t j = 0; j < m; ++j) out.push_back({'+', "", B(j)});
  }
  for (size_t k = suffix; k-- > 0;) out.push_back({' ', a[a.size() - 1 - k], b[b.size() - 1 - k]});
  return out;
}

std::string UnifiedDiff(const std::string& a, const std::string& b, size_t context) {
  const std::vector<DiffLine> lines = DiffLines(SplitLines(a), SplitLines(b));
  std::vector<bool> show(lines.size(), false);
  for (size_t k = 0; k < lines.size(); ++k) {
    if (lines[k].kind == ' ') continue;
    const size_t from = k >= context ? k - context : 0, to = std::min(lines.size(), k + context + 1);
    for (size_t s = from; s < to; ++s) show[s] = true;
  }
  std::string out;
  size_t line_a = 1, line_b = 1;
  bool in_hunk = false;
  for (size_t k = 0; k < lines.size(); ++k) {
    const DiffLine& d = lines[k];
    if (show[k]) {
      if (!in_hunk) out += "@@ a:" + std::to_string(line_a) + " b:" + std::to_string(line_b) + " @@\n";
      in_hunk = true;
      out += std::string(1, d.kind) + (d.kind == '+' ? d.b : d.a) + "\n";
    } else {
      in_hunk = false;
    }
    line_a += d.kind != '+';
    line_b += d.kind != '-';
  }
  return out;
}

namespace {

std::string Column(const std::string& text, size_t width) {
  if (text.size() > width) return text.substr(0, width - 1) + "~";
  return text + std::string(width - text.size(), ' ');
}

}  // namespace

std::string SideBySide(const std::string& a, const std::string& b, const std::string& a_title,
                       const std::string& b_title, size_t width) {
  std::string out = Column(a_title, width) + "   " + b_title + "\n";
  const std::vector<DiffLine> lines = DiffLines(SplitLines(a), SplitLines(b));
  // A '-' run followed by a '+' run pairs up as changed lines.
  for (size_t k = 0; k < lines.size();) {
    if (lines[k].kind == ' ') {
      out += Column(lines[k].a, width) + "   " + lines[k].b + "\n";
      ++k;
      continue;
    }
    std::vector<std::string> left, right;
    while (k < lines.size() && lines[k].kind != ' ') {
      if (lines[k].kind == '-') left.push_back(lines[k].a);
      else right.push_back(lines[k].b);
      ++k;
    }
    for (size_t r = 0; r < std::max(left.size(), right.size()); ++r) {
      if (r < left.size() && r < right.size()) out += Column(left[r], width) + " | " + right[r] + "\n";
      else if (r < left.size()) out += Column(left[r], width) + " <\n";
      else out += Column("", width) + " > " + right[r] + "\n";
    }
  }
  return out;
}

}  // namespace shaderdiff::bisect
