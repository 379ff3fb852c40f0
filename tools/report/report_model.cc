/* Reading report.json (schema 1 or 2) into the structs of report_model.h, with the
   JSON path of the first problem as the error. */
#include "tools/report/report_model.h"

#include <algorithm>
#include <set>

namespace shaderdiff::report {
namespace {

using nlohmann::json;

// Each reader returns false with *error = "<path>: <problem>".
bool Fail(const std::string& path, const std::string& problem, std::string* error) {
  *error = path + ": " + problem;
  return false;
}

bool ReadString(const json& object, const char* key, const std::string& path, bool required, std::string* out,
                std::string* error) {
  auto it = object.find(key);
  if (it == object.end()) return required ? Fail(path + "." + key, "missing", error) : true;
  if (!it->is_string()) return Fail(path + "." + key, "expected a string", error);
  *out = it->get<std::string>();
  return true;
}

bool ReadCount(const json& object, const char* key, const std::string& path, std::optional<uint64_t>* out,
               std::string* error) {
  auto it = object.find(key);
  if (it == object.end()) return true;
  // Parsed JSON stores non-negative integers as unsigned; built JSON may hold them signed.
  if (!it->is_number_integer() || (!it->is_number_unsigned() && it->get<int64_t>() < 0)) {
    return Fail(path + "." + key, "expected a non-negative integer", error);
  }
  *out = it->get<uint64_t>();
  return true;
}

// Schema 2's "explanation": an object with a string "status"; kept as JSON.
bool ReadExplanation(const json& object, const std::string& path, json* out, std::string* error) {
  auto it = object.find("explanation");
  if (it == object.end()) return true;
  if (!it->is_object()) return Fail(path + ".explanation", "expected an object", error);
  auto status = it->find("status");
  if (status == it->end() || !status->is_string()) return Fail(path + ".explanation.status", "missing or not a string", error);
  *out = *it;
  return true;
}

bool ValidConfig(const std::string& config) {
  if (config.empty() || config == kReferenceConfig) return false;
  return std::none_of(config.begin(), config.end(),
                      [](char c) { return c == '@' || c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r'; });
}

bool ReadCheck(const json& j, const std::string& path, CheckResult* check, std::string* error) {
  if (!j.is_object()) return Fail(path, "expected an object", error);
  if (!ReadString(j, "verdict", path, true, &check->verdict, error)) return false;
  if (check->verdict.empty()) return Fail(path + ".verdict", "empty", error);
  if (!ReadString(j, "detail", path, false, &check->detail, error)) return false;
  if (!ReadString(j, "reproduce", path, false, &check->reproduce, error)) return false;
  if (!ReadExplanation(j, path, &check->explanation, error)) return false;
  return ReadCount(j, "instructions", path, &check->instructions, error) &&
         ReadCount(j, "nops", path, &check->nops, error) && ReadCount(j, "full_regs", path, &check->full_regs, error) &&
         ReadCount(j, "cycles", path, &check->cycles, error) &&
         ReadCount(j, "stall_cycles", path, &check->stall_cycles, error) &&
         ReadCount(j, "vectors_run", path, &check->vectors_run, error);
}

bool ReadShader(const json& j, const std::string& path, ShaderResult* shader, std::string* error) {
  if (!j.is_object()) return Fail(path, "expected an object", error);
  if (!ReadString(j, "file", path, true, &shader->file, error)) return false;
  if (shader->file.empty()) return Fail(path + ".file", "empty", error);
  if (!ReadString(j, "hash", path, true, &shader->hash, error)) return false;
  shader->stage = "?";
  if (!ReadString(j, "stage", path, false, &shader->stage, error)) return false;
  shader->reference.config = kReferenceConfig;
  if (!ReadString(j, "verdict", path, true, &shader->reference.verdict, error)) return false;
  if (shader->reference.verdict.empty()) return Fail(path + ".verdict", "empty", error);
  if (!ReadString(j, "detail", path, false, &shader->reference.detail, error)) return false;
  if (!ReadString(j, "reproduce", path, false, &shader->reference.reproduce, error)) return false;
  if (!ReadExplanation(j, path, &shader->reference.explanation, error)) return false;
  if (auto branches = j.find("branches"); branches != j.end()) {
    if (!branches->is_object()) return Fail(path + ".branches", "expected an object", error);
    if (!ReadCount(*branches, "total", path + ".branches", &shader->reference.branches_total, error) ||
        !ReadCount(*branches, "both_ways", path + ".branches", &shader->reference.branches_both_ways, error)) {
      return false;
    }
  }
  if (auto explore = j.find("explore"); explore != j.end()) {
    if (!explore->is_object()) return Fail(path + ".explore", "expected an object", error);
    if (auto findings = explore->find("findings"); findings != explore->end()) {
      if (!findings->is_array()) return Fail(path + ".explore.findings", "expected an array", error);
      for (size_t i = 0; i < findings->size(); ++i) {
        const std::string finding_path = path + ".explore.findings[" + std::to_string(i) + "]";
        CheckResult finding;
        if (!(*findings)[i].is_object()) return Fail(finding_path, "expected an object", error);
        if (!ReadString((*findings)[i], "config", finding_path, true, &finding.config, error)) return false;
        if (finding.config != kReferenceConfig && !ValidConfig(finding.config)) {
          return Fail(finding_path + ".config", "not a target/build or \"reference\"", error);
        }
        if (!ReadCheck((*findings)[i], finding_path, &finding, error)) return false;
        shader->findings.push_back(std::move(finding));
      }
    }
  }
  auto checks = j.find("checks");
  if (checks == j.end()) return true;
  if (!checks->is_object()) return Fail(path + ".checks", "expected an object", error);
  for (const auto& [config, value] : checks->items()) {
    const std::string check_path = path + ".checks." + config;
    if (!ValidConfig(config)) {
      return Fail(check_path, "a check key must be target/build without '@', ',' or spaces, and not \"reference\"",
                  error);
    }
    CheckResult check;
    check.config = config;
    if (!ReadCheck(value, check_path, &check, error)) return false;
    shader->checks.push_back(std::move(check));
  }
  std::sort(shader->checks.begin(), shader->checks.end(),
            [](const CheckResult& a, const CheckResult& b) { return a.config < b.config; });
  return true;
}

}  // namespace

std::string TestName(const std::string& file, const std::string& config) { return file + "@" + config; }

std::string ConfigTarget(const std::string& config) { return config.substr(0, config.find('/')); }

std::string ConfigBuild(const std::string& config) {
  size_t slash = config.find('/');
  return slash == std::string::npos ? "" : config.substr(slash + 1);
}

std::optional<Report> ParseReport(const json& j, std::string* error) {
  if (!j.is_object()) {
    *error = "top level: expected an object";
    return std::nullopt;
  }
  Report report;
  auto schema = j.find("schema");
  if (schema == j.end() || !schema->is_number_integer()) {
    *error = "schema: missing or not an integer";
    return std::nullopt;
  }
  if (schema->get<int64_t>() < 1 || schema->get<int64_t>() > kNewestSchema) {
    *error = "schema: version " + schema->dump() + " is not supported (this build reads schemas 1 and 2)";
    return std::nullopt;
  }
  report.schema = static_cast<int>(schema->get<int64_t>());
  std::optional<uint64_t> seed;
  if (!ReadCount(j, "seed", "report", &seed, error)) return std::nullopt;
  report.seed = seed.value_or(0);
  if (auto corpus = j.find("corpus"); corpus != j.end() && corpus->is_object()) {
    if (!ReadString(*corpus, "path", "corpus", false, &report.corpus_path, error) ||
        !ReadString(*corpus, "hash", "corpus", false, &report.corpus_hash, error)) {
      return std::nullopt;
    }
  }
  if (auto settings = j.find("settings"); settings != j.end()) {
    report.settings = *settings;
    if (settings->is_object()) {
      std::optional<uint64_t> explore_seed;
      if (!ReadCount(*settings, "explore_seed", "settings", &explore_seed, error)) return std::nullopt;
      report.explore_seed = explore_seed;
    }
  }
  if (auto run = j.find("run"); run != j.end()) report.run = *run;
  auto shaders = j.find("shaders");
  if (shaders == j.end() || !shaders->is_array()) {
    *error = "shaders: missing or not an array";
    return std::nullopt;
  }
  std::set<std::string> files;
  for (size_t i = 0; i < shaders->size(); ++i) {
    ShaderResult shader;
    const std::string path = "shaders[" + std::to_string(i) + "]";
    if (!ReadShader((*shaders)[i], path, &shader, error)) return std::nullopt;
    if (!files.insert(shader.file).second) {
      *error = path + ".file: \"" + shader.file + "\" appears twice";
      return std::nullopt;
    }
    report.shaders.push_back(std::move(shader));
  }
  return report;
}

std::optional<Report> ParseReportText(const std::string& text, std::string* error) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::exception& e) {  // parse_error, or out_of_range for a number such as 1e999
    *error = std::string("not valid JSON: ") + e.what();
    return std::nullopt;
  }
  return ParseReport(j, error);
}

}  // namespace shaderdiff::report
