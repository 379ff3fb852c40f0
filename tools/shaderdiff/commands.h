// The shaderdiff subcommands. Each takes the arguments after its name and
// returns a process exit code (cli::ExitCode).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace shaderdiff::cli {

int RunParse(const std::vector<std::string>& args);
int RunPrint(const std::vector<std::string>& args);
int RunVector(const std::vector<std::string>& args);
int RunInterp(const std::vector<std::string>& args);
int RunNightly(const std::vector<std::string>& args);
int RunMerge(const std::vector<std::string>& args);
int RunDisasm(const std::vector<std::string>& args);
int RunAsm(const std::vector<std::string>& args);
int RunCompile(const std::vector<std::string>& args);
int RunEmulate(const std::vector<std::string>& args);
int RunCheck(const std::vector<std::string>& args);
int RunStats(const std::vector<std::string>& args);
int RunReport(const std::vector<std::string>& args);
int RunCompare(const std::vector<std::string>& args);
int RunBisect(const std::vector<std::string>& args);
int RunExplain(const std::vector<std::string>& args);
int RunGen(const std::vector<std::string>& args);
int RunFuzz(const std::vector<std::string>& args);
int RunReduce(const std::vector<std::string>& args);

// Raw little-endian 64-bit instruction words (or, with hex, one word of text
// per line); errors are printed with the file name.
std::optional<std::vector<uint64_t>> ReadWords(const std::string& path, bool hex);
bool WriteWords(const std::string& path, const std::vector<uint64_t>& words);

// The r500 halves of `disasm` and `asm` (cmd_isa_r500.cc).
int DisasmR500(const std::string& file, bool hex, bool show_hex);
int AsmR500(const std::string& file, const std::optional<std::string>& output);
// `emulate --target r500` (cmd_emulate_r500.cc): assembly on emulator/r500.
int EmulateR500(const std::vector<std::string>& args);

}  // namespace shaderdiff::cli
