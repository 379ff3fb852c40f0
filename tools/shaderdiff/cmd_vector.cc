// `shaderdiff vector FILE --seed S --lanes N [--edges] [--dictionary]`: a seeded test vector.
#include <iostream>

#include "tools/harness/vector_gen.h"
#include "tools/harness/vector_json.h"
#include "tools/shaderdiff/cli.h"
#include "tools/shaderdiff/commands.h"

namespace shaderdiff::cli {

int RunVector(const std::vector<std::string>& args) {
  po::options_description options("vector options");
  options.add_options()
      ("help,h", "show this help")
      ("seed", po::value<uint64_t>()->default_value(1), "random seed; the same seed and shader give the same vector")
      ("lanes", po::value<uint32_t>()->default_value(0),
       "number of lanes (0 = the stage's default: 4, or 1 for GEOM); FRAG needs a multiple of 4")
      ("edges", "mix in edge values: +-0, denormals, +-Inf, NaN, +-FLT_MAX, 1+-ulp, INT_MIN, -1")
      ("dictionary", "mix in the shader's own dictionary: its immediates +-1 ulp (integers +-1), values on both "
                     "sides of each comparison, loop bounds +-1, copies of the values inputs are compared with")
      ("file", po::value<std::string>(), "TGSI file");
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  if (!ParseArgs(args, options, positional, &vm)) return kExitUsage;
  if (vm.count("help")) {
    PrintUsage("shaderdiff vector FILE [--seed S] [--lanes N] [--edges] [--dictionary]\n\n"
               "Writes a test vector (JSON) on stdout holding a value for every declared input,\n"
               "constant, system value and texture unit of the shader. Inputs and constants that\n"
               "feed a relative index (ARL/UARL/ARR) get small integers keeping the index inside\n"
               "its array (7 in 8) or just outside it, in every vector.",
               options);
    return kExitOk;
  }
  if (!vm.count("file")) {
    std::cerr << "shaderdiff vector: no input file\n";
    return kExitUsage;
  }
  std::optional<tgsi::Shader> shader = LoadShader(vm["file"].as<std::string>());
  if (!shader) return kExitFailure;
  harness::VectorOptions opt;
  opt.seed = vm["seed"].as<uint64_t>();
  opt.lanes = vm["lanes"].as<uint32_t>();
  opt.edges = vm.count("edges") > 0;
  opt.dictionary = vm.count("dictionary") > 0;
  common::TestVector vector;
  std::string error;
  if (!harness::GenerateVector(*shader, opt, &vector, &error)) {
    std::cerr << "shaderdiff vector: " << error << "\n";
    return kExitUsage;
  }
  std::cout << harness::VectorToJson(vector).dump(1) << "\n";
  return kExitOk;
}

}  // namespace shaderdiff::cli
