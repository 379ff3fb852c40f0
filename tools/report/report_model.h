/* The nightly report (report.json, schema 1 or 2) read into plain structs.

   Everything else in tools/report works on these structs, never on raw JSON,
   so a malformed report is rejected once, here, with the JSON path of the
   problem ("shaders[12].checks.a3xx/naive.verdict: expected a string").

   Test names: every check is named "<shader file>@<config>" where config is
   the report's check key ("a3xx/naive", i.e. target/build). The reference
   interpreter's own verdict of a shader is a pseudo-check with the config
   "reference", so a shader that stops parsing, or whose interpreter run
   times out, is tracked like any other check.

   Invariants after a successful ParseReport: schema is 1 or 2 (2 only adds
   "explanation" objects, kept as JSON); shader files are
   unique and non-empty; config keys are non-empty, contain no '@', ',' or
   whitespace and are never "reference"; each shader's checks are sorted by
   config. Unknown keys are ignored (later schemas may add fields). */
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace shaderdiff::report {

inline constexpr const char* kReferenceConfig = "reference";

struct CheckResult {
  std::string config;   // "a3xx/naive", or kReferenceConfig
  std::string verdict;  // pass, mismatch, naive-mismatch, build-mismatch, hazard, unsupported, compile-error, timeout, ...
  std::string detail;
  std::string reproduce;  // the command that reproduces a failure (may be empty)
  // Statistics, present on passing checks (and some failing ones).
  std::optional<uint64_t> instructions, nops, full_regs, cycles, stall_cycles, vectors_run;
  // The reference pseudo-check only: the shader entry's "branches" (branch
  // sites, and those that went both ways over the reference runs).
  std::optional<uint64_t> branches_total, branches_both_ways;
  // Schema 2: the nightly's explanation of a regression or finding (reduced
  // case, culprit, named instruction; reports/README.md), or null.
  nlohmann::json explanation;
};

struct ShaderResult {
  std::string file;  // relative to the corpus folder, e.g. "shaders/001a581d0b479688.tgsi"
  std::string hash;  // 16 hex digits
  std::string stage;
  CheckResult reference;            // config kReferenceConfig: the interpreter's verdict and detail
  std::vector<CheckResult> checks;  // sorted by config
  // --explore: failures of the exploration seed's vectors that the stable
  // vectors did not show ("explore.findings"), in report order. New
  // findings, never classified against the baseline. config may be
  // kReferenceConfig (an interpreter error).
  std::vector<CheckResult> findings;
};

inline constexpr int kNewestSchema = 2;

struct Report {
  int schema = 1;
  uint64_t seed = 0;
  std::optional<uint64_t> explore_seed;  // settings.explore_seed: the run explored
  std::string corpus_path, corpus_hash;
  nlohmann::json settings;  // shown as-is
  nlohmann::json run;       // what varies between runs (revision, times, throughput); shown as-is, never compared
  std::vector<ShaderResult> shaders;
};

// "<file>@<config>".
std::string TestName(const std::string& file, const std::string& config);

// "a3xx/naive" -> target "a3xx", build "naive" (no '/': the whole string is the target).
std::string ConfigTarget(const std::string& config);
std::string ConfigBuild(const std::string& config);

// Reads a schema-1 or schema-2 report. On failure returns nullopt and sets *error to
// "<json path>: <problem>".
std::optional<Report> ParseReport(const nlohmann::json& json, std::string* error);

// Parses JSON text then the report; syntax errors carry nlohmann's
// "line L, column C" position.
std::optional<Report> ParseReportText(const std::string& text, std::string* error);

}  // namespace shaderdiff::report
