// `shaderdiff explain`: from a failing case (a shader and a vector, or a
// report's check record) to the first machine instruction whose written
// value the reference does not allow, with the emulator's trace around it
// and, for the optimizing build, the culprit rewrite (tools/explain).
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "compiler/pipeline.h"
#include "emulator/tgsi/interpreter.h"
#include "tools/bisect/a3xx_evaluator.h"
#include "tools/bisect/pass_probe.h"
#include "tools/explain/attribution.h"
#include "tools/explain/explain.h"
#include "tools/explain/format.h"
#include "tools/harness/check.h"
#include "tools/harness/corpus.h"
#include "tools/harness/targets.h"
#include "tools/reduce/reducer.h"
#include "tools/reduce/shader_edit.h"
#include "tools/report/report_model.h"
#include "tools/shaderdiff/cli.h"
#include "tools/shaderdiff/commands.h"
#include "tools/shaderdiff/report_case.h"
#include "tools/shaderdiff/target_options.h"

namespace shaderdiff::cli {
namespace {

constexpr const char* kSynopsis =
    "shaderdiff explain FILE [--build opt|naive] (--vector V.json | --seed S [--lanes N] [--edges] [--dictionary])\n"
    "                   [--lane L] [--reduce] [--dot G.dot] [--json OUT] [--no-bisect]\n"
    "       shaderdiff explain --from report.json --check FILE@a3xx/opt [...]\n\n"
    "Runs the failing program and the reference interpreter side by side for the failing\n"
    "lane (the check's first difference unless --lane) and names the first machine\n"
    "instruction whose written value is outside the reference's allowed set for the TGSI\n"
    "component it computes the final value of (a build mismatch: differs from the naive\n"
    "build's word at the same write). When every final write agrees, the comparison point\n"
    "is the last write of the failing output's register, an intermediate with no\n"
    "reference value, and the output says so. Prints that instruction, its TGSI\n"
    "instruction, and the emulator's trace around it (cycle, sync waits, registers read\n"
    "with the cycle and instruction that wrote them, stale reads, registers written,\n"
    "hazards); for the optimizing build also the culprit rewrite `bisect` finds, and\n"
    "whether the explained instruction is part of its output. --reduce explains the case\n"
    "`shaderdiff reduce` shrinks it to; --dot writes that shader's IR graph.\n\n"
    "Exits 0 when an instruction is named, 1 when the case does not fail or cannot be\n"
    "explained (with the reason), 1/2 for bad input or command line as every command.";

// Why explain refuses r500: what naming the first wrong instruction needs
// and r500 lacks, and what does carry over.
constexpr const char* kR500Missing =
    "explain names the first machine instruction whose written value leaves the reference's allowed set, "
    "which needs two things r500 lacks: provenance (the TGSI instruction and final-write components of each "
    "machine instruction; the r500 builds record none) and an execution trace of the R500 emulator (registers "
    "read and written per instruction; emulator/r500 has none). What carries over: `shaderdiff bisect --target "
    "r500` names the culprit rewrite, `shaderdiff reduce --target r500` shrinks the case, and the nightly's and "
    "the fuzz campaign's explain step reduce and bisect r500 cases";

int RefuseR500() {
  std::cerr << "shaderdiff explain: --target r500: " << kR500Missing << "\n";
  return kExitUnsupported;
}

po::options_description Options() {
  po::options_description options("explain options");
  options.add_options()("help,h", "show this help")
      ("target", po::value<std::string>()->default_value("a3xx"),
       "GPU target: a3xx. r500 is refused (exit 4): naming the first wrong instruction needs\n"
       "provenance of each machine instruction and an emulator trace, which r500 has neither of;\n"
       "`bisect --target r500` names its culprit rewrite, `reduce --target r500` shrinks its case")
      ("build", po::value<std::string>()->default_value("opt"), "the build that fails: opt or naive")
      ("compare", "accepted for reproduction commands (explain always compares)")
      ("from", po::value<std::string>(), "a nightly's report.json")
      ("check", po::value<std::string>(), "with --from: the failing check, <file>@<config> as the report names it")
      ("lane", po::value<uint32_t>(), "explain this lane (default: the first difference's)")
      ("context", po::value<int>()->default_value(4), "trace steps shown either side of the instruction")
      ("reduce", "explain the case `shaderdiff reduce` shrinks this one to")
      ("max-oracle-calls", po::value<uint64_t>()->default_value(1000), "with --reduce: its oracle-call budget")
      ("max-seconds", po::value<double>()->default_value(60), "with --reduce: its time budget")
      ("dot", po::value<std::string>(), "write the (reduced) shader's IR graph as Graphviz here")
      ("no-bisect", "do not bisect the optimizing build's rewrites")
      ("json", po::value<std::string>(), "also write the explanation as JSON here (tools/explain/README.md)")
      ("file", po::value<std::string>(), "TGSI file");
  AddEmulatorOptions(options);
  AddVectorOptions(options);
  return options;
}

std::optional<explain::CulpritInfo> BisectCase(const tgsi::Shader& shader, const common::TestVector& vector,
                                               const harness::CheckOptions& options, const explain::Explanation& e) {
  if (options.build != harness::Build::kOptimizing || e.status == explain::Status::kNotFailing ||
      e.status == explain::Status::kNotRun) {
    return std::nullopt;
  }
  harness::ReferenceRun run;
  run.vector = vector;
  tgsi_exec::InterpreterOptions interp;
  interp.instruction_budget = options.interpreter_budget;
  run.result = tgsi_exec::Interpret(shader, vector, interp);
  bisect::A3xxEvaluator evaluator(shader, options, std::move(run));
  bisect::BisectResult r = bisect::Bisect(evaluator);
  bisect::ProbePasses(evaluator, compiler::ConservativePasses(), &r);
  explain::CulpritInfo info;
  info.probed = !r.pass_probes.why.empty();
  info.culprit_passes = r.pass_probes.culprit_passes;
  info.pass_probe_compiles = r.pass_probes.compiles;
  info.status = r.status;
  info.reason = r.reason;
  info.culprits = r.culprits;
  info.compiles = r.compiles;
  if ((r.status == bisect::Status::kCulprit || r.status == bisect::Status::kCulpritSet) && e.tgsi_index >= 0) {
    info.attribution = explain::Attribute(shader, r.good_selection, r.bad_selection, e.tgsi_index);
  }
  return info;
}

int RunCase(const po::variables_map& vm) {
  if (const int e = TargetHasCompiler(vm, "explain"); e != kExitOk) return e;
  if (const harness::TargetInfo* t = harness::FindTarget(vm["target"].as<std::string>());
      t && t->id == harness::TargetId::kR500) {
    return RefuseR500();
  }
  const std::string& build = vm["build"].as<std::string>();
  if (build != "opt" && build != "naive") {
    std::cerr << "shaderdiff explain: --build must be 'naive' or 'opt'\n";
    return kExitUsage;
  }
  explain::ExplainOptions eo;
  eo.check.target = "a3xx";
  eo.check.build = build == "opt" ? harness::Build::kOptimizing : harness::Build::kNaive;
  eo.context = vm["context"].as<int>();
  if (!EmulatorModes(vm, "explain", &eo.check.hazards, &eo.check.shift_counts, &eo.check.jp_rule,
                     &eo.check.frag_sysvals)) return kExitUsage;
  if (!vm.count("file")) {
    std::cerr << "shaderdiff explain: no input file (or --from REPORT --check NAME)\n";
    return kExitUsage;
  }
  const std::string file = vm["file"].as<std::string>();
  std::optional<tgsi::Shader> shader = LoadShader(file);
  if (!shader) return kExitFailure;
  common::TestVector vector;
  if (vm.count("vector") || vm.count("seed")) {
    if (int code = ChooseVector(vm, "explain", *shader, &vector); code != kExitOk) return code;
  } else {  // the check's first vector, as `bisect` takes it
    const harness::VectorChoice choice =
        harness::ChooseVector(eo.check, harness::HashText(*ReadFile(file)), 0, *shader);
    std::string error;
    if (!harness::GenerateVector(*shader, harness::VectorOptionsFor(choice), &vector, &error)) {
      std::cerr << "shaderdiff explain: " << error << "\n";
      return kExitUsage;
    }
  }
  std::optional<uint32_t> lane;
  if (vm.count("lane")) lane = vm["lane"].as<uint32_t>();
  if (vm.count("reduce")) {
    reduce::ReduceOptions ro;
    ro.check = eo.check;
    ro.max_oracle_calls = vm["max-oracle-calls"].as<uint64_t>();
    ro.max_seconds = vm["max-seconds"].as<double>();
    std::string error;
    std::optional<reduce::ReduceResult> r = reduce::Reduce(*shader, vector, ro, &error);
    if (!r) {
      std::cerr << file << ": error: cannot reduce: " << error << "\n";
      return kExitFailure;
    }
    std::cout << "reduced: " << reduce::InstructionCount(*shader) << " -> " << reduce::InstructionCount(r->reduced.shader)
              << " instructions, " << vector.lanes << " -> " << r->reduced.vector.lanes << " lane(s), "
              << r->oracle_calls << " oracle calls (" << r->stopped_by << ")\n";
    *shader = std::move(r->reduced.shader);
    vector = std::move(r->reduced.vector);
    lane.reset();  // lanes are renumbered
  }
  if (vm.count("dot")) {
    compiler::OptOptions oo;
    oo.dot = true;
    const compiler::OptResult r = compiler::CompileA3xxOpt(*shader, oo);
    if (r.dot.empty()) {
      std::cerr << file << ": error: no IR graph: the optimizing build stopped before scheduling (" << r.detail << ")\n";
      return kExitFailure;
    }
    if (!WriteAtomically(ResolvePath(vm["dot"].as<std::string>()), r.dot)) return kExitFailure;
  }
  const explain::Explanation e = explain::Explain(*shader, vector, eo, lane);
  std::optional<explain::CulpritInfo> culprit;
  if (!vm.count("no-bisect")) culprit = BisectCase(*shader, vector, eo.check, e);
  std::cout << explain::FormatText(e, culprit);
  if (vm.count("json")) {
    if (!WriteAtomically(ResolvePath(vm["json"].as<std::string>()), explain::FormatJson(e, culprit).dump(1) + "\n")) {
      return kExitFailure;
    }
  }
  return e.pc >= 0 ? kExitOk : kExitFailure;
}

int RunFromReport(const po::variables_map& vm, const po::options_description& options) {
  const std::string path = vm["from"].as<std::string>();
  const std::string name = vm["check"].as<std::string>();
  const std::optional<report::CheckResult> record = FindReportCheck(path, name);
  if (!record) return kExitFailure;
  if (const harness::TargetInfo* t = harness::FindTarget(report::ConfigTarget(record->config));
      t && t->id == harness::TargetId::kR500) {
    return RefuseR500();
  }
  if (record->verdict == "pass") {
    std::cout << "the report's check " << name << " passed: there is nothing to explain\n";
    return kExitFailure;
  }
  std::optional<std::vector<std::string>> args = ReproArguments(*record, path, name);
  if (!args) return kExitFailure;
  for (const char* flag : {"reduce", "no-bisect"}) {
    if (vm.count(flag)) args->push_back(std::string("--") + flag);
  }
  for (const char* opt : {"json", "dot"}) {
    if (vm.count(opt)) args->insert(args->end(), {std::string("--") + opt, vm[opt].as<std::string>()});
  }
  if (vm.count("lane")) args->insert(args->end(), {"--lane", std::to_string(vm["lane"].as<uint32_t>())});
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map case_vm;
  if (!ParseArgs(*args, options, positional, &case_vm)) return kExitUsage;
  std::cout << "from " << path << ": " << name << " (" << record->verdict << ": " << record->detail << ")\n";
  return RunCase(case_vm);
}

}  // namespace

int RunExplain(const std::vector<std::string>& args) {
  const po::options_description options = Options();
  return RunCaseCommand(args, "explain", kSynopsis, options, RunCase,
                        [&options](const po::variables_map& vm) { return RunFromReport(vm, options); });
}

}  // namespace shaderdiff::cli
