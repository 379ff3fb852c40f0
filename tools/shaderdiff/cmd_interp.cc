// `shaderdiff interp FILE --vector V.json`: run the TGSI reference
// interpreter and print the result JSON on stdout.
#include <iostream>

#include <nlohmann/json.hpp>

#include "emulator/tgsi/interpreter.h"
#include "tools/harness/vector_json.h"
#include "tools/shaderdiff/cli.h"
#include "tools/shaderdiff/commands.h"

namespace shaderdiff::cli {

int RunInterp(const std::vector<std::string>& args) {
  po::options_description options("interp options");
  options.add_options()
      ("help,h", "show this help")
      ("denormals", po::value<std::string>()->default_value("preserve"),
       "denormal policy: 'preserve' (IEEE) or 'ftz' (flush inputs and results of float ops to zero)")
      ("budget", po::value<uint64_t>()->default_value(1'000'000),
       "instruction budget per wave; a shader that exceeds it ends with status 'timeout'")
      ("file", po::value<std::string>(), "TGSI file");
  AddVectorOptions(options);
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  if (!ParseArgs(args, options, positional, &vm)) return kExitUsage;
  if (vm.count("help")) {
    PrintUsage("shaderdiff interp FILE (--vector V.json | --seed S [--lanes N] [--edges] [--dictionary])\n\n"
               "Runs the TGSI reference interpreter and prints the result JSON: outputs per\n"
               "lane, and per component whether it is undefined (don't-care) or inexact\n"
               "(compared within a tolerance), with the reason for each flag.\n"
               "Exits 0 when the shader ran to completion, 1 on bad input (a shader that does not\n"
               "parse or validate, a bad vector, or an error while running: the call stack deeper\n"
               "than 32, a declared input the vector lacks), 3 on timeout, 4 if unsupported.\n"
               "Errors name FILE:LINE:COL: of the instruction (or declaration) in the shader, or of\n"
               "the entry in the vector file.",
               options);
    return kExitOk;
  }
  if (!vm.count("file")) {
    std::cerr << "shaderdiff interp: no input file\n";
    return kExitUsage;
  }
  tgsi_exec::InterpreterOptions interp_options;
  const std::string& denormals = vm["denormals"].as<std::string>();
  if (denormals == "preserve") {
    interp_options.denormals = common::DenormalMode::kPreserve;
  } else if (denormals == "ftz") {
    interp_options.denormals = common::DenormalMode::kFlushToZero;
  } else {
    std::cerr << "shaderdiff interp: --denormals must be 'preserve' or 'ftz'\n";
    return kExitUsage;
  }
  interp_options.instruction_budget = vm["budget"].as<uint64_t>();

  const std::string file = vm["file"].as<std::string>();
  std::optional<tgsi::Shader> shader = LoadShader(file);
  if (!shader) return kExitFailure;

  common::TestVector vector;
  VectorSource source;
  if (int code = ChooseVector(vm, "interp", *shader, &vector, &source); code != kExitOk) return code;

  common::ExecResult result = tgsi_exec::Interpret(*shader, vector, interp_options);
  std::cout << harness::ResultToJson(result).dump(1) << "\n";
  switch (result.status) {
    case common::ExecStatus::kOk: return kExitOk;
    case common::ExecStatus::kTimeout:
      PrintExecError(file, source, result);
      return kExitTimeout;
    case common::ExecStatus::kUnsupported:
      PrintExecError(file, source, result);
      return kExitUnsupported;
    case common::ExecStatus::kError:
      PrintExecError(file, source, result);
      return kExitFailure;
  }
  return kExitInternal;
}

}  // namespace shaderdiff::cli
