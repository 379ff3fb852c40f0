// Shared pieces of the shaderdiff subcommands.
#include "tools/shaderdiff/cli.h"

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

#include "compiler/tgsi/parser.h"

namespace shaderdiff::cli {

std::string ResolvePath(const std::string& path) {
  // Under `bazel run` the process starts in the runfiles tree; relative paths
  // are meant relative to where the user typed the command.
  const char* cwd = std::getenv("BUILD_WORKING_DIRECTORY");
  if (cwd == nullptr || path.empty() || path[0] == '/' || path == "-") return path;
  return std::string(cwd) + "/" + path;
}

std::optional<std::string> ReadFile(const std::string& path) {
  std::ifstream in(ResolvePath(path), std::ios::binary);
  if (!in) {
    std::cerr << path << ": error: cannot open file\n";
    return std::nullopt;
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) {
    std::cerr << path << ": error: read failed\n";
    return std::nullopt;
  }
  return text.str();
}

std::optional<tgsi::Shader> LoadShader(const std::string& path) {
  std::optional<std::string> text = ReadFile(path);
  if (!text) return std::nullopt;
  tgsi::ParseResult result = tgsi::ParseShader(*text);
  if (!result.ok()) {
    std::cerr << result.error->ToString(path) << "\n";
    return std::nullopt;
  }
  return std::move(result.shader);
}

bool ParseArgs(const std::vector<std::string>& args, const po::options_description& options,
               const po::positional_options_description& positional, po::variables_map* vm) {
  try {
    po::store(po::command_line_parser(args).options(options).positional(positional).run(), *vm);
    if (vm->count("help")) return true;
    po::notify(*vm);
  } catch (const po::error& e) {
    std::cerr << "shaderdiff: " << e.what() << "\n";
    return false;
  }
  return true;
}

void PrintUsage(const std::string& synopsis, const po::options_description& options) {
  std::cout << "usage: " << synopsis << "\n\n" << options << "\n";
}

}  // namespace shaderdiff::cli
