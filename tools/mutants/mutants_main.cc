// shaderdiff_mutants: the test-only build of shaderdiff with the compiler
// mutants (compiler/support/mutants.def) reachable.
//
//   shaderdiff_mutants mutants [options]                  the mutation score
//   shaderdiff_mutants --mutant NAME COMMAND [options]    any shaderdiff command
//                                                         with that mutant active
//
// Every shipped command is available (tools/shaderdiff/subcommands.h), so a
// reproduction command printed by a mutant run (`shaderdiff_mutants --mutant
// NAME emulate ...`) reruns the same miscompiling compiler. The mutant may
// also come from SHADERDIFF_MUTANT (tools/mutants/activation.h), which
// --mutant exports for child processes; reproduction commands name it as
// --mutant either way. The nightly's worker processes are forked, so they
// compile with the parent's mutant (mutants_test checks it).
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "compiler/support/mutant.h"
#include "tools/mutants/activation.h"
#include "tools/mutants/mutants_command.h"
#include "tools/shaderdiff/cli.h"
#include "tools/shaderdiff/subcommands.h"

namespace {

constexpr const char* kProgram = "shaderdiff_mutants";

int Usage() {
  std::cerr << "usage: shaderdiff_mutants mutants [options]           (the mutation score; mutants --help)\n"
               "       shaderdiff_mutants [--mutant NAME] COMMAND ...  (a shaderdiff command with the mutant active)\n"
               "  (test-only; `shaderdiff_mutants mutants --list` lists the mutants)\n";
  return shaderdiff::cli::kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  namespace cli = shaderdiff::cli;
  namespace mutants = shaderdiff::mutants;
  std::vector<std::string> args(argv + 1, argv + argc);
  std::string error;
  if (!mutants::ActivateFromEnvironment(&error)) {
    std::cerr << "shaderdiff_mutants: " << error << "\n";
    return cli::kExitUsage;
  }
  const shaderdiff::compiler::MutantInfo* mutant = nullptr;
  if (!args.empty() && args[0] == "--mutant") {
    if (args.size() < 3) return Usage();
    mutant = shaderdiff::compiler::FindMutant(args[1]);
    if (!mutant) {
      std::cerr << "shaderdiff_mutants: no mutant named '" << args[1] << "' (see `shaderdiff_mutants mutants --list`)\n";
      return cli::kExitUsage;
    }
    args.erase(args.begin(), args.begin() + 2);
  }
  if (args.empty()) return Usage();
  // A mutant from SHADERDIFF_MUTANT alone (a child process, or a user) is
  // named in reproduction commands as --mutant would be.
  const char* from_environment = std::getenv(mutants::kMutantEnvironment);
  if (!mutant && args[0] != "mutants" && from_environment && *from_environment) {
    mutant = shaderdiff::compiler::FindMutant(from_environment);
  }
  if (args[0] == "mutants") {
    if (mutant) {
      std::cerr << "shaderdiff_mutants: `mutants` chooses its own mutants (mutants --mutant NAME)\n";
      return cli::kExitUsage;
    }
    return mutants::RunMutants(std::vector<std::string>(args.begin() + 1, args.end()), kProgram);
  }
  if (mutant) {
    mutants::Activate(mutant);
    cli::SetReproProgram(std::string(kProgram) + " --mutant " + std::string(mutant->name));
  } else {
    cli::SetReproProgram(kProgram);
  }
  return cli::Dispatch(args);
}
