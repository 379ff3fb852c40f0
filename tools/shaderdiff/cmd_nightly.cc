// `shaderdiff nightly`: every shader of a corpus through every executor on
// seeded vectors (tools/nightly), in worker processes that turn a crash or a
// hang of one stage into that stage's verdict, resumable and shardable;
// writes OUT/RUN/report.json, index.html and junit.xml and classifies the
// run against the baseline. Flags: nightly_options.h; report format:
// reports/README.md.
//
// Invariants: the report's deterministic part (all but "run") depends only
// on the corpus, the seed, the settings and the build: not on --jobs, not
// on interruptions and resumes, not on sharding once merged. Every file is
// written atomically; the journal is flushed per shader. The exit status is
// non-zero only for regressions, bad input and interruptions.
#include <algorithm>
#include <csignal>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>

#include <nlohmann/json.hpp>

#include "tools/harness/check.h"
#include "tools/harness/targets.h"
#include "tools/harness/corpus.h"
#include "tools/nightly/journal.h"
#include "tools/nightly/progress.h"
#include "tools/nightly/report_json.h"
#include "tools/nightly/run.h"
#include "tools/nightly/run_info.h"
#include "tools/nightly/shader_run.h"
#include "tools/shaderdiff/cli.h"
#include "tools/shaderdiff/commands.h"
#include "tools/shaderdiff/nightly_command.h"
#include "tools/shaderdiff/nightly_explain.h"
#include "tools/shaderdiff/nightly_options.h"
#include "tools/shaderdiff/report_cli.h"

namespace shaderdiff::cli {

namespace fs = std::filesystem;
using nlohmann::json;

bool SelectShaders(const harness::Corpus& corpus, const NightlyConfig& c, std::vector<size_t>* selected) {
  std::set<std::string> wanted(c.only.begin(), c.only.end());
  std::set<std::string> found;
  for (size_t i = 0; i < corpus.entries.size(); ++i) {
    const std::string& name = corpus.entries[i].name;
    if (!wanted.empty() && !wanted.count(name)) continue;
    found.insert(name);
    if (c.shard.Contains(i)) selected->push_back(i);
  }
  for (const std::string& name : wanted) {
    if (!found.count(name)) {
      std::cerr << "shaderdiff nightly: --shader " << name << ": not in the corpus " << c.corpus_arg
                << " (give the file relative to the corpus folder, e.g. shaders/001a581d0b479688.tgsi)\n";
      return false;
    }
  }
  return true;
}

harness::CheckOptions NightlyCheckOptions(const NightlyConfig& c) {
  harness::CheckOptions base;
  base.vectors = c.vectors;
  base.lanes = c.lanes;
  base.seed = c.seed;
  base.interpreter_budget = c.budget;
  return base;
}

json NightlySettings(const NightlyConfig& c, const harness::CheckOptions& base,
                     const std::vector<nightly::CheckPlan>& plans, const NightlyHooks& hooks) {
  json targets = json::array();
  // The reference, then each target's executor in plan order (a3xx's always: the report's first executors).
  json executors = json::array({"tgsi-interpreter", harness::Targets().front().executor});
  for (const nightly::CheckPlan& p : plans) {
    targets.push_back(p.config);
    const harness::TargetInfo* t = harness::FindTarget(p.options.target);
    if (t && std::find(executors.begin(), executors.end(), t->executor) == executors.end())
      executors.push_back(t->executor);
  }
  json s{{"vectors", c.vectors},
         {"lanes", c.lanes},
         {"budget", c.budget},
         {"cycle_budget", base.cycle_budget},
         {"hazards", base.hazards == a3xx::HazardMode::kTrap ? "trap" : "stale"},
         {"denormals", "preserve"},
         {"shift_counts", base.shift_counts == a3xx::ShiftCountMode::kHazard ? "hazard" : "mask"},
         {"executors", executors},
         {"targets", targets},
         {"deadline_seconds", c.deadline_seconds}};
  if (!hooks.fault.empty()) s["fault"] = hooks.fault;
  if (c.explore_seed) s["explore_seed"] = *c.explore_seed;
  return s;
}

namespace {

// The checks of the run: every target/build of DefaultPlans, or those --check names.
bool SelectPlans(const NightlyConfig& c, std::vector<nightly::CheckPlan>* plans) {
  if (c.checks.empty()) return true;
  std::set<std::string> wanted(c.checks.begin(), c.checks.end());
  std::vector<nightly::CheckPlan> kept;
  std::string known;
  for (nightly::CheckPlan& plan : *plans) {
    known += (known.empty() ? "" : ", ") + plan.config;
    if (wanted.erase(plan.config)) kept.push_back(std::move(plan));
  }
  if (!wanted.empty()) {
    std::cerr << "shaderdiff nightly: --check " << *wanted.begin() << ": not a target/build of the nightly (" << known
              << ")\n";
    return false;
  }
  *plans = std::move(kept);
  return true;
}

// The command that reruns one shader of this run alone with the same
// settings (ResultFlags: --mesa-programs too), by the same binary
// (ReproProgram, or a test binary with its injected faults), as `rerun`
// says (nightly::Rerun): only some checks, the exploration, in this process (`--no-fork`, so a crash crashes the rerun
// itself, ready for a debugger) or in a worker under the same deadline.
std::string RerunCommand(const NightlyConfig& c, const NightlyHooks& hooks, const harness::CorpusEntry& e,
                         const nightly::Rerun& rerun) {
  std::string cmd =
      (hooks.command.empty() ? ReproProgram() : hooks.command) + " nightly" + ResultFlags(c) + " --shader " + e.name;
  for (const std::string& check : rerun.checks) cmd += " --check " + check;
  if (rerun.explore && c.explore_seed) cmd += " --explore=" + std::to_string(*c.explore_seed);
  cmd += rerun.mode == nightly::RerunMode::kInProcess ? " --no-fork"
                                                      : " --deadline " + FormatDeadline(c.deadline_seconds);
  if (!c.out_arg.empty()) cmd += " --out " + c.out_arg;
  return cmd + " --run repro-" + harness::HashHex(e.hash);
}

// The reproduction command of a failing check. With an injected fault,
// `emulate` would compile without it, so the command reruns the shader
// through the same faulty nightly instead.
nightly::ReproduceFn MakeReproduce(const NightlyConfig& c, const NightlyHooks& hooks) {
  if (hooks.fault.empty()) {
    return [corpus = c.corpus_arg, program = ReproProgram(), mesa_dir = c.mesa_programs_dir,
            mesa_arg = c.mesa_programs_arg](const harness::CorpusEntry& e, const harness::CheckOptions& o,
                                            const harness::CheckOutcome& outcome) {
      harness::CheckOptions shown = o;  // the Mesa program's path as the user gave its folder
      if (shown.mesa_program.rfind(mesa_dir + "/", 0) == 0)
        shown.mesa_program = mesa_arg + shown.mesa_program.substr(mesa_dir.size());
      return harness::ReproCommand((fs::path(corpus) / e.name).string(), shown, outcome, program);
    };
  }
  return [c, hooks](const harness::CorpusEntry& e, const harness::CheckOptions& o, const harness::CheckOutcome&) {
    nightly::Rerun rerun;
    rerun.explore = c.explore_seed && o.seed == *c.explore_seed;  // a finding
    rerun.mode = nightly::RerunMode::kWorker;
    return RerunCommand(c, hooks, e, rerun);
  };
}

double Round3(double x) { return std::round(x * 1000) / 1000; }

double Percent(uint64_t part, uint64_t whole) { return whole ? 100.0 * static_cast<double>(part) / whole : 0.0; }

json RunObject(const nightly::GitState& git, std::chrono::system_clock::time_point started,
               const nightly::RunOutcome& r, const NightlyConfig& c) {
  json run{{"git_revision", git.revision},
           {"git_dirty", git.dirty},
           {"started", nightly::UtcTimestamp(started)},
           {"finished", nightly::UtcTimestamp(std::chrono::system_clock::now())},
           {"wall_seconds", Round3(r.wall_seconds)},
           {"jobs", c.jobs},
           {"workers", c.fork_workers ? "processes" : "threads"},
           {"failed_stages", r.failed_stages},
           {"shaders_run", r.shaders_run},
           {"shaders_resumed", r.shaders_resumed},
           {"vectors_run", r.reference_vectors},
           {"vectors_per_second", Round3(r.wall_seconds > 0 ? r.reference_vectors / r.wall_seconds : 0)},
           {"shaders_per_second", Round3(r.wall_seconds > 0 ? r.shaders_run / r.wall_seconds : 0)}};
  // Throughput by stage (seconds summed over workers): the interpreter's
  // lane-instructions per second, and each target/build's checked vectors
  // per second (compile + emulate + compare).
  run["interpreter_seconds"] = Round3(r.reference_seconds);
  run["interpreter_lane_instructions_per_second"] =
      std::round(r.reference_seconds > 0 ? r.reference_lane_instructions / r.reference_seconds : 0);
  for (const auto& [config, seconds] : r.check_seconds) {
    run["check_seconds"][config] = Round3(seconds);
    run["check_vectors_per_second"][config] = Round3(seconds > 0 ? r.reference_vectors / seconds : 0);
  }
  if (!r.slowest_stage.empty()) {
    run["slowest_stage"] = {{"test", r.slowest_stage}, {"seconds", Round3(r.slowest_stage_seconds)}};
  }
  if (r.stop_signal != 0) run["stopped_by"] = r.stop_signal == SIGTERM ? "SIGTERM" : "SIGINT";
  if (r.abandoned) run["abandoned_in_flight"] = true;
  return run;
}

void PrintRunSummary(const NightlyConfig& c, const harness::Corpus& corpus, const nightly::RunOutcome& r,
                     const json& summary) {
  std::cout << "nightly: " << r.shaders.size() << " of " << corpus.entries.size() << " shaders";
  if (!c.shard.Whole()) std::cout << " (shard " << c.shard.Name() << ")";
  char line[160];
  std::snprintf(line, sizeof line, " x %u vectors, %u job(s): %zu run in %.1f s (%.0f vectors/s through the interpreter)",
                c.vectors, c.jobs, r.shaders_run, r.wall_seconds,
                r.wall_seconds > 0 ? r.reference_vectors / r.wall_seconds : 0.0);
  std::cout << line;
  if (r.shaders_resumed) std::cout << ", " << r.shaders_resumed << " taken from the journal";
  std::cout << "\n  reference:";
  for (const auto& [verdict, count] : summary["verdicts"].items()) std::cout << " " << count << " " << verdict;
  std::cout << "\n";
  for (const auto& [config, counts] : summary["checks"].items()) {
    std::cout << "  " << config << ":";
    for (const auto& [verdict, count] : counts.items()) std::cout << " " << count << " " << verdict;
    std::cout << "\n";
  }
  std::cout << "  output components: " << summary["output_components"] << ", undefined "
            << summary["undefined_components"] << ", inexact " << summary["inexact_components"] << "\n";
  std::cout << "  allowed sets:";
  for (const auto& [kind, count] : summary["component_sets"].items()) std::cout << " " << kind << " " << count;
  std::cout << "\n";
  const json& b = summary["branches"];
  const json& rel = summary["relative_addressing"];
  std::snprintf(line, sizeof line, "  branches both ways: %llu of %llu (%.1f%%); relative addressing: %llu shaders, ",
                static_cast<unsigned long long>(b["both_ways"].get<uint64_t>()),
                static_cast<unsigned long long>(b["total"].get<uint64_t>()),
                Percent(b["both_ways"].get<uint64_t>(), b["total"].get<uint64_t>()),
                static_cast<unsigned long long>(rel["shaders"].get<uint64_t>()));
  std::cout << line;
  std::snprintf(line, sizeof line, "%llu of %llu output components index-out-of-range (%.1f%%)\n",
                static_cast<unsigned long long>(rel["index_out_of_range"].get<uint64_t>()),
                static_cast<unsigned long long>(rel["output_components"].get<uint64_t>()),
                Percent(rel["index_out_of_range"].get<uint64_t>(), rel["output_components"].get<uint64_t>()));
  std::cout << line;
}

// The exploration's new findings (never regressions: they do not change the
// exit status), at most `limit` of them.
void PrintFindings(const report::Report& r, const json& summary, uint64_t seed, size_t limit) {
  size_t n = 0;
  for (const report::ShaderResult& s : r.shaders) n += s.findings.size();
  std::cout << "explore (seed " << seed << "): " << n << " new finding(s), not regressions";
  if (summary.contains("explore")) {
    const json& b = summary["explore"]["branches"];
    std::cout << "; branches both ways with the exploration: " << b["both_ways"] << " of " << b["total"];
  }
  std::cout << "\n";
  size_t shown = 0;
  for (const report::ShaderResult& s : r.shaders) {
    for (const report::CheckResult& f : s.findings) {
      if (shown++ == limit) {
        std::cout << "  ... (the report lists them all)\n";
        return;
      }
      std::cout << "  " << report::TestName(s.file, f.config) << ": " << f.verdict
                << (f.detail.empty() ? "" : ": " + f.detail) << "\n";
      if (!f.reproduce.empty()) std::cout << "    reproduce: " << f.reproduce << "\n";
    }
  }
}

// Opens the journal: loads it for --resume (when there is one), else starts
// a new one. Returns false after printing why.
bool OpenJournal(const fs::path& path, const json& identity, bool resume, nightly::JournalEntries* entries,
                 nightly::JournalWriter* writer) {
  std::error_code ec;
  const bool exists = fs::exists(path, ec);
  std::string error;
  if (resume && exists) {
    bool torn = false;
    if (!nightly::LoadJournal(path, identity, entries, &torn, &error)) {
      std::cerr << "shaderdiff nightly: " << error << "\n";
      return false;
    }
    std::cerr << "nightly: resuming: " << entries->size() << " shader(s) already done in " << path.string()
              << (torn ? " (dropped a torn last line)" : "") << "\n";
  } else if (resume) {
    std::cerr << "nightly: --resume: no journal at " << path.string() << "; starting from the beginning\n";
  } else if (exists) {
    std::cerr << "nightly: discarding the journal of an earlier interrupted run (--resume continues it)\n";
  }
  if (!writer->Open(path, identity, *entries, &error)) {
    std::cerr << "shaderdiff nightly: " << error << "\n";
    return false;
  }
  return true;
}

}  // namespace

int RunNightly(const std::vector<std::string>& args) { return RunNightlyWith(args, {}); }

int RunNightlyWith(const std::vector<std::string>& args, const NightlyHooks& hooks) {
  NightlyConfig c;
  int exit_code = kExitOk;
  if (!ParseNightlyOptions(args, &c, &exit_code)) return exit_code;
  if (c.bazel_sharding) {
    if (const char* status = std::getenv("TEST_SHARD_STATUS_FILE")) std::ofstream(status, std::ios::app);
  }

  harness::Corpus corpus;
  std::string error;
  if (!harness::LoadCorpus(c.corpus_dir, &corpus, &error)) {
    std::cerr << "shaderdiff nightly: " << error << "\n";
    return kExitFailure;
  }
  if (corpus.entries.empty()) {
    std::cerr << "shaderdiff nightly: no *.tgsi files under " << c.corpus_dir << "\n";
    return kExitFailure;
  }
  std::vector<size_t> selected;
  if (!SelectShaders(corpus, c, &selected)) return kExitUsage;
  Expectations expectations;
  if (!LoadExpectations(c.baseline, c.flakes, c.exemptions, &expectations)) return kExitFailure;

  const harness::CheckOptions base = NightlyCheckOptions(c);
  // a3xx/mesa when there are Mesa programs: the default folder may be
  // absent (a corpus of one's own), a folder given by --mesa-programs not.
  const bool mesa = fs::is_directory(c.mesa_programs_dir);
  if (!mesa && c.mesa_programs_given) {
    std::cerr << "shaderdiff nightly: --mesa-programs " << c.mesa_programs_arg << ": not a folder\n";
    return kExitUsage;
  }
  std::vector<nightly::CheckPlan> plans = nightly::DefaultPlans(base, mesa ? c.mesa_programs_dir : "");
  if (!SelectPlans(c, &plans)) return kExitUsage;
  nightly::ShaderRunOptions shader_options;
  shader_options.reference = base;
  shader_options.checks = std::move(plans);
  shader_options.reproduce = MakeReproduce(c, hooks);
  shader_options.rerun = [&c, &hooks](const harness::CorpusEntry& e, const nightly::Rerun& rerun) {
    return RerunCommand(c, hooks, e, rerun);
  };
  shader_options.corpus = c.corpus_arg;
  shader_options.explore_seed = c.explore_seed;
  shader_options.stage_hook = hooks.stage_fault;
  for (nightly::CheckPlan& plan : shader_options.checks) {
    if (plan.options.build == harness::Build::kOptimizing) plan.options.post_compile = hooks.opt_fault;
  }
  nightly::ReportHeader header{c.seed, c.corpus_arg, harness::HashHex(corpus.hash), corpus.entries.size(),
                               NightlySettings(c, base, shader_options.checks, hooks), c.shard, c.only};

  const fs::path run_dir = fs::path(c.out_dir) / c.run_name;
  std::error_code ec;
  fs::create_directories(run_dir, ec);
  if (ec) {
    std::cerr << "shaderdiff nightly: cannot create " << run_dir.string() << ": " << ec.message() << "\n";
    return kExitFailure;
  }
  const fs::path journal_path = run_dir / "journal.jsonl";
  nightly::JournalWriter journal;
  nightly::RunRequest request;
  json identity = nightly::RunIdentity(header);
  identity["build"] = nightly::BuildFingerprint();  // a rebuilt binary may compute other results
  if (!OpenJournal(journal_path, identity, c.resume, &request.resumed, &journal)) {
    return kExitFailure;
  }
  // Journal entries outside this run's selection (another shard or --shader
  // set) stay in the journal but not in the report.
  size_t resumed_here = 0;
  for (size_t index : selected) resumed_here += request.resumed.count(index);

  const nightly::GitState git = nightly::ReadGitState(WorkspacePath("."));
  const auto started = std::chrono::system_clock::now();
  nightly::Progress progress(selected.size(), resumed_here, nightly::Progress::StderrIsTerminal());
  request.corpus = &corpus;
  request.selected = selected;
  request.shader_options = std::move(shader_options);
  request.jobs = c.jobs;
  request.fork_workers = c.fork_workers;
  request.deadline_seconds = c.deadline_seconds;
  request.journal = &journal;
  request.stop_after = c.stop_after;
  request.progress = &progress;
  const nightly::RunOutcome outcome = nightly::RunSelected(request);
  journal.Close();
  // A failure of the run itself (a journal append on a full disk) is named
  // first: writing the report may then fail for the same reason.
  if (!outcome.error.empty()) std::cerr << "shaderdiff nightly: " << outcome.error << "\n";

  json report = nightly::BuildReport(header, outcome.shaders, outcome.complete);
  // The explain phase (nightly_explain.h): only after a complete run, whose
  // regressions are final.
  std::optional<ExplainPhaseOutcome> explained;
  if (outcome.complete && outcome.error.empty()) {
    std::string parse_error;
    if (std::optional<report::Report> first = report::ParseReport(report, &parse_error)) {
      const report::Classification classified =
          report::Classify(*first, expectations.baseline, expectations.flakes ? &*expectations.flakes : nullptr);
      ExplainPhaseConfig explain_config;
      explain_config.budget_seconds = c.explain_budget;
      explain_config.cap_seconds = c.explain_cap;
      explain_config.jobs = c.jobs;
      explain_config.program = hooks.command.empty() ? ReproProgram() : hooks.command;
      explain_config.run_dir = run_dir;
      explain_config.explore_seed = c.explore_seed;
      explained = ExplainRegressions(&report, classified, *first, corpus, request.shader_options.checks, explain_config);
    }
  }
  report["run"] = RunObject(git, started, outcome, c);
  if (explained && explained->cases > 0) report["run"]["explain"] = ExplainRunObject(*explained);
  const int explain_signal = explained ? explained->stop_signal : 0;
  // The outputs first: printing may fail (a closed pipe), writing must not wait for it.
  report::Report parsed;
  std::optional<report::Classification> classification =
      WriteRunOutputs(run_dir, report, expectations, c.run_name, &parsed);
  if (!classification) return kExitFailure;
  // The report now holds every entry; after an interrupted explain phase the
  // journal stays, so --resume takes every shader from it and explains again.
  if (outcome.complete && explain_signal == 0) fs::remove(journal_path, ec);
  PrintRunSummary(c, corpus, outcome, report["summary"]);
  PrintClassificationSummary(*classification);
  if (!expectations.baseline_path.empty()) {
    std::cout << "  (baseline " << expectations.baseline_path << ")\n";
  } else {
    std::cout << "  (no baseline: every non-pass is a regression; --update-baseline writes "
              << c.baseline.path << ")\n";
  }
  PrintRegressions(*classification, 20);
  if (c.explore_seed) PrintFindings(parsed, report["summary"], *c.explore_seed, 20);
  if (classification->Count(report::Outcome::kFix) > 0) {
    std::cout << "fixed (accept with --update-baseline):\n";
    PrintFixes(*classification, 20);
  }
  std::cout << "wrote " << (run_dir / "report.json").string() << ", index.html and junit.xml\n";

  if (!outcome.error.empty()) return kExitFailure;  // named above
  if (!outcome.complete) {
    std::cerr << "nightly: interrupted after " << outcome.shaders.size() << " of " << selected.size()
              << " shaders" << (outcome.abandoned ? " (the shaders in flight were abandoned)" : "")
              << "; the report is partial (\"complete\": false). Continue with --resume.\n";
    if (c.update_baseline) std::cerr << "nightly: the baseline is not updated from an interrupted run\n";
    return 128 + (outcome.stop_signal != 0 ? outcome.stop_signal : SIGINT);
  }
  if (explain_signal != 0) {
    std::cerr << "nightly: the explain phase was interrupted: the report holds the explanations done; "
              << "--resume explains again\n";
    return 128 + explain_signal;
  }
  if (c.update_baseline) {
    return WriteUpdatedBaseline(c.baseline.path, parsed, expectations.baseline) ? kExitOk : kExitFailure;
  }
  return classification->Clean() ? kExitOk : kExitFailure;
}

}  // namespace shaderdiff::cli
