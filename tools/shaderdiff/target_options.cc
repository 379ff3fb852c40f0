// The target, build and emulator options shared by the target commands (target_options.h).
#include "tools/shaderdiff/target_options.h"

#include <algorithm>
#include <iostream>

#include "compiler/pipeline.h"

namespace shaderdiff::cli {

void AddTargetOptions(po::options_description& options) {
  options.add_options()
      ("target", po::value<std::string>()->default_value("a3xx"), "GPU target: a3xx, or r500: both builds in check, compile,\n"
       "stats, nightly and fuzz; asm, disasm and emulate --asm take r500 programs; emulate of\n"
       "a TGSI file, reduce, bisect and explain refuse it (they trace a3xx programs)")
      ("build", po::value<std::string>()->default_value("opt"),
       "compiler build: 'naive' (the reference translator), 'opt' (the optimizing compiler) or\n"
       "'mesa' (a program Mesa's ir3 built: --program)")
      ("program", po::value<std::string>(),
       "the ir3 variant dump of the shader (tools/ir3_dump/README.md); implies --build mesa")
      ("opt-bisect-limit", po::value<int64_t>()->default_value(-1),
       "opt build: perform only the first N optional rewrites, in a stable order (-1: all; 0: none)")
      ("conservative", po::value<std::string>()->default_value(""),
       "opt build: run these passes (comma-separated: out-of-ssa, regalloc, to-machine,\n"
       "legalize) by their\n"
       "conservative substitutes (compiler/targets/a3xx/conservative.h), as bisect's pass probes do");
}

bool ConservativePassesOption(const po::variables_map& vm, const char* command, harness::Build build,
                              std::set<std::string>* passes) {
  const std::string& list = vm["conservative"].as<std::string>();
  if (list.empty()) return true;
  if (build != harness::Build::kOptimizing) {
    std::cerr << "shaderdiff " << command << ": --conservative goes with --build opt\n";
    return false;
  }
  const std::vector<std::string>& known = compiler::ConservativePasses();
  for (size_t at = 0; at <= list.size();) {
    const size_t comma = std::min(list.find(',', at), list.size());
    const std::string name = list.substr(at, comma - at);
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      std::cerr << "shaderdiff " << command << ": --conservative: no substitute for pass '" << name
                << "' (out-of-ssa, regalloc, to-machine, legalize)\n";
      return false;
    }
    passes->insert(name);
    at = comma + 1;
  }
  return true;
}

int TargetHasCompiler(const po::variables_map& vm, const char* command) {
  const std::string& target = vm["target"].as<std::string>();
  const compiler::TargetCompiler* known = compiler::FindTargetCompiler(target);
  if (known && known->missing.empty()) return kExitOk;
  if (known) {
    std::cerr << "shaderdiff " << command << ": " << target << ": " << known->missing << "\n";
    return kExitUnsupported;
  }
  std::string names;
  for (const compiler::TargetCompiler& t : compiler::TargetCompilers()) {
    names += (names.empty() ? "" : ", ") + t.target + (t.missing.empty() ? "" : t.naive.empty() ? " (no compiler yet)" : " (naive build only)");
  }
  std::cerr << "shaderdiff " << command << ": unknown target '" << target << "' (targets: " << names << ")\n";
  return kExitUsage;
}

bool IsR500(const po::variables_map& vm) { return vm["target"].as<std::string>() == "r500"; }

bool R500Build(const po::variables_map& vm, const char* command, harness::Build* build) {
  const std::string& b = vm["build"].as<std::string>();
  if (vm.count("program") || b == "mesa") {
    std::cerr << "shaderdiff " << command << ": r500 has no Mesa build\n";
    return false;
  }
  if (b != "naive" && b != "opt") {
    std::cerr << "shaderdiff " << command << ": --build must be 'naive' or 'opt'\n";
    return false;
  }
  *build = b == "naive" ? harness::Build::kNaive : harness::Build::kOptimizing;
  return true;
}

bool TargetAndBuild(const po::variables_map& vm, const char* command, harness::Build* build) {
  if (TargetHasCompiler(vm, command) != kExitOk) return false;
  const std::string& b = vm["build"].as<std::string>();
  const bool program = vm.count("program") > 0;
  if (program && vm["build"].defaulted()) *build = harness::Build::kMesa;
  else if (b == "naive") *build = harness::Build::kNaive;
  else if (b == "opt") *build = harness::Build::kOptimizing;
  else if (b == "mesa") *build = harness::Build::kMesa;
  else {
    std::cerr << "shaderdiff " << command << ": --build must be 'naive', 'opt' or 'mesa'\n";
    return false;
  }
  if (program != (*build == harness::Build::kMesa)) {
    std::cerr << "shaderdiff " << command
              << (program ? ": --program is a Mesa program: it goes with --build mesa (or no --build)\n"
                          : ": --build mesa needs --program DUMP (the ir3 variant dump)\n");
    return false;
  }
  return true;
}

void AddEmulatorOptions(po::options_description& options) {
  options.add_options()
      ("hazards", po::value<std::string>()->default_value("stale"),
       "'stale': a too-early read returns the old value, as hardware does; 'trap': stop at the first\n"
       "hazard. a3xx only: r500's hazards (a TEX result read before its WAIT) always trap in check\n"
       "and nightly, and `check --target r500 --hazards stale` is refused")
      ("shift-counts", po::value<std::string>()->default_value("hazard"),
       "a3xx shl.b/shr.b/ashr.b by a count >= 32 (>= 16 for half sources), whose result the\n"
       "docs do not give: 'hazard' (a shift-count hazard) or 'mask' (count & 31, as\n"
       "Mesa's ir3 assumes)")
      ("jp-rule", po::value<std::string>()->default_value("every-branch-target"),
       "which taken branches need (jp) at their target, undocumented for a3xx: 'every-branch-target'\n"
       "(the blob's and older ir3's marking) or 'where-lanes-park' (only divergent branches', as ir3\n"
       "marks since 2022); lanes meeting need it under both")
      ("frag-sysvals", po::value<std::string>()->default_value("binary32"),
       "what the a3xx preloads for gl_FragCoord and FACE, undocumented: 'binary32' (as the vector has\n"
       "them; what our builds read) or 'ir3' (as Mesa's a3xx driver reads them: xy in unsigned\n"
       "1/16 pixel, FACE 0 front / -1 back in a half register)");
}

bool EmulatorModes(const po::variables_map& vm, const char* command, a3xx::HazardMode* hazards,
                   a3xx::ShiftCountMode* shift_counts, a3xx::JpRule* jp_rule, a3xx::FragSysvalFormat* frag_sysvals) {
  const std::string& h = vm["hazards"].as<std::string>();
  if (h == "stale") *hazards = a3xx::HazardMode::kStale;
  else if (h == "trap") *hazards = a3xx::HazardMode::kTrap;
  else {
    std::cerr << "shaderdiff " << command << ": --hazards must be 'stale' or 'trap'\n";
    return false;
  }
  const std::string& s = vm["shift-counts"].as<std::string>();
  if (s == "hazard") *shift_counts = a3xx::ShiftCountMode::kHazard;
  else if (s == "mask") *shift_counts = a3xx::ShiftCountMode::kMask;
  else {
    std::cerr << "shaderdiff " << command << ": --shift-counts must be 'hazard' or 'mask'\n";
    return false;
  }
  const std::string& j = vm["jp-rule"].as<std::string>();
  if (j == "every-branch-target") *jp_rule = a3xx::JpRule::kEveryBranchTarget;
  else if (j == "where-lanes-park") *jp_rule = a3xx::JpRule::kWhereLanesPark;
  else {
    std::cerr << "shaderdiff " << command << ": --jp-rule must be 'every-branch-target' or 'where-lanes-park'\n";
    return false;
  }
  const std::string& f = vm["frag-sysvals"].as<std::string>();
  if (f == "binary32") *frag_sysvals = a3xx::FragSysvalFormat::kBinary32;
  else if (f == "ir3") *frag_sysvals = a3xx::FragSysvalFormat::kIr3;
  else {
    std::cerr << "shaderdiff " << command << ": --frag-sysvals must be 'binary32' or 'ir3'\n";
    return false;
  }
  return true;
}

}  // namespace shaderdiff::cli
