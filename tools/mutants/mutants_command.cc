// `shaderdiff_mutants mutants`: the mutation score (mutation_score.h) from
// the command line. Takes the nightly's own flags (nightly_options.h, the
// same defaults: corpus, vectors, lanes, seed, budget, jobs, --fraction,
// --shader, baseline, flakes, exemptions, --out/--run) plus its own:
//   --mutant NAME     score only these mutants (repeatable; default: all)
//   --json FILE       also write the score as JSON (mutation_score.h's ScoreJson)
//   --max-records N   regressions kept per mutant in the JSON (default 10)
//   --list            print the mutants and exit
// With --out, each run's report.json/index.html/junit.xml go to
// OUT/RUN/<clean|mutant name>/.
//
// Exit status: 0 when the clean compiler has no regression and every scored
// mutant is caught; 1 when a mutant escapes (or the clean run regresses, or
// the input is bad); 2 on a bad command line; 130 when interrupted (the
// finished mutants are printed and written).
#include "tools/mutants/mutants_command.h"

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <set>

#include "tools/harness/corpus.h"
#include "tools/mutants/mutation_score.h"
#include "tools/nightly/run_info.h"
#include "tools/shaderdiff/cli.h"
#include "tools/shaderdiff/nightly_command.h"
#include "tools/shaderdiff/nightly_options.h"
#include "tools/shaderdiff/report_cli.h"

namespace shaderdiff::mutants {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr const char* kUsage =
    "usage: shaderdiff_mutants mutants [--mutant NAME]... [--json FILE] [--max-records N] [--list]\n"
    "                                  [nightly options]\n\n"
    "The mutation score (test-only): runs the default nightly engine over the corpus\n"
    "once with the clean compiler and once per compiler mutant (compiler/support/\n"
    "mutants.def: realistic compiler bugs planted behind a test-only hook), and\n"
    "prints, per mutant, the shaders whose program it changed, the verdict counts of\n"
    "its run and whether it was caught: a check regressed against the baseline that\n"
    "did not regress with the clean compiler. The score is caught of total.\n\n"
    "  --mutant NAME     score only this mutant (repeatable; default: every mutant)\n"
    "  --json FILE       also write the score as JSON\n"
    "  --max-records N   failing checks kept per mutant in the JSON (default 10)\n"
    "  --list            list the mutants (name, pass, kind, description) and exit\n\n"
    "Every nightly option applies (corpus, vectors, seed, jobs, fraction, shader,\n"
    "baseline, --deadline, --no-fork, ...; `shaderdiff nightly --help`), except\n"
    "--resume, --stop-after and --update-baseline: each run's shaders run in the\n"
    "nightly's worker processes, which compile with the mutant (a crash or a\n"
    "deadline timeout is a failing check like any other). With --out, each run's\n"
    "report goes to OUT/RUN/<mutant>/.\n\n"
    "Exit status: 0 if the clean compiler has no regression and every mutant is\n"
    "caught; 1 if a mutant escapes or the clean run regresses; 2 on a bad command\n"
    "line; 130 when interrupted.";

struct Flags {
  std::vector<std::string> mutants;
  std::string json_path;
  size_t max_records = 10;
  bool list = false;
  bool help = false;
  std::vector<std::string> nightly;  // everything else
};

bool ParseFlags(const std::vector<std::string>& args, Flags* f) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](std::string* out) {
      if (i + 1 >= args.size()) {
        std::cerr << "shaderdiff_mutants mutants: " << a << " needs a value\n";
        return false;
      }
      *out = args[++i];
      return true;
    };
    std::string v;
    if (a == "--mutant") {
      if (!value(&v)) return false;
      f->mutants.push_back(v);
    } else if (a == "--json") {
      if (!value(&f->json_path)) return false;
    } else if (a == "--max-records") {
      if (!value(&v)) return false;
      try {
        f->max_records = std::stoul(v);
      } catch (const std::exception&) {
        std::cerr << "shaderdiff_mutants mutants: --max-records needs a number, not '" << v << "'\n";
        return false;
      }
    } else if (a == "--list") {
      f->list = true;
    } else if (a == "--help" || a == "-h") {
      f->help = true;
    } else if (a == "--resume" || a == "--stop-after" || a == "--update-baseline") {
      std::cerr << "shaderdiff_mutants mutants: " << a << " does not apply to the mutation score\n";
      return false;
    } else {
      f->nightly.push_back(a);
    }
  }
  return true;
}

void PrintList() {
  for (const compiler::MutantInfo& m : compiler::AllMutants()) {
    std::cout << m.name << "  [" << m.pass << "] " << m.kind << ": " << m.description << "\n";
  }
}

std::string Counts(const std::map<std::string, uint64_t>& counts) {
  std::string s;
  for (const auto& [what, n] : counts) s += (s.empty() ? "" : ", ") + std::to_string(n) + " " + what;
  return s.empty() ? "-" : s;
}

void PrintRun(const MutantRun& run, size_t index, size_t total) {
  char head[64];
  if (run.mutant == nullptr) {
    std::snprintf(head, sizeof head, "clean compiler (%.1f s):", run.seconds);
    std::cout << head;
    for (const auto& [config, counts] : run.verdicts) std::cout << "\n  " << config << ": " << Counts(counts);
    std::cout << "\n  " << run.regressions << " regression(s) against the baseline\n";
    return;
  }
  std::snprintf(head, sizeof head, "[%zu/%zu] ", index, total);
  std::cout << head << run.mutant->name << " (" << run.mutant->pass << ", " << run.mutant->kind << "): "
            << (run.caught() ? "CAUGHT" : "ESCAPED");
  std::snprintf(head, sizeof head, " (%.1f s)", run.seconds);
  std::cout << head << "\n  changed:";
  for (const auto& [config, n] : run.changed) std::cout << " " << config << " " << n;
  std::cout << "\n";
  for (const auto& [config, counts] : run.verdicts) std::cout << "  " << config << ": " << Counts(counts) << "\n";
  if (run.caught()) std::cout << "  caught by: " << Counts(run.caught_by) << "\n";
}

// OUT/RUN/<name>/: report.json, index.html, junit.xml.
bool WriteRunReport(const fs::path& dir, const MutantRun& run, const cli::Expectations& expectations) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) {
    std::cerr << "shaderdiff_mutants mutants: cannot create " << dir.string() << ": " << ec.message() << "\n";
    return false;
  }
  return cli::WriteRunOutputs(dir, run.report, expectations, dir.filename().string()).has_value();
}

}  // namespace

int RunMutants(const std::vector<std::string>& args, const std::string& program) {
  Flags flags;
  if (!ParseFlags(args, &flags)) return cli::kExitUsage;
  if (flags.help) {
    std::cout << kUsage << "\n";
    return cli::kExitOk;
  }
  if (flags.list) {
    PrintList();
    return cli::kExitOk;
  }
  std::vector<const compiler::MutantInfo*> mutants;
  std::set<std::string_view> seen;
  for (const std::string& name : flags.mutants) {
    const compiler::MutantInfo* m = compiler::FindMutant(name);
    if (!m) {
      std::cerr << "shaderdiff_mutants mutants: no mutant named '" << name << "' (see --list)\n";
      return cli::kExitUsage;
    }
    if (seen.insert(m->name).second) mutants.push_back(m);
  }
  if (flags.mutants.empty()) {
    for (const compiler::MutantInfo& m : compiler::AllMutants()) mutants.push_back(&m);
  }

  cli::NightlyConfig c;
  int exit_code = cli::kExitOk;
  if (!cli::ParseNightlyOptions(flags.nightly, &c, &exit_code)) return exit_code;
  harness::Corpus corpus;
  std::string error;
  if (!harness::LoadCorpus(c.corpus_dir, &corpus, &error)) {
    std::cerr << "shaderdiff_mutants mutants: " << error << "\n";
    return cli::kExitFailure;
  }
  ScoreRequest request;
  request.corpus = &corpus;
  request.corpus_arg = c.corpus_arg;
  if (!cli::SelectShaders(corpus, c, &request.selected)) return cli::kExitUsage;
  cli::Expectations expectations;
  if (!cli::LoadExpectations(c.baseline, c.flakes, c.exemptions, &expectations)) return cli::kExitFailure;
  const harness::CheckOptions base = cli::NightlyCheckOptions(c);
  request.shader_options = {base, nightly::DefaultPlans(base), nullptr, c.corpus_arg, c.explore_seed};
  request.header = {c.seed,
                    c.corpus_arg,
                    harness::HashHex(corpus.hash),
                    corpus.entries.size(),
                    cli::NightlySettings(c, base, request.shader_options.checks, {}),
                    c.shard,
                    c.only};
  request.jobs = c.jobs;
  request.fork_workers = c.fork_workers;
  request.deadline_seconds = c.deadline_seconds;
  request.baseline = expectations.baseline;
  request.flakes = expectations.flakes;
  request.mutants = mutants;
  request.program = program;
  request.max_records = flags.max_records;
  size_t done = 0;
  const bool write_reports = !c.out_arg.empty();
  bool write_failed = false;
  request.on_run = [&](const MutantRun& run) {
    PrintRun(run, done, mutants.size());
    ++done;
    std::cout.flush();
    if (write_reports) {
      const std::string name = run.mutant ? std::string(run.mutant->name) : "clean";
      write_failed |= !WriteRunReport(fs::path(c.out_dir) / c.run_name / name, run, expectations);
    }
  };

  std::cout << "mutation score: " << request.selected.size() << " of " << corpus.entries.size() << " shaders x "
            << c.vectors << " vectors (seed " << c.seed << "), " << mutants.size() << " mutant(s), baseline "
            << (expectations.baseline_path.empty() ? "none" : expectations.baseline_path) << "\n";
  const ScoreResult result = RunMutationScore(request);

  std::cout << "mutation score: " << result.caught() << " of " << result.mutants.size() << " caught";
  if (!result.mutants.empty()) {
    char pct[32];
    std::snprintf(pct, sizeof pct, " (%.1f%%)", 100.0 * static_cast<double>(result.caught()) /
                                                     static_cast<double>(result.mutants.size()));
    std::cout << pct;
  }
  std::cout << "\n";
  for (const MutantRun& m : result.mutants) {
    if (!m.caught()) std::cout << "  escaped: " << m.mutant->name << "\n";
  }
  if (!flags.json_path.empty() &&
      !cli::WriteAtomically(cli::ResolvePath(flags.json_path), ScoreJson(request, result).dump(1) + "\n")) {
    return cli::kExitFailure;
  }
  if (result.interrupted) {
    std::cerr << "shaderdiff_mutants mutants: interrupted after " << result.mutants.size() << " of "
              << mutants.size() << " mutants\n";
    return 128 + SIGINT;
  }
  if (result.clean.regressions > 0) {
    std::cerr << "shaderdiff_mutants mutants: the clean compiler already has " << result.clean.regressions
              << " regression(s) against the baseline; mutants were judged against the clean run\n";
    return cli::kExitFailure;
  }
  if (write_failed) return cli::kExitFailure;
  return result.caught() == result.mutants.size() ? cli::kExitOk : cli::kExitFailure;
}

}  // namespace shaderdiff::mutants
