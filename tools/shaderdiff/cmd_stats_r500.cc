// `shaderdiff stats --target r500`: both r500 builds of every shader in
// the categories of Mesa's r300 compiler statistics (RADEON_DEBUG=pstat;
// tools/harness/r500_pstat.h): total, vector, scalar, flow-control and
// texture instructions, presubtract operations, temporaries, and the cycles
// measured on the R500 emulator for the first vector `check` would draw
// (summed over its 2x2 quads, as check's report counts them; hazards trap,
// as in check). Then, over the shaders both builds compile whose naive
// build has at least --min-instructions instructions, each build's
// distribution per category (p10, quartiles, median, p90, max) and total,
// and the median of the per-shader opt/naive ratios (over the shaders where
// the naive figure is not 0).
//
// Invariants: deterministic for a corpus and seed; a shader a build does
// not compile (a vertex shader, an unsupported opcode) is counted by its
// verdict and left out of the distributions, never given figures.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>

#include <nlohmann/json.hpp>

#include "compiler/targets/r500/naive/r500_naive.h"
#include "compiler/targets/r500/opt/r500_opt.h"
#include "emulator/r500/run_vector.h"
#include "tools/harness/check.h"
#include "tools/harness/r500_pstat.h"
#include "tools/shaderdiff/cli.h"
#include "tools/shaderdiff/stats_shared.h"
#include "tools/shaderdiff/stats_r500.h"

namespace shaderdiff::cli {
namespace {

using nlohmann::json;

struct R500BuildStats {
  bool ok = false;
  std::string status;  // "ok", "unsupported: ...", "error: ..."
  harness::R500Pstat pstat;
  uint64_t cycles = 0;
};

R500BuildStats Measure(const tgsi::Shader& shader, const common::TestVector* vector, bool optimizing) {
  R500BuildStats s;
  r500naive::CompileResult r = r500opt::CompileR500Build(shader, optimizing);
  if (r.status != r500naive::Status::kOk) {
    s.status = std::string(r.status == r500naive::Status::kUnsupported ? "unsupported: " : "error: ") + r.detail;
    return s;
  }
  s.pstat = harness::CountR500Pstat(r.program);
  if (vector) {
    r500::RunOptions run_options;
    run_options.trap = true;
    const r500::VectorRun run = r500::RunVector(r.program, *vector, run_options);
    if (run.result.status != common::ExecStatus::kOk || !run.hazards.empty()) {
      s.status = "error: emulator: " + (run.hazards.empty() ? run.result.detail : run.hazards.front().detail);
      return s;
    }
    s.cycles = run.cycles;
  }
  s.ok = true;
  s.status = "ok";
  return s;
}

// The categories in pstat's order, as the text table and the JSON name them.
struct Category {
  const char* name;  // JSON key
  const char* row;   // text row
  uint64_t (*get)(const R500BuildStats&);
};
constexpr Category kCategories[] = {
    {"instructions", "instructions", [](const R500BuildStats& s) -> uint64_t { return s.pstat.instructions; }},
    {"vector", "vector", [](const R500BuildStats& s) -> uint64_t { return s.pstat.vector; }},
    {"scalar", "scalar", [](const R500BuildStats& s) -> uint64_t { return s.pstat.scalar; }},
    {"flow_control", "flow control", [](const R500BuildStats& s) -> uint64_t { return s.pstat.flow_control; }},
    {"tex", "texture", [](const R500BuildStats& s) -> uint64_t { return s.pstat.tex; }},
    {"presubtract", "presubtract", [](const R500BuildStats& s) -> uint64_t { return s.pstat.presubtract; }},
    {"temporaries", "temporaries", [](const R500BuildStats& s) -> uint64_t { return s.pstat.temporaries; }},
    {"cycles", "cycles", [](const R500BuildStats& s) -> uint64_t { return s.cycles; }},
};
constexpr size_t kCategoryCount = sizeof kCategories / sizeof kCategories[0];

json ToJson(const R500BuildStats& s) {
  json j{{"status", s.status}};
  if (s.ok) {
    for (const Category& c : kCategories) j[c.name] = c.get(s);
  }
  return j;
}

// One build's figures over the measured shaders.
struct Distribution {
  std::vector<double> figures[kCategoryCount];
  uint64_t totals[kCategoryCount] = {};
  void Add(const R500BuildStats& b) {
    for (size_t k = 0; k < kCategoryCount; ++k) {
      figures[k].push_back(static_cast<double>(kCategories[k].get(b)));
      totals[k] += kCategories[k].get(b);
    }
  }
  json Print(const char* build) const {
    std::cout << "r500 " << build << ", per shader:\n";
    std::cout << "  metric        p10      p25      median   p75      p90      max      | total\n";
    json medians = json::object();
    for (size_t k = 0; k < kCategoryCount; ++k) {
      const std::vector<double>& f = figures[k];
      std::printf("  %-12s  %-8.1f %-8.1f %-8.1f %-8.1f %-8.1f %-8.0f | %llu\n", kCategories[k].row, Quantile(f, .1),
                  Quantile(f, .25), Quantile(f, .5), Quantile(f, .75), Quantile(f, .9),
                  f.empty() ? 0.0 : *std::max_element(f.begin(), f.end()), static_cast<unsigned long long>(totals[k]));
      medians[kCategories[k].name] = Quantile(f, .5);
    }
    std::fflush(stdout);
    return medians;
  }
};

void PrintVerbose(const std::string& name, const char* build, const R500BuildStats& b) {
  std::cout << (name.empty() ? " | " : name + ": ") << build << " " << b.status;
  if (!b.ok) return;
  const harness::R500Pstat& p = b.pstat;
  std::cout << " " << p.instructions << " inst, " << p.vector << " vector, " << p.scalar << " scalar, " << p.flow_control
            << " flow control, " << p.tex << " tex, " << p.presubtract << " presub, " << p.temporaries << " temps, "
            << b.cycles << " cycles";
}

}  // namespace

int RunR500Stats(const R500StatsRequest& request) {
  json all = json::array();
  std::map<std::string, uint64_t> status_count[2];
  Distribution builds[2];
  std::vector<double> ratios[kCategoryCount];  // opt/naive per shader
  size_t done = 0;
  for (const harness::CorpusEntry& e : request.entries) {
    tgsi::Shader shader;
    common::TestVector vec;
    bool have_vec = false;
    if (!LoadStatsShader(e, request.seed, &shader, &vec, &have_vec)) return kExitFailure;
    const R500BuildStats naive = Measure(shader, have_vec ? &vec : nullptr, false);
    const R500BuildStats opt = Measure(shader, have_vec ? &vec : nullptr, true);
    ++status_count[0][naive.ok ? "ok" : naive.status.substr(0, naive.status.find(':'))];
    ++status_count[1][opt.ok ? "ok" : opt.status.substr(0, opt.status.find(':'))];
    all.push_back({{"shader", e.name}, {"hash", harness::HashHex(e.hash)}, {"naive", ToJson(naive)}, {"opt", ToJson(opt)}});
    if (request.verbose) {
      PrintVerbose(e.name, "naive", naive);
      PrintVerbose("", "opt", opt);
      std::cout << "\n";
    }
    if (naive.ok && opt.ok && have_vec && naive.pstat.instructions >= request.min_instructions) {
      builds[0].Add(naive);
      builds[1].Add(opt);
      for (size_t k = 0; k < kCategoryCount; ++k) {
        if (kCategories[k].get(naive) != 0)
          ratios[k].push_back(static_cast<double>(kCategories[k].get(opt)) / kCategories[k].get(naive));
      }
    }
    if (++done % 500 == 0 && !request.verbose) std::cerr << "  " << done << "/" << request.entries.size() << " shaders\n";
  }
  for (int b = 0; b < 2; ++b) {
    std::cout << (b == 0 ? "naive:" : "opt:  ");
    for (const auto& [st, n] : status_count[b]) std::cout << " " << n << " " << st;
    std::cout << "\n";
  }
  std::cout << "\n" << builds[0].figures[0].size() << " shaders both builds compile with >= " << request.min_instructions
            << " naive instructions;\n";
  const json naive_medians = builds[0].Print("naive");
  const json opt_medians = builds[1].Print("opt");
  json ratio_medians = json::object();
  std::cout << "median of per-shader opt/naive:";
  for (size_t k = 0; k < kCategoryCount; ++k) {
    const char* sep = k + 1 < kCategoryCount ? "," : "\n";
    if (ratios[k].empty()) {  // the naive figure is 0 on every shader: no ratio
      ratio_medians[kCategories[k].name] = nullptr;
      std::printf(" %s -%s", kCategories[k].row, sep);
      continue;
    }
    const double m = Quantile(ratios[k], .5);
    ratio_medians[kCategories[k].name] = m;
    std::printf(" %s %.3f%s", kCategories[k].row, m, sep);
  }
  std::fflush(stdout);
  if (!request.json_path.empty()) {
    std::ofstream out(request.json_path);
    out << json{{"target", "r500"},
                {"seed", request.seed},
                {"min_instructions", request.min_instructions},
                {"medians", {{"naive", naive_medians}, {"opt", opt_medians}, {"opt_over_naive", ratio_medians}}},
                {"shaders", all}}
               .dump(1)
        << "\n";
    if (!out) {
      std::cerr << "shaderdiff stats: cannot write " << request.json_path << "\n";
      return kExitFailure;
    }
  }
  return kExitOk;
}

}  // namespace shaderdiff::cli
