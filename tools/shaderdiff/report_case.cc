// FindReportCheck / ReproArguments (report_case.h).
#include "tools/shaderdiff/report_case.h"

#include <iostream>
#include <sstream>

#include "tools/shaderdiff/cli.h"

namespace shaderdiff::cli {

int RunCaseCommand(const std::vector<std::string>& args, const std::string& command, const std::string& synopsis,
                   const po::options_description& options, const std::function<int(const po::variables_map&)>& run_case,
                   const std::function<int(const po::variables_map&)>& from_report) {
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  if (!ParseArgs(args, options, positional, &vm)) return kExitUsage;
  if (vm.count("help")) {
    PrintUsage(synopsis, options);
    return kExitOk;
  }
  const std::string me = "shaderdiff " + command + ": ";
  if (!vm.count("from")) {
    if (vm.count("check")) {
      std::cerr << me << "--check names a check of a report: give --from REPORT too\n";
      return kExitUsage;
    }
    return run_case(vm);
  }
  if (!vm.count("check")) {
    std::cerr << me << "--from needs --check NAME (<file>@<config>, as the report names the check)\n";
    return kExitUsage;
  }
  if (vm.count("file") || vm.count("vector") || vm.count("seed")) {
    std::cerr << me << "--from takes the shader and vector from the report; give no FILE, --vector or --seed\n";
    return kExitUsage;
  }
  return from_report(vm);
}

std::optional<report::CheckResult> FindReportCheck(const std::string& path, const std::string& name) {
  const std::optional<std::string> text = ReadFile(path);
  if (!text) return std::nullopt;
  std::string error;
  const std::optional<report::Report> rep = report::ParseReportText(*text, &error);
  if (!rep) {
    std::cerr << path << ": error: " << error << "\n";
    return std::nullopt;
  }
  const report::CheckResult* record = nullptr;
  for (const report::ShaderResult& s : rep->shaders) {
    for (const report::CheckResult& c : s.checks) {
      if (report::TestName(s.file, c.config) == name) record = &c;
    }
    for (const report::CheckResult& c : s.findings) {
      if (!record && report::TestName(s.file, c.config) == name) record = &c;
    }
  }
  if (!record) {
    std::cerr << path << ": error: no check named '" << name << "' (names are <file>@<config>, e.g. "
              << (rep->shaders.empty() ? "shaders/x.tgsi" : rep->shaders.front().file) << "@a3xx/opt)\n";
    return std::nullopt;
  }
  return *record;
}

std::optional<std::vector<std::string>> ReproArguments(const report::CheckResult& record, const std::string& path,
                                                       const std::string& name) {
  // "shaderdiff[_mutants --mutant M] emulate|compile ARGS...": ARGS are ours too.
  std::istringstream words(record.reproduce);
  std::vector<std::string> tokens;
  for (std::string w; words >> w;) tokens.push_back(w);
  size_t at = 0;
  while (at < tokens.size() && tokens[at] != "emulate" && tokens[at] != "compile") ++at;
  if (at == tokens.size()) {
    std::cerr << path << ": error: the check " << name << " (" << record.verdict
              << ") has no emulate or compile reproduction command to take the case from: '" << record.reproduce
              << "'\n";
    return std::nullopt;
  }
  return std::vector<std::string>(tokens.begin() + static_cast<long>(at) + 1, tokens.end());
}

}  // namespace shaderdiff::cli
