// `shaderdiff emulate --target r500 --asm PROGRAM.txt --vector V.json`:
// runs an R500 fragment program (emulator/r500/isa's assembly) on one 2x2
// quad with emulator/r500 and prints the outputs, cycles and hazards as
// JSON. The input is the program itself, not a TGSI shader (a shader's
// r500 builds run through `check --target r500`).
#include <iostream>

#include <nlohmann/json.hpp>

#include "emulator/r500/emulator.h"
#include "emulator/r500/isa/text.h"
#include "emulator/r500/vector_json.h"
#include "emulator/isa_common/hex.h"
#include "tools/shaderdiff/cli.h"
#include "tools/shaderdiff/commands.h"

namespace shaderdiff::cli {
namespace {

}  // namespace

int EmulateR500(const std::vector<std::string>& args) {
  po::options_description options("emulate --target r500 options");
  options.add_options()("help,h", "show this help")
      ("target", po::value<std::string>(), "r500")
      ("asm", po::value<std::string>(), "the program: R500 assembly text (emulator/r500/isa's syntax)")
      ("vector", po::value<std::string>(), "the quad's inputs and state (emulator/r500/README.md \"Vector\")")
      ("hazards", po::value<std::string>()->default_value("record"), "record | trap (stop at the first)")
      ("tex-latency", po::value<int>()->default_value(r500::Params{}.tex_latency),
       "cycles from a TEX's issue to its result (INVENTED; README.md)")
      ("inline-denormals", "accept inline constants with exponent 0 as AMD reads them (default: refused, A.5 UNCERTAIN)")
      ("zero-count-loop", po::value<std::string>()->default_value("refuse"),
       "refuse | at-target | past-target: where a LOOP/REP with count 0 goes (A.12 UNCERTAIN; README.md)");
  po::variables_map vm;
  if (!ParseArgs(args, options, {}, &vm)) return kExitUsage;
  if (vm.count("help")) {
    PrintUsage("shaderdiff emulate --target r500 --asm PROGRAM.txt --vector V.json [--hazards record|trap]\n\n"
               "Runs an R500 fragment program on one 2x2 quad (emulator/r500) and prints the\n"
               "outputs of each pixel (colour words per render target with their written\n"
               "masks, depth, killed, covered), the cycle count and the hazards as JSON.\n"
               "The program is assembly, not TGSI (a shader's r500 builds: `compile --target\n"
               "r500` lists them, `check --target r500 --build naive|opt` runs them).\n"
               "Exits 0 on a run, 1 on bad input, a refused state or a hazard in trap mode,\n"
               "4 when the program uses what the emulator does not model (break/continue, a\n"
               "zero-count loop unless --zero-count-loop picks a reading).",
               options);
    return kExitOk;
  }
  if (!vm.count("asm") || !vm.count("vector")) {
    std::cerr << "shaderdiff emulate --target r500: needs --asm PROGRAM.txt and --vector V.json\n";
    return kExitUsage;
  }
  const std::string mode = vm["hazards"].as<std::string>();
  if (mode != "record" && mode != "trap") {
    std::cerr << "shaderdiff emulate: --hazards must be 'record' or 'trap'\n";
    return kExitUsage;
  }
  const std::string asm_path = vm["asm"].as<std::string>(), vec_path = vm["vector"].as<std::string>();
  std::optional<std::string> text = ReadFile(asm_path);
  if (!text) return kExitFailure;
  auto assembled = r500::Assemble(*text);
  if (auto* e = std::get_if<r500::AsmError>(&assembled)) {
    std::cerr << asm_path << ":" << e->ToString() << "\n";
    return kExitFailure;
  }
  r500::State state;
  state.code = std::get<std::vector<r500::Instr>>(assembled);
  r500::Quad quad;
  std::optional<std::string> vtext = ReadFile(vec_path);
  if (!vtext) return kExitFailure;
  std::string error;
  if (!r500::ParseVector(*vtext, &state, &quad, &error)) {
    std::cerr << vec_path << ": error: " << error << "\n";
    return kExitFailure;
  }
  r500::RunOptions opt;
  opt.trap = mode == "trap";
  opt.params.tex_latency = vm["tex-latency"].as<int>();
  opt.params.inline_denormals = vm.count("inline-denormals") > 0;
  const std::string zero = vm["zero-count-loop"].as<std::string>();
  if (zero == "at-target") {
    opt.params.zero_count_loop = r500::Params::ZeroCountLoop::kAtTarget;
  } else if (zero == "past-target") {
    opt.params.zero_count_loop = r500::Params::ZeroCountLoop::kPastTarget;
  } else if (zero != "refuse") {
    std::cerr << "shaderdiff emulate: --zero-count-loop must be 'refuse', 'at-target' or 'past-target'\n";
    return kExitUsage;
  }
  if (opt.params.tex_latency < 1) {
    std::cerr << "shaderdiff emulate: --tex-latency must be >= 1\n";
    return kExitUsage;
  }
  const r500::RunResult r = r500::RunQuad(state, quad, opt);

  nlohmann::json j;
  j["pixels"] = nlohmann::json::array();
  for (const r500::PixelResult& p : r.pixels) {
    nlohmann::json pj = {{"covered", p.covered}, {"killed", p.killed}};
    pj["color"] = nlohmann::json::object();
    for (int t = 0; t < r500::kRenderTargets; ++t) {
      if (!p.color_written[t]) continue;
      nlohmann::json words = nlohmann::json::array();
      for (int c = 0; c < 4; ++c) words.push_back((p.color_written[t] >> c & 1) ? nlohmann::json(isa_common::HexWord(p.color[t][c])) : nlohmann::json(nullptr));
      pj["color"][std::to_string(t)] = words;
    }
    if (p.depth_written) pj["depth"] = isa_common::HexWord(p.depth);
    j["pixels"].push_back(pj);
  }
  j["stats"] = {{"cycles", r.cycles}, {"instructions", r.instructions}, {"nop_cycles", r.nop_cycles},
                {"wait_cycles", r.wait_cycles}};
  j["hazards"] = nlohmann::json::array();
  for (const r500::Hazard& h : r.hazards)
    j["hazards"].push_back({{"slot", h.slot}, {"kind", h.kind}, {"detail", h.detail}});
  if (!r.error.empty()) j["error"] = r.error;
  std::cout << j.dump(1) << "\n";
  if (r.error.empty()) return kExitOk;
  std::cerr << asm_path << ": " << r.error << "\n";
  return r.error.rfind("unsupported:", 0) == 0 ? kExitUnsupported : kExitFailure;
}

}  // namespace shaderdiff::cli
