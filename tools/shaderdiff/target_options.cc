// The target, build and hazard options shared by the target commands (target_options.h).
#include "tools/shaderdiff/target_options.h"

#include <iostream>

namespace shaderdiff::cli {

void AddTargetOptions(po::options_description& options) {
  options.add_options()
      ("target", po::value<std::string>()->default_value("a3xx"), "GPU target (a3xx)")
      ("build", po::value<std::string>()->default_value("opt"),
       "compiler build: 'naive' (the reference translator) or 'opt' (the optimizing compiler)")
      ("opt-bisect-limit", po::value<int64_t>()->default_value(-1),
       "opt build: perform only the first N optional rewrites, in a stable order (-1: all; 0: none)");
}

bool TargetAndBuild(const po::variables_map& vm, const char* command, harness::Build* build) {
  if (vm["target"].as<std::string>() != "a3xx") {
    std::cerr << "shaderdiff " << command << ": unknown target '" << vm["target"].as<std::string>()
              << "' (targets: a3xx)\n";
    return false;
  }
  const std::string& b = vm["build"].as<std::string>();
  if (b == "naive") *build = harness::Build::kNaive;
  else if (b == "opt") *build = harness::Build::kOptimizing;
  else {
    std::cerr << "shaderdiff " << command << ": --build must be 'naive' or 'opt'\n";
    return false;
  }
  return true;
}

bool HazardModeOption(const po::variables_map& vm, const char* command, a3xx::HazardMode* mode) {
  const std::string& hazards = vm["hazards"].as<std::string>();
  if (hazards == "stale") *mode = a3xx::HazardMode::kStale;
  else if (hazards == "trap") *mode = a3xx::HazardMode::kTrap;
  else {
    std::cerr << "shaderdiff " << command << ": --hazards must be 'stale' or 'trap'\n";
    return false;
  }
  return true;
}

}  // namespace shaderdiff::cli
