// The shaderdiff subcommands as one table, and the dispatch that both the
// shipped `shaderdiff` binary and the test-only builds (tools/mutants) run,
// so a test-only build offers exactly the shipped commands.
#pragma once

#include <span>
#include <string>
#include <vector>

namespace shaderdiff::cli {

struct Subcommand {
  const char* name;
  int (*run)(const std::vector<std::string>&);
  const char* summary;
};

// Every subcommand, in `shaderdiff --help` order.
std::span<const Subcommand> Subcommands();

// `shaderdiff --help`: the commands and the exit codes.
void PrintHelp();

// Runs the subcommand args[0] with args[1..]; no arguments, --help, -h or
// help print the help. Returns the exit code (2 for an unknown command).
int Dispatch(const std::vector<std::string>& args);

}  // namespace shaderdiff::cli
