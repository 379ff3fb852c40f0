// Shared pieces of the shaderdiff subcommands.
#include "tools/shaderdiff/cli.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "compiler/tgsi/parser.h"
#include "compiler/tgsi/validate.h"
#include "tools/harness/json_location.h"
#include "tools/harness/vector_gen.h"
#include "tools/harness/vector_json.h"

namespace shaderdiff::cli {

bool LoadShaderEntries(const std::vector<std::string>& paths, std::vector<harness::CorpusEntry>* entries) {
  for (const std::string& path : paths) {
    harness::Corpus corpus;
    std::string error;
    if (harness::LoadCorpus(ResolvePath(path), &corpus, &error)) {
      for (harness::CorpusEntry& e : corpus.entries) entries->push_back(std::move(e));
      continue;
    }
    std::optional<std::string> text = ReadFile(path);
    if (!text) return false;
    entries->push_back({path, path, *text, harness::HashText(*text)});
  }
  return true;
}

std::string WorkspacePath(const std::string& relative) {
  const char* ws = std::getenv("BUILD_WORKSPACE_DIRECTORY");
  return ws ? std::string(ws) + "/" + relative : relative;
}

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

bool WriteAtomically(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::path tmp = path;
  tmp += ".tmp";
  // errno of the first step that failed; the temporary never outlives a
  // failure (a full disk must not leave an empty report.json.tmp behind).
  int error = 0;
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (f == nullptr) {
    error = errno;
  } else {
    if (std::fwrite(text.data(), 1, text.size(), f) != text.size() || std::fflush(f) != 0) error = errno;
    if (std::fclose(f) != 0 && error == 0) error = errno;
  }
  std::string why = error != 0 ? std::strerror(error) : "";
  std::error_code ec;
  if (error == 0) {
    std::filesystem::rename(tmp, path, ec);
    if (!ec) return true;
    why = "cannot rename it into place: " + ec.message();
  }
  std::filesystem::remove(tmp, ec);
  std::cerr << "shaderdiff: cannot write " << path.string() << " (through " << tmp.filename().string()
            << "): " << why << "\n";
  return false;
}

void PrintShaderErrors(const std::vector<tgsi::ParseError>& errors, const std::string& file) {
  for (size_t i = 0; i < errors.size() && i < kMaxPrintedErrors; ++i) std::cerr << errors[i].ToString(file) << "\n";
  if (errors.size() > kMaxPrintedErrors) {
    std::cerr << file << ": error: " << errors.size() - kMaxPrintedErrors << " more error(s) not shown\n";
  }
}

std::optional<tgsi::Shader> LoadShader(const std::string& path) {
  std::optional<std::string> text = ReadFile(path);
  if (!text) return std::nullopt;
  tgsi::FrontDoorResult result = tgsi::ParseAndValidate(*text);
  if (!result.ok()) {
    PrintShaderErrors(result.errors, path);
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

namespace {
std::string& ReproProgramStorage() {
  static std::string program = "shaderdiff";
  return program;
}
}  // namespace

const std::string& ReproProgram() { return ReproProgramStorage(); }

void SetReproProgram(std::string program) { ReproProgramStorage() = std::move(program); }

void AddVectorOptions(po::options_description& options) {
  options.add_options()
      ("vector", po::value<std::string>(), "test vector JSON file (from `shaderdiff vector`); '-' reads stdin")
      ("seed", po::value<uint64_t>(), "without --vector: generate the vector from this seed")
      ("lanes", po::value<uint32_t>()->default_value(0), "with --seed: number of lanes (0 = stage default)")
      ("edges", "with --seed: mix in edge values")
      ("dictionary", "with --seed: mix in the shader's own dictionary (its immediates +-1 ulp, both sides of its "
                     "comparisons, loop bounds +-1)");
}

int ChooseVector(const po::variables_map& vm, const std::string& command, const tgsi::Shader& shader,
                 common::TestVector* vector, VectorSource* source) {
  if (vm.count("vector") == vm.count("seed")) {
    std::cerr << "shaderdiff " << command << ": give exactly one of --vector or --seed\n";
    return kExitUsage;
  }
  std::string error;
  if (vm.count("seed")) {
    harness::VectorOptions opt{.seed = vm["seed"].as<uint64_t>(), .lanes = vm["lanes"].as<uint32_t>(),
                               .edges = vm.count("edges") > 0, .dictionary = vm.count("dictionary") > 0};
    if (!harness::GenerateVector(shader, opt, vector, &error)) {
      std::cerr << "shaderdiff " << command << ": " << error << "\n";
      return kExitUsage;
    }
    return kExitOk;
  }
  return ReadVectorFile(vm["vector"].as<std::string>(), shader, vector, source);
}

int ReadVectorFile(const std::string& file, const tgsi::Shader& shader, common::TestVector* vector,
                   VectorSource* source) {
  std::string error;
  std::optional<std::string> text;
  if (file == "-") {
    text = std::string(std::istreambuf_iterator<char>(std::cin), {});
  } else {
    text = ReadFile(file);
  }
  if (!text) return kExitFailure;
  const std::string name = file == "-" ? "<stdin>" : file;
  if (!harness::ReadVectorJson(*text, name, vector, &error)) {
    std::cerr << error << "\n";
    return kExitFailure;
  }
  if (vector->stage != shader.processor) {
    const tgsi::SourceLocation at = harness::LocationOfOffset(*text, harness::FindJsonValue(*text, {"stage"}));
    std::cerr << name << ":" << at.line << ":" << at.column << ": error: the vector is for "
              << tgsi::Name(vector->stage) << " but the shader is " << tgsi::Name(shader.processor) << "\n";
    return kExitFailure;
  }
  if (source) *source = VectorSource{name, std::move(*text)};
  return kExitOk;
}

void PrintExecError(const std::string& shader_file, const VectorSource& vector, const common::ExecResult& result) {
  const std::string kind = result.status == common::ExecStatus::kTimeout       ? "timeout"
                           : result.status == common::ExecStatus::kUnsupported ? "unsupported"
                                                                               : "error";
  if (result.location.line > 0) {
    std::cerr << shader_file << ":" << result.location.line << ":" << result.location.column << ": " << kind << ": "
              << result.detail << "\n";
  } else if (!result.vector_path.empty() && !vector.file.empty()) {
    harness::JsonPath path;
    for (size_t start = 0; start <= result.vector_path.size();) {
      const size_t dot = std::min(result.vector_path.find('.', start), result.vector_path.size());
      path.push_back(result.vector_path.substr(start, dot - start));
      start = dot + 1;
    }
    const tgsi::SourceLocation at = harness::LocationOfOffset(vector.text, harness::FindJsonValue(vector.text, path));
    std::cerr << vector.file << ":" << at.line << ":" << at.column << ": " << kind << ": " << result.detail
              << " (in " << shader_file << ")\n";
  } else {
    std::cerr << shader_file << ": " << kind << ": " << result.detail << "\n";
  }
}

}  // namespace shaderdiff::cli
