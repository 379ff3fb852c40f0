// Deduplicating, reducing, bisecting and writing findings (finding_store.h).
#include "tools/fuzz/finding_store.h"

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "compiler/tgsi/printer.h"
#include "compiler/tgsi/validate.h"
#include "emulator/tgsi/interpreter.h"
#include "tools/explain/case_explanation.h"
#include "tools/harness/vector_json.h"

namespace shaderdiff::fuzz {

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

std::string Shape(const tgsi::Shader& s) {
  std::string out;
  for (const tgsi::Instruction& i : s.instructions) out += (out.empty() ? "" : " ") + std::string(tgsi::OpcodeName(i.opcode));
  return out;
}

bool WriteFiles(const fs::path& dir, const std::map<std::string, std::string>& files) {
  const fs::path tmp = dir.string() + ".tmp";
  std::error_code ec;
  fs::remove_all(tmp, ec);
  fs::create_directories(tmp, ec);
  if (ec) return false;
  for (const auto& [name, text] : files) {
    std::ofstream f(tmp / name, std::ios::binary);
    f << text;
    if (!f) return false;
    if (name.ends_with(".sh")) fs::permissions(tmp / name, fs::perms::owner_exec | fs::perms::group_exec, fs::perm_options::add);
  }
  fs::remove_all(dir, ec);
  fs::rename(tmp, dir, ec);
  return !ec;
}

struct Reduced {
  std::map<std::string, std::string> files;
  json reduce;
  json explanation;  // tools/explain/case_explanation.h: reduced case, culprit, named instruction
  std::string culprit;
  std::string shape;
  uint64_t instructions = 0;
};

// Reduces, bisects (the optimizing build) and explains a differential
// failure: the nightly's explain step (tools/explain/case_explanation.h)
// with the campaign's reduction budget.
std::optional<Reduced> ReduceAndBisect(const FuzzProgram& program, const json& failure, const CampaignOptions& options) {
  if (!failure.contains("vector")) return std::nullopt;
  if (options.interrupted && options.interrupted()) return std::nullopt;  // the batch is cut: see below
  tgsi::FrontDoorResult parsed = tgsi::ParseAndValidate(program.text);
  common::TestVector vector;
  std::string error;
  if (!parsed.ok() || !harness::VectorFromJson(failure["vector"], &vector, &error)) return std::nullopt;
  const bool opt = failure["config"].get<std::string>().ends_with("/opt");
  harness::CheckOptions check = options.check;
  check.build = opt ? harness::Build::kOptimizing : harness::Build::kNaive;
  explain::CaseBudget budget;
  budget.seconds = options.reduce_seconds;
  budget.max_oracle_calls = options.reduce_oracle_calls;
  budget.interrupted = options.interrupted;
  explain::CaseExplanation x = explain::ExplainCase(parsed.shader, vector, check, budget, options.program_name,
                                                    json{{"program", program.id}, {"origin", program.origin}});
  if (!x.reduced) return std::nullopt;
  // Stopped (interrupt or the campaign's time): the batch is cut and taken
  // back, so what was found after the stop is not kept.
  if (options.interrupted && options.interrupted()) return std::nullopt;
  Reduced out;
  out.files = std::move(x.files);
  out.reduce = json::parse(out.files["reduce.json"]);
  out.files.erase("reduce.json");
  out.files["case.tgsi"] = out.files["reduced.tgsi"];
  out.files.erase("reduced.tgsi");
  std::string& repro = out.files["repro.sh"];
  for (size_t at; (at = repro.find("reduced.tgsi")) != std::string::npos;) repro.replace(at, 12, "case.tgsi");
  out.shape = std::move(x.shape);
  out.instructions = x.instructions;
  out.culprit = std::move(x.culprit);
  out.explanation = std::move(x.explanation);
  if (out.explanation.contains("reduced")) out.explanation["reduced"]["reproduce"] = "repro.sh";
  return out;
}

}  // namespace

json FindingStore::Add(const FuzzProgram& program, const json& failure) {
  ++s_.findings;
  const std::string first = failure.value("signature", "?");
  json record{{"program", program.id}, {"first", first}, {"config", failure.value("config", "")},
              {"verdict", failure.value("verdict", "")}};
  std::optional<Reduced> reduced;
  const std::string verdict = failure.value("verdict", "");
  // A check's failure (config "<target>/<build>"), not a worker's, the front door's or the metamorphic oracle's.
  const bool differential = record["config"].get<std::string>().starts_with(options_.check.target + "/");
  if (differential && s_.reductions[first] < options_.reductions_per_signature) {
    ++s_.reductions[first];
    record["reduction_attempted"] = true;
    reduced = ReduceAndBisect(program, failure, options_);
  }
  std::string full = first;
  if (reduced) full += " | culprit " + reduced->culprit + " | " + reduced->shape;
  else if (differential && s_.reductions[first] >= options_.reductions_per_signature && s_.ids.count(first) == 0) {
    // Counted under the first signature alone once its reductions are spent.
    for (const auto& [signature, id] : s_.ids) {
      if (signature.starts_with(first + " |")) {
        full = signature;
        break;
      }
    }
  }
  record["signature"] = full;
  ++s_.counts[full];
  if (auto it = s_.ids.find(full); it != s_.ids.end()) {
    record["unique"] = false;
    record["id"] = it->second;
    return record;
  }
  char id[16];
  std::snprintf(id, sizeof id, "f%04zu", s_.uniques.size() + 1);
  record["unique"] = true;
  record["id"] = id;
  json report{{"schema", 1}, {"id", id}, {"signature", full}, {"first", first}, {"failure", failure},
              {"program", {{"id", program.id}, {"origin", program.origin}}}};
  report["failure"].erase("vector");
  std::map<std::string, std::string> files;
  if (reduced) {
    files = reduced->files;
    report["reduce"] = reduced->reduce;
    report["culprit"] = reduced->culprit;
    report["explanation"] = reduced->explanation;
    record["explanation"] = reduced->explanation;
    report["shape"] = reduced->shape;
    record["instructions"] = reduced->instructions;
  } else {
    files["case.tgsi"] = program.text;
    if (program.preserving) files["original.tgsi"] = program.original_text;
    if (failure.contains("vector")) files["vector.json"] = failure["vector"].dump(1) + "\n";
    const std::string check = "--target " + options_.check.target + " --vectors " + std::to_string(options_.check.vectors) +
                              " --lanes " + std::to_string(options_.check.lanes);
    files["repro.sh"] = "#!/bin/sh\n# " + full + " (unreduced)\n"
                        "# Exits non-zero while the check of the case fails (or, for a metamorphic\n"
                        "# difference, while original.tgsi and case.tgsi give different outputs on vector.json).\n"
                        "cd \"$(dirname \"$0\")\" || exit 2\n";
    const std::string exe = "\"${SHADERDIFF:-" + options_.program_name.substr(0, options_.program_name.find(' ')) + "}\"" +
                            (options_.program_name.find(' ') == std::string::npos ? "" : options_.program_name.substr(options_.program_name.find(' ')));
    if (failure.value("config", "") == "metamorphic/reference") {
      files["repro.sh"] += exe + " interp original.tgsi --vector vector.json > original.out || exit 2\n" + exe +
                           " interp case.tgsi --vector vector.json > case.out || exit 2\n"
                           "! cmp -s original.out case.out\n";
    } else if (verdict == "metamorphic") {
      // A build's result for case.tgsi outside the original's set: shown side by side.
      const std::string build = failure.value("config", "").ends_with("/opt") ? "opt" : "naive";
      files["repro.sh"] += exe + " interp original.tgsi --vector vector.json\n" + exe + " emulate --target " +
                           options_.check.target + " --build " + build + " case.tgsi --vector vector.json\n" +
                           "exit 1  # the component: report.json, failure.detail\n";
    } else {
      files["repro.sh"] += "exec " + exe + " check " + check + " case.tgsi; # a " + verdict + " in a worker\n";
    }
    record["instructions"] = tgsi::ParseAndValidate(program.text).shader.instructions.size();
  }
  files["report.json"] = report.dump(1) + "\n";
  WriteFiles(fs::path(options_.out) / id, files);
  s_.ids[full] = id;
  s_.uniques.push_back(record);
  return record;
}

void FindingStore::Restore(const json& record) {
  ++s_.findings;
  const std::string full = record.value("signature", "");
  ++s_.counts[full];
  const std::string first = record.value("first", "");
  if (record.value("reduction_attempted", false)) ++s_.reductions[first];
  if (record.value("unique", false)) {
    s_.ids[full] = record.value("id", "");
    s_.uniques.push_back(record);
  }
}

}  // namespace shaderdiff::fuzz
