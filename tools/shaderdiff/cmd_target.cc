// `shaderdiff compile`, `emulate` and `check`: a TGSI shader through a GPU
// target's compiler (naive or optimizing build), its cycle-accurate
// emulator, and the differential check against the reference interpreter.
#include <fstream>
#include <map>
#include <iostream>

#include <nlohmann/json.hpp>

#include "compiler/targets/a3xx/naive/a3xx_naive.h"
#include "compiler/targets/r500/naive/r500_naive.h"
#include "compiler/targets/r500/opt/r500_opt.h"
#include "compiler/pipeline.h"
#include "emulator/a3xx/emulator.h"
#include "emulator/a3xx/isa/codec.h"
#include "emulator/a3xx/isa/disasm.h"
#include "emulator/tgsi/interpreter.h"
#include "compiler/tgsi/parser.h"
#include "compiler/tgsi/validate.h"
#include "tools/harness/check.h"
#include "tools/harness/corpus.h"
#include "tools/harness/vector_gen.h"
#include "tools/harness/vector_json.h"
#include "tools/ir3_dump/program.h"
#include "tools/reduce/oracle.h"
#include "tools/shaderdiff/cli.h"
#include "tools/shaderdiff/commands.h"
#include "tools/shaderdiff/target_options.h"

namespace shaderdiff::cli {
namespace {

using nlohmann::json;

// What the optimizing build is asked for besides the program.
struct OptRequest {
  int64_t limit = -1;
  std::set<std::string> conservative;  // --conservative
  std::vector<std::string> dump_after;
  bool dump_all = false;
  bool dot = false;
  bool print_rewrites = false;
  // Filled by CompileA3xx.
  std::string dumps;
  std::string dot_text;
  std::string rewrites;
};

// Compiles for a3xx; prints why not and sets *exit_code on failure.
// Reads a Mesa program (--build mesa --program DUMP) for `shader`.
std::optional<a3xx::Program> LoadMesaProgram(const tgsi::Shader& shader, const std::string& dump, int* exit_code) {
  ir3_dump::BuildResult r = ir3_dump::LoadProgram(dump, shader);
  for (const std::string& d : r.text_disagreements) std::cerr << dump << ": note: " << d << "\n";
  switch (r.status) {
    case ir3_dump::BuildStatus::kOk: return std::move(r.program);
    case ir3_dump::BuildStatus::kUnsupported:
      std::cerr << dump << ": unsupported: " << r.detail << "\n";
      *exit_code = kExitUnsupported;
      return std::nullopt;
    case ir3_dump::BuildStatus::kError:
      std::cerr << "error: Mesa program: " << r.detail << "\n";
      *exit_code = kExitFailure;
      return std::nullopt;
  }
  *exit_code = kExitInternal;
  return std::nullopt;
}

std::optional<a3xx::Program> CompileA3xx(const tgsi::Shader& shader, harness::Build build, const std::string& file,
                                         int* exit_code, OptRequest* request = nullptr,
                                         const std::string& mesa_program = "") {
  if (build == harness::Build::kMesa) return LoadMesaProgram(shader, mesa_program, exit_code);
  OptRequest none;
  OptRequest& req = request ? *request : none;
  compiler::OptOptions o;
  o.opt_bisect_limit = req.limit;
  o.conservative_passes = req.conservative;
  o.dump_after = req.dump_after;
  o.dump_all = req.dump_all;
  o.dot = req.dot;
  compiler::OptResult details;
  naive::CompileResult r = compiler::CompileA3xxBuild(shader, build == harness::Build::kOptimizing, o, &details);
  req.dumps = std::move(details.dumps);
  req.dot_text = std::move(details.dot);
  req.rewrites = details.budget.PrintLog();
  switch (r.status) {
    case naive::CompileStatus::kOk:
      return std::move(r.program);
    case naive::CompileStatus::kUnsupported:
      std::cerr << file << ": unsupported: " << r.detail << "\n";
      *exit_code = kExitUnsupported;
      return std::nullopt;
    case naive::CompileStatus::kError:
      if (r.over_budget) {  // a limit, like the interpreter's instruction budget
        std::cerr << file << ": compile error: " << r.detail << "\n";
        *exit_code = kExitTimeout;
        return std::nullopt;
      }
      std::cerr << file << ": internal error: the compiler produced invalid code: " << r.detail << "\n";
      *exit_code = kExitInternal;
      return std::nullopt;
  }
  *exit_code = kExitInternal;
  return std::nullopt;
}

std::vector<uint64_t> EncodeProgram(const a3xx::Program& program) {
  std::vector<uint64_t> words;
  for (const a3xx::Instr& i : program.instrs) words.push_back(*a3xx::Encode(i));
  return words;
}

json StatsJson(const a3xx::CycleStats& s) {
  return json{{"cycles", s.cycles}, {"issue_slots", s.issue_slots}, {"nop_slots", s.nop_slots},
              {"stall_cycles", s.stall_cycles}, {"instructions", s.instructions}, {"ss", s.ss}, {"sy", s.sy}};
}

// compile --target r500: the build's listing (r500naive::Listing) and its
// instruction count; --build opt is the optimizing build
// (compiler/targets/r500/opt), with --opt-bisect-limit.
int CompileR500(const tgsi::Shader& shader, const std::string& file, harness::Build build, int64_t bisect_limit,
                bool print_rewrites) {
  r500naive::CompileResult r;
  std::string rewrites;
  if (build == harness::Build::kOptimizing) {
    r500opt::Options o;
    o.opt_bisect_limit = bisect_limit;
    r500opt::Result opt = r500opt::CompileR500Opt(shader, o);
    rewrites = opt.budget.PrintLog();
    r = r500opt::AsCompileResult(std::move(opt));
  } else {
    r = r500opt::CompileR500Build(shader, false, bisect_limit);
  }
  if (print_rewrites) std::cout << "=== rewrites ===\n" << rewrites;
  if (r.status != r500naive::Status::kOk) {
    std::cerr << file << ": " << (r.status == r500naive::Status::kUnsupported ? "unsupported: " : "compile error: ")
              << r.detail << "\n";
    return r.status == r500naive::Status::kUnsupported ? kExitUnsupported : kExitInternal;
  }
  if (print_rewrites) std::cout << "=== program ===\n";
  std::cout << r500naive::Listing(r.program);
  std::cout << "; " << r.program.state.code.size() << " instructions\n";
  return kExitOk;
}

// The options only a3xx's compile implements; with --target r500 each is
// refused by name rather than ignored.
bool RefuseA3xxOnlyOptions(const po::variables_map& vm) {
  for (const char* name : {"binary", "show-hex", "dump-after", "dump-all", "dot"}) {
    if (vm.count(name)) {
      std::cerr << "shaderdiff compile: --" << name << " is a3xx only (r500's compile prints its assembly; "
                << "--opt-bisect-limit and --print-rewrites apply)\n";
      return true;
    }
  }
  if (!vm["conservative"].as<std::string>().empty()) {
    std::cerr << "shaderdiff compile: --conservative is a3xx only (no r500 pass has a conservative substitute)\n";
    return true;
  }
  return false;
}

}  // namespace

int RunCompile(const std::vector<std::string>& args) {
  po::options_description options("compile options");
  options.add_options()("help,h", "show this help");
  AddTargetOptions(options);
  options.add_options()
      ("binary", po::value<std::string>(), "also write the raw little-endian 64-bit instruction words here")
      ("show-hex", "prefix each assembly line with its word as dword1_dword0")
      ("dump-after", po::value<std::vector<std::string>>()->composing(),
       "opt build: print the IR after this pass (repeatable; see the pass list below)")
      ("dump-all", "opt build: print the IR after every pass")
      ("dot", po::value<std::string>(), "opt build: write the scheduled instruction graph (Graphviz) to this file")
      ("print-rewrites", "opt build: list every rewrite decision (#N name taken/skipped), for bisection")
      ("list-passes", "print which steps the target's compiler runs (naive and opt builds), where their code\n"
                      "lives and why each runs where it does; no FILE")
      ("seed", po::value<uint64_t>()->default_value(1), "seed of the vector the cycle count is measured on")
      ("file", po::value<std::string>(), "TGSI file");
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  if (!ParseArgs(args, options, positional, &vm)) return kExitUsage;
  if (vm.count("help")) {
    std::string passes;
    for (const compiler::OptPassInfo& p : compiler::OptPasses()) passes += "  " + p.name + ": " + p.why + "\n";
    PrintUsage("shaderdiff compile --target a3xx [--build naive|opt] FILE [--binary OUT.bin]\n"
               "shaderdiff compile --target r500 [--build naive|opt] FILE [--opt-bisect-limit N] [--print-rewrites]\n"
               "                   (r500: its assembly; the other opt-build options are a3xx only)\n"
               "shaderdiff compile --target a3xx|r500 --list-passes   (the target's steps, both builds)\n"
               "shaderdiff compile --target a3xx --program DUMP FILE   (a program Mesa's ir3 built)\n"
               "                   [--dump-after PASS]... [--dump-all] [--dot OUT.dot] [--opt-bisect-limit N]\n\n"
               "Compiles a TGSI shader and prints the assembly, then its statistics as\n"
               "'; ...' comment lines (static counts, and the cycles measured on the emulator\n"
               "for one seeded vector). Exits 4 (naming the feature) if the target cannot express\n"
               "the shader, 5 if the compiler broke an invariant (naming the pass). With --program,\n"
               "reads the program from Mesa's ir3 variant dump instead (tools/ir3_dump/README.md):\n"
               "exits 1 if the dump is malformed or does not fit the shader, 4 if it uses what the\n"
               "emulator has no model of.\n\n"
               "The optimizing build's passes, in order:\n" + passes,
               options);
    return kExitOk;
  }
  // A target the table knows but has no compiler for is named as such,
  // with or without --list-passes: never an empty list.
  const bool r500 = IsR500(vm);
  const compiler::TargetCompiler* target = compiler::FindTargetCompiler(vm["target"].as<std::string>());
  if (!r500 && target && !target->missing.empty()) {
    std::cerr << "shaderdiff compile: " << compiler::PrintTargetCompiler(*target);
    return kExitUnsupported;
  }
  harness::Build build;
  if (!(r500 ? R500Build(vm, "compile", &build) : TargetAndBuild(vm, "compile", &build))) return kExitUsage;
  if (vm.count("list-passes")) {
    if (vm.count("file")) {
      std::cerr << "shaderdiff compile: --list-passes takes no input file\n";
      return kExitUsage;
    }
    std::cout << compiler::PrintTargetCompiler(*target);
    return kExitOk;
  }
  if (!vm.count("file")) {
    std::cerr << "shaderdiff compile: no input file\n";
    return kExitUsage;
  }
  const std::string file = vm["file"].as<std::string>();
  std::optional<tgsi::Shader> shader = LoadShader(file);
  if (!shader) return kExitFailure;
  if (r500) {
    if (RefuseA3xxOnlyOptions(vm)) return kExitUsage;
    if (vm.count("print-rewrites") && build != harness::Build::kOptimizing) {
      std::cerr << "shaderdiff compile: --print-rewrites needs --build opt (the naive build has no rewrites)\n";
      return kExitUsage;
    }
    return CompileR500(*shader, file, build, vm["opt-bisect-limit"].as<int64_t>(), vm.count("print-rewrites") > 0);
  }
  OptRequest req;
  req.limit = vm["opt-bisect-limit"].as<int64_t>();
  if (!ConservativePassesOption(vm, "compile", build, &req.conservative)) return kExitUsage;
  if (vm.count("dump-after")) req.dump_after = vm["dump-after"].as<std::vector<std::string>>();
  for (const std::string& name : req.dump_after) {
    bool known = false;
    for (const compiler::OptPassInfo& p : compiler::OptPasses()) known |= p.name == name;
    if (!known) {
      std::cerr << "shaderdiff compile: --dump-after: no pass named '" << name << "' (see --help)\n";
      return kExitUsage;
    }
  }
  req.dump_all = vm.count("dump-all") > 0;
  req.dot = vm.count("dot") > 0;
  if (build != harness::Build::kOptimizing && (req.dot || req.dump_all || !req.dump_after.empty())) {
    std::cerr << "shaderdiff compile: --dump-after/--dump-all/--dot need --build opt\n";
    return kExitUsage;
  }
  int exit_code = kExitOk;
  const std::string mesa_program = vm.count("program") ? vm["program"].as<std::string>() : "";
  std::optional<a3xx::Program> program = CompileA3xx(*shader, build, file, &exit_code, &req, mesa_program);
  std::cout << req.dumps;
  if (vm.count("print-rewrites")) std::cout << "=== rewrites ===\n" << req.rewrites;
  if (req.dot && !req.dot_text.empty()) {
    std::ofstream out(vm["dot"].as<std::string>());
    out << req.dot_text;
    if (!out) {
      std::cerr << "shaderdiff compile: cannot write " << vm["dot"].as<std::string>() << "\n";
      return kExitFailure;
    }
  }
  if (!program) return exit_code;
  std::vector<uint64_t> words = EncodeProgram(*program);
  if (!req.dumps.empty()) std::cout << "=== program ===\n";
  std::cout << a3xx::DisassembleProgram(words, {.show_hex = vm.count("show-hex") > 0});
  const harness::ProgramStats st = harness::CountProgram(*program);
  std::cout << "; " << st.instructions << " instructions, " << st.nops << " nop slots, " << st.ss << " (ss), " << st.sy
            << " (sy), " << st.full_regs << " full and " << st.half_regs << " half vec4 registers\n";
  harness::CheckOptions copt;
  copt.seed = vm["seed"].as<uint64_t>();
  const harness::VectorChoice choice = harness::ChooseVector(copt, harness::HashText(*ReadFile(file)), 0, *shader);
  common::TestVector vec;
  std::string vec_error;
  if (harness::GenerateVector(*shader, harness::VectorOptionsFor(choice), &vec, &vec_error)) {
    a3xx::EmulatorOptions emu;
    emu.timing = a3xx::FindTiming("a3xx");
    const a3xx::EmulationResult er = a3xx::Emulate(*program, vec, emu);
    std::cout << "; " << er.stats.cycles << " cycles (" << er.stats.stall_cycles << " stalled) on vector seed "
              << choice.seed << ", " << choice.lanes << " lanes\n";
  }
  if (vm.count("binary") && !WriteWords(vm["binary"].as<std::string>(), words)) return kExitFailure;
  return kExitOk;
}

int RunEmulate(const std::vector<std::string>& args) {
  // --target r500 takes a program, not a shader: its own options.
  for (size_t i = 0; i < args.size(); ++i)
    if (args[i] == "--target=r500" || (args[i] == "--target" && i + 1 < args.size() && args[i + 1] == "r500"))
      return EmulateR500(args);
  po::options_description options("emulate options");
  options.add_options()("help,h", "show this help");
  AddTargetOptions(options);
  options.add_options()
      ("compare", "also run the reference interpreter and compare (exit 1 on a difference); for the\n"
                  "optimizing build, also compare with the naive build bit for bit (three-way)")
      ("file", po::value<std::string>(), "TGSI file");
  AddEmulatorOptions(options);
  AddVectorOptions(options);
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  if (!ParseArgs(args, options, positional, &vm)) return kExitUsage;
  if (vm.count("help")) {
    PrintUsage("shaderdiff emulate --target a3xx [--build naive|opt | --program DUMP] FILE (--vector V.json | --seed S)\n"
               "shaderdiff emulate --target r500 --asm PROGRAM.txt --vector V.json (see --target r500 --help)\n\n"
               "Compiles the shader, runs the binary on the target's cycle-accurate emulator and\n"
               "prints the result JSON (as `interp` does) plus cycle statistics and hazards.\n"
               "Exits 0 on success, 1 on a hazard in trap mode or (with --compare) a difference\n"
               "from the reference, 3 on timeout, 4 if unsupported; with --compare, a reference\n"
               "run that fails (1), times out (3) or is unsupported (4) compares nothing and\n"
               "exits with that code, naming FILE:LINE:COL of the instruction. With --compare,\n"
               "a build timeout on a vector where the reference's control flow was decided by an\n"
               "undefined value is explained by undefined behaviour (\"comparison\": {\"explained\"}, exit 0).",
               options);
    return kExitOk;
  }
  harness::Build build;
  if (const int e = TargetHasCompiler(vm, "emulate"); e != kExitOk) return e;
  if (!TargetAndBuild(vm, "emulate", &build)) return kExitUsage;
  if (!vm.count("file")) {
    std::cerr << "shaderdiff emulate: no input file\n";
    return kExitUsage;
  }
  a3xx::EmulatorOptions emu;
  emu.timing = a3xx::FindTiming("a3xx");
  emu.cycle_budget = harness::CheckOptions{}.cycle_budget;  // as `check` and `nightly`, so their commands reproduce
  if (!EmulatorModes(vm, "emulate", &emu.hazards, &emu.shift_counts, &emu.jp_rule, &emu.frag_sysvals)) return kExitUsage;
  const std::string file = vm["file"].as<std::string>();
  std::optional<tgsi::Shader> shader = LoadShader(file);
  if (!shader) return kExitFailure;
  common::TestVector vector;
  VectorSource source;
  if (int code = ChooseVector(vm, "emulate", *shader, &vector, &source); code != kExitOk) return code;
  int exit_code = kExitOk;
  OptRequest req;
  req.limit = vm["opt-bisect-limit"].as<int64_t>();
  if (!ConservativePassesOption(vm, "emulate", build, &req.conservative)) return kExitUsage;
  const std::string mesa_program = vm.count("program") ? vm["program"].as<std::string>() : "";
  std::optional<a3xx::Program> program = CompileA3xx(*shader, build, file, &exit_code, &req, mesa_program);
  if (!program) return exit_code;
  a3xx::EmulationResult r = a3xx::Emulate(*program, vector, emu);
  json j = harness::ResultToJson(r.result);
  j["stats"] = StatsJson(r.stats);
  j["hazards"] = json::array();
  for (const a3xx::Hazard& h : r.hazards) j["hazards"].push_back(h.ToString());
  int code = kExitOk;
  if (vm.count("compare")) {
    common::ExecResult reference = tgsi_exec::Interpret(*shader, vector, {});
    if (reference.status != common::ExecStatus::kOk) {
      // Nothing to compare with: never a pass.
      std::cout << j.dump(1) << "\n";
      reference.detail = "reference interpreter: " + reference.detail;
      PrintExecError(file, source, reference);
      return reference.status == common::ExecStatus::kTimeout       ? kExitTimeout
             : reference.status == common::ExecStatus::kUnsupported ? kExitUnsupported
                                                                      : kExitFailure;
    }
    if (r.result.status == common::ExecStatus::kTimeout && reference.control_undefined) {
      // As `check` rules (tools/harness/check.h): not a failure.
      j["comparison"] = {{"explained", "the build exhausted its cycle budget where the reference's control flow was "
                                       "decided by an undefined value (undefined behaviour)"}};
      std::cout << j.dump(1) << "\n";
      return kExitOk;
    }
    harness::Comparison c = harness::CompareResults(reference, r.result);
    j["comparison"] = {{"compared", c.compared}, {"tolerant", c.tolerant}, {"skipped", c.skipped},
                       {"mismatches", c.mismatches}};
    if (c.first) j["comparison"]["first"] = c.first->ToString();
    if (!c.ok()) code = kExitFailure;
    // Three-way, as the check does it: only when the reference agrees.
    if (c.ok() && build == harness::Build::kOptimizing && r.result.status == common::ExecStatus::kOk) {
      int naive_code = kExitOk;
      std::optional<a3xx::Program> naive = CompileA3xx(*shader, harness::Build::kNaive, file, &naive_code);
      if (naive) {
        const a3xx::EmulationResult n = a3xx::Emulate(*naive, vector, emu);
        if (n.result.status == common::ExecStatus::kOk && n.hazards.empty()) {
          const harness::Comparison b = harness::CompareBuilds(reference, n.result, r.result);
          j["comparison"]["builds"] = {{"mismatches", b.mismatches}};
          if (b.first) {
            j["comparison"]["first"] = b.first->ToString();
            code = kExitFailure;
          }
        }
      }
    }
  }
  std::cout << j.dump(1) << "\n";
  switch (r.result.status) {
    case common::ExecStatus::kOk: return code;
    case common::ExecStatus::kTimeout: return kExitTimeout;
    case common::ExecStatus::kUnsupported: return kExitUnsupported;
    case common::ExecStatus::kError:
      std::cerr << file << ": error: " << r.result.detail << "\n";
      return kExitFailure;
  }
  return kExitInternal;
}

int RunCheck(const std::vector<std::string>& args) {
  po::options_description options("check options");
  options.add_options()("help,h", "show this help");
  AddTargetOptions(options);
  options.add_options()
      ("vectors", po::value<uint32_t>()->default_value(16), "seeded vectors per shader (odd ones carry edge values)")
      ("lanes", po::value<uint32_t>()->default_value(16), "lanes per vector (a multiple of 4)")
      ("seed", po::value<uint64_t>()->default_value(1), "run seed")
      ("quiet,q", "print only failing shaders and the summary")
      ("vector", po::value<std::string>(),
       "check this one vector (JSON as `shaderdiff vector` writes; '-' reads stdin) instead of --vectors\n"
       "seeded ones, for one shader: what a reduced r500 case's repro.sh runs (r500's `emulate` runs assembly)")
      ("programs", po::value<std::string>(),
       "--build mesa: a folder of ir3 variant dumps, DIR/<hash>.txt for the shader whose text\n"
       "hashes to <hash> (as corpus/external/mesa-ir3/); a shader with none is untested")
      ("files", po::value<std::vector<std::string>>()->composing(), "TGSI files, or folders (every *.tgsi below)");
  AddEmulatorOptions(options);
  po::positional_options_description positional;
  positional.add("files", -1);
  po::variables_map vm;
  if (!ParseArgs(args, options, positional, &vm)) return kExitUsage;
  if (vm.count("help")) {
    PrintUsage("shaderdiff check --target a3xx [--build naive|opt] FILE|DIR... [--vectors N]\n"
               "shaderdiff check --target r500 --build naive|opt FILE|DIR...   (opt: three-way, as a3xx)\n"
               "shaderdiff check --target a3xx --program DUMP FILE  |  --build mesa --programs DIR FILE|DIR...\n\n"
               "For each shader: compile, run N seeded vectors on the reference interpreter and\n"
               "on the target's emulator, compare (every component must lie in the reference's\n"
               "allowed set: any value where undefined, the interval / +-0 / any NaN where\n"
               "inexact, the word itself elsewhere; the optimizing build must also equal the\n"
               "naive build bit for bit outside any-value components), and print one verdict:\n"
               "pass, mismatch/naive-mismatch (with the first differing output, lane and\n"
               "values), build-mismatch, hazard, unsupported (with the feature), compile-error,\n"
               "timeout, untested (no vector could be checked: the reference interpreter\n"
               "exhausted its budget on, or could not run, every one; with the reason; such a\n"
               "vector is skipped, not failed), not-applicable (the target's hardware has no such\n"
               "stage: a vertex shader on r500, which is the fragment processor), or\n"
               "parse-error / invalid (the shader does not parse or validate, FILE:LINE:COL), and\n"
               "a command that reproduces each failure. Exits 1 if any shader has a mismatch,\n"
               "hazard, compile error, timeout, parse error or is invalid; unsupported, untested and\n"
               "not-applicable shaders are counted (with their reasons), not failed, but when no shader passed\n"
               "and none failed (nothing was tested) the exit code is 4.",
               options);
    return kExitOk;
  }
  harness::CheckOptions opt;
  if (vm.count("programs") && !vm.count("program") && vm["build"].as<std::string>() != "mesa") {
    std::cerr << "shaderdiff check: --programs goes with --build mesa\n";
    return kExitUsage;
  }
  if (vm.count("programs") && vm.count("program")) {
    std::cerr << "shaderdiff check: --program and --programs exclude each other\n";
    return kExitUsage;
  }
  if (IsR500(vm)) {
    if (vm.count("programs") || !R500Build(vm, "check", &opt.build)) return kExitUsage;
    if (!vm["hazards"].defaulted() && vm["hazards"].as<std::string>() != "trap") {
      std::cerr << "shaderdiff check: --target r500: hazards always trap (the first stale TEX read is the "
                   "verdict); --hazards stale is a3xx's\n";
      return kExitUsage;
    }
  } else if (const int e = TargetHasCompiler(vm, "check"); e != kExitOk) {
    return e;
  } else if (vm.count("programs")) {
    if (vm["build"].as<std::string>() != "mesa") return kExitUsage;
    opt.build = harness::Build::kMesa;
  } else if (!TargetAndBuild(vm, "check", &opt.build)) {
    return kExitUsage;
  }
  opt.target = vm["target"].as<std::string>();
  opt.vectors = vm["vectors"].as<uint32_t>();
  opt.lanes = vm["lanes"].as<uint32_t>();
  opt.seed = vm["seed"].as<uint64_t>();
  opt.opt_bisect_limit = vm["opt-bisect-limit"].as<int64_t>();
  if (!ConservativePassesOption(vm, "check", opt.build, &opt.conservative_passes)) return kExitUsage;
  if (opt.lanes == 0 || opt.lanes % 4 != 0) {
    std::cerr << "shaderdiff check: --lanes must be a multiple of 4\n";
    return kExitUsage;
  }
  if (opt.vectors == 0) {
    std::cerr << "shaderdiff check: --vectors must be at least 1 (a check of no vector tests nothing)\n";
    return kExitUsage;
  }
  if (!EmulatorModes(vm, "check", &opt.hazards, &opt.shift_counts, &opt.jp_rule, &opt.frag_sysvals)) return kExitUsage;
  if (!vm.count("files")) {
    std::cerr << "shaderdiff check: no input files\n";
    return kExitUsage;
  }
  // Expand folders into their *.tgsi files.
  std::vector<harness::CorpusEntry> entries;
  if (!LoadShaderEntries(vm["files"].as<std::vector<std::string>>(), &entries)) return kExitFailure;
  if (vm.count("program") && entries.size() != 1) {
    std::cerr << "shaderdiff check: --program is the program of one shader, " << entries.size()
              << " were given (use --programs DIR)\n";
    return kExitUsage;
  }
  if (vm.count("vector") && entries.size() != 1) {
    std::cerr << "shaderdiff check: --vector is a vector of one shader, " << entries.size() << " were given\n";
    return kExitUsage;
  }
  const std::string programs_dir = vm.count("programs") ? vm["programs"].as<std::string>() : "";
  const bool quiet = vm.count("quiet") > 0;
  std::map<std::string, uint64_t> verdicts;
  std::map<std::string, uint64_t> unsupported;  // unsupported and untested, by reason
  bool failed = false, passed = false;
  for (const harness::CorpusEntry& e : entries) {
    // The front door: a shader that does not parse or validate reaches no
    // executor or compiler.
    tgsi::FrontDoorResult parsed = tgsi::ParseAndValidate(e.text);
    if (!parsed.ok()) {
      PrintShaderErrors(parsed.errors, e.path);
      const std::string verdict = parsed.parsed ? "invalid" : "parse-error";
      ++verdicts[verdict];
      std::cout << e.path << ": " << verdict << ": " << parsed.errors.front().ToString(e.path) << "\n";
      failed = true;
      continue;
    }
    if (vm.count("program")) opt.mesa_program = vm["program"].as<std::string>();
    if (!programs_dir.empty()) opt.mesa_program = ir3_dump::ProgramPathIn(programs_dir, e.hash);
    harness::CheckOutcome o;
    if (vm.count("vector")) {
      common::TestVector vector;
      if (const int status = ReadVectorFile(vm["vector"].as<std::string>(), parsed.shader, &vector); status != kExitOk)
        return status;
      o = reduce::CheckOneVector(parsed.shader, vector, opt, /*three_way=*/true).outcome;
    } else {
      o = harness::CheckShader(parsed.shader, e.hash, opt);
    }
    const std::string verdict(harness::VerdictName(o.verdict));
    ++verdicts[verdict];
    const bool skipped = o.verdict == harness::Verdict::kUnsupported || o.verdict == harness::Verdict::kUntested ||
                         o.verdict == harness::Verdict::kNotApplicable;
    if (skipped) ++unsupported[verdict + ": " + o.detail];
    const bool bad = o.verdict != harness::Verdict::kPass && !skipped;
    failed |= bad;
    passed |= o.verdict == harness::Verdict::kPass;
    if (bad || !quiet) {
      std::cout << e.path;
      if (o.location.line > 0) std::cout << ":" << o.location.line << ":" << o.location.column;
      std::cout << ": " << verdict;
      if (!o.detail.empty()) std::cout << ": " << o.detail;
      if (o.verdict == harness::Verdict::kPass)
        std::cout << " (" << o.vectors_run << " vectors, " << o.totals.compared << " exact + " << o.totals.tolerant
                  << " inexact components, " << o.program.instructions << " instructions, " << o.cycles.cycles << " cycles"
                  << (o.vectors_undefined_timeout
                          ? "; " + std::to_string(o.vectors_undefined_timeout) +
                                " not checked: the build looped where the reference's control flow was undefined"
                          : std::string())
                  << ")";
      std::cout << "\n";
      if (bad) {
        const std::string repro = vm.count("vector") ? ReproProgram() + " check --target " + opt.target + " --build " +
                                                           std::string(harness::BuildName(opt.build)) + " " + e.path +
                                                           " --vector " + vm["vector"].as<std::string>()
                                                     : harness::ReproCommand(e.path, opt, o, ReproProgram());
        std::cout << "  reproduce: " << repro << "\n";
      }
    }
  }
  std::cout << entries.size() << " shader(s):";
  for (const auto& [verdict, count] : verdicts) std::cout << " " << count << " " << verdict;
  std::cout << "\n";
  for (const auto& [reason, count] : unsupported) {
    const size_t colon = reason.find(": ");
    std::cout << "  " << reason.substr(0, colon) << " x" << count << ": " << reason.substr(colon + 2) << "\n";
  }
  // Unsupported and untested shaders are counted, not failed; but a check
  // in which nothing at all was tested does not exit 0.
  if (failed) return kExitFailure;
  return passed || entries.empty() ? kExitOk : kExitUnsupported;
}

}  // namespace shaderdiff::cli
