// The shaderdiff subcommands. Each takes the arguments after its name and
// returns a process exit code (cli::ExitCode).
#pragma once

#include <string>
#include <vector>

namespace shaderdiff::cli {

int RunParse(const std::vector<std::string>& args);
int RunPrint(const std::vector<std::string>& args);
int RunVector(const std::vector<std::string>& args);
int RunInterp(const std::vector<std::string>& args);
int RunNightly(const std::vector<std::string>& args);

}  // namespace shaderdiff::cli
