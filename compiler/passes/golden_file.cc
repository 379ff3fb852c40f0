#include "compiler/passes/golden_file.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace shaderdiff::compiler {

std::string GoldenSeparator(std::string_view pass) { return "=== " + std::string(pass) + " ===\n"; }

GoldenFile ParseGolden(std::string_view text, std::string_view pass) {
  GoldenFile g;
  const std::string sep = GoldenSeparator(pass);
  size_t pos = 0;
  while (pos < text.size() && text[pos] == '#') {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos + 1, end - pos - 1);
    if (!line.empty() && line[0] == ' ') line.remove_prefix(1);
    g.comments.emplace_back(line);
    pos = end + 1;
  }
  text = pos < text.size() ? text.substr(pos) : std::string_view();
  size_t at = std::string_view::npos;
  for (size_t p = 0; p < text.size(); p = text.find('\n', p) + 1) {
    if (text.substr(p, sep.size()) == sep) {
      at = p;
      break;
    }
    if (text.find('\n', p) == std::string_view::npos) break;
  }
  if (at == std::string_view::npos) {
    g.input = std::string(text);
  } else {
    g.input = std::string(text.substr(0, at));
    g.expected = std::string(text.substr(at + sep.size()));
    g.has_separator = true;
  }
  return g;
}

std::string FormatGolden(const GoldenFile& file, std::string_view pass) {
  std::string out;
  for (const auto& c : file.comments) out += "# " + c + "\n";
  out += file.input;
  if (!out.empty() && out.back() != '\n') out += '\n';
  out += GoldenSeparator(pass);
  out += file.expected;
  return out;
}

std::vector<std::string> GoldenDirective(const GoldenFile& file, std::string_view key) {
  const std::string prefix = std::string(key) + ":";
  std::vector<std::string> words;
  for (const auto& c : file.comments) {
    if (c.rfind(prefix, 0) != 0) continue;
    std::istringstream in(c.substr(prefix.size()));
    for (std::string w; in >> w;) words.push_back(w);
  }
  return words;
}

std::vector<std::string> GoldenCaseNames(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().extension() == ".tgsi") names.push_back(e.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string ReadGoldenText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace shaderdiff::compiler
