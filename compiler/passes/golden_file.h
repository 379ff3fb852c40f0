// The golden-test file format of compiler/passes/testdata/<pass>/*.tgsi:
//
//   # what this case checks (one or more '#' lines, humans write these)
//   # lower: LIT POW          (optional directive: the options to use)
//   <input shader, canonical TGSI>
//   === <pass> ===
//   <expected output, written by --bless>
//
// TGSI has no comment syntax, so '#' lines are only allowed before the
// shader; the separator line cannot occur in TGSI either.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace shaderdiff::compiler {

struct GoldenFile {
  std::vector<std::string> comments;  // the '#' lines, without "# "
  std::string input;                  // shader text, newline-terminated
  std::string expected;               // after the separator ("" if none yet)
  bool has_separator = false;
};

std::string GoldenSeparator(std::string_view pass);  // "=== lower_tgsi ===\n"
GoldenFile ParseGolden(std::string_view text, std::string_view pass);
// The file with `expected` replaced (what --bless writes).
std::string FormatGolden(const GoldenFile& file, std::string_view pass);
// The stems of the *.tgsi files in `dir`, sorted (the cases of a golden test).
std::vector<std::string> GoldenCaseNames(const std::string& dir);
// A whole file ("" if it cannot be read).
std::string ReadGoldenText(const std::string& path);

// The words after "lower:" in the comments (empty = pass defaults).
std::vector<std::string> GoldenDirective(const GoldenFile& file, std::string_view key);

}  // namespace shaderdiff::compiler
