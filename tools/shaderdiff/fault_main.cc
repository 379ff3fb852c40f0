// shaderdiff_fault_injected: a test-only build of `shaderdiff nightly` with a
// deliberately broken optimizing compiler (fault_injection.h), to prove that
// the nightly reports the miscompile as a regression with a reproduction
// command that reproduces it.
//
//   shaderdiff_fault_injected --inject-fault KIND nightly [nightly options]
//
// Only `nightly` is available; KIND is one of fault_injection.h's faults.
#include <iostream>
#include <string>
#include <vector>

#include "tools/shaderdiff/cli.h"
#include "tools/shaderdiff/fault_injection.h"
#include "tools/shaderdiff/nightly_command.h"

namespace {

int Usage() {
  std::cerr << "usage: shaderdiff_fault_injected --inject-fault KIND nightly [nightly options]\n"
               "  (test-only; KIND:";
  for (const std::string& name : shaderdiff::cli::FaultNames()) std::cerr << " " << name;
  std::cerr << ")\n";
  return shaderdiff::cli::kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() < 3 || args[0] != "--inject-fault" || args[2] != "nightly") return Usage();
  shaderdiff::cli::NightlyHooks hooks;
  hooks.fault = args[1];
  hooks.opt_fault = shaderdiff::cli::FindFault(hooks.fault);
  if (!hooks.opt_fault) {
    std::cerr << "shaderdiff_fault_injected: unknown fault '" << hooks.fault << "'\n";
    return Usage();
  }
  hooks.command = "shaderdiff_fault_injected --inject-fault " + hooks.fault;
  return shaderdiff::cli::RunNightlyWith(std::vector<std::string>(args.begin() + 3, args.end()), hooks);
}
