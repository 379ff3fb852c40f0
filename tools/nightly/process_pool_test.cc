// The worker processes on a handful of copies of one small shader, with a
// stage hook that crashes, throws or hangs chosen stages of chosen shaders:
// every verdict, the continuation after a failed check, the deadline, stop
// and abandon, and that unfailed shaders get exactly RunShader's entry.
#include "tools/nightly/process_pool.h"

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <map>
#include <optional>
#include <stdexcept>

#include <gtest/gtest.h>

namespace shaderdiff::nightly {
namespace {

using nlohmann::json;

constexpr const char* kShader =
    "FRAG\n"
    "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
    "DCL OUT[0], COLOR\n"
    "DCL CONST[0][0..1]\n"
    "DCL TEMP[0], LOCAL\n"
    "IMM[0] FLT32 {    0.5000,     1.0000,     0.0000,     0.0000}\n"
    "  0: MAD TEMP[0], IN[0], CONST[0][0], IMM[0].xxxx\n"
    "  1: RSQ TEMP[0].w, IMM[0].yyyy\n"
    "  2: MOV OUT[0], TEMP[0]\n"
    "  3: END\n";

using Hook = std::function<void(const harness::CorpusEntry&, const std::string&)>;

std::vector<harness::CorpusEntry> Entries(size_t n) {
  std::vector<harness::CorpusEntry> entries;
  for (size_t i = 0; i < n; ++i) {
    const std::string name = "s" + std::to_string(i);
    entries.push_back({name + ".tgsi", name, kShader, 1000 + i});
  }
  return entries;
}

ShaderRunOptions Options(Hook hook = nullptr, std::optional<uint64_t> explore_seed = std::nullopt) {
  harness::CheckOptions base;
  base.vectors = 2;
  base.lanes = 4;
  base.seed = 7;
  ShaderRunOptions o;
  o.reference = base;
  o.checks = DefaultPlans(base);
  o.reproduce = [](const harness::CorpusEntry& e, const harness::CheckOptions&, const harness::CheckOutcome&) {
    return "repro " + e.name;
  };
  o.rerun = [](const harness::CorpusEntry& e, const Rerun& rerun) {
    std::string command = std::string(rerun.mode == RerunMode::kInProcess ? "in-process " : "worker ") + e.name;
    for (const std::string& check : rerun.checks) command += " " + check;
    return command + (rerun.explore ? " explore" : "");
  };
  o.explore_seed = explore_seed;
  o.stage_hook = std::move(hook);
  return o;
}

// The entry of a shader continued at `first_check` in one process (a
// continued optimizing build's check has no naive results to compare with).
json Continued(const harness::CorpusEntry& e, const ShaderRunOptions& options, size_t first_check) {
  return RunShader(e, options, first_check).shader;
}

// A fault in the child, with the default action even under a sanitizer's handler.
[[noreturn]] void Die(int sig) {
  signal(sig, SIG_DFL);
  raise(sig);
  _exit(99);
}

struct Result {
  std::map<size_t, ShaderRun> runs;
  std::vector<std::string> messages;
  ProcessPoolOutcome outcome;
};

struct Controls {
  std::function<bool(const Result&)> stop, abandon;
};

Result RunPool(const std::vector<harness::CorpusEntry>& entries, const ShaderRunOptions& options, unsigned jobs,
           double deadline = 0, Controls controls = {}) {
  std::vector<const harness::CorpusEntry*> shaders;
  for (const harness::CorpusEntry& e : entries) shaders.push_back(&e);
  Result r;
  ProcessPoolCallbacks callbacks;
  callbacks.stop = [&] { return controls.stop && controls.stop(r); };
  callbacks.abandon = [&] { return controls.abandon && controls.abandon(r); };
  callbacks.finished = [&](size_t k, ShaderRun run) {
    EXPECT_TRUE(r.runs.emplace(k, std::move(run)).second) << "shader " << k << " finished twice";
  };
  callbacks.message = [&](const std::string& line) { r.messages.push_back(line); };
  r.outcome = RunInWorkerProcesses(shaders, options, {jobs, deadline}, callbacks);
  return r;
}

TEST(ProcessPool, SameEntriesAsInProcess) {
  const auto entries = Entries(7);
  const ShaderRunOptions options = Options();
  for (unsigned jobs : {1u, 3u, 16u}) {
    Result r = RunPool(entries, options, jobs);
    EXPECT_TRUE(r.outcome.error.empty()) << r.outcome.error;
    EXPECT_EQ(r.outcome.started, entries.size());
    EXPECT_EQ(r.outcome.failed_stages, 0u);
    ASSERT_EQ(r.runs.size(), entries.size()) << "jobs " << jobs;
    for (size_t k = 0; k < entries.size(); ++k) {
      EXPECT_EQ(r.runs[k].shader, RunShader(entries[k], options).shader) << "shader " << k << " jobs " << jobs;
      EXPECT_EQ(r.runs[k].shader["checks"].size(), 4u);  // a3xx/naive, a3xx/opt, r500/naive, r500/opt
      EXPECT_EQ(r.runs[k].reference_vectors, 2u);
    }
  }
}

TEST(ProcessPool, AFailedStageIsItsVerdictAndTheOtherChecksStillRun) {
  const auto entries = Entries(6);
  const ShaderRunOptions options = Options([](const harness::CorpusEntry& e, const std::string& stage) {
    if (e.name == "s1" && stage == "a3xx/naive") Die(SIGSEGV);
    if (e.name == "s2" && stage == "a3xx/opt") Die(SIGABRT);
    if (e.name == "s3" && stage == kReferenceStage) _exit(7);
    if (e.name == "s4" && stage == "a3xx/naive") throw std::runtime_error("boom");
    if (e.name == "s5" && stage != kReferenceStage) Die(SIGKILL);  // every check
  });
  const ShaderRunOptions clean = Options();
  Result r = RunPool(entries, options, 2);
  ASSERT_EQ(r.runs.size(), entries.size());
  EXPECT_EQ(r.outcome.failed_stages, 8u);  // s5's four checks
  EXPECT_EQ(r.messages.size(), 8u);
  const json expected0 = RunShader(entries[0], clean).shader;
  EXPECT_EQ(r.runs[0].shader, expected0);

  auto crashed = [](const std::string& detail, const std::string& reproduce) {
    return json{{"verdict", "crash"}, {"detail", detail}, {"reproduce", reproduce}};
  };
  // s1: naive crashed, opt still checked (in a new worker), alone.
  json s1 = Continued(entries[1], clean, 1);
  EXPECT_FALSE(s1["checks"]["a3xx/opt"].contains("vectors_compared_to_naive"));
  EXPECT_TRUE(RunShader(entries[1], clean).shader["checks"]["a3xx/opt"].contains("vectors_compared_to_naive"));
  s1["checks"]["a3xx/naive"] =
      crashed("killed by SIGSEGV (Segmentation fault) in the a3xx/naive check (compile, emulate, compare)",
              "in-process s1 a3xx/naive");
  EXPECT_EQ(r.runs[1].shader, s1);
  json s2 = RunShader(entries[2], clean).shader;
  s2["checks"]["a3xx/opt"] = crashed("killed by SIGABRT (Aborted) in the a3xx/opt check (compile, emulate, compare)",
                                     "in-process s2 a3xx/naive a3xx/opt");
  EXPECT_EQ(r.runs[2].shader, s2);
  // s3: the reference stage died, so nothing else could run.
  EXPECT_EQ(r.runs[3].shader,
            (json{{"file", "s3"}, {"hash", harness::HashHex(1003)}, {"stage", "?"}, {"verdict", "crash"},
                  {"detail", "exited with status 7 in the reference stage (parse, print, interpreter)"},
                  {"reproduce", "in-process s3"}, {"components", 0}, {"undefined", 0}, {"inexact", 0},
                  {"sets", json::object()}, {"instructions_executed", 0}}));
  json s4 = Continued(entries[4], clean, 1);
  s4["checks"]["a3xx/naive"] =
      crashed("uncaught exception in the a3xx/naive check (compile, emulate, compare): boom", "in-process s4 a3xx/naive");
  EXPECT_EQ(r.runs[4].shader, s4);
  json s5 = RunShader(entries[5], clean).shader;
  // Each check continued in a new worker after the one before crashed: its rerun runs it alone.
  for (const char* config : {"a3xx/naive", "a3xx/opt", "r500/naive", "r500/opt"}) {
    s5["checks"][config] = crashed(std::string("killed by SIGKILL (Killed) in the ") + config +
                                       " check (compile, emulate, compare)",
                                   std::string("in-process s5 ") + config);
  }
  EXPECT_EQ(r.runs[5].shader, s5);
  EXPECT_EQ(r.messages[0].rfind("nightly: crash: s", 0), 0u) << r.messages[0];

  // The verdicts do not depend on the number of workers.
  Result one = RunPool(entries, options, 1);
  ASSERT_EQ(one.runs.size(), entries.size());
  for (size_t k = 0; k < entries.size(); ++k) EXPECT_EQ(one.runs[k].shader, r.runs[k].shader) << k;
}

TEST(ProcessPool, TheDeadlineKillsAHungStage) {
  const auto entries = Entries(4);
  const ShaderRunOptions options = Options([](const harness::CorpusEntry& e, const std::string& stage) {
    if (e.name == "s1" && stage == "a3xx/opt") {
      for (;;) pause();
    }
  });
  Result r = RunPool(entries, options, 2, 0.3);
  ASSERT_EQ(r.runs.size(), entries.size());
  EXPECT_EQ(r.outcome.failed_stages, 1u);
  json s1 = RunShader(entries[1], Options()).shader;
  s1["checks"]["a3xx/opt"] = {
      {"verdict", "timeout"},
      {"detail",
       "over the wall-clock deadline of 0.3 s in the a3xx/opt check (compile, emulate, compare); the worker was killed"},
      {"reproduce", "worker s1 a3xx/naive a3xx/opt"}};
  EXPECT_EQ(r.runs[1].shader, s1);
  EXPECT_EQ(r.runs[3].shader, RunShader(entries[3], Options()).shader);
}

TEST(ProcessPool, StopStartsNothingNewButFinishesWhatIsInFlight) {
  const auto entries = Entries(40);
  // s0's naive check crashes; the stop comes with that crash. s0's opt check
  // (its continuation) still runs, as does every shader already queued in
  // the worker's socket; nothing else starts.
  const ShaderRunOptions options = Options([](const harness::CorpusEntry& e, const std::string& stage) {
    if (e.name == "s0" && stage == "a3xx/naive") Die(SIGSEGV);
  });
  Controls controls;
  controls.stop = [](const Result& r) { return !r.messages.empty(); };
  Result r = RunPool(entries, options, 1, 0, controls);
  EXPECT_LT(r.outcome.started, entries.size());
  EXPECT_EQ(r.runs.size(), r.outcome.started);
  for (size_t k = 0; k < r.outcome.started; ++k) EXPECT_TRUE(r.runs.count(k)) << "shader " << k << " was started";
  ASSERT_TRUE(r.runs.count(0));
  EXPECT_EQ(r.runs[0].shader["checks"]["a3xx/opt"], Continued(entries[0], Options(), 1)["checks"]["a3xx/opt"]);
}

TEST(ProcessPool, AbandonKillsTheBusyWorkersAndDropsTheirShaders) {
  const auto entries = Entries(5);
  const ShaderRunOptions options = Options([](const harness::CorpusEntry& e, const std::string& stage) {
    if (e.name == "s0" && stage == kReferenceStage) {
      for (;;) pause();
    }
  });
  // The abandon comes once s0 has been stuck for a while; the deadline is
  // only a safety net: were abandon ignored, s0 would come back as a
  // timeout after it.
  const auto start = std::chrono::steady_clock::now();
  Controls controls;
  controls.abandon = [&](const Result&) { return std::chrono::steady_clock::now() - start > std::chrono::milliseconds(500); };
  Result r = RunPool(entries, options, 2, 30, controls);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
  EXPECT_FALSE(r.runs.count(0));
  EXPECT_LT(r.runs.size(), entries.size());
  for (const auto& [k, run] : r.runs) EXPECT_EQ(run.shader, RunShader(entries[k], Options()).shader) << k;
  EXPECT_EQ(r.outcome.failed_stages, 0u);
  EXPECT_TRUE(r.outcome.error.empty());
}

TEST(ProcessPool, TheExplorationRunsInTheWorkersAndItsCrashIsAFinding) {
  const auto entries = Entries(4);
  // s1 aborts in its exploration's opt check (after its stable checks
  // passed), s2's stable naive check crashes and its exploration still runs
  // (in the worker that continues it), s3 is killed in the exploration's
  // reference runs.
  const ShaderRunOptions options = Options(
      [](const harness::CorpusEntry& e, const std::string& stage) {
        if (e.name == "s1" && stage == "explore/a3xx/opt") Die(SIGABRT);
        if (e.name == "s2" && stage == "a3xx/naive") Die(SIGSEGV);
        if (e.name == "s3" && stage == kExploreStage) Die(SIGKILL);
      },
      99);
  const ShaderRunOptions clean = Options(nullptr, 99);
  Result r = RunPool(entries, options, 2);
  ASSERT_EQ(r.runs.size(), entries.size());
  // No failure: the entry RunShader gives, exploration included.
  const json s0 = RunShader(entries[0], clean).shader;
  ASSERT_TRUE(s0.contains("explore")) << s0.dump();
  EXPECT_EQ(r.runs[0].shader, s0);
  // s1: its exploration's naive check reported, the opt one is a finding.
  json s1 = RunShader(entries[1], clean).shader;
  s1["explore"]["findings"].push_back(
      {{"config", "a3xx/opt"},
       {"verdict", "crash"},
       {"detail", "killed by SIGABRT (Aborted) in the exploration's a3xx/opt check (compile, emulate, compare)"},
       {"reproduce", "in-process s1 explore"}});
  EXPECT_EQ(r.runs[1].shader, s1);
  // s2: the stable naive check crashed; opt and the exploration ran in the next worker.
  json s2 = Continued(entries[2], clean, 1);
  s2["checks"]["a3xx/naive"] = {
      {"verdict", "crash"},
      {"detail", "killed by SIGSEGV (Segmentation fault) in the a3xx/naive check (compile, emulate, compare)"},
      {"reproduce", "in-process s2 a3xx/naive"}};
  EXPECT_EQ(r.runs[2].shader, s2);
  ASSERT_TRUE(r.runs[2].shader.contains("explore"));
  // s3: the stable entry is whole; the exploration is one finding.
  json s3 = RunShader(entries[3], Options()).shader;
  s3["explore"] = {{"findings",
                    {{{"config", "reference"},
                      {"verdict", "crash"},
                      {"detail", "killed by SIGKILL (Killed) in the exploration's reference runs"},
                      {"reproduce", "in-process s3 explore"}}}}};
  EXPECT_EQ(r.runs[3].shader, s3);
  EXPECT_EQ(r.outcome.failed_stages, 3u);
}

TEST(ProcessPool, NoShaders) {
  Result r = RunPool({}, Options(), 4);
  EXPECT_EQ(r.outcome.started, 0u);
  EXPECT_TRUE(r.runs.empty());
}

}  // namespace
}  // namespace shaderdiff::nightly
