// Deduplicating, reducing, bisecting and writing findings (finding_store.h).
#include "tools/fuzz/finding_store.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "compiler/tgsi/printer.h"
#include "compiler/tgsi/validate.h"
#include "emulator/tgsi/interpreter.h"
#include "tools/explain/case_explanation.h"
#include "tools/fuzz/finding_reduce.h"
#include "tools/harness/targets.h"
#include "tools/harness/vector_json.h"

namespace shaderdiff::fuzz {

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

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

// Reduces a metamorphic difference (as the pair), a worker crash or a
// worker timeout (finding_reduce.h); *note says why not when it cannot.
std::optional<Reduced> ReduceWithoutSignature(const FuzzProgram& program, const json& failure,
                                              const CampaignOptions& options, std::string* note) {
  if (options.interrupted && options.interrupted()) return std::nullopt;
  reduce::ReduceOptions budget;
  budget.max_oracle_calls = options.reduce_oracle_calls;
  budget.max_seconds = options.reduce_seconds;
  budget.interrupted = options.interrupted;
  tgsi::FrontDoorResult parsed = tgsi::ParseAndValidate(program.text);
  if (!parsed.ok()) {
    *note = "the program does not pass the front door";
    return std::nullopt;
  }
  std::optional<ReducedFinding> r;
  if (failure.value("verdict", "") == "metamorphic") {
    common::TestVector vector;
    tgsi::FrontDoorResult parent = tgsi::ParseAndValidate(program.original_text);
    if (!program.transform || !parent.ok() || !failure.contains("vector") ||
        !harness::VectorFromJson(failure["vector"], &vector, note)) {
      if (note->empty()) *note = "no transform, parent or vector to reduce the pair with";
      return std::nullopt;
    }
    const Transform t = *program.transform;
    r = ReduceMetamorphicPair(parent.shader, [t](const tgsi::Shader& s, uint64_t seed) { return Mutate(s, t, seed); },
                              program.mutation_seed, vector, failure.value("signature", ""), options.check, budget, note);
  } else if (failure.value("verdict", "") == "timeout") {
    r = ReduceTimeout(parsed.shader, ProgramVectors(program, parsed.shader, options.check), options.check,
                      options.timeout_step_cpu_seconds, options.deadline_seconds, budget, note);
  } else {
    r = ReduceCrash(parsed.shader, ProgramVectors(program, parsed.shader, options.check), failure.value("detail", ""),
                    options.check, budget, note);
  }
  if (!r || (options.interrupted && options.interrupted())) return std::nullopt;
  Reduced out;
  out.files = std::move(r->files);
  out.reduce = std::move(r->reduce);
  out.shape = std::move(r->shape);
  out.instructions = r->instructions;
  return out;
}

// The command running `build` of `target` on case.tgsi (a vector flag
// follows): `emulate`; on a target whose `emulate` runs assembly (r500),
// `check`.
std::string BuildRun(const std::string& target, const std::string& build) {
  const harness::TargetInfo* t = harness::FindTarget(target);
  return (t && !t->emulate_runs_shaders ? "check" : "emulate") + std::string(" --target ") + target + " --build " +
         build + " case.tgsi";
}

// The target's optimizing build exists.
bool HasOpt(const std::string& target) {
  const harness::TargetInfo* t = harness::FindTarget(target);
  return t && harness::HasOptimizingBuild(*t);
}

// repro.sh for a finding without a differential signature: exits non-zero
// while it reproduces.
std::string NonDifferentialRepro(const std::string& full, const json& failure, bool reduced, const CampaignOptions& options) {
  const std::string verdict = failure.value("verdict", "");
  std::string script = "#!/bin/sh\n# " + full + (reduced ? " (reduced)" : " (unreduced)") + "\n"
                       "# Exits non-zero while the case shows the failure (for a metamorphic difference:\n"
                       "# while original.tgsi and case.tgsi give different outputs on vector.json).\n"
                       "cd \"$(dirname \"$0\")\" || exit 2\n";
  const std::string exe = "\"${SHADERDIFF:-" + options.program_name.substr(0, options.program_name.find(' ')) + "}\"" +
                          (options.program_name.find(' ') == std::string::npos ? "" : options.program_name.substr(options.program_name.find(' ')));
  const std::string target = options.check.target;
  // The reference and every build of the target, each on vector.json.
  const std::string runs = "\"interp case.tgsi\" \"" + BuildRun(target, "naive") + "\"" +
                           (HasOpt(target) ? " \"" + BuildRun(target, "opt") + "\"" : "");
  if (failure.value("config", "") == "metamorphic/reference") {
    script += exe + " interp original.tgsi --vector vector.json > original.out || exit 2\n" + exe +
              " interp case.tgsi --vector vector.json > case.out || exit 2\n"
              "! cmp -s original.out case.out\n";
  } else if (verdict == "metamorphic") {
    // A build's result for case.tgsi outside the original's set: shown side by side.
    const std::string build = failure.value("config", "").ends_with("/opt") ? "opt" : "naive";
    script += exe + " interp original.tgsi --vector vector.json\n" + exe + " " + BuildRun(target, build) +
              " --vector vector.json\n" + "exit 1  # the component: report.json, failure.detail\n";
  } else if (reduced && verdict == "timeout") {
    // The reduced timeout: the reference and both builds on vector.json, each limited to the deadline's CPU time.
    char limit[32];
    std::snprintf(limit, sizeof limit, "%.0f", std::ceil(options.deadline_seconds));
    script += "for run in " + runs + "; do\n"
              "  (ulimit -t " + limit + "; exec " + exe + " $run --vector vector.json > /dev/null 2>&1)\n"
              "  rc=$?\n"
              "  if [ $rc -gt 128 ]; then echo \"$run: past " + limit + " s of CPU time (exit $rc)\"; exit 1; fi\n"
              "done\n"
              "exit 0\n";
  } else if (reduced) {
    // The reduced crash: the reference and both builds on vector.json; a run killed by a signal reproduces.
    script += "for run in " + runs + "; do\n"
              "  " + exe + " $run --vector vector.json > /dev/null 2>&1\n"
              "  rc=$?\n"
              "  if [ $rc -gt 128 ]; then echo \"$run: killed (exit $rc)\"; exit 1; fi\n"
              "done\n"
              "exit 0\n";
  } else {
    const std::string check = "--target " + target + (HasOpt(target) ? "" : " --build naive") + " --vectors " +
                              std::to_string(options.check.vectors) +
                              " --lanes " + std::to_string(options.check.lanes);
    script += "exec " + exe + " check " + check + " case.tgsi; # a " + verdict + " in a worker\n";
  }
  return script;
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
  // Metamorphic differences (as the pair), worker crashes and worker
  // timeouts reduce with a predicate of their own (finding_reduce.h).
  const bool metamorphic = verdict == "metamorphic";
  const bool worker = record["config"] == "worker" && (verdict == "crash" || verdict == "timeout");
  const bool reducible = differential || metamorphic || worker;
  std::string note;  // why a reduction gave nothing
  if (reducible && s_.reductions[first] < options_.reductions_per_signature) {
    ++s_.reductions[first];
    record["reduction_attempted"] = true;
    reduced = differential ? ReduceAndBisect(program, failure, options_)
                           : ReduceWithoutSignature(program, failure, options_, &note);
  }
  std::string full = first;
  if (reduced) full += (differential ? " | culprit " + reduced->culprit : std::string()) + " | " + reduced->shape;
  else if (reducible && s_.reductions[first] >= options_.reductions_per_signature && s_.ids.count(first) == 0) {
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
    report["shape"] = reduced->shape;
    record["instructions"] = reduced->instructions;
    if (differential) {
      report["culprit"] = reduced->culprit;
      report["explanation"] = reduced->explanation;
      record["explanation"] = reduced->explanation;
    } else {
      files["repro.sh"] = NonDifferentialRepro(full, failure, true, options_);
    }
  } else {
    if (!note.empty()) report["reduce_error"] = note;
    files["case.tgsi"] = program.text;
    if (program.preserving) files["original.tgsi"] = program.original_text;
    if (failure.contains("vector")) files["vector.json"] = failure["vector"].dump(1) + "\n";
    files["repro.sh"] = NonDifferentialRepro(full, failure, false, options_);
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
