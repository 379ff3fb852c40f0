// shaderdiff_fault_injected: a test-only build of `shaderdiff nightly` with
// deliberate faults, to prove that the nightly reports them as regressions
// with reproduction commands that reproduce them:
//   - program faults (fault_injection.h) break the optimizing compiler's
//     output: a miscompile;
//   - stage faults (crash_injection.h) crash or hang a stage of some
//     shaders: a crash or a timeout, isolated in its worker process.
//
//   shaderdiff_fault_injected --inject-fault KIND [--inject-fault KIND]... nightly [nightly options]
//
// Only `nightly` is available; several faults all apply.
#include <iostream>
#include <string>
#include <vector>

#include "tools/shaderdiff/cli.h"
#include "tools/shaderdiff/crash_injection.h"
#include "tools/shaderdiff/fault_injection.h"
#include "tools/shaderdiff/nightly_command.h"

namespace {

using shaderdiff::cli::ProgramFault;
using shaderdiff::cli::StageFault;

int Usage() {
  std::cerr << "usage: shaderdiff_fault_injected --inject-fault KIND [--inject-fault KIND]... nightly [nightly options]\n"
               "  (test-only; KIND:";
  for (const std::string& name : shaderdiff::cli::FaultNames()) std::cerr << " " << name;
  std::cerr << ", or ACTION@STAGE with ACTION one of segv abort kill exit throw hang and STAGE one of reference\n"
               "  a3xx/naive a3xx/opt explore explore/a3xx/naive explore/a3xx/opt; a stage fault acts on the shaders\n"
               "  whose XXH64 is a multiple of 4)\n";
  return shaderdiff::cli::kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  std::vector<ProgramFault> program_faults;
  std::vector<StageFault> stage_faults;
  shaderdiff::cli::NightlyHooks hooks;
  hooks.command = "shaderdiff_fault_injected";
  size_t i = 0;
  for (; i + 1 < args.size() && args[i] == "--inject-fault"; i += 2) {
    const std::string& name = args[i + 1];
    if (ProgramFault f = shaderdiff::cli::FindFault(name)) {
      program_faults.push_back(f);
    } else if (StageFault s = shaderdiff::cli::FindStageFault(name)) {
      stage_faults.push_back(s);
    } else {
      std::cerr << "shaderdiff_fault_injected: unknown fault '" << name << "'\n";
      return Usage();
    }
    hooks.fault += (hooks.fault.empty() ? "" : ",") + name;
    hooks.command += " --inject-fault " + name;
  }
  if (hooks.fault.empty() || i >= args.size() || args[i] != "nightly") return Usage();
  if (!program_faults.empty()) {
    hooks.opt_fault = [program_faults](shaderdiff::a3xx::Program& p) {
      for (const ProgramFault& f : program_faults) f(p);
    };
  }
  if (!stage_faults.empty()) {
    hooks.stage_fault = [stage_faults](const shaderdiff::harness::CorpusEntry& e, const std::string& stage) {
      for (const StageFault& f : stage_faults) f(e, stage);
    };
  }
  return shaderdiff::cli::RunNightlyWith(std::vector<std::string>(args.begin() + i + 1, args.end()), hooks);
}
