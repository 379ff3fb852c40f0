// shaderdiff: the command line of the differential shader emulator and
// validation harness. `shaderdiff --help` lists the subcommands; each has its
// own --help.
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "tools/shaderdiff/cli.h"
#include "tools/shaderdiff/commands.h"

namespace {

struct Subcommand {
  const char* name;
  int (*run)(const std::vector<std::string>&);
  const char* summary;
};

constexpr Subcommand kSubcommands[] = {
    {"parse", shaderdiff::cli::RunParse, "check TGSI files for syntax errors (and, with --check, Mesa's sanity rules)"},
    {"print", shaderdiff::cli::RunPrint, "print a TGSI file in Mesa's canonical dump format"},
    {"vector", shaderdiff::cli::RunVector, "write a seeded random test vector for a shader as JSON"},
    {"interp", shaderdiff::cli::RunInterp, "run the TGSI reference interpreter on a vector; print the result as JSON"},
    {"compile", shaderdiff::cli::RunCompile, "compile a TGSI shader for a GPU target; print assembly and statistics"},
    {"emulate", shaderdiff::cli::RunEmulate, "compile and run a shader on the target's cycle-accurate emulator"},
    {"check", shaderdiff::cli::RunCheck, "differential check: emulator vs reference interpreter, one verdict per shader"},
    {"stats", shaderdiff::cli::RunStats, "code-quality statistics of both builds over a corpus (shader-db style)"},
    {"disasm", shaderdiff::cli::RunDisasm, "disassemble a GPU binary (raw 64-bit instruction words)"},
    {"asm", shaderdiff::cli::RunAsm, "assemble GPU assembly text into a binary"},
    {"nightly", shaderdiff::cli::RunNightly, "run the shipped corpus through every executor on seeded vectors; write a report"},
    {"merge", shaderdiff::cli::RunMerge, "combine the shard reports of a nightly (--fraction, Bazel shards) into one report"},
    {"report", shaderdiff::cli::RunReport, "render a report.json as index.html and junit.xml, classified against a baseline"},
    {"compare", shaderdiff::cli::RunCompare, "compare two reports' instructions, registers and cycles (shader-db style)"},
};

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

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    PrintHelp();
    return shaderdiff::cli::kExitUsage;
  }
  std::string command = argv[1];
  if (command == "--help" || command == "-h" || command == "help") {
    PrintHelp();
    return shaderdiff::cli::kExitOk;
  }
  std::vector<std::string> args(argv + 2, argv + argc);
  for (const Subcommand& s : kSubcommands) {
    if (command == s.name) return s.run(args);
  }
  std::cerr << "shaderdiff: unknown command '" << command << "' (see shaderdiff --help)\n";
  return shaderdiff::cli::kExitUsage;
}
