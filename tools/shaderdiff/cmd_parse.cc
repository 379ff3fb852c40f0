// `shaderdiff parse FILE...` and `shaderdiff print FILE`.
#include <iostream>

#include "compiler/tgsi/parser.h"
#include "compiler/tgsi/printer.h"
#include "compiler/tgsi/validate.h"
#include "tools/shaderdiff/cli.h"
#include "tools/shaderdiff/commands.h"

namespace shaderdiff::cli {

int RunParse(const std::vector<std::string>& args) {
  po::options_description options("parse options");
  options.add_options()
      ("help,h", "show this help")
      ("check", "also report what is left of Mesa's advisory sanity rules (a register declared twice,\n"
                "64-bit immediates) as warnings")
      ("strict", "with --check, treat warnings as errors")
      ("quiet,q", "print nothing but errors")
      ("files", po::value<std::vector<std::string>>()->composing(), "TGSI files");
  po::positional_options_description positional;
  positional.add("files", -1);
  po::variables_map vm;
  if (!ParseArgs(args, options, positional, &vm)) return kExitUsage;
  const std::string synopsis =
      "shaderdiff parse [--check [--strict]] FILE...\n\n"
      "Parses each file and validates it as every command does (the front door):\n"
      "syntax, numbers within Mesa's token fields and declarations within what any\n"
      "implementation allows, declared registers, balanced flow control (IF/ELSE/ENDIF,\n"
      "BGNLOOP/ENDLOOP, SWITCH/CASE/ENDSWITCH, BGNSUB/ENDSUB), BRK/CONT inside a loop,\n"
      "CAL to a BGNSUB, exactly one END. Errors print as FILE:LINE:COL: error: MESSAGE.\n"
      "Exits 1 if any file fails (or, with --strict, has warnings).";
  if (vm.count("help")) return PrintUsage(synopsis, options), kExitOk;
  if (!vm.count("files")) {
    std::cerr << "shaderdiff parse: no input files\n";
    return kExitUsage;
  }
  const bool check = vm.count("check") > 0, strict = vm.count("strict") > 0, quiet = vm.count("quiet") > 0;
  size_t failed = 0, warned = 0;
  const auto& files = vm["files"].as<std::vector<std::string>>();
  for (const std::string& file : files) {
    std::optional<std::string> text = ReadFile(file);
    if (!text) {
      ++failed;
      continue;
    }
    tgsi::FrontDoorResult result = tgsi::ParseAndValidate(*text);
    if (!result.ok()) {
      PrintShaderErrors(result.errors, file);
      ++failed;
      continue;
    }
    if (check) {
      std::vector<tgsi::ParseError> warnings = tgsi::CheckShader(result.shader);
      for (const tgsi::ParseError& w : warnings) {
        std::string line = w.ToString(file);
        size_t pos = line.find(": error: ");
        if (pos != std::string::npos && !strict) line.replace(pos, 9, ": warning: ");
        std::cerr << line << "\n";
      }
      if (!warnings.empty()) ++warned;
    }
  }
  if (!quiet) {
    std::cout << files.size() << " file(s): " << (files.size() - failed) << " valid, " << failed << " failed";
    if (check) std::cout << ", " << warned << " with warnings";
    std::cout << "\n";
  }
  return failed > 0 || (strict && warned > 0) ? kExitFailure : kExitOk;
}

int RunPrint(const std::vector<std::string>& args) {
  po::options_description options("print options");
  options.add_options()
      ("help,h", "show this help")
      ("file", po::value<std::string>(), "TGSI file");
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  if (!ParseArgs(args, options, positional, &vm)) return kExitUsage;
  if (vm.count("help")) {
    PrintUsage("shaderdiff print FILE\n\nPrints the shader in Mesa's canonical tgsi_dump format.", options);
    return kExitOk;
  }
  if (!vm.count("file")) {
    std::cerr << "shaderdiff print: no input file\n";
    return kExitUsage;
  }
  std::optional<tgsi::Shader> shader = LoadShader(vm["file"].as<std::string>());
  if (!shader) return kExitFailure;
  std::cout << tgsi::PrintShader(*shader);
  return kExitOk;
}

}  // namespace shaderdiff::cli
