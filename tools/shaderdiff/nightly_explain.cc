// The nightly's explain phase (nightly_explain.h).
#include "tools/shaderdiff/nightly_explain.h"

#include <signal.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>

#include "compiler/tgsi/validate.h"
#include "tools/explain/case_explanation.h"
#include "tools/harness/check.h"
#include "tools/harness/vector_gen.h"
#include "tools/nightly/forked_tasks.h"
#include "tools/nightly/interrupt.h"
#include "tools/nightly/report_json.h"
#include "tools/shaderdiff/cli.h"

namespace shaderdiff::cli {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// A regression or a finding to explain.
struct Case {
  std::string name;      // test name <file>@<config>
  std::string file, config, verdict;
  bool finding = false;
  size_t shader = 0;     // index in report["shaders"]
  size_t finding_index = 0;
  const harness::CorpusEntry* entry = nullptr;
  const nightly::CheckPlan* plan = nullptr;
  json explanation;      // set when decided without a child
};

json Note(const std::string& status, const std::string& reason) { return {{"status", status}, {"reason", reason}}; }

// Why a case is explained without a child, or null to run it.
json Decide(const Case& c, const ExplainPhaseConfig& config) {
  if (config.budget_seconds <= 0) return Note("off", "explaining is off (--explain-budget 0)");
  if (c.config == report::kReferenceConfig) {
    return Note("skipped", "the reference interpreter's own verdict: there is no build to reduce, bisect or explain");
  }
  if (c.verdict == "crash") {
    return Note("skipped", "a crash has no failure signature to reduce (rerun its reproduce command under a debugger)");
  }
  if (c.verdict == "unsupported" || c.verdict == "untested" || c.verdict == "not-applicable" || c.verdict == "pass") {
    return Note("skipped", "a " + c.verdict + " check has no failing value to explain");
  }
  if (!c.entry) return Note("skipped", "the shader is not in the corpus this run loaded");
  if (!c.plan) return Note("skipped", "the check " + c.config + " is not one of this run's target/builds");
  if (c.plan->options.build == harness::Build::kMesa) {
    return Note("skipped",
                "a program Mesa's ir3 built: reducing it needs that compiler, which stays outside the repository "
                "(tools/harness/MESA.md)");
  }
  if (c.plan->options.target != "a3xx") {
    return Note("skipped", "reduce, bisect and explain work on a3xx programs only so far, not on " +
                               c.plan->options.target + "'s (rerun its reproduce command)");
  }
  return nullptr;
}

// "shaders/0a.tgsi@a3xx/opt" -> "shaders_0a.tgsi@a3xx-opt" (a folder name).
std::string Slug(const Case& c) {
  std::string file = c.file, config = c.config;
  for (char& ch : file) ch = ch == '/' ? '_' : ch;
  for (char& ch : config) ch = ch == '/' ? '-' : ch;
  return (c.finding ? "explore-" : "") + file + "@" + config;
}

// In the child: the case checked again to find its vector, then reduced,
// bisected and explained. Returns {"explanation": ..., "files": {...}}.
std::string ExplainInChild(const Case& c, const ExplainPhaseConfig& config) {
  const tgsi::FrontDoorResult parsed = tgsi::ParseAndValidate(c.entry->text);
  if (!parsed.ok()) return json{{"explanation", Note("skipped", "the shader does not pass the front door")}}.dump();
  harness::CheckOptions options = c.plan->options;
  if (c.finding && config.explore_seed) options.seed = *config.explore_seed;
  const harness::CheckOutcome outcome = harness::CheckShader(parsed.shader, c.entry->hash, options);
  const std::string verdict(harness::VerdictName(outcome.verdict));
  if (verdict != c.verdict) {
    return json{{"explanation", Note("not-reproduced", "the check gives " + verdict +
                                                           (outcome.detail.empty() ? "" : ": " + outcome.detail) +
                                                           " when run again, not the record's " + c.verdict)}}
        .dump();
  }
  const harness::VectorChoice choice =
      outcome.vector ? *outcome.vector : harness::ChooseVector(options, c.entry->hash, 0, parsed.shader);
  common::TestVector vector;
  std::string error;
  if (!harness::GenerateVector(parsed.shader, harness::VectorOptionsFor(choice), &vector, &error)) {
    return json{{"explanation", Note("skipped", "no vector: " + error)}}.dump();
  }
  explain::CaseBudget budget;
  budget.seconds = config.budget_seconds;
  budget.max_oracle_calls = explain::OracleCallsFor(config.budget_seconds);
  const json source = {{"check", c.name}, {"verdict", c.verdict}, {"seed", choice.seed}, {"lanes", choice.lanes},
                       {"edges", choice.edges}, {"dictionary", choice.dictionary}};
  explain::CaseExplanation x = explain::ExplainCase(parsed.shader, vector, options, budget, config.program, source);
  if (x.reduced) x.explanation["reduced"]["reproduce"] = "explain/" + Slug(c) + "/repro.sh";
  return json{{"explanation", x.explanation}, {"files", x.files}}.dump();
}

bool WriteCaseFiles(const fs::path& dir, const json& files) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return false;
  for (const auto& [name, text] : files.items()) {
    if (!text.is_string() || !WriteAtomically(dir / name, text.get<std::string>())) return false;
    if (name.ends_with(".sh")) {
      fs::permissions(dir / name, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                      fs::perm_options::add, ec);
    }
  }
  return true;
}

std::string Seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f s", s);
  return buf;
}

}  // namespace

ExplainPhaseOutcome ExplainRegressions(json* report, const report::Classification& classification,
                                       const report::Report& parsed, const harness::Corpus& corpus,
                                       const std::vector<nightly::CheckPlan>& plans, const ExplainPhaseConfig& config) {
  ExplainPhaseOutcome out;
  const auto start = std::chrono::steady_clock::now();
  std::map<std::string, const harness::CorpusEntry*> entries;
  for (const harness::CorpusEntry& e : corpus.entries) entries[e.name] = &e;
  std::map<std::string, size_t> shader_index;
  const json& shaders = (*report)["shaders"];
  for (size_t i = 0; i < shaders.size(); ++i) shader_index[shaders[i].value("file", "")] = i;
  auto plan_of = [&](const std::string& config_name) -> const nightly::CheckPlan* {
    for (const nightly::CheckPlan& p : plans) {
      if (p.config == config_name) return &p;
    }
    return nullptr;
  };
  auto make = [&](const std::string& file, const report::CheckResult& check, bool finding) {
    Case c;
    c.name = report::TestName(file, check.config);
    c.file = file;
    c.config = check.config;
    c.verdict = check.verdict;
    c.finding = finding;
    c.shader = shader_index.at(file);
    if (auto it = entries.find(file); it != entries.end()) c.entry = it->second;
    c.plan = plan_of(check.config);
    c.explanation = Decide(c, config);
    return c;
  };
  std::vector<Case> cases;
  for (const report::ClassifiedCheck& k : classification.checks) {
    if (k.outcome == report::Outcome::kRegression && shader_index.count(k.file)) cases.push_back(make(k.file, k.check, false));
  }
  for (const report::ShaderResult& s : parsed.shaders) {
    for (size_t j = 0; j < s.findings.size(); ++j) {
      Case c = make(s.file, s.findings[j], true);
      c.finding_index = j;
      cases.push_back(std::move(c));
    }
  }
  out.cases = cases.size();
  if (cases.empty()) return out;

  std::vector<size_t> todo;
  for (size_t k = 0; k < cases.size(); ++k) {
    if (cases[k].explanation.is_null()) todo.push_back(k);
  }
  if (!todo.empty()) {
    std::cerr << "nightly: explaining " << todo.size() << " regression(s) and finding(s) (reduce, bisect, explain; "
              << config.budget_seconds << " s each, " << config.cap_seconds
              << " s in all); Ctrl-C keeps what is done\n";
    nightly::InterruptGuard guard(2);
    size_t done = 0;
    bool capped = false;
    nightly::ForkedTaskCallbacks callbacks;
    callbacks.stop = [&] {
      if (nightly::InterruptGuard::Requested()) return true;
      capped = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >= config.cap_seconds;
      return capped;
    };
    callbacks.abandon = [] { return nightly::InterruptGuard::Count() >= 2; };
    callbacks.started = [&](size_t t) {
      std::cerr << "nightly: explaining " << t + 1 << "/" << todo.size() << ": " << cases[todo[t]].name << "\n";
    };
    callbacks.finished = [&](size_t t, nightly::ForkedTaskResult r) {
      Case& c = cases[todo[t]];
      ++done;
      out.case_seconds[c.name] = std::round(r.seconds * 1000) / 1000;
      if (r.abandoned) {
        c.explanation = Note("interrupted", "stopped by a second signal before it finished");
      } else if (!r.output) {
        c.explanation = Note(r.timed_out ? "timeout" : "crash", "reduce, bisect or explain " + r.ended);
      } else {
        json j = json::parse(*r.output, nullptr, false);
        if (j.is_discarded() || !j.contains("explanation")) {
          c.explanation = Note("crash", "the explaining process wrote no explanation");
        } else {
          c.explanation = std::move(j["explanation"]);
          if (j.contains("files") && !WriteCaseFiles(config.run_dir / "explain" / Slug(c), j["files"])) {
            c.explanation["files_error"] = "cannot write " + (config.run_dir / "explain" / Slug(c)).string();
          }
        }
      }
      std::cerr << "nightly: explained " << done << "/" << todo.size() << ": " << c.name << ": "
                << c.explanation.value("status", "?") << " (" << Seconds(r.seconds) << ")\n";
    };
    out.run = nightly::RunForkedTasks(todo.size(), config.jobs, 2 * config.budget_seconds + 10,
                                      [&](size_t t) { return ExplainInChild(cases[todo[t]], config); }, callbacks);
    out.stop_signal = nightly::InterruptGuard::Requested();
    for (size_t k : todo) {
      Case& c = cases[k];
      if (!c.explanation.is_null()) continue;
      if (out.stop_signal) {
        c.explanation = Note("interrupted", std::string("not started: the run was stopped by ") +
                                                (out.stop_signal == SIGTERM ? "SIGTERM" : "SIGINT"));
      } else {
        c.explanation = Note("skipped", "not started: the run's explain time (--explain-cap " +
                                            Seconds(config.cap_seconds) + ") was spent");
        c.explanation["budget_exhausted"] = "run-cap";
      }
    }
    (void)capped;
  }
  json& report_shaders = (*report)["shaders"];
  for (Case& c : cases) {
    ++out.statuses[c.explanation.value("status", "?")];
    json& s = report_shaders[c.shader];
    if (c.finding) {
      s["explore"]["findings"][c.finding_index]["explanation"] = std::move(c.explanation);
    } else if (c.config == report::kReferenceConfig) {
      s["explanation"] = std::move(c.explanation);  // the reference pseudo-check is the entry itself
    } else {
      s["checks"][c.config]["explanation"] = std::move(c.explanation);
    }
  }
  (*report)["summary"] = nightly::Summarize(report_shaders.get<std::vector<json>>());  // counts the explanations too
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

json ExplainRunObject(const ExplainPhaseOutcome& o) {
  return {{"seconds", std::round(o.seconds * 1000) / 1000}, {"cases", o.cases}, {"run", o.run},
          {"case_seconds", o.case_seconds}};
}

}  // namespace shaderdiff::cli
