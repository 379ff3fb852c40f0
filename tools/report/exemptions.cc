/* Loading, validating and checking the staleness of corpus/exemptions.json
   (exemptions.h). */
#include "tools/report/exemptions.h"

#include <algorithm>
#include <map>
#include <regex>
#include <tuple>

#include "emulator/tgsi/reasons.h"

namespace shaderdiff::report {
namespace {

using nlohmann::json;

constexpr const char* kKeys[] = {"hash", "target", "build", "output", "reason", "note"};

bool IsKnownReasonCode(const std::string& reason) {
  return std::any_of(tgsi_exec::kReasonTable.begin(), tgsi_exec::kReasonTable.end(),
                     [&](const tgsi_exec::ReasonInfo& info) { return !info.code.empty() && info.code == reason; });
}

// Checks one field's value; returns an empty string or the problem.
std::string CheckField(const std::string& key, const std::string& value) {
  static const std::regex kHash("[0-9a-f]{16}");
  static const std::regex kTarget("[a-z0-9]+");
  static const std::regex kOutput("kill|OUT\\[[0-9]+\\](\\.[xyzw])?");
  if (key == "hash" && !std::regex_match(value, kHash)) return "expected 16 lowercase hex digits";
  if (key == "target" && !std::regex_match(value, kTarget)) return "expected lowercase letters and digits, e.g. \"a3xx\"";
  if (key == "build" && value != "naive" && value != "opt") return "expected \"naive\" or \"opt\"";
  if (key == "output" && !std::regex_match(value, kOutput)) return "expected \"OUT[n]\", \"OUT[n].x\" (x, y, z or w) or \"kill\"";
  if ((key == "reason" || key == "note") && value.find_first_not_of(" \t\n") == std::string::npos) return "empty";
  return "";
}

bool IsCodeShaped(const std::string& reason) {
  static const std::regex kKebab("[a-z0-9]+(-[a-z0-9]+)*");
  return std::regex_match(reason, kKebab);
}

}  // namespace

bool ParseExemptions(const json& j, std::vector<Exemption>* out, std::vector<std::string>* errors) {
  const size_t errors_before = errors->size();
  if (!j.is_object()) {
    errors->push_back("top level: expected an object {\"schema\": 1, \"exemptions\": [...]}");
    return false;
  }
  for (const auto& [key, value] : j.items()) {
    if (key != "schema" && key != "exemptions") errors->push_back("top level: unknown key '" + key + "'");
  }
  auto schema = j.find("schema");
  if (schema == j.end() || !schema->is_number_integer() || schema->get<int64_t>() != 1) {
    errors->push_back("schema: expected 1");
  }
  auto list = j.find("exemptions");
  if (list == j.end() || !list->is_array()) {
    errors->push_back("exemptions: missing or not an array");
    return false;
  }
  std::map<std::tuple<std::string, std::string, std::string, std::string>, size_t> first;
  for (size_t i = 0; i < list->size(); ++i) {
    const json& entry = (*list)[i];
    const std::string path = "exemptions[" + std::to_string(i) + "]";
    if (!entry.is_object()) {
      errors->push_back(path + ": expected an object");
      continue;
    }
    bool ok = true;
    for (const auto& [key, value] : entry.items()) {
      if (std::find(std::begin(kKeys), std::end(kKeys), key) == std::end(kKeys)) {
        errors->push_back(path + ": unknown key '" + key + "' (expected hash, target, build, output, reason, note)");
        ok = false;
      }
    }
    Exemption e;
    e.index = i;
    std::string* fields[] = {&e.hash, &e.target, &e.build, &e.output, &e.reason, &e.note};
    for (size_t k = 0; k < std::size(kKeys); ++k) {
      const std::string field_path = path + "." + kKeys[k];
      auto it = entry.find(kKeys[k]);
      if (it == entry.end()) {
        errors->push_back(field_path + ": missing");
        ok = false;
        continue;
      }
      if (!it->is_string()) {
        errors->push_back(field_path + ": expected a string");
        ok = false;
        continue;
      }
      *fields[k] = it->get<std::string>();
      if (std::string problem = CheckField(kKeys[k], *fields[k]); !problem.empty()) {
        errors->push_back(field_path + ": " + problem + " (got \"" + *fields[k] + "\")");
        ok = false;
      }
    }
    if (!ok) continue;
    e.reason_is_code = IsKnownReasonCode(e.reason);
    if (!e.reason_is_code && IsCodeShaped(e.reason)) {
      errors->push_back(path + ".reason: '" + e.reason +
                        "' is not one of the interpreter's reason codes (emulator/tgsi/reasons.h); "
                        "free-text reasons need more than one word");
      continue;
    }
    auto [it, inserted] = first.emplace(std::make_tuple(e.hash, e.target, e.build, e.output), i);
    if (!inserted) {
      errors->push_back(path + ": duplicates exemptions[" + std::to_string(it->second) + "] (same hash, target, build and output)");
      continue;
    }
    out->push_back(std::move(e));
  }
  return errors->size() == errors_before;
}

bool ParseExemptionsText(const std::string& text, std::vector<Exemption>* out, std::vector<std::string>* errors) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::exception& e) {  // parse_error, or out_of_range for a number such as 1e999
    errors->push_back(std::string("not valid JSON: ") + e.what());
    return false;
  }
  return ParseExemptions(j, out, errors);
}

std::vector<StaleExemption> FindStaleExemptions(const std::vector<Exemption>& exemptions, const Report& report) {
  std::map<std::string, const ShaderResult*> by_hash;
  for (const ShaderResult& shader : report.shaders) by_hash.emplace(shader.hash, &shader);
  std::vector<StaleExemption> stale;
  for (const Exemption& e : exemptions) {
    auto shader = by_hash.find(e.hash);
    if (shader == by_hash.end()) {
      stale.push_back({e, "shader " + e.hash + " is not in this run"});
      continue;
    }
    const std::vector<CheckResult>& checks = shader->second->checks;
    auto check = std::find_if(checks.begin(), checks.end(), [&](const CheckResult& c) { return c.config == e.Config(); });
    if (check == checks.end()) {
      stale.push_back({e, e.Config() + " was not checked for this shader"});
    } else if (check->verdict == "pass") {
      stale.push_back({e, e.Config() + " passes"});
    }
  }
  return stale;
}

}  // namespace shaderdiff::report
