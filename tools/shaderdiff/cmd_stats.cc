// `shaderdiff stats`: code-quality statistics of both a3xx builds over a
// corpus (--target r500: cmd_stats_r500.cc), in the manner of shader-db's report: per shader and build the
// instructions, nop slots, (ss)/(sy) counts, full/half registers and the
// cycles measured on the emulator for one seeded vector (the first vector
// `check` would draw, so the figures are reproducible); then, over the
// shaders whose naive build has at least --min-instructions instructions,
// the distribution of the opt/naive ratios (median, quartiles) and the
// ratio of the medians. With --mesa-programs, the opt/mesa table also counts
// instructions and nop slots up to each program's last `end` ("... to end"
// rows): ir3 pads its programs with nops after `end`, which never run.
//
// Invariants: deterministic for a corpus and seed; a shader that one build
// cannot compile is counted by verdict and left out of the ratios, and a
// shader the naive build supports but the optimizing build does not is
// listed (it is a bug by the definition).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

#include <nlohmann/json.hpp>

#include "compiler/targets/a3xx/naive/a3xx_naive.h"
#include "compiler/pipeline.h"
#include "compiler/tgsi/parser.h"
#include "compiler/tgsi/validate.h"
#include "emulator/a3xx/emulator.h"
#include "tools/harness/check.h"
#include "tools/harness/corpus.h"
#include "tools/harness/vector_gen.h"
#include "tools/ir3_dump/program.h"
#include "tools/shaderdiff/cli.h"
#include "tools/shaderdiff/commands.h"
#include "tools/shaderdiff/stats_shared.h"
#include "tools/shaderdiff/stats_r500.h"
#include "tools/shaderdiff/target_options.h"

namespace shaderdiff::cli {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct BuildStats {
  bool ok = false;
  std::string status;  // "ok" or "unsupported: ..." / "error: ..."
  harness::ProgramStats program;
  uint64_t cycles = 0;
};

BuildStats Measure(const tgsi::Shader& shader, harness::Build build, const common::TestVector* vector,
                   const std::string& mesa_program = "") {
  BuildStats s;
  a3xx::Program program;
  if (build == harness::Build::kMesa) {
    if (mesa_program.empty()) {
      s.status = "untested: no Mesa program";
      return s;
    }
    ir3_dump::BuildResult m = ir3_dump::LoadProgram(mesa_program, shader);
    if (m.status != ir3_dump::BuildStatus::kOk) {
      s.status = std::string(m.status == ir3_dump::BuildStatus::kUnsupported ? "unsupported: " : "error: ") + m.detail;
      return s;
    }
    program = std::move(m.program);
  } else {
    naive::CompileResult r = compiler::CompileA3xxBuild(shader, build == harness::Build::kOptimizing);
    if (r.status != naive::CompileStatus::kOk) {
      s.status = std::string(naive::CompileStatusName(r.status)) + ": " + r.detail;
      return s;
    }
    program = std::move(r.program);
  }
  s.ok = true;
  s.status = "ok";
  s.program = harness::CountProgram(program);
  if (vector) {
    a3xx::EmulatorOptions emu;
    emu.timing = a3xx::FindTiming("a3xx");
    s.cycles = a3xx::Emulate(program, *vector, emu).stats.cycles;
  }
  return s;
}

json ToJson(const BuildStats& s) {
  json j{{"status", s.status}};
  if (s.ok) {
    j["instructions"] = s.program.instructions;
    j["nop_slots"] = s.program.nops;
    j["padding_instructions"] = s.program.padding_instructions;  // after the last end
    j["padding_nop_slots"] = s.program.padding_nops;
    j["ss"] = s.program.ss;
    j["sy"] = s.program.sy;
    j["full_regs"] = s.program.full_regs;
    j["half_regs"] = s.program.half_regs;
    j["cycles"] = s.cycles;
  }
  return j;
}

}  // namespace

int RunStats(const std::vector<std::string>& args) {
  po::options_description options("stats options");
  options.add_options()("help,h", "show this help")
      ("target", po::value<std::string>()->default_value("a3xx"),
       "GPU target: a3xx (naive and opt builds, --mesa-programs), or r500 (naive and opt builds, in\n"
       "the categories of Mesa's RADEON_DEBUG=pstat)")
      ("seed", po::value<uint64_t>()->default_value(1), "seed of the vector cycles are measured on (as `check --seed`)")
      ("min-instructions", po::value<uint32_t>()->default_value(20),
       "ratios cover shaders whose naive build has at least this many instructions")
      ("json", po::value<std::string>(), "also write every shader's figures as JSON here")
      ("mesa-programs", po::value<std::string>(),
       "also measure the programs Mesa's ir3 built (DIR/<shader hash>.txt, e.g.\n"
       "corpus/external/mesa-ir3) and print opt/mesa ratios and the worst shaders")
      ("verbose,v", "print one line per shader")
      ("files", po::value<std::vector<std::string>>()->composing(), "TGSI files or folders (default: the shipped corpus)");
  po::positional_options_description positional;
  positional.add("files", -1);
  po::variables_map vm;
  if (!ParseArgs(args, options, positional, &vm)) return kExitUsage;
  if (vm.count("help")) {
    PrintUsage("shaderdiff stats [--target a3xx|r500] [FILE|DIR...] [--json OUT.json] [-v] [--mesa-programs DIR]\n\n"
               "Compiles every shader with both a3xx builds and prints code-quality statistics:\n"
               "instructions, nop slots, (ss)/(sy), registers, and the cycles measured on the\n"
               "emulator for one seeded vector; then the distribution of opt/naive ratios over\n"
               "the shaders with at least --min-instructions naive instructions. With\n"
               "--mesa-programs, also Mesa's ir3 programs (tools/ir3_dump) and opt/mesa ratios,\n"
               "also counted up to each program's last end (the nops after it never run).\n\n"
               "--target r500: both r500 builds in the categories r300 developers read\n"
               "(Mesa's RADEON_DEBUG=pstat): total, vector, scalar, flow-control and texture\n"
               "instructions, presubtract operations, temporaries, and the cycles measured on the\n"
               "R500 emulator for the same seeded vector; per shader with -v, then each build's\n"
               "distribution per category over the shaders both builds compile, and the median\n"
               "of the per-shader opt/naive ratios.",
               options);
    return kExitOk;
  }
  const bool r500 = IsR500(vm);
  if (r500 && vm.count("mesa-programs")) {
    std::cerr << "shaderdiff stats: --mesa-programs: r500 has no Mesa build (Mesa's programs are a3xx's)\n";
    return kExitUsage;
  }
  if (!r500) {
    if (const int e = TargetHasCompiler(vm, "stats"); e != kExitOk) return e;
  }
  std::vector<std::string> paths = {WorkspacePath("corpus")};
  if (vm.count("files")) paths = vm["files"].as<std::vector<std::string>>();
  std::vector<harness::CorpusEntry> entries;
  if (!LoadShaderEntries(paths, &entries)) return kExitFailure;
  if (r500) {
    R500StatsRequest request;
    request.entries = std::move(entries);
    request.seed = vm["seed"].as<uint64_t>();
    request.min_instructions = vm["min-instructions"].as<uint32_t>();
    request.verbose = vm.count("verbose") > 0;
    if (vm.count("json")) request.json_path = vm["json"].as<std::string>();
    return RunR500Stats(request);
  }
  harness::CheckOptions copt;
  copt.seed = vm["seed"].as<uint64_t>();
  const uint32_t min_instructions = vm["min-instructions"].as<uint32_t>();
  const bool verbose = vm.count("verbose") > 0;

  json all = json::array();
  std::map<std::string, uint64_t> status_count[2];
  std::vector<std::string> regressions;  // naive ok, opt not
  std::vector<double> r_instr, r_regs, r_cycles, r_nops;
  std::vector<double> naive_instr, opt_instr, naive_regs, opt_regs, naive_cycles, opt_cycles, naive_nops, opt_nops;
  uint64_t tot[2][4] = {{0, 0, 0, 0}, {0, 0, 0, 0}};
  size_t done = 0;
  // opt / mesa, over the shaders both build (any size).
  const std::string mesa_dir = vm.count("mesa-programs") ? vm["mesa-programs"].as<std::string>() : "";
  std::map<std::string, uint64_t> mesa_status;
  std::vector<double> m_instr, m_nops, m_regs, m_cycles, m_instr_end, m_nops_end;
  double m_tot[2][6] = {{0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0}};
  std::vector<std::pair<double, std::string>> worst;
  uint64_t padded[2] = {0, 0};  // opt, mesa programs with words after their last end
  json mesa_json;
  for (const harness::CorpusEntry& e : entries) {
    tgsi::Shader shader;
    common::TestVector vec;
    bool have_vec = false;
    if (!LoadStatsShader(e, copt.seed, &shader, &vec, &have_vec)) return kExitFailure;
    const BuildStats naive = Measure(shader, harness::Build::kNaive, have_vec ? &vec : nullptr);
    const BuildStats opt = Measure(shader, harness::Build::kOptimizing, have_vec ? &vec : nullptr);
    if (!mesa_dir.empty()) {
      const BuildStats mesa = Measure(shader, harness::Build::kMesa, have_vec ? &vec : nullptr,
                                      ir3_dump::ProgramPathIn(mesa_dir, e.hash));
      ++mesa_status[mesa.ok ? "ok" : mesa.status.substr(0, mesa.status.find(':'))];
      if (mesa.ok && opt.ok) {
        const auto ratio = [](double a, double b) { return a / std::max(1.0, b); };
        m_instr.push_back(ratio(opt.program.instructions, mesa.program.instructions));
        m_nops.push_back(ratio(opt.program.nops, mesa.program.nops));
        m_regs.push_back(ratio(opt.program.full_regs, mesa.program.full_regs));
        m_cycles.push_back(ratio(double(opt.cycles), double(mesa.cycles)));
        const auto to_end = [](const harness::ProgramStats& p) {
          return std::pair<double, double>(p.instructions - p.padding_instructions, p.nops - p.padding_nops);
        };
        const auto [o_instr_end, o_nops_end] = to_end(opt.program);
        const auto [m_instr_end_n, m_nops_end_n] = to_end(mesa.program);
        m_instr_end.push_back(ratio(o_instr_end, m_instr_end_n));
        m_nops_end.push_back(ratio(o_nops_end, m_nops_end_n));
        padded[0] += opt.program.padding_instructions > 0;
        padded[1] += mesa.program.padding_instructions > 0;
        for (int k = 0; k < 6; ++k) {
          const double o[6] = {double(opt.program.instructions), double(opt.program.nops),
                               double(opt.program.full_regs), double(opt.cycles), o_instr_end, o_nops_end};
          const double m[6] = {double(mesa.program.instructions), double(mesa.program.nops),
                               double(mesa.program.full_regs), double(mesa.cycles), m_instr_end_n, m_nops_end_n};
          m_tot[0][k] += m[k];
          m_tot[1][k] += o[k];
        }
        worst.push_back({m_instr.back(), e.name + ": opt " + std::to_string(opt.program.instructions) + "i " +
                                             std::to_string(opt.program.nops) + "n " +
                                             std::to_string(opt.program.full_regs) + "r, mesa " +
                                             std::to_string(mesa.program.instructions) + "i " +
                                             std::to_string(mesa.program.nops) + "n " +
                                             std::to_string(mesa.program.full_regs) + "r"});
      }
      mesa_json = ToJson(mesa);
    }
    ++status_count[0][naive.ok ? "ok" : naive.status.substr(0, naive.status.find(':'))];
    ++status_count[1][opt.ok ? "ok" : opt.status.substr(0, opt.status.find(':'))];
    if (naive.ok && !opt.ok) regressions.push_back(e.name + ": " + opt.status);
    all.push_back({{"shader", e.name}, {"hash", harness::HashHex(e.hash)}, {"naive", ToJson(naive)}, {"opt", ToJson(opt)}});
    if (!mesa_dir.empty()) all.back()["mesa"] = mesa_json;
    if (verbose) {
      std::cout << e.name << ": naive " << naive.status;
      if (naive.ok) std::cout << " " << naive.program.instructions << "i " << naive.program.full_regs << "r " << naive.cycles << "c";
      std::cout << " | opt " << opt.status;
      if (opt.ok) std::cout << " " << opt.program.instructions << "i " << opt.program.full_regs << "r " << opt.cycles << "c";
      std::cout << "\n";
    }
    if (naive.ok && opt.ok && naive.program.instructions >= min_instructions && have_vec) {
      r_instr.push_back(double(opt.program.instructions) / naive.program.instructions);
      r_regs.push_back(double(opt.program.full_regs) / std::max<uint32_t>(1, naive.program.full_regs));
      r_cycles.push_back(double(opt.cycles) / std::max<uint64_t>(1, naive.cycles));
      r_nops.push_back(double(opt.program.nops) / std::max<uint32_t>(1, naive.program.nops));
      naive_instr.push_back(naive.program.instructions);
      opt_instr.push_back(opt.program.instructions);
      naive_regs.push_back(naive.program.full_regs);
      opt_regs.push_back(opt.program.full_regs);
      naive_cycles.push_back(double(naive.cycles));
      opt_cycles.push_back(double(opt.cycles));
      naive_nops.push_back(naive.program.nops);
      opt_nops.push_back(opt.program.nops);
      const BuildStats* b[2] = {&naive, &opt};
      for (int k = 0; k < 2; ++k) {
        tot[k][0] += b[k]->program.instructions;
        tot[k][1] += b[k]->program.full_regs;
        tot[k][2] += b[k]->cycles;
        tot[k][3] += b[k]->program.nops;
      }
    }
    if (++done % 500 == 0 && !verbose) std::cerr << "  " << done << "/" << entries.size() << " shaders\n";
  }
  for (int k = 0; k < 2; ++k) {
    std::cout << (k == 0 ? "naive:" : "opt:  ");
    for (const auto& [s, n] : status_count[k]) std::cout << " " << n << " " << s;
    std::cout << "\n";
  }
  std::cout << "naive-supported shaders the opt build does not compile: " << regressions.size() << "\n";
  for (const std::string& r : regressions) std::cout << "  " << r << "\n";
  std::cout << "\n" << r_instr.size() << " shaders with >= " << min_instructions
            << " naive instructions (both builds ok); opt / naive:\n";
  std::cout << "  metric        p10     p25     median  p75     p90     max     | median naive -> opt   | total\n";
  auto row = [&](const char* name, const std::vector<double>& r, const std::vector<double>& a,
                 const std::vector<double>& b, int k) {
    std::printf("  %-12s  %-7s %-7s %-7s %-7s %-7s %-7s | %8.0f -> %-8.0f (%s) | %s\n", name, Pct(Quantile(r, .1)).c_str(),
                Pct(Quantile(r, .25)).c_str(), Pct(Quantile(r, .5)).c_str(), Pct(Quantile(r, .75)).c_str(),
                Pct(Quantile(r, .9)).c_str(), Pct(r.empty() ? 0 : *std::max_element(r.begin(), r.end())).c_str(),
                Quantile(a, .5), Quantile(b, .5), Pct(Quantile(a, .5) ? Quantile(b, .5) / Quantile(a, .5) : 0).c_str(),
                Pct(tot[0][k] ? double(tot[1][k]) / tot[0][k] : 0).c_str());
  };
  std::cout.flush();
  row("instructions", r_instr, naive_instr, opt_instr, 0);
  row("registers", r_regs, naive_regs, opt_regs, 1);
  row("cycles", r_cycles, naive_cycles, opt_cycles, 2);
  row("nop slots", r_nops, naive_nops, opt_nops, 3);
  std::fflush(stdout);
  if (!mesa_dir.empty()) {
    std::cout << "\nmesa: ";
    for (const auto& [st, n] : mesa_status) std::cout << " " << n << " " << st;
    std::cout << "\n" << m_instr.size() << " shaders both opt and mesa build; opt / mesa:\n";
    std::cout << "  metric        p10     p25     median  p75     p90     max     | total\n";
    auto mrow = [&](const char* name, const std::vector<double>& r, int k) {
      std::printf("  %-12s  %-7s %-7s %-7s %-7s %-7s %-7s | %s\n", name, Pct(Quantile(r, .1)).c_str(),
                  Pct(Quantile(r, .25)).c_str(), Pct(Quantile(r, .5)).c_str(), Pct(Quantile(r, .75)).c_str(),
                  Pct(Quantile(r, .9)).c_str(), Pct(r.empty() ? 0 : *std::max_element(r.begin(), r.end())).c_str(),
                  Pct(m_tot[0][k] ? m_tot[1][k] / m_tot[0][k] : 0).c_str());
    };
    mrow("instructions", m_instr, 0);
    mrow("nop slots", m_nops, 1);
    mrow("registers", m_regs, 2);
    mrow("cycles", m_cycles, 3);
    mrow("instr to end", m_instr_end, 4);
    mrow("nops to end", m_nops_end, 5);
    std::cout << "  programs with words after their last end: opt " << padded[0] << ", mesa " << padded[1] << "\n";
    std::fflush(stdout);
    std::stable_sort(worst.begin(), worst.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    std::cout << "  worst opt/mesa instruction ratios:\n";
    for (size_t i = 0; i < worst.size() && i < 10; ++i) std::cout << "    " << Pct(worst[i].first) << " " << worst[i].second << "\n";
  }
  if (vm.count("json")) {
    std::ofstream out(vm["json"].as<std::string>());
    out << json{{"seed", copt.seed}, {"min_instructions", min_instructions}, {"shaders", all}}.dump(1) << "\n";
    if (!out) {
      std::cerr << "shaderdiff stats: cannot write " << vm["json"].as<std::string>() << "\n";
      return kExitFailure;
    }
  }
  return regressions.empty() ? kExitOk : kExitFailure;
}

}  // namespace shaderdiff::cli
