/* Test helpers: small synthetic report.json documents.

   ShaderJson(file, hash, checks) builds one entry of "shaders" with the
   interpreter verdict "pass" (or `reference_verdict`); Check(verdict, ...)
   one entry of its "checks"; ReportJson wraps shaders into a schema-1
   report. Parsed() parses and fails the test on error. */
#pragma once

#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tools/report/report_model.h"

namespace shaderdiff::report::testing {

using nlohmann::json;

// A passing check with statistics.
inline json PassCheck(uint64_t instructions, uint64_t full_regs = 4, uint64_t cycles = 100) {
  return json{{"verdict", "pass"}, {"instructions", instructions}, {"nops", 0},        {"full_regs", full_regs},
              {"cycles", cycles},   {"stall_cycles", 0},          {"vectors_run", 16}, {"components", {{"exact", 8}}}};
}

// A failing check with a detail and a reproduction command.
inline json FailCheck(const std::string& verdict, const std::string& detail = "OUT[0].x lane 0: differs",
                      const std::string& reproduce = "shaderdiff emulate --target a3xx --build opt x.tgsi --seed 1") {
  json j{{"verdict", verdict}, {"detail", detail}};
  if (verdict != "unsupported") j["reproduce"] = reproduce;
  return j;
}

inline json ShaderJson(const std::string& file, const std::string& hash, const json& checks,
                       const std::string& reference_verdict = "pass") {
  json s{{"file", file},  {"hash", hash}, {"stage", "FRAG"}, {"verdict", reference_verdict},
         {"components", 8}, {"undefined", 0}, {"inexact", 0}};
  if (reference_verdict != "pass") s["detail"] = "interpreter said " + reference_verdict;
  if (!checks.is_null()) s["checks"] = checks;
  return s;
}

// An --explore run: settings.explore_seed, and `findings` (config, check)
// in the first shader's "explore" entry.
inline json WithFindings(json report, uint64_t explore_seed, const std::vector<std::pair<std::string, json>>& findings) {
  report["settings"]["explore_seed"] = explore_seed;
  json list = json::array();
  for (const auto& [config, check] : findings) {
    json f = check;
    f["config"] = config;
    list.push_back(f);
  }
  report["shaders"][0]["explore"] = {{"branches", {{"total", 2}, {"both_ways", 2}}}, {"findings", list}};
  return report;
}

inline json ReportJson(const std::vector<json>& shaders) {
  return json{{"schema", 1},
              {"seed", 7},
              {"corpus", {{"path", "corpus"}, {"shaders", shaders.size()}, {"hash", "00000000000000aa"}}},
              {"settings", {{"vectors", 2}, {"lanes", 4}}},
              {"summary", json::object()},
              {"shaders", shaders}};
}

inline Report Parsed(const json& j) {
  std::string error;
  std::optional<Report> r = ParseReport(j, &error);
  EXPECT_TRUE(r.has_value()) << error;
  return r.value_or(Report{});
}

}  // namespace shaderdiff::report::testing
