// `shaderdiff nightly`: the main job. Every shader of a corpus goes through
// the parser, the printer round trip and the TGSI reference interpreter on
// seeded vectors (half of them with edge values), then through the
// differential check (tools/harness/check.h) for every target and build:
// compile, emulate, compare with the reference. The run writes
// reports/out/<run>/report.json.
//
// Invariants: the same corpus, seed and build give a byte-identical
// report.json; the report is written atomically (temp file + rename).
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

#include <nlohmann/json.hpp>

#include "compiler/tgsi/parser.h"
#include "compiler/tgsi/printer.h"
#include "emulator/tgsi/interpreter.h"
#include "tools/harness/check.h"
#include "tools/harness/corpus.h"
#include "tools/harness/vector_json.h"
#include "tools/shaderdiff/cli.h"
#include "tools/shaderdiff/commands.h"

namespace shaderdiff::cli {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

bool WriteAtomically(const fs::path& path, const std::string& text) {
  fs::path tmp = path;
  tmp += ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out.flush()) return false;
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  return !ec;
}

class Progress {
 public:
  explicit Progress(size_t total) : total_(total), tty_(isatty(STDERR_FILENO)) {}
  void Update(size_t done, const std::string& what) {
    if (tty_) {
      std::fprintf(stderr, "\r[%zu/%zu] %-60.60s", done, total_, what.c_str());
      if (done == total_) std::fprintf(stderr, "\n");
    } else if (done == total_ || done * 10 / total_ != (done - 1) * 10 / total_) {
      std::fprintf(stderr, "nightly: %zu/%zu shaders\n", done, total_);
    }
  }

 private:
  size_t total_;
  bool tty_;
};

struct ShaderOutcome {
  std::string verdict = "pass";  // pass | parse-error | print-mismatch | timeout | unsupported | error
  std::string detail;
  uint64_t components = 0, undefined = 0, inexact = 0, instructions = 0;
  uint64_t vectors_run = 0;
};

void Tally(const common::ExecResult& r, ShaderOutcome& o) {
  for (const auto& [index, lanes] : r.outputs) {
    const auto& u = r.undefined.at(index);
    const auto& x = r.inexact.at(index);
    for (size_t l = 0; l < lanes.size(); ++l) {
      for (int c = 0; c < 4; ++c) {
        ++o.components;
        o.undefined += u[l][c];
        o.inexact += x[l][c] && !u[l][c];
      }
    }
  }
}

// The reference interpreter's verdict over a shader's runs: pass, or the
// first run's timeout / unsupported / error; flag counts from the runs that
// finished.
void SummarizeReference(const std::vector<harness::ReferenceRun>& runs, ShaderOutcome& o) {
  for (const harness::ReferenceRun& run : runs) {
    ++o.vectors_run;
    o.instructions += run.result.instructions_executed;
    if (run.result.status == common::ExecStatus::kOk) {
      Tally(run.result, o);
      continue;
    }
    if (o.verdict != "pass") continue;
    o.verdict = run.result.status == common::ExecStatus::kTimeout       ? "timeout"
                : run.result.status == common::ExecStatus::kUnsupported ? "unsupported"
                                                                        : "error";
    o.detail = run.result.detail + " (vector seed " + std::to_string(run.choice.seed) +
               (run.choice.edges ? ", edges" : "") + ")";
  }
}

// Every (target, build) the nightly checks. The optimizing build reports
// `unsupported` until it exists: visible in the report, never a pass.
struct TargetBuild {
  const char* target;
  harness::Build build;
};
constexpr TargetBuild kTargetBuilds[] = {{"a3xx", harness::Build::kNaive}, {"a3xx", harness::Build::kOptimizing}};

std::string TargetBuildName(const TargetBuild& tb) {
  return std::string(tb.target) + "/" + std::string(harness::BuildName(tb.build));
}

bool IsFailure(harness::Verdict v) { return v != harness::Verdict::kPass && v != harness::Verdict::kUnsupported; }

json CheckJson(const harness::CheckOutcome& o, const std::string& file, const harness::CheckOptions& options) {
  json j{{"verdict", std::string(harness::VerdictName(o.verdict))}};
  if (!o.detail.empty()) j["detail"] = o.detail;
  if (o.verdict == harness::Verdict::kUnsupported) return j;
  j["instructions"] = o.program.instructions;
  j["nops"] = o.program.nops;
  j["full_regs"] = o.program.full_regs;
  j["cycles"] = o.cycles.cycles;
  j["stall_cycles"] = o.cycles.stall_cycles;
  j["vectors_run"] = o.vectors_run;
  j["components"] = {{"exact", o.totals.compared}, {"inexact", o.totals.tolerant}, {"undefined", o.totals.skipped}};
  if (IsFailure(o.verdict)) j["reproduce"] = harness::ReproCommand(file, options, o);
  return j;
}

}  // namespace

int RunNightly(const std::vector<std::string>& args) {
  po::options_description options("nightly options");
  options.add_options()
      ("help,h", "show this help")
      ("corpus", po::value<std::string>()->default_value("corpus"), "corpus folder (every *.tgsi below it)")
      ("vectors", po::value<uint32_t>()->default_value(16), "seeded vectors per shader (odd ones carry edge values)")
      ("lanes", po::value<uint32_t>()->default_value(16), "lanes per vector (a multiple of 4; GEOM always runs 1)")
      ("seed", po::value<uint64_t>()->default_value(20261121), "run seed; the same seed, corpus and build give the same report")
      ("budget", po::value<uint64_t>()->default_value(100'000),
       "interpreter instruction budget per wave (terminating corpus shaders use under 1,000 per vector; "
       "a shader that loops forever on some input spends the whole budget on it)")
      ("out", po::value<std::string>()->default_value("reports/out"), "folder for the run's report folder")
      ("run", po::value<std::string>(), "name of the run's report folder (default: nightly-<seed>)");
  po::variables_map vm;
  if (!ParseArgs(args, options, {}, &vm)) return kExitUsage;
  if (vm.count("help")) {
    PrintUsage("shaderdiff nightly [--corpus DIR] [--vectors N] [--seed S] [--out DIR]\n\n"
               "Runs every corpus shader through the parser, the canonical printer (which must\n"
               "reproduce the file) and the TGSI reference interpreter on N seeded vectors, then\n"
               "the differential check for every target and build (today a3xx/naive and\n"
               "a3xx/opt, whose optimizing compiler is not built yet and so reports\n"
               "unsupported), and writes OUT/RUN/report.json. Exits 1 if any shader fails to\n"
               "parse or round-trip, makes the interpreter report an error, or gets a mismatch,\n"
               "hazard, compile error or timeout verdict; unsupported features are reported\n"
               "(never counted as passes) but do not fail the run.",
               options);
    return kExitOk;
  }
  const uint32_t lanes = vm["lanes"].as<uint32_t>();
  if (lanes == 0 || lanes % 4 != 0 || lanes > 4096) {
    std::cerr << "shaderdiff nightly: --lanes must be a multiple of 4 from 4 to 4096\n";
    return kExitUsage;
  }
  const uint64_t seed = vm["seed"].as<uint64_t>();
  const uint32_t vectors = vm["vectors"].as<uint32_t>();
  tgsi_exec::InterpreterOptions interp_options;
  interp_options.instruction_budget = vm["budget"].as<uint64_t>();

  std::string corpus_dir = vm["corpus"].as<std::string>();
  if (!fs::path(corpus_dir).is_absolute()) corpus_dir = WorkspacePath(corpus_dir);
  harness::Corpus corpus;
  std::string error;
  if (!harness::LoadCorpus(corpus_dir, &corpus, &error)) {
    std::cerr << "shaderdiff nightly: " << error << "\n";
    return kExitFailure;
  }
  if (corpus.entries.empty()) {
    std::cerr << "shaderdiff nightly: no *.tgsi files under " << corpus_dir << "\n";
    return kExitFailure;
  }

  std::string out_dir = vm["out"].as<std::string>();
  if (!fs::path(out_dir).is_absolute()) out_dir = WorkspacePath(out_dir);
  const std::string run = vm.count("run") ? vm["run"].as<std::string>() : "nightly-" + std::to_string(seed);
  fs::path run_dir = fs::path(out_dir) / run;
  std::error_code ec;
  fs::create_directories(run_dir, ec);
  if (ec) {
    std::cerr << "shaderdiff nightly: cannot create " << run_dir << ": " << ec.message() << "\n";
    return kExitFailure;
  }

  // One set of vectors and reference runs per shader, shared by every target
  // and build.
  harness::CheckOptions base_options;
  base_options.vectors = vectors;
  base_options.lanes = lanes;
  base_options.seed = seed;
  base_options.interpreter_budget = interp_options.instruction_budget;

  auto start = std::chrono::steady_clock::now();
  Progress progress(corpus.entries.size());
  json shaders = json::array();
  std::map<std::string, uint64_t> verdicts;
  std::map<std::string, std::map<std::string, uint64_t>> target_verdicts;
  uint64_t check_failures = 0;
  uint64_t components = 0, undefined = 0, inexact = 0, instructions = 0, vectors_run = 0;
  for (size_t i = 0; i < corpus.entries.size(); ++i) {
    const harness::CorpusEntry& e = corpus.entries[i];
    std::string stage = "?";
    ShaderOutcome o;
    tgsi::ParseResult parsed = tgsi::ParseShader(e.text);
    std::vector<harness::ReferenceRun> reference;
    bool have_reference = false;
    if (!parsed.ok()) {
      o.verdict = "parse-error";
      o.detail = parsed.error->ToString(e.name);
    } else {
      stage = std::string(tgsi::Name(parsed.shader.processor));
      if (tgsi::PrintShader(parsed.shader) != e.text) {
        o.verdict = "print-mismatch";
        o.detail = "printing the parsed shader does not reproduce the file";
      }
      std::string error;
      have_reference = harness::RunReference(parsed.shader, e.hash, base_options, &reference, &error);
      if (!have_reference) {
        o.verdict = "error";
        o.detail = error;
      } else {
        SummarizeReference(reference, o);
      }
    }
    ++verdicts[o.verdict];
    components += o.components;
    undefined += o.undefined;
    inexact += o.inexact;
    instructions += o.instructions;
    vectors_run += o.vectors_run;
    json s{{"file", e.name}, {"hash", harness::HashHex(e.hash)}, {"stage", stage}, {"verdict", o.verdict},
           {"components", o.components}, {"undefined", o.undefined}, {"inexact", o.inexact},
           {"instructions_executed", o.instructions}};
    if (!o.detail.empty()) {
      s["detail"] = o.detail;
      std::cerr << "\n" << e.name << ": " << o.verdict << ": " << o.detail << "\n";
    }
    if (have_reference) {
      for (const TargetBuild& tb : kTargetBuilds) {
        harness::CheckOptions check_options = base_options;
        check_options.target = tb.target;
        check_options.build = tb.build;
        harness::CheckOutcome c = harness::CheckShaderAgainst(parsed.shader, check_options, reference);
        const std::string name = TargetBuildName(tb);
        ++target_verdicts[name][std::string(harness::VerdictName(c.verdict))];
        s["checks"][name] = CheckJson(c, "corpus/" + e.name, check_options);
        if (IsFailure(c.verdict)) {
          ++check_failures;
          std::cerr << "\n" << e.name << ": " << name << ": " << harness::VerdictName(c.verdict) << ": " << c.detail
                    << "\n  reproduce: " << harness::ReproCommand("corpus/" + e.name, check_options, c) << "\n";
        }
      }
    }
    shaders.push_back(s);
    progress.Update(i + 1, e.name);
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  json report{{"schema", 1},
              {"seed", seed},
              {"corpus", {{"path", vm["corpus"].as<std::string>()}, {"shaders", corpus.entries.size()},
                          {"hash", harness::HashHex(corpus.hash)}}},
              {"settings", {{"vectors", vectors}, {"lanes", lanes}, {"budget", interp_options.instruction_budget},
                            {"denormals", "preserve"}, {"executors", json::array({"tgsi-interpreter", "a3xx-emulator"})}}},
              {"summary", {{"verdicts", verdicts}, {"checks", target_verdicts}, {"output_components", components},
                           {"undefined_components", undefined}, {"inexact_components", inexact},
                           {"instructions_executed", instructions}}},
              {"shaders", shaders}};
  const fs::path report_path = run_dir / "report.json";
  if (!WriteAtomically(report_path, report.dump(1) + "\n")) {
    std::cerr << "shaderdiff nightly: cannot write " << report_path << "\n";
    return kExitFailure;
  }
  const uint64_t bad = verdicts["parse-error"] + verdicts["print-mismatch"] + verdicts["error"] + check_failures;
  std::printf("nightly: %zu shaders x %u vectors in %.1f s (%.0f vectors/s through the interpreter)\n",
              corpus.entries.size(), vectors, seconds, seconds > 0 ? vectors_run / seconds : 0.0);
  for (const auto& [verdict, count] : verdicts) std::printf("  %-15s %llu\n", verdict.c_str(), static_cast<unsigned long long>(count));
  std::printf("  output components: %llu, undefined %llu, inexact %llu\n", static_cast<unsigned long long>(components),
              static_cast<unsigned long long>(undefined), static_cast<unsigned long long>(inexact));
  for (const auto& [name, counts] : target_verdicts) {
    std::printf("%s:", name.c_str());
    for (const auto& [verdict, count] : counts) std::printf(" %llu %s", static_cast<unsigned long long>(count), verdict.c_str());
    std::printf("\n");
  }
  std::printf("report: %s\n", report_path.c_str());
  return bad > 0 ? kExitFailure : kExitOk;
}

}  // namespace shaderdiff::cli
