// `shaderdiff reduce`: shrinks a failing case (a report's check record, or
// a shader, a vector and a build) to a small shader and vector that fail
// the same way, and writes them with a repro script (tools/reduce/README.md).
#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>

#include "compiler/tgsi/validate.h"
#include "tools/harness/check.h"
#include "tools/harness/corpus.h"
#include "tools/harness/targets.h"
#include "tools/harness/vector_gen.h"
#include "tools/nightly/interrupt.h"
#include "tools/reduce/case_writer.h"
#include "tools/reduce/reducer.h"
#include "tools/reduce/shader_edit.h"
#include "tools/report/report_model.h"
#include "tools/shaderdiff/cli.h"
#include "tools/shaderdiff/commands.h"
#include "tools/shaderdiff/target_options.h"

namespace shaderdiff::cli {
namespace {

using nlohmann::json;

constexpr int kExitInterrupted = 130;  // as `nightly` after SIGINT

// The case to reduce.
struct ReduceInput {
  std::string file;
  tgsi::Shader shader;
  common::TestVector vector;
  harness::CheckOptions options;
  json source;
};

// --from REPORT --check FILE@CONFIG: the record's shader, build and settings;
// the check is run again to find the failing vector (and to confirm it still fails).
int InputFromRecord(const po::variables_map& vm, ReduceInput* in) {
  const std::string report_file = ResolvePath(vm["from"].as<std::string>());
  const std::string name = vm["check"].as<std::string>();
  std::optional<std::string> text = ReadFile(report_file);
  if (!text) return kExitFailure;
  std::string error;
  std::optional<report::Report> r = report::ParseReportText(*text, &error);
  if (!r) {
    std::cerr << report_file << ": error: " << error << "\n";
    return kExitFailure;
  }
  const size_t at = name.rfind('@');
  if (at == std::string::npos) {
    std::cerr << "shaderdiff reduce: --check wants a test name FILE@CONFIG (e.g. shaders/0123.tgsi@a3xx/opt)\n";
    return kExitUsage;
  }
  const std::string file = name.substr(0, at), config = name.substr(at + 1);
  const report::CheckResult* record = nullptr;
  bool explored = false;
  for (const report::ShaderResult& s : r->shaders) {
    if (s.file != file) continue;
    for (const report::CheckResult& c : s.checks) if (c.config == config) record = &c;
    for (const report::CheckResult& c : s.findings) {
      if (!record && c.config == config) {
        record = &c;
        explored = true;
      }
    }
  }
  if (!record) {
    std::cerr << report_file << ": error: no check named " << name << " (test names are FILE@CONFIG)\n";
    return kExitFailure;
  }
  if (config == report::kReferenceConfig) {
    std::cerr << "shaderdiff reduce: " << name << " is the reference interpreter's own verdict, not a check of a build\n";
    return kExitFailure;
  }
  if (record->verdict == "crash") {
    // A crash has no failure signature (signature.h), and the record's check,
    // rerun below in this process to find its vector, would crash it too.
    std::cerr << "shaderdiff reduce: " << name << " is a crash; reduce keeps failure signatures of checks and cannot "
              << "reduce crashes (rerun its reproduce command under a debugger)\n";
    return kExitFailure;
  }
  harness::CheckOptions& o = in->options;
  o.target = report::ConfigTarget(config);
  const std::string build = report::ConfigBuild(config);
  const harness::TargetInfo* target = harness::FindTarget(o.target);
  if (target && target->mesa_build && build == "mesa") {
    // A reduced shader would need a new program from Mesa's ir3, which is
    // built outside this repository (tools/ir3_dump/README.md).
    std::cerr << "shaderdiff reduce: " << name << " is a check of Mesa's program, which ir3 built outside this "
              << "repository: a reduced shader has none (rerun its reproduce command; tools/ir3_dump/README.md)\n";
    return kExitFailure;
  }
  if (!target || (build != "opt" && build != "naive")) {
    std::cerr << report_file << ": error: " << name << ": unknown target/build '" << config << "'\n";
    return kExitFailure;
  }
  o.build = build == "opt" ? harness::Build::kOptimizing : harness::Build::kNaive;
  o.seed = explored && r->explore_seed ? *r->explore_seed : r->seed;
  const json& s = r->settings;
  o.vectors = s.value("vectors", o.vectors);
  o.lanes = s.value("lanes", o.lanes);
  o.interpreter_budget = s.value("budget", o.interpreter_budget);
  o.cycle_budget = s.value("cycle_budget", o.cycle_budget);
  if (s.value("hazards", std::string("stale")) == "trap") o.hazards = a3xx::HazardMode::kTrap;
  if (s.value("shift_counts", std::string("hazard")) == "mask") o.shift_counts = a3xx::ShiftCountMode::kMask;
  in->file = ResolvePath((std::filesystem::path(r->corpus_path) / file).string());
  std::optional<std::string> shader_text = ReadFile(in->file);
  if (!shader_text) return kExitFailure;
  std::optional<tgsi::Shader> shader = LoadShader(in->file);
  if (!shader) return kExitFailure;
  in->shader = std::move(*shader);
  const uint64_t hash = harness::HashText(*shader_text);
  const harness::CheckOutcome outcome = harness::CheckShader(in->shader, hash, o);
  if (std::string(harness::VerdictName(outcome.verdict)) != record->verdict) {
    std::cerr << in->file << ": error: the record says " << record->verdict << " but the check now gives "
              << harness::VerdictName(outcome.verdict) << (outcome.detail.empty() ? "" : ": " + outcome.detail)
              << " (another build or corpus?)\n";
    return kExitFailure;
  }
  // A failure before any vector (a compile error) is reduced on vector 0.
  const harness::VectorChoice choice = outcome.vector ? *outcome.vector : harness::ChooseVector(o, hash, 0, in->shader);
  if (!harness::GenerateVector(in->shader, harness::VectorOptionsFor(choice), &in->vector, &error)) {
    std::cerr << in->file << ": error: " << error << "\n";
    return kExitFailure;
  }
  in->source = {{"report", report_file}, {"check", name}, {"verdict", record->verdict}, {"detail", record->detail},
                {"file", in->file}, {"seed", choice.seed}, {"lanes", choice.lanes}, {"edges", choice.edges},
                {"dictionary", choice.dictionary}};
  return kExitOk;
}

// FILE with the vector options of `emulate` and the target options of `check`.
int InputFromShader(const po::variables_map& vm, ReduceInput* in) {
  if (const int e = TargetHasCompiler(vm, "reduce"); e != kExitOk) return e;
  if (!TargetAndBuild(vm, "reduce", &in->options.build)) return kExitUsage;
  if (in->options.build == harness::Build::kMesa) {
    std::cerr << "shaderdiff reduce: a Mesa program belongs to the one shader it was built from; reduce changes\n"
                 "the shader and cannot rebuild the program (reduce with --build naive or opt)\n";
    return kExitUsage;
  }
  if (!EmulatorModes(vm, "reduce", &in->options.hazards, &in->options.shift_counts,
                     &in->options.jp_rule, &in->options.frag_sysvals)) return kExitUsage;
  in->options.target = vm["target"].as<std::string>();
  in->options.opt_bisect_limit = vm["opt-bisect-limit"].as<int64_t>();
  if (!ConservativePassesOption(vm, "reduce", in->options.build, &in->options.conservative_passes)) return kExitUsage;
  in->file = vm["file"].as<std::string>();
  std::optional<tgsi::Shader> shader = LoadShader(in->file);
  if (!shader) return kExitFailure;
  in->shader = std::move(*shader);
  VectorSource source;
  if (int code = ChooseVector(vm, "reduce", in->shader, &in->vector, &source); code != kExitOk) return code;
  in->source = {{"file", in->file}, {"build", harness::BuildName(in->options.build)}};
  if (!source.file.empty()) in->source["vector"] = source.file;
  else in->source["seed"] = vm["seed"].as<uint64_t>();
  return kExitOk;
}

}  // namespace

int RunReduce(const std::vector<std::string>& args) {
  po::options_description options("reduce options");
  options.add_options()("help,h", "show this help")
      ("from", po::value<std::string>(), "a nightly report.json; with --check, reduce that check's failure")
      ("check", po::value<std::string>(), "with --from: the test name FILE@CONFIG (e.g. shaders/0123.tgsi@a3xx/opt)")
      ("out", po::value<std::string>(), "output folder (created): reduced.tgsi, vector.json, repro.sh, reduce.json")
      ("max-oracle-calls", po::value<uint64_t>()->default_value(1000), "at most this many checks of candidates")
      ("max-seconds", po::value<double>()->default_value(300), "stop after this many seconds with the best case so far")
      ("file", po::value<std::string>(), "TGSI file (without --from)");
  AddTargetOptions(options);
  AddEmulatorOptions(options);
  AddVectorOptions(options);
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  if (!ParseArgs(args, options, positional, &vm)) return kExitUsage;
  if (vm.count("help")) {
    PrintUsage(
        "shaderdiff reduce --from report.json --check FILE@CONFIG --out DIR [--max-oracle-calls N] [--max-seconds S]\n"
        "       shaderdiff reduce [--target a3xx|r500] [--build naive|opt] FILE (--vector V.json | --seed S [--lanes N]\n"
        "                         [--edges] [--dictionary]) --out DIR [--hazards stale|trap] [--shift-counts hazard|mask]\n"
        "                         [--opt-bisect-limit N]\n\n"
        "Shrinks a failing case while it keeps its failure signature: the verdict, the build,\n"
        "and the first differing output component (OUT index and component) for a mismatch,\n"
        "naive-mismatch or build-mismatch, the failing pass or checker for a compile error,\n"
        "the hazard's kind for a hazard. From a report record, the check is run again with the\n"
        "report's seed and settings to find the failing vector; from a file, the vector options\n"
        "are those of `emulate` (a failing check's reproduce command with `emulate` replaced by\n"
        "`reduce`; for a compile error any vector does, e.g. --seed 1). r500's reproduce\n"
        "command is a `check` (its `emulate` runs assembly): reduce its record with --from,\n"
        "or give a failing vector (--vector, or --seed S --lanes N as `bisect` prints it).\n\n"
        "Steps (tools/reduce/README.md): fewer lanes, backward slice / dead code, inputs and\n"
        "constants folded into immediates, ddmin over instructions (flow control as whole\n"
        "constructs, or unwrapped), operands to immediates or inputs, swizzles and write masks,\n"
        "unused declarations, renumbering, then simpler vector words. Every candidate passes\n"
        "the front door (parse and validate) before it is checked. Progress goes to stderr.\n\n"
        "Writes DIR/reduced.tgsi, DIR/vector.json, DIR/repro.sh (exits non-zero when the\n"
        "failure reproduces) and DIR/reduce.json (signature, sizes before and after, oracle\n"
        "calls, seconds). Ctrl-C stops and writes the best case so far.\n\n"
        "Exit codes: 0 the reduced case is written, 1 bad input or the case does not fail,\n"
        "2 bad command line, 130 interrupted (the best case so far is written).",
        options);
    return kExitOk;
  }
  if (!vm.count("out")) {
    std::cerr << "shaderdiff reduce: --out DIR is required\n";
    return kExitUsage;
  }
  if (vm.count("from") != vm.count("check")) {
    std::cerr << "shaderdiff reduce: --from and --check go together\n";
    return kExitUsage;
  }
  if (vm.count("from") == vm.count("file")) {
    std::cerr << "shaderdiff reduce: give a TGSI file, or --from REPORT --check NAME (not both)\n";
    return kExitUsage;
  }
  ReduceInput in;
  const int code = vm.count("from") ? InputFromRecord(vm, &in) : InputFromShader(vm, &in);
  if (code != kExitOk) return code;

  reduce::ReduceOptions ro;
  ro.check = in.options;
  ro.max_oracle_calls = vm["max-oracle-calls"].as<uint64_t>();
  ro.max_seconds = vm["max-seconds"].as<double>();
  ro.progress = [](const std::string& line) { std::cerr << "reduce: " << line << "\n"; };
  nightly::InterruptGuard guard;
  ro.interrupted = [] { return nightly::InterruptGuard::Requested() != 0; };
  std::cerr << "reduce: " << in.file << ": " << reduce::InstructionCount(in.shader) << " instructions, "
            << in.vector.lanes << " lane(s)\n";
  std::string error;
  std::optional<reduce::ReduceResult> result = reduce::Reduce(in.shader, in.vector, ro, &error);
  if (!result) {
    std::cerr << in.file << ": error: " << error << "\n";
    return kExitFailure;
  }
  const std::filesystem::path out = ResolvePath(vm["out"].as<std::string>());
  std::error_code ec;
  std::filesystem::create_directories(out, ec);
  if (ec) {
    std::cerr << "shaderdiff reduce: cannot create " << out.string() << ": " << ec.message() << "\n";
    return kExitFailure;
  }
  for (const auto& [name, contents] : reduce::CaseFiles(*result, in.options, ReproProgram(), in.source)) {
    if (!WriteAtomically(out / name, contents)) return kExitFailure;
  }
  std::filesystem::permissions(out / "repro.sh", std::filesystem::perms::owner_exec | std::filesystem::perms::group_exec |
                                                     std::filesystem::perms::others_exec,
                               std::filesystem::perm_options::add, ec);
  std::cerr << "reduce: " << result->signature.ToString() << ": " << reduce::InstructionCount(result->original.shader)
            << " -> " << reduce::InstructionCount(result->reduced.shader) << " instructions, "
            << result->original.vector.lanes << " -> " << result->reduced.vector.lanes << " lane(s), "
            << result->oracle_calls << " oracle calls, " << result->seconds << " s (" << result->stopped_by << ")\n";
  std::cout << (out / "reduced.tgsi").string() << "\n";
  return result->stopped_by == "interrupt" ? kExitInterrupted : kExitOk;
}

}  // namespace shaderdiff::cli
