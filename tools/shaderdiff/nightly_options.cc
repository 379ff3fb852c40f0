// `shaderdiff nightly`'s flags (nightly_options.h).
#include "tools/shaderdiff/nightly_options.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <thread>

#include "tools/harness/rng.h"
#include "tools/shaderdiff/cli.h"

namespace shaderdiff::cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* kSynopsis =
    "shaderdiff nightly [--corpus DIR] [--vectors N] [--seed S] [--explore[=S]] [--date YYYYMMDD]\n"
    "                  [--jobs N] [--out DIR] [--run NAME]\n"
    "                  [--fraction N --fraction-start K] [--resume] [--shader FILE]... [--check T/B]...\n"
    "                  [--deadline SECONDS | --no-fork] [--explain-budget SECONDS] [--explain-cap SECONDS]\n"
    "                  [--baseline FILE] [--flakes FILE] [--exemptions FILE] [--update-baseline]\n\n"
    "Runs every corpus shader through the parser, the canonical printer (which must\n"
    "reproduce the file) and the TGSI reference interpreter on N seeded vectors, then\n"
    "the differential check for every target and build (a3xx/naive, a3xx/opt,\n"
    "a3xx/mesa: the programs Mesa's ir3 built, from --mesa-programs, r500/naive and\n"
    "r500/opt) against the same reference runs, on --jobs worker processes. r500 runs\n"
    "only fragment shaders: its check of a\n"
    "vertex shader is not-applicable (the hardware has no such stage; never a\n"
    "regression, with or without a baseline, and no baseline lists it), while one of\n"
    "a fragment shader the translator does not support yet is unsupported (Skip in a\n"
    "baseline, a regression when not listed); r500 hazards always trap.\n"
    "Writes OUT/RUN/report.json\n"
    "(schema: reports/README.md), index.html and junit.xml, classified against the\n"
    "baseline (deqp-runner 'name,Status' lines; tests are <file>@<target>/<build> and\n"
    "<file>@reference). The report is the same for any --jobs; apart from its \"run\"\n"
    "object (revision, timestamps, throughput) the same seed, corpus and build give a\n"
    "byte-identical report.json. The run folder is nightly-YYYYMMDD (the UTC date, or\n"
    "--date), not the seed: the seed stays fixed so that baselines stay stable.\n\n"
    "Exploration: --explore adds, on top of the stable seed's vectors, as many vectors\n"
    "from an exploration seed that changes every night (derived from the date; give\n"
    "--explore=S to choose it, --date to redo another night's). What they find that the\n"
    "stable vectors do not is listed as new findings (report, HTML, JUnit), never as a\n"
    "regression: the exit status ignores them, and the stable results, their\n"
    "classification and --update-baseline are the same as without --explore.\n\n"
    "Crashes and hangs: a worker process that dies while running a stage of a\n"
    "shader (a signal such as SIGSEGV or SIGABRT, a failed assertion, SIGKILL from\n"
    "outside, an exit, an uncaught exception) gives that stage the verdict 'crash'\n"
    "(the reference stage: <file>@reference; a check: <file>@<target>/<build>; the\n"
    "exploration: a new finding), and a stage running longer than --deadline gives\n"
    "'timeout' (its worker is killed). Either way the record names the stage and how\n"
    "it ended, a reproduction command reruns that shader with the checks its worker\n"
    "ran up to the failed one (with --no-fork for a crash, so it crashes in the\n"
    "foreground, ready for gdb --args), the shader's other checks still run in a new\n"
    "worker, the verdict is journaled like any other (--resume never reruns it),\n"
    "and the run goes on. Baselines spell them Crash and Timeout.\n\n"
    "Explaining: after the run, each regression and each --explore finding is reduced\n"
    "(shaderdiff reduce), bisected to the culprit rewrite (optimizing build) and\n"
    "explained down to the first machine instruction whose value the reference does\n"
    "not allow (shaderdiff explain), in a forked process per case, --explain-budget\n"
    "seconds each (default 10; 0: off), --explain-cap seconds in all (default 600).\n"
    "The record gets an \"explanation\" (report schema 2), the HTML row expands to it,\n"
    "the JUnit failure names the culprit and the instruction, and RUN/explain/<test>/\n"
    "holds the reduced case with its repro.sh. A crash or hang of one is recorded\n"
    "there; Ctrl-C keeps what is done (the journal stays for --resume).\n\n"
    "Exit status: 0 if nothing regressed (fixes are listed, they do not fail the run);\n"
    "1 if a check regressed (a non-pass the baseline does not list with that status,\n"
    "and not a listed flake) or the input is bad; 2 on a bad command line; 130\n"
    "(SIGINT, or --stop-after) or 143 (SIGTERM) when interrupted: workers finish the\n"
    "shaders they hold (eight at most), a valid partial report marked \"complete\": false is\n"
    "written, and --resume continues from the journal (OUT/RUN/journal.jsonl, one line\n"
    "per finished shader, removed once the run completes). A second signal kills the\n"
    "workers still busy (a stuck one too) and writes the partial report without\n"
    "their shaders; a third kills at once. With --no-fork the second one kills at once.\n\n"
    "Sharding: --fraction N --fraction-start K (1-based) runs shader i (0-based, corpus\n"
    "order) iff i % N == K - 1, as deqp-runner does. Under `bazel test` with\n"
    "shard_count, TEST_TOTAL_SHARDS and TEST_SHARD_INDEX choose the shard instead,\n"
    "TEST_SHARD_STATUS_FILE is touched and OUT defaults to $TEST_UNDECLARED_OUTPUTS_DIR.\n"
    "`shaderdiff merge` combines the shard reports into the report of the whole run.";

bool Bad(const std::string& message, int* exit_code) {
  std::cerr << "shaderdiff nightly: " << message << "\n";
  *exit_code = kExitUsage;
  return false;
}

// The default --deadline: a minute per 16 vectors, since a stage's work
// grows with the vectors it runs. The slowest stage of the shipped corpus at
// 16 vectors, the reference runs of a shader that spends the whole
// interpreter budget, takes about 7 s on a loaded machine (a report's
// run.slowest_stage shows it), which leaves room for sanitizer builds.
double DefaultDeadlineSeconds(uint32_t vectors) { return 60.0 * std::max<uint64_t>(1, (uint64_t{vectors} + 15) / 16); }

std::string Resolve(const std::string& path) { return fs::path(path).is_absolute() ? path : WorkspacePath(path); }

}  // namespace

std::string UtcDate(std::chrono::system_clock::time_point t) {
  const std::time_t tt = std::chrono::system_clock::to_time_t(t);
  std::tm tm{};
  gmtime_r(&tt, &tm);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y%m%d", &tm);
  return buf;
}

bool ValidDate(const std::string& date) {
  if (date.size() != 8 || date.find_first_not_of("0123456789") != std::string::npos) return false;
  const int year = std::stoi(date.substr(0, 4)), month = std::stoi(date.substr(4, 2)), day = std::stoi(date.substr(6, 2));
  if (year < 1970 || month < 1 || month > 12 || day < 1) return false;
  constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return day <= kDays[month - 1] + (month == 2 && leap ? 1 : 0);
}

uint64_t ExploreSeedForDate(const std::string& date) {
  return harness::Rng(std::stoull(date) ^ 0x6578706c6f726521ull).Next();
}

std::string FormatDeadline(double seconds) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", seconds);
  return buf;
}

std::string ResultFlags(const NightlyConfig& c) {
  std::string flags = " --corpus " + c.corpus_arg + " --seed " + std::to_string(c.seed) + " --vectors " +
                      std::to_string(c.vectors) + " --lanes " + std::to_string(c.lanes) + " --budget " +
                      std::to_string(c.budget);
  if (c.mesa_programs_given) flags += " --mesa-programs " + c.mesa_programs_arg;
  return flags;
}

bool ParseNightlyOptions(const std::vector<std::string>& args, NightlyConfig* c, int* exit_code,
                         std::chrono::system_clock::time_point now) {
  po::options_description options("nightly options");
  options.add_options()
      ("help,h", "show this help")
      ("corpus", po::value<std::string>()->default_value("corpus"), "corpus folder (every *.tgsi below it)")
      ("mesa-programs", po::value<std::string>(),
       "the a3xx/mesa build's programs: a folder of Mesa ir3 variant dumps named <shader hash>.txt\n"
       "(default CORPUS/external/mesa-ir3, and the a3xx/mesa check runs only when that folder\n"
       "exists; tools/ir3_dump/README.md); a shader without one is untested (\"no Mesa program\"),\n"
       "never a pass")
      ("vectors", po::value<uint32_t>()->default_value(kDefaultNightlyVectors), "seeded vectors per shader (odd ones carry edge values)")
      ("lanes", po::value<uint32_t>()->default_value(16), "lanes per vector (a multiple of 4; GEOM always runs 1)")
      ("seed", po::value<uint64_t>()->default_value(20261121), "run seed; the same seed, corpus and build give the same report")
      ("explore", po::value<std::string>()->implicit_value(""),
       "also run the vectors of an exploration seed (default: derived from --date, new every night); what they "
       "find is reported as new findings, never as regressions")
      ("date", po::value<std::string>(), "the run's date, YYYYMMDD (default: today, UTC): names the run and derives "
       "the exploration seed")
      ("budget", po::value<uint64_t>()->default_value(100'000),
       "interpreter instruction budget per wave (terminating corpus shaders use under 1,000 per vector; "
       "a vector that exhausts it is one the shader loops forever on: listed under the shader's \"timeouts\" "
       "and skipped, never a failure; a shader with no other vector is untested)")
      ("jobs,j", po::value<uint32_t>(), "worker processes (default: every core, std::thread::hardware_concurrency)")
      ("deadline", po::value<double>(),
       "wall-clock seconds one stage of one shader may take (the reference runs, one check, or the exploration) "
       "before its worker is killed and the stage's verdict is timeout; 0: none (default: 60 per 16 vectors)")
      ("no-fork", "run the shaders on threads of this process instead of worker processes: a crash ends the run "
       "and there is no deadline (for debugging; a crash's reproduction command uses it)")
      ("out", po::value<std::string>(), "folder for the run's report folder (default: reports/out)")
      ("run", po::value<std::string>(),
       "name of the run's report folder (default: nightly-<YYYYMMDD>, plus -<K>of<N> for a shard, -only with --shader "
       "or --check)")
      ("resume", "continue an interrupted run from its journal in OUT/RUN (same seed, corpus and settings; after "
       "midnight UTC give the run's --date too, which the default run name and exploration seed follow)")
      ("fraction", po::value<uint64_t>(), "run one N-th of the corpus (deqp-runner's --fraction)")
      ("fraction-start", po::value<uint64_t>(), "which N-th, 1..N (deqp-runner's --fraction-start; default 1)")
      ("shader", po::value<std::vector<std::string>>()->composing(),
       "run only this corpus file (relative to the corpus folder, e.g. shaders/001a581d0b479688.tgsi); repeatable")
      ("check", po::value<std::vector<std::string>>()->composing(),
       "run only this target/build's check (a3xx/naive, a3xx/opt, a3xx/mesa, r500/naive) after the reference stage; "
       "repeatable "
       "(default: all)")
      ("baseline", po::value<std::string>(), "expected non-passes, 'name,Status' lines (default: CORPUS/baseline.csv if it exists; with --vectors N other "
       "than 16, CORPUS/baseline-vectorsN.csv, or CORPUS/baseline.csv while that does not exist; --update-baseline "
       "writes CORPUS/baseline-vectorsN.csv)")
      ("flakes", po::value<std::string>(), "known flakes in the same format, never regressions (default: CORPUS/flakes.csv if it exists)")
      ("exemptions", po::value<std::string>(),
       "manual exemptions to validate before the run and check for staleness after it "
       "(default: CORPUS/exemptions.json if it exists)")
      ("update-baseline", "write the baseline (--baseline, created if missing) from this complete run: the way to "
       "accept fixes and new expected failures (entries of shaders not in the run are kept); then exit 0")
      ("explain-budget", po::value<double>()->default_value(10),
       "after the run, reduce, bisect and explain each regression and --explore finding within this many seconds "
       "(its reduction gets 100 oracle calls per second, at most 1,000); the report's record gets an "
       "\"explanation\" and RUN/explain/<test>/ the reduced case; 0: off")
      ("explain-cap", po::value<double>()->default_value(600),
       "seconds the whole explain phase may take; cases not started by then say budget_exhausted \"run-cap\"")
      ("stop-after", po::value<uint64_t>(), "testing: stop after N shaders exactly as SIGINT would (exit 130)");
  po::variables_map vm;
  if (!ParseArgs(args, options, {}, &vm)) {
    *exit_code = kExitUsage;
    return false;
  }
  if (vm.count("help")) {
    PrintUsage(kSynopsis, options);
    *exit_code = kExitOk;
    return false;
  }
  c->corpus_arg = vm["corpus"].as<std::string>();
  c->corpus_dir = Resolve(c->corpus_arg);
  c->mesa_programs_arg =
      vm.count("mesa-programs") ? vm["mesa-programs"].as<std::string>() : c->corpus_arg + "/external/mesa-ir3";
  c->mesa_programs_dir = Resolve(c->mesa_programs_arg);
  c->mesa_programs_given = vm.count("mesa-programs") > 0;
  c->vectors = vm["vectors"].as<uint32_t>();
  c->lanes = vm["lanes"].as<uint32_t>();
  c->seed = vm["seed"].as<uint64_t>();
  c->budget = vm["budget"].as<uint64_t>();
  if (c->vectors == 0) return Bad("--vectors must be at least 1", exit_code);
  if (c->lanes == 0 || c->lanes % 4 != 0 || c->lanes > 4096) {
    return Bad("--lanes must be a multiple of 4 from 4 to 4096", exit_code);
  }
  if (c->budget == 0) return Bad("--budget must be at least 1", exit_code);
  if (vm.count("jobs")) {
    const uint32_t jobs = vm["jobs"].as<uint32_t>();
    if (jobs < 1 || jobs > 4096) return Bad("--jobs must be from 1 to 4096", exit_code);
    c->jobs = jobs;
  } else {
    c->jobs = std::max(1u, std::thread::hardware_concurrency());
  }
  c->fork_workers = vm.count("no-fork") == 0;
  c->deadline_seconds = c->fork_workers ? DefaultDeadlineSeconds(c->vectors) : 0;
  if (vm.count("deadline")) {
    const double deadline = vm["deadline"].as<double>();
    if (!(deadline >= 0 && deadline <= 1e6)) return Bad("--deadline must be from 0 to 1000000 seconds", exit_code);
    if (!c->fork_workers && deadline != 0) {
      return Bad("--deadline needs worker processes: a thread cannot be stopped (drop --no-fork)", exit_code);
    }
    c->deadline_seconds = deadline;
  }
  c->explain_budget = vm["explain-budget"].as<double>();
  c->explain_cap = vm["explain-cap"].as<double>();
  if (!(c->explain_budget >= 0 && c->explain_budget <= 1e5)) {
    return Bad("--explain-budget must be from 0 to 100000 seconds", exit_code);
  }
  if (!(c->explain_cap >= 0 && c->explain_cap <= 1e7)) return Bad("--explain-cap must be from 0 to 10000000 seconds", exit_code);
  c->resume = vm.count("resume") > 0;
  c->update_baseline = vm.count("update-baseline") > 0;
  if (vm.count("stop-after")) {
    c->stop_after = vm["stop-after"].as<uint64_t>();
    if (c->stop_after == 0) return Bad("--stop-after must be at least 1", exit_code);
  }
  if (vm.count("shader")) c->only = vm["shader"].as<std::vector<std::string>>();
  if (vm.count("check")) c->checks = vm["check"].as<std::vector<std::string>>();

  // The shard: flags or Bazel's environment, never both.
  std::string error;
  std::optional<nightly::Shard> bazel;
  if (!nightly::ShardFromBazel(std::getenv("TEST_TOTAL_SHARDS"), std::getenv("TEST_SHARD_INDEX"), &bazel, &error)) {
    return Bad(error, exit_code);
  }
  if (vm.count("fraction-start") && !vm.count("fraction")) return Bad("--fraction-start needs --fraction", exit_code);
  if (vm.count("fraction")) {
    if (bazel) return Bad("--fraction conflicts with Bazel's TEST_TOTAL_SHARDS; give one or the other", exit_code);
    const uint64_t start = vm.count("fraction-start") ? vm["fraction-start"].as<uint64_t>() : 1;
    if (!nightly::MakeShard(vm["fraction"].as<uint64_t>(), start, &c->shard, &error)) return Bad(error, exit_code);
  } else if (bazel) {
    c->shard = *bazel;
    c->bazel_sharding = true;
  }

  const char* undeclared = std::getenv("TEST_UNDECLARED_OUTPUTS_DIR");
  if (vm.count("out")) {
    c->out_arg = vm["out"].as<std::string>();
    c->out_dir = Resolve(c->out_arg);
  } else if (c->bazel_sharding && undeclared != nullptr) {
    c->out_dir = undeclared;
  } else {
    c->out_dir = Resolve("reports/out");
  }
  c->date = vm.count("date") ? vm["date"].as<std::string>() : UtcDate(now);
  if (!ValidDate(c->date)) return Bad("--date must be YYYYMMDD, a real day (got '" + c->date + "')", exit_code);
  if (vm.count("explore")) {
    const std::string given = vm["explore"].as<std::string>();
    if (given.empty()) {
      c->explore_seed = ExploreSeedForDate(c->date);
    } else {
      char* end = nullptr;
      errno = 0;
      const unsigned long long seed = std::strtoull(given.c_str(), &end, 10);
      if (errno != 0 || end == given.c_str() || *end != '\0' || given[0] == '-') {
        return Bad("--explore takes a seed (a non-negative integer), or nothing for the date's", exit_code);
      }
      c->explore_seed = seed;
    }
    if (*c->explore_seed == c->seed) return Bad("--explore's seed must differ from --seed", exit_code);
  }
  // A --shader or --check run gets a folder of its own, so rerunning one
  // shader never overwrites the whole run's report.
  c->run_name = vm.count("run") ? vm["run"].as<std::string>()
                                : "nightly-" + c->date + (c->shard.Whole() ? "" : "-" + c->shard.Name()) +
                                      (c->only.empty() && c->checks.empty() ? "" : "-only");
  if (c->run_name.empty() || c->run_name.find('/') != std::string::npos || c->run_name == "." || c->run_name == "..") {
    return Bad("--run must be a folder name (no '/')", exit_code);
  }

  auto expectation = [&](const char* flag, const std::string& default_path) {
    if (vm.count(flag)) return ExpectationFile{vm[flag].as<std::string>(), true};
    return ExpectationFile{default_path, false};
  };
  const fs::path corpus(c->corpus_dir);
  c->baseline = expectation("baseline", DefaultBaselinePath(c->corpus_dir, c->vectors, c->update_baseline));
  c->baseline.required &= !c->update_baseline;  // --update-baseline may create it
  c->flakes = expectation("flakes", (corpus / "flakes.csv").string());
  c->exemptions = expectation("exemptions", (corpus / "exemptions.json").string());
  return true;
}

}  // namespace shaderdiff::cli
