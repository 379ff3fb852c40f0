/* Reading and writing deqp-runner style `name,Status` files (baseline.h). */
#include "tools/report/baseline.h"

#include <unordered_map>

namespace shaderdiff::report {
namespace {

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

bool HasSpace(std::string_view s) { return s.find_first_of(" \t") != std::string_view::npos; }

// Returns an empty string when the name is well formed, else why not.
std::string CheckName(std::string_view name) {
  if (name.empty()) return "empty test name";
  if (HasSpace(name)) return "test name '" + std::string(name) + "' contains whitespace";
  size_t at = name.rfind('@');
  if (at == std::string_view::npos || at == 0 || at + 1 == name.size()) {
    return "test name '" + std::string(name) + "' is not <shader file>@<target>/<build>";
  }
  return "";
}

}  // namespace

const Status* Baseline::Find(const std::string& name) const {
  auto it = entries.find(name);
  return it == entries.end() ? nullptr : &it->second;
}

bool ParseBaseline(std::string_view text, const std::string& filename, Baseline* out, std::vector<std::string>* errors) {
  const size_t errors_before = errors->size();
  std::unordered_map<std::string, int> first_line;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // a UTF-8 byte-order mark
  int line_number = 0;
  while (!text.empty()) {
    size_t end = text.find('\n');
    std::string_view line = Trim(text.substr(0, end));
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    ++line_number;
    if (line.empty() || line.front() == '#') continue;
    auto error = [&](const std::string& message) {
      errors->push_back(filename + ":" + std::to_string(line_number) + ": error: " + message);
    };
    size_t comma = line.find(',');
    if (comma == std::string_view::npos) {
      error("expected 'name,Status', found no comma in '" + std::string(line) + "'");
      continue;
    }
    if (line.find(',', comma + 1) != std::string_view::npos) {
      error("expected 'name,Status', found more than one comma in '" + std::string(line) + "'");
      continue;
    }
    std::string_view name = Trim(line.substr(0, comma));
    std::string_view status_text = Trim(line.substr(comma + 1));
    if (std::string why = CheckName(name); !why.empty()) {
      error(why);
      continue;
    }
    std::optional<Status> status = ParseStatus(status_text);
    if (!status) {
      error("unknown status '" + std::string(status_text) + "' (expected one of " + BaselineStatusList() + ")");
      continue;
    }
    if (*status == Status::kPass) {
      error("'" + std::string(name) + ",Pass': a baseline lists expected non-passes only; remove the line");
      continue;
    }
    if (*status == Status::kNotApplicable) {
      error("'" + std::string(name) +
            ",NotApplicable': a check the target's hardware cannot run is not a test; remove the line");
      continue;
    }
    auto [it, inserted] = first_line.emplace(std::string(name), line_number);
    if (!inserted) {
      error("duplicate entry for '" + std::string(name) + "' (first on line " + std::to_string(it->second) + ")");
      continue;
    }
    out->entries[std::string(name)] = *status;
  }
  return errors->size() == errors_before;
}

std::string WriteBaseline(const Baseline& baseline) {
  std::string text;
  for (const auto& [name, status] : baseline.entries) {
    text += name;
    text += ',';
    text += StatusName(status);
    text += '\n';
  }
  return text;
}

}  // namespace shaderdiff::report
