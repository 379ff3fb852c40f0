// `shaderdiff gen --seed S [--count N] [--stage vert|frag] [--size MIN:MAX]
// [--policy default|rewrites|wide|lowering|r500] --out DIR`: writes N generated shaders
// (fuzz/gen) as DIR/<policy>-<stage>-<seed>.tgsi, shader k from seed S + k,
// and DIR/gen.json naming each file's seed, stage, size, policy and the
// command regenerating it alone (TGSI text has no comment syntax).
#include <filesystem>
#include <fstream>
#include <iostream>

#include "compiler/tgsi/printer.h"
#include "fuzz/gen/generator.h"
#include "tools/shaderdiff/cli.h"
#include "tools/shaderdiff/commands.h"

#include <nlohmann/json.hpp>

namespace shaderdiff::cli {

int RunGen(const std::vector<std::string>& args) {
  po::options_description options("gen options");
  options.add_options()
      ("help,h", "show this help")
      ("seed", po::value<uint64_t>()->default_value(1), "seed of the first shader; shader k uses seed S + k")
      ("count", po::value<uint32_t>()->default_value(1), "number of shaders")
      ("stage", po::value<std::string>(), "vert or frag (default: chosen from each shader's seed)")
      ("size", po::value<std::string>()->default_value("5:100"), "instructions per shader, MIN:MAX (END included, 5..500)")
      ("policy", po::value<std::string>()->default_value("default"), "default; rewrites (biased toward shapes the optimizing passes rewrite); wide (default plus relative addressing, textures and KILL); lowering (rewrites plus the opcodes lower-tgsi rewrites); or r500 (float values only, what the r500 naive build translates; give --stage frag)")
      ("out", po::value<std::string>(), "output folder (created if missing)");
  po::variables_map vm;
  if (!ParseArgs(args, options, {}, &vm)) return kExitUsage;
  if (vm.count("help")) {
    PrintUsage("shaderdiff gen --seed S [--count N] [--stage vert|frag] [--size MIN:MAX] [--policy default|rewrites|wide|lowering|r500] --out DIR\n\n"
               "Writes N generated TGSI shaders free of undefined behaviour (fuzz/gen/README.md) as\n"
               "DIR/<policy>-<stage>-<seed>.tgsi, and DIR/gen.json with each file's seed, stage, size,\n"
               "policy and the command that regenerates it. The same options give the same bytes.",
               options);
    return kExitOk;
  }
  if (!vm.count("out")) {
    std::cerr << "shaderdiff gen: --out DIR is required\n";
    return kExitUsage;
  }
  std::optional<fuzz::Policy> policy = fuzz::PolicyByName(vm["policy"].as<std::string>());
  if (!policy) {
    std::cerr << "shaderdiff gen: unknown --policy '" << vm["policy"].as<std::string>() << "' (default, rewrites, wide, lowering or r500)\n";
    return kExitUsage;
  }
  const std::string size = vm["size"].as<std::string>();
  unsigned min_size = 0, max_size = 0;
  char colon = 0, extra = 0;
  if (std::sscanf(size.c_str(), "%u%c%u%c", &min_size, &colon, &max_size, &extra) != 3 || colon != ':' || min_size < 5 ||
      max_size > 500 || min_size > max_size) {
    std::cerr << "shaderdiff gen: --size must be MIN:MAX with 5 <= MIN <= MAX <= 500, not '" << size << "'\n";
    return kExitUsage;
  }
  std::optional<tgsi::Processor> stage;
  if (vm.count("stage")) {
    const std::string s = vm["stage"].as<std::string>();
    if (s == "vert") stage = tgsi::Processor::kVertex;
    else if (s == "frag") stage = tgsi::Processor::kFragment;
    else {
      std::cerr << "shaderdiff gen: --stage must be vert or frag, not '" << s << "'\n";
      return kExitUsage;
    }
  }
  const std::filesystem::path out = vm["out"].as<std::string>();
  std::error_code ec;
  std::filesystem::create_directories(out, ec);
  if (ec) {
    std::cerr << "shaderdiff gen: " << out.string() << ": " << ec.message() << "\n";
    return kExitFailure;
  }
  nlohmann::json index = nlohmann::json::array();
  const uint64_t first = vm["seed"].as<uint64_t>();
  for (uint32_t k = 0; k < vm["count"].as<uint32_t>(); ++k) {
    fuzz::GenOptions o;
    o.seed = first + k;
    o.policy = *policy;
    o.stage = stage ? *stage : fuzz::StageForSeed(o.seed);
    o.min_size = min_size;
    o.max_size = max_size;
    const std::string text = tgsi::PrintShader(fuzz::GenerateShader(o));
    const std::string name = policy->name + "-" + (o.stage == tgsi::Processor::kVertex ? "vert" : "frag") + "-" +
                             std::to_string(o.seed) + ".tgsi";
    const std::filesystem::path path = out / name;
    std::ofstream f(path, std::ios::binary);
    f << text;
    f.close();
    if (!f) {
      std::cerr << "shaderdiff gen: cannot write " << path.string() << "\n";
      return kExitFailure;
    }
    index.push_back({{"file", name}, {"seed", o.seed}, {"stage", o.stage == tgsi::Processor::kVertex ? "VERT" : "FRAG"},
                     {"size", size}, {"policy", policy->name}, {"command", fuzz::ReproCommand(o) + " --out DIR"}});
  }
  std::ofstream f(out / "gen.json", std::ios::binary);
  f << index.dump(1) << "\n";
  f.close();
  if (!f) {
    std::cerr << "shaderdiff gen: cannot write " << (out / "gen.json").string() << "\n";
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace shaderdiff::cli
