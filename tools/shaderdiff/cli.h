// Shared pieces of the shaderdiff subcommands: exit codes, file reading and
// atomic writing, shader loading with file:line:col diagnostics, and option parsing.
#pragma once

#include "tools/harness/corpus.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "compiler/tgsi/ast.h"
#include "compiler/tgsi/parser.h"
#include "emulator/common/test_vector.h"

namespace shaderdiff::cli {

// Exit codes shared by every subcommand (documented in `shaderdiff --help`).
enum ExitCode : int {
  kExitOk = 0,           // success
  kExitFailure = 1,      // the input was bad (parse errors, malformed vector)
  kExitUsage = 2,        // bad command line
  kExitTimeout = 3,      // the program ran out of its instruction budget
  kExitUnsupported = 4,  // the program uses a feature the executor does not support
  kExitInternal = 5,     // an internal error (a bug in shaderdiff)
};

namespace po = boost::program_options;

// A user-given path, made relative to the directory `bazel run` was started in.
std::string ResolvePath(const std::string& path);

// A path inside the workspace (the shipped corpus, reports/): `bazel run`
// names the workspace; otherwise the current folder is taken to be it.
std::string WorkspacePath(const std::string& relative);

// TGSI files and folders given on a command line as corpus entries: a
// folder contributes every *.tgsi below it (harness::LoadCorpus order), a
// file itself. False (after printing why) if a path cannot be read.
bool LoadShaderEntries(const std::vector<std::string>& paths, std::vector<harness::CorpusEntry>* entries);

// Reads a whole file; on failure prints "FILE: error: ..." to stderr.
std::optional<std::string> ReadFile(const std::string& path);

// Writes `text` to `path` atomically: a temp file beside it (PATH.tmp), then
// a rename over PATH, so readers see the old file or the whole new one, never
// a torn one. On failure prints "shaderdiff: cannot ..." and returns false.
bool WriteAtomically(const std::filesystem::path& path, const std::string& text);

// Reads, parses and validates a TGSI file (the front door,
// tgsi::ParseAndValidate); on failure prints each error as
// "FILE:LINE:COL: error: ..." to stderr and returns nullopt.
std::optional<tgsi::Shader> LoadShader(const std::string& path);

// Prints front-door errors as "FILE:LINE:COL: error: ...", at most
// kMaxPrintedErrors of them and then how many more there were.
inline constexpr size_t kMaxPrintedErrors = 20;
void PrintShaderErrors(const std::vector<tgsi::ParseError>& errors, const std::string& file);

// Parses `args` against `options` (+ positional). Prints the error and the
// usage to stderr and returns false on bad input; sets *help if --help.
bool ParseArgs(const std::vector<std::string>& args, const po::options_description& options,
               const po::positional_options_description& positional, po::variables_map* vm);

void PrintUsage(const std::string& synopsis, const po::options_description& options);

// How reproduction commands invoke this build: "shaderdiff", or what a
// test-only build set (e.g. "shaderdiff_mutants --mutant NAME"), so that a
// printed command reruns the same compiler.
const std::string& ReproProgram();
void SetReproProgram(std::string program);

// The options that choose a test vector: --vector FILE (or '-' for stdin), or
// --seed S with --lanes N and --edges to generate one.
void AddVectorOptions(po::options_description& options);

// Where a vector came from: the --vector file and its text (both empty for
// a generated one), so errors can point into it.
struct VectorSource {
  std::string file;
  std::string text;
};

// Loads the --vector file or generates one from --seed for `shader`. On
// failure prints why (FILE:LINE:COL for a vector file) and returns the exit
// code to use; on success returns kExitOk and fills *source if given.
int ChooseVector(const po::variables_map& vm, const std::string& command, const tgsi::Shader& shader,
                 common::TestVector* vector, VectorSource* source = nullptr);

// Loads a vector file ('-': stdin) for `shader` (its stage must match), as
// ChooseVector does for --vector.
int ReadVectorFile(const std::string& file, const tgsi::Shader& shader, common::TestVector* vector,
                   VectorSource* source = nullptr);

// Prints an executor's failure as "FILE:LINE:COL: KIND: DETAIL" (KIND:
// error, timeout or unsupported): the shader file at the instruction or
// declaration it names, or the vector file at the entry it names, or just
// FILE when neither is known.
void PrintExecError(const std::string& shader_file, const VectorSource& vector, const common::ExecResult& result);

}  // namespace shaderdiff::cli
