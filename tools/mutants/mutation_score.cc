/* The mutation score (mutation_score.h). */
#include "tools/mutants/mutation_score.h"

#include <array>
#include <chrono>
#include <filesystem>
#include <set>
#include <stdexcept>

#include "compiler/pipeline.h"
#include "compiler/targets/r500/naive/r500_naive.h"
#include "compiler/targets/r500/opt/r500_opt.h"
#include "compiler/tgsi/parser.h"
#include "emulator/a3xx/isa/codec.h"
#include "tools/harness/check.h"
#include "tools/harness/targets.h"
#include "tools/harness/failure_cause.h"
#include "tools/mutants/activation.h"
#include "tools/nightly/run.h"
#include "tools/nightly/worker_pool.h"
#include "tools/report/classify.h"
#include "tools/report/report_model.h"

namespace shaderdiff::mutants {
namespace {

using nlohmann::json;

// What one build made of a shader, compactly (encoded words, not Instrs;
// r500: its listing with the bindings), to tell whether a mutant changed it.
struct Compiled {
  naive::CompileStatus status = naive::CompileStatus::kOk;
  std::string detail;
  a3xx::ShaderState state;
  std::vector<uint64_t> words;
  std::string r500_listing;
  bool operator==(const Compiled&) const = default;
};

// Per selected shader, per check plan (nullopt: the shader does not parse).
using Builds = std::vector<std::vector<std::optional<Compiled>>>;

Compiled Compile(const tgsi::Shader& shader, const harness::CheckOptions& options) {
  const harness::TargetInfo* target = harness::FindTarget(options.target);
  if (target && target->id == harness::TargetId::kR500) {  // a vertex shader is refused
    r500naive::CompileResult r = r500opt::CompileR500Build(shader, options.build == harness::Build::kOptimizing,
                                                           options.opt_bisect_limit);
    Compiled c;
    c.status = r.status == r500naive::Status::kOk            ? naive::CompileStatus::kOk
               : r.status == r500naive::Status::kUnsupported ? naive::CompileStatus::kUnsupported
                                                             : naive::CompileStatus::kError;
    c.detail = std::move(r.detail);
    if (r.status == r500naive::Status::kOk) c.r500_listing = r500naive::Listing(r.program);
    return c;
  }
  compiler::OptOptions opt;
  opt.opt_bisect_limit = options.opt_bisect_limit;
  naive::CompileResult r = compiler::CompileA3xxBuild(shader, options.build == harness::Build::kOptimizing, opt);
  Compiled c;
  c.status = r.status;
  c.detail = std::move(r.detail);
  c.state = std::move(r.program.state);
  for (const a3xx::Instr& in : r.program.instrs) c.words.push_back(a3xx::Encode(in).value_or(~0ull));
  return c;
}

Builds CompileAll(const ScoreRequest& r, const std::vector<std::optional<tgsi::Shader>>& shaders) {
  Builds builds(shaders.size());
  nightly::ForEachIndex(shaders.size(), r.jobs, [] { return false; }, [&](size_t k) {
    builds[k].resize(r.shader_options.checks.size());
    if (!shaders[k]) return;
    for (size_t p = 0; p < r.shader_options.checks.size(); ++p) {
      builds[k][p] = Compile(*shaders[k], r.shader_options.checks[p].options);
    }
  });
  return builds;
}

class Scorer {
 public:
  explicit Scorer(const ScoreRequest& r) : r_(r) {
    for (size_t index : r.selected) {
      tgsi::ParseResult parsed = tgsi::ParseShader(r.corpus->entries[index].text);
      shaders_.push_back(parsed.ok() ? std::optional<tgsi::Shader>(std::move(parsed.shader)) : std::nullopt);
    }
  }

  // One run with `mutant` active (nullptr: the clean compiler).
  MutantRun Run(const compiler::MutantInfo* mutant, bool* interrupted) {
    const auto t0 = std::chrono::steady_clock::now();
    MutantRun run;
    run.mutant = mutant;
    Activate(mutant);
    const Builds builds = CompileAll(r_, shaders_);
    if (mutant == nullptr) clean_builds_ = builds;
    for (size_t p = 0; p < r_.shader_options.checks.size(); ++p) {
      const std::string& config = r_.shader_options.checks[p].config;
      uint64_t& changed = run.changed[config];
      for (size_t k = 0; k < builds.size(); ++k) {
        if (builds[k][p] == clean_builds_[k][p]) continue;
        if (changed++ < r_.max_records) run.changed_files[config].push_back(r_.corpus->entries[r_.selected[k]].name);
      }
    }

    nightly::RunRequest request;
    request.corpus = r_.corpus;
    request.selected = r_.selected;
    request.shader_options = r_.shader_options;
    const std::string program =
        r_.program + (mutant ? " --mutant " + std::string(mutant->name) : std::string());
    request.shader_options.reproduce = [corpus = r_.corpus_arg, program](const harness::CorpusEntry& e,
                                                                         const harness::CheckOptions& o,
                                                                         const harness::CheckOutcome& outcome) {
      return harness::ReproCommand((std::filesystem::path(corpus) / e.name).string(), o, outcome, program);
    };
    request.jobs = r_.jobs;
    request.fork_workers = r_.fork_workers;
    request.deadline_seconds = r_.deadline_seconds;
    const nightly::RunOutcome outcome = nightly::RunSelected(request);
    Activate(nullptr);
    if (!outcome.complete) *interrupted = true;

    nightly::ReportHeader header = r_.header;
    if (mutant) header.settings["mutant"] = std::string(mutant->name);
    run.report = nightly::BuildReport(header, outcome.shaders, outcome.complete);
    for (const auto& [config, counts] : run.report["summary"]["checks"].items()) {
      for (const auto& [verdict, count] : counts.items()) run.verdicts[config][verdict] = count.get<uint64_t>();
    }
    std::string error;
    const std::optional<report::Report> parsed = report::ParseReport(run.report, &error);
    if (!parsed) throw std::logic_error("the run's own report does not parse: " + error);
    const report::Classification c = report::Classify(*parsed, r_.baseline, r_.flakes ? &*r_.flakes : nullptr);
    for (const report::ClassifiedCheck& check : c.checks) {
      if (check.outcome != report::Outcome::kRegression) continue;
      ++run.regressions;
      if (mutant == nullptr) {
        clean_regressions_.insert(check.name);
        continue;
      }
      if (clean_regressions_.count(check.name)) continue;
      ++run.new_regressions;
      std::string key = check.check.config + " " + check.check.verdict;
      if (check.check.verdict == "compile-error") key += ": " + harness::CompileErrorCause(check.check.detail);
      ++run.caught_by[key];
      if (run.records.size() < r_.max_records) {
        run.records.push_back(
            {check.file, check.check.config, check.check.verdict, check.check.detail, check.check.reproduce});
      }
    }
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return run;
  }

 private:
  const ScoreRequest& r_;
  std::vector<std::optional<tgsi::Shader>> shaders_;
  Builds clean_builds_;
  std::set<std::string> clean_regressions_;
};

json RunJson(const MutantRun& run) {
  json j{{"verdicts", run.verdicts}, {"regressions", run.regressions}, {"seconds", run.seconds}};
  if (run.mutant == nullptr) return j;
  j["name"] = std::string(run.mutant->name);
  j["pass"] = std::string(run.mutant->pass);
  j["kind"] = std::string(run.mutant->kind);
  j["description"] = std::string(run.mutant->description);
  j["caught"] = run.caught();
  j["changed"] = run.changed;
  j["changed_files"] = run.changed_files;
  j["new_regressions"] = run.new_regressions;
  j["caught_by"] = run.caught_by;
  j["records"] = json::array();
  for (const Record& rec : run.records) {
    j["records"].push_back({{"file", rec.file},
                            {"config", rec.config},
                            {"verdict", rec.verdict},
                            {"detail", rec.detail},
                            {"reproduce", rec.reproduce}});
  }
  return j;
}

}  // namespace

size_t ScoreResult::caught() const {
  size_t n = 0;
  for (const MutantRun& m : mutants) n += m.caught();
  return n;
}

ScoreResult RunMutationScore(const ScoreRequest& request) {
  ScoreResult result;
  Scorer scorer(request);
  result.clean = scorer.Run(nullptr, &result.interrupted);
  if (request.on_run) request.on_run(result.clean);
  for (const compiler::MutantInfo* m : request.mutants) {
    if (result.interrupted) break;
    result.mutants.push_back(scorer.Run(m, &result.interrupted));
    if (request.on_run) request.on_run(result.mutants.back());
  }
  return result;
}

json ScoreJson(const ScoreRequest& request, const ScoreResult& result) {
  json mutants = json::array();
  for (const MutantRun& m : result.mutants) mutants.push_back(RunJson(m));
  return json{{"schema", 1},
              {"seed", request.header.seed},
              {"corpus",
               {{"path", request.header.corpus_path},
                {"hash", request.header.corpus_hash},
                {"shaders", request.header.corpus_shaders},
                {"selected", request.selected.size()}}},
              {"settings", request.header.settings},
              {"complete", !result.interrupted && result.mutants.size() == request.mutants.size()},
              {"score", {{"caught", result.caught()}, {"total", result.mutants.size()}}},
              {"clean", RunJson(result.clean)},
              {"mutants", mutants}};
}

}  // namespace shaderdiff::mutants
