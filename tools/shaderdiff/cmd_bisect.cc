// `shaderdiff bisect`: from a failing case of the optimizing build (a
// report's check record, or a shader and a vector) to the rewrite decision
// that makes it fail (tools/bisect).
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "compiler/pipeline.h"
#include "emulator/tgsi/interpreter.h"
#include "tools/bisect/a3xx_evaluator.h"
#include "tools/bisect/pass_probe.h"
#include "tools/bisect/r500_evaluator.h"
#include "tools/bisect/report.h"
#include "tools/bisect/search.h"
#include "tools/harness/check.h"
#include "tools/harness/corpus.h"
#include "tools/report/report_model.h"
#include "tools/shaderdiff/cli.h"
#include "tools/shaderdiff/target_options.h"
#include "tools/shaderdiff/commands.h"
#include "tools/shaderdiff/report_case.h"

namespace shaderdiff::cli {
namespace {

constexpr const char* kSynopsis =
    "shaderdiff bisect FILE (--vector V.json | --seed S [--lanes N] [--edges] [--dictionary]) [--json OUT]\n"
    "       shaderdiff bisect --from report.json --check FILE@a3xx/opt|FILE@r500/opt [--json OUT]\n\n"
    "Finds the rewrite of the optimizing build that makes a case fail. The case is a\n"
    "shader and one vector (chosen as `emulate` chooses it; without one, the check's\n"
    "first vector), or a report's failing check, named as the report names it\n"
    "(<file>@<config>): its reproduction command gives the shader and vector.\n\n"
    "The oracle compiles the optimizing build with a chosen set of rewrite decisions\n"
    "(--opt-bisect-limit's counter) and checks the vector as `check` does (reference,\n"
    "then the naive build bit for bit). \"Bad\" is the unlimited compile's failure\n"
    "signature (verdict and first differing output component; the failing pass of a\n"
    "compile error; how a crash ended), \"good\" a pass. Limit 0 must pass, else the\n"
    "failure is not a rewrite's. A binary search over the limit names the last\n"
    "decision the failure needs (<= ceil(log2 R) + 2 compiles for R rewrites); one more\n"
    "compile checks that decision fails alone, and if it does not, ddmin over the\n"
    "decisions finds a 1-minimal failing set. Prints the pass, rewrite and index, the\n"
    "IR after that pass without and with it, the machine code of the good and bad\n"
    "compiles side by side, and the compiles used. Each compile runs in a child\n"
    "process, so a crash is a signature too.\n\n"
    "Pass probes: when limit 0 fails too, or the failure is a compile error caught in\n"
    "regalloc or legalize (or in a pass other than the culprit's), a hazard or a\n"
    "timeout, the failing compiles are redone with each fixed pass (out-of-ssa,\n"
    "regalloc, legalize) replaced by its conservative substitute (--conservative);\n"
    "on a mismatch, to-machine's too (alone when rewrites are named: its copies'\n"
    "order is checked by nothing but the values);\n"
    "the pass whose substitute removes the failure is named (\"culprit pass\"), with\n"
    "the rewrite that exposes it when there is one; their compiles are counted apart\n"
    "(--no-pass-probes: skip). --build naive: not bisectable, and a template probe:\n"
    "the optimizing build at limit 0 (the same templates) passing puts the failure\n"
    "in the naive build's own emission.\n\n"
    "--target r500: the rewrites of r500's optimizing build (every decision of its\n"
    "passes, as `compile --target r500 --print-rewrites` lists them: r500-select,\n"
    "r500-dead, r500-coalesce, r500-alpha, r500-rename, r500-schedule, r500-fc,\n"
    "r500-legalize),\n"
    "checked as `check --target r500 --build opt` checks. Its `emulate` runs assembly, so give the vector\n"
    "(--vector, or --seed S --lanes N of one drawn vector) or take a report's record,\n"
    "whose check is rerun to find the failing vector. What a3xx has and r500 has not is\n"
    "reported, not faked: no pass probes (the output says \"pass probes: none\"), no\n"
    "per-pass IR dump, and with --build naive no template probe (limit 0 is the naive\n"
    "translation's code). The JSON names the target (\"target\").\n\n"
    "Exits 0 when a culprit (or set, or pass) is named; 1 when the case does not fail\n"
    "or is not bisectable (naive-build failures, fails with no rewrites and no pass\n"
    "named; with the reason),\n"
    "4 when nothing could be compared (unsupported, untested); 1/2 for bad input or\n"
    "command line as every command.";

po::options_description CaseOptions() {
  po::options_description options("bisect options");
  options.add_options()("help,h", "show this help")
      ("target", po::value<std::string>()->default_value("a3xx"),
       "GPU target: a3xx or r500 (r500: its optimizing build's rewrites, as compile\n"
       "--print-rewrites lists them; no pass probes, none of its fixed parts has a conservative substitute;\n"
       "no per-pass IR dump; --build naive: no template probe)")
      ("build", po::value<std::string>()->default_value("opt"),
       "the build that fails: only 'opt' has rewrites to bisect ('naive' is reported not bisectable)")
      ("compare", "accepted for reproduction commands (bisect always compares)")
      ("from", po::value<std::string>(), "a nightly's report.json")
      ("check", po::value<std::string>(), "with --from: the failing check, <file>@<config> as the report names it")
      ("json", po::value<std::string>(), "also write the result as JSON here (tools/bisect/README.md)")
      ("no-pass-probes", "do not probe the fixed passes with their conservative substitutes (tools/bisect/README.md)")
      ("no-isolate", "compile in this process, not a child per compile (for a debugger; a crash ends the run)")
      ("file", po::value<std::string>(), "TGSI file");
  AddEmulatorOptions(options);
  AddVectorOptions(options);
  return options;
}

int Finish(const bisect::BisectResult& result, const bisect::CaseDescription& what, const po::variables_map& vm) {
  std::cout << bisect::FormatText(result, what);
  if (vm.count("json")) {
    if (!WriteAtomically(ResolvePath(vm["json"].as<std::string>()), bisect::FormatJson(result, what).dump(1) + "\n"))
      return kExitFailure;
  }
  switch (result.status) {
    case bisect::Status::kCulprit:
    case bisect::Status::kCulpritSet:
    case bisect::Status::kCulpritPass: return kExitOk;
    case bisect::Status::kNotBisectable:
      return result.unlimited.verdict == "unsupported" || result.unlimited.verdict == "untested" ||
                     result.unlimited.verdict == "not-applicable"
                 ? kExitUnsupported
                 : kExitFailure;
    default: return kExitFailure;
  }
}

// Not bisectable before any compile (the naive build's failures): said as
// the engine says it, with --json too.
int NotBisectable(const std::string& verdict, const std::string& reason, const bisect::CaseDescription& what,
                  const po::variables_map& vm) {
  bisect::BisectResult r;
  r.status = bisect::Status::kNotBisectable;
  r.unlimited.verdict = verdict;
  r.reason = reason;
  return Finish(r, what, vm);
}

// Why limit 0 fails: the part of the optimizing build no rewrite guards.
std::string WithoutRewritesReason(const bisect::BisectResult& r) {
  std::string none;
  for (const compiler::OptPassInfo& p : compiler::OptPasses()) {
    bool asked = false;
    for (const bisect::DecisionRecord& d : r.unlimited.decisions) asked |= d.pass == p.name;
    if (!asked) none += (none.empty() ? "" : ", ") + p.name;
  }
  return r.reason + "; the failure comes from the optimizing build's fixed part (passes that asked no rewrite "
                    "decision on this shader: " + none + ") or the selection templates it shares with the naive "
                    "build, not from a rewrite";
}

// The naive build has no rewrites to bisect. What can be measured: whether
// the selection templates it shares with the optimizing build are to blame.
// The optimizing build at limit 0 compiles the same templates with its own
// waits and registers (and once more with every fixed pass conservative):
// if that passes the vector on which the naive build fails, the naive
// build's own emission (its waits and register map, compiler/targets/a3xx/naive/emit.cc)
// is; if it fails too, the templates may be (or both parts).
int NaiveCase(const tgsi::Shader& shader, const harness::CheckOptions& options, harness::ReferenceRun run,
              const bisect::CaseDescription& what, const po::variables_map& vm) {
  harness::CheckOptions naive = options;
  naive.build = harness::Build::kNaive;
  std::vector<harness::ReferenceRun> runs = {run};
  const harness::CheckOutcome outcome = harness::CheckShaderAgainst(shader, naive, runs, nullptr, nullptr);
  bisect::BisectResult r;
  r.status = bisect::Status::kNotBisectable;
  r.unlimited.verdict = std::string(harness::VerdictName(outcome.verdict));
  r.unlimited.signature = bisect::Signature(outcome);
  r.unlimited.detail = outcome.detail;
  r.reason = "the naive build has no rewrites: its failures (naive-mismatch, its hazards) do not depend on the "
             "optimizing build's rewrites";
  if (outcome.verdict == harness::Verdict::kPass) {
    r.status = bisect::Status::kNotFailing;
    r.reason = "the naive build passes on this case: there is no failure to bisect";
    return Finish(r, what, vm);
  }
  if (const harness::TargetInfo* t = harness::FindTarget(options.target); t && t->id == harness::TargetId::kR500) {
    r.reason += "; no template probe on r500: its optimizing build at limit 0 is the naive translation's code, word "
                "for word, so it would fail the same way and say nothing";
    return Finish(r, what, vm);
  }
  bisect::A3xxEvaluator opt(shader, options, std::move(run), vm.count("no-isolate") == 0);
  bisect::NaiveProbe& probe = r.naive_probe.emplace();
  for (bisect::Selection s : {bisect::Selection::Limit(0), bisect::Selection::Limit(0)}) {
    if (!probe.outcomes.empty()) s.conservative = {"out-of-ssa", "regalloc", "legalize"};
    bisect::Evaluation e = opt.Evaluate(s);
    e.decisions.clear();
    e.dumps.clear();
    e.disassembly.clear();
    probe.selections.push_back(s);
    probe.outcomes.push_back(std::move(e));
  }
  const bool any_pass = probe.outcomes[0].passed() || probe.outcomes[1].passed();
  const bool no_verdict = !probe.outcomes[0].not_bisectable.empty() && !probe.outcomes[1].not_bisectable.empty();
  probe.named = no_verdict ? "" : any_pass ? "naive emission" : "";
  probe.conclusion =
      no_verdict ? "no verdict: the optimizing build does not compile the shader"
      : any_pass ? "the optimizing build at limit 0 (the same selection templates with its own waits and registers) "
                   "passes this vector: the failure is in the naive build's own emission (its waits and register "
                   "map, compiler/targets/a3xx/naive/emit.cc), not in the templates the builds share"
                 : "the optimizing build at limit 0 fails too (" + probe.outcomes[0].verdict +
                       "): the shared selection templates may be to blame";
  return Finish(r, what, vm);
}

int RunCase(const po::variables_map& vm) {
  const harness::TargetInfo* target = harness::FindTarget(vm["target"].as<std::string>());
  const bool r500 = target && target->id == harness::TargetId::kR500;
  if (!r500) {
    if (const int e = TargetHasCompiler(vm, "bisect"); e != kExitOk) return e;
  }
  const std::string& build = vm["build"].as<std::string>();
  if (build != "opt" && build != "naive") {
    std::cerr << "shaderdiff bisect: --build must be 'naive' or 'opt'\n";
    return kExitUsage;
  }
  harness::CheckOptions options;
  options.target = target->name;
  options.build = harness::Build::kOptimizing;
  if (!EmulatorModes(vm, "bisect", &options.hazards, &options.shift_counts, &options.jp_rule,
                     &options.frag_sysvals)) return kExitUsage;
  if (!vm.count("file")) {
    std::cerr << "shaderdiff bisect: no input file (or --from REPORT --check NAME)\n";
    return kExitUsage;
  }
  const std::string file = vm["file"].as<std::string>();
  bisect::CaseDescription what{file, "", ReproProgram(), target->name};
  std::optional<tgsi::Shader> shader = LoadShader(file);
  if (!shader) return kExitFailure;
  harness::ReferenceRun run;
  if (vm.count("vector") || vm.count("seed")) {
    if (int code = ChooseVector(vm, "bisect", *shader, &run.vector); code != kExitOk) return code;
    if (vm.count("seed")) {
      run.choice = {vm["seed"].as<uint64_t>(), vm.count("edges") > 0, vm["lanes"].as<uint32_t>(),
                    vm.count("dictionary") > 0};
      what.vector_flags = harness::VectorFlags(run.choice);
    } else {
      what.vector_flags = " --vector " + vm["vector"].as<std::string>();
    }
  } else {  // the check's first vector, as `compile` measures cycles on it
    run.choice = harness::ChooseVector(options, harness::HashText(*ReadFile(file)), 0, *shader);
    std::string error;
    if (!harness::GenerateVector(*shader, harness::VectorOptionsFor(run.choice), &run.vector, &error)) {
      std::cerr << "shaderdiff bisect: " << error << "\n";
      return kExitUsage;
    }
    what.vector_flags = harness::VectorFlags(run.choice);
  }
  tgsi_exec::InterpreterOptions interp;
  interp.instruction_budget = options.interpreter_budget;
  run.result = tgsi_exec::Interpret(*shader, run.vector, interp);
  if (build == "naive") return NaiveCase(*shader, options, std::move(run), what, vm);
  if (r500) {
    bisect::R500Evaluator evaluator(*shader, options, std::move(run), vm.count("no-isolate") == 0);
    bisect::BisectResult result = bisect::Bisect(evaluator);
    if (result.status == bisect::Status::kFailsWithoutRewrites) {
      result.reason += "; the failure comes from the r500 optimizing build's fixed part (the naive translation it "
                       "starts from, clear-sync, validate), not from a rewrite";
    }
    result.pass_probes.none = bisect::R500PassProbesNone();
    return Finish(result, what, vm);
  }
  bisect::A3xxEvaluator evaluator(*shader, options, std::move(run), vm.count("no-isolate") == 0);
  bisect::BisectResult result = bisect::Bisect(evaluator);
  if (result.status == bisect::Status::kFailsWithoutRewrites) result.reason = WithoutRewritesReason(result);
  if (vm.count("no-pass-probes") == 0) bisect::ProbePasses(evaluator, compiler::ConservativePasses(), &result);
  return Finish(result, what, vm);
}

// A record whose reproduction reruns the check (r500: its `emulate` runs
// assembly): "check --target T --build opt FILE --seed S --vectors N
// --lanes L". The check is rerun to find its first failing vector, which
// becomes the case (FILE --target T --build opt and that vector's flags).
std::optional<std::vector<std::string>> CheckReproArguments(const report::CheckResult& record, const std::string& path,
                                                            const std::string& name) {
  std::istringstream words(record.reproduce);
  std::vector<std::string> tokens;
  for (std::string w; words >> w;) tokens.push_back(w);
  harness::CheckOptions options;
  options.build = harness::Build::kOptimizing;
  std::string file;
  try {
    for (size_t i = 0; i < tokens.size(); ++i) {
      const bool more = i + 1 < tokens.size();
      if (tokens[i] == "--target" && more) options.target = tokens[++i];
      else if (tokens[i] == "--seed" && more) options.seed = std::stoull(tokens[++i]);
      else if (tokens[i] == "--vectors" && more) options.vectors = static_cast<uint32_t>(std::stoul(tokens[++i]));
      else if (tokens[i] == "--lanes" && more) options.lanes = static_cast<uint32_t>(std::stoul(tokens[++i]));
      else if (tokens[i] == "--build" && more) ++i;
      else if (tokens[i].ends_with(".tgsi")) file = tokens[i];
    }
  } catch (const std::exception&) {
    file.clear();
  }
  const std::optional<std::string> text = file.empty() ? std::nullopt : ReadFile(file);
  const std::optional<tgsi::Shader> shader = text ? LoadShader(file) : std::nullopt;
  if (!shader) {
    std::cerr << path << ": error: the check " << name << " has no check reproduction command to take the case from: '"
              << record.reproduce << "'\n";
    return std::nullopt;
  }
  const harness::CheckOutcome outcome = harness::CheckShader(*shader, harness::HashText(*text), options);
  if (!outcome.vector) {
    std::cerr << path << ": error: the check " << name << " no longer fails on a vector when rerun ("
              << harness::VerdictName(outcome.verdict) << "): '" << record.reproduce << "'\n";
    return std::nullopt;
  }
  std::vector<std::string> args = {file, "--target", options.target, "--build", "opt", "--seed",
                                   std::to_string(outcome.vector->seed), "--lanes",
                                   std::to_string(outcome.vector->lanes)};
  if (outcome.vector->edges) args.push_back("--edges");
  if (outcome.vector->dictionary) args.push_back("--dictionary");
  return args;
}

// The record's reproduction command, as arguments of this command.
int RunFromReport(const po::variables_map& vm, const po::options_description& options) {
  const std::string path = vm["from"].as<std::string>();
  const std::string name = vm["check"].as<std::string>();
  const std::optional<report::CheckResult> record = FindReportCheck(path, name);
  if (!record) return kExitFailure;
  bisect::CaseDescription what{name, "", ReproProgram()};
  if (record->verdict == "pass") {
    bisect::BisectResult r;
    r.unlimited.verdict = "pass";
    r.reason = "the report's check " + name + " passed: there is no failure to bisect";
    return Finish(r, what, vm);
  }
  if (report::ConfigBuild(record->config) != "opt") {
    return NotBisectable(record->verdict, "a failure of the " + record->config + " build (" + record->verdict +
                         "): only the optimizing build has rewrites", what, vm);
  }
  if (record->verdict == "unsupported" || record->verdict == "untested" || record->verdict == "not-applicable") {
    return NotBisectable(record->verdict, record->verdict + " is not a failure (" + record->detail + ")", what, vm);
  }
  std::optional<std::vector<std::string>> repro =
      record->reproduce.find(" check ") != std::string::npos ? CheckReproArguments(*record, path, name)
                                                            : ReproArguments(*record, path, name);
  if (!repro) return kExitFailure;
  std::vector<std::string> args = std::move(*repro);
  if (vm.count("json")) args.insert(args.end(), {"--json", vm["json"].as<std::string>()});
  if (vm.count("no-isolate")) args.push_back("--no-isolate");
  if (vm.count("no-pass-probes")) args.push_back("--no-pass-probes");
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map case_vm;
  if (!ParseArgs(args, options, positional, &case_vm)) return kExitUsage;
  std::cout << "from " << path << ": " << name << " (" << record->verdict << ": " << record->detail << ")\n";
  return RunCase(case_vm);
}

}  // namespace

int RunBisect(const std::vector<std::string>& args) {
  const po::options_description options = CaseOptions();
  return RunCaseCommand(args, "bisect", kSynopsis, options, RunCase,
                        [&options](const po::variables_map& vm) { return RunFromReport(vm, options); });
}

}  // namespace shaderdiff::cli
