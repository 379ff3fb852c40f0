// The subcommand table and dispatch (subcommands.h).
#include "tools/shaderdiff/subcommands.h"

#include <cstring>
#include <iostream>

#include "tools/shaderdiff/cli.h"
#include "tools/shaderdiff/commands.h"

namespace shaderdiff::cli {
namespace {

constexpr Subcommand kSubcommands[] = {
    {"parse", RunParse, "check TGSI files for syntax errors (and, with --check, Mesa's sanity rules)"},
    {"print", RunPrint, "print a TGSI file in Mesa's canonical dump format"},
    {"vector", RunVector, "write a seeded random test vector for a shader as JSON"},
    {"interp", RunInterp, "run the TGSI reference interpreter on a vector; print the result as JSON"},
    {"compile", RunCompile, "compile a TGSI shader for a GPU target; print assembly and statistics"},
    {"emulate", RunEmulate, "compile and run a shader on the target's cycle-accurate emulator"},
    {"check", RunCheck, "differential check: emulator vs reference interpreter, one verdict per shader"},
    {"bisect", RunBisect, "find the optimizing build's rewrite that makes a failing case fail"},
    {"explain", RunExplain, "name the first machine instruction of a failing case whose value the reference does not allow"},
    {"gen", RunGen, "generate seeded TGSI shaders free of undefined behaviour (fuzz/gen)"},
    {"fuzz", RunFuzz, "a fuzzing campaign: generated and mutated programs, coverage-guided; findings reduced"},
    {"reduce", RunReduce, "shrink a failing case to a small shader and vector with the same failure; write a repro"},
    {"stats", RunStats, "code-quality statistics of both builds over a corpus (shader-db style)"},
    {"disasm", RunDisasm, "disassemble a GPU binary (raw 64-bit instruction words)"},
    {"asm", RunAsm, "assemble GPU assembly text into a binary"},
    {"nightly", RunNightly, "run the shipped corpus through every executor on seeded vectors; write a report"},
    {"merge", RunMerge, "combine the shard reports of a nightly (--fraction, Bazel shards) into one report"},
    {"report", RunReport, "render a report.json as index.html and junit.xml, classified against a baseline"},
    {"compare", RunCompare, "compare two reports' instructions, registers and cycles (shader-db style)"},
};

}  // namespace

std::span<const Subcommand> Subcommands() { return kSubcommands; }

void PrintHelp() {
  std::cout << "usage: shaderdiff <command> [options] [args]\n\n"
               "A differential shader emulator and validation harness for TGSI shaders.\n\n"
               "commands:\n";
  for (const Subcommand& s : kSubcommands) std::cout << "  " << s.name << std::string(10 - std::strlen(s.name), ' ') << s.summary << "\n";
  std::cout << "\n'shaderdiff <command> --help' describes a command's options.\n\n"
               "exit codes:\n"
               "  0  success\n"
               "  1  bad input (a malformed shader or vector); messages name FILE:LINE:COL\n"
               "  2  bad command line\n"
               "  3  the shader ran out of its instruction budget (timeout)\n"
               "  4  the shader uses a feature the executor does not support\n"
               "  5  internal error\n";
}

int Dispatch(const std::vector<std::string>& args) {
  if (args.empty()) {
    PrintHelp();
    return kExitUsage;
  }
  const std::string& command = args[0];
  if (command == "--help" || command == "-h" || command == "help") {
    PrintHelp();
    return kExitOk;
  }
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  for (const Subcommand& s : kSubcommands) {
    if (command == s.name) return s.run(rest);
  }
  std::cerr << "shaderdiff: unknown command '" << command << "' (see shaderdiff --help)\n";
  return kExitUsage;
}

}  // namespace shaderdiff::cli
