/* Running a corpus selection on workers (run.h). */
#include "tools/nightly/run.h"

#include <signal.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <optional>

#include "tools/nightly/interrupt.h"
#include "tools/nightly/process_pool.h"
#include "tools/nightly/worker_pool.h"

namespace shaderdiff::nightly {

RunOutcome RunSelected(const RunRequest& req) {
  RunOutcome out;
  const harness::Corpus& corpus = *req.corpus;
  std::vector<size_t> todo;
  for (size_t index : req.selected) {
    if (!req.resumed.count(index)) todo.push_back(index);
  }
  out.shaders_resumed = req.selected.size() - todo.size();

  std::vector<std::optional<nlohmann::json>> results(todo.size());
  std::mutex mutex;  // guards results, the journal, the progress display and the counters below
  std::atomic<bool> stop{false};
  std::atomic<int> stop_signal{0};
  size_t finished = 0;

  // A finished shader: stored, journaled, counted (any worker, any thread).
  auto finish = [&](size_t k, ShaderRun run) {
    const harness::CorpusEntry& e = corpus.entries[todo[k]];
    std::lock_guard<std::mutex> lock(mutex);
    out.reference_vectors += run.reference_vectors;
    out.reference_seconds += run.reference_seconds;
    out.reference_lane_instructions += run.reference_lane_instructions;
    auto slowest = [&](const std::string& stage, double seconds) {
      if (seconds <= out.slowest_stage_seconds) return;
      out.slowest_stage_seconds = seconds;
      out.slowest_stage = e.name + "@" + stage;
    };
    slowest(kReferenceStage, run.reference_seconds);
    for (const auto& [config, seconds] : run.check_seconds) {
      out.check_seconds[config] += seconds;
      slowest(config, seconds);
    }
    if (req.journal) {
      std::string error;
      if (!req.journal->Append(todo[k], {e.name, harness::HashHex(e.hash), run.shader}, &error) && out.error.empty()) {
        out.error = error;
        stop = true;
      }
    }
    results[k] = std::move(run.shader);
    ++finished;
    if (req.progress) req.progress->ShaderDone();
    if (req.stop_after != 0 && finished == req.stop_after) {
      int expected = 0;
      stop_signal.compare_exchange_strong(expected, SIGINT);
      stop = true;
    }
  };
  auto message = [&](const std::string& line) {
    std::lock_guard<std::mutex> lock(mutex);
    if (req.progress) {
      req.progress->Message(line);
    } else {
      std::fprintf(stderr, "%s\n", line.c_str());
    }
  };
  auto should_stop = [&] {
    if (int sig = InterruptGuard::Requested()) {
      int expected = 0;
      if (stop_signal.compare_exchange_strong(expected, sig) && req.fork_workers) {
        message(std::string("nightly: ") + (sig == SIGTERM ? "SIGTERM" : "SIGINT") +
                ": finishing the shaders in flight; a second signal abandons them");
      }
      stop = true;
    }
    return stop.load();
  };

  const auto start = std::chrono::steady_clock::now();
  if (req.fork_workers) {
    InterruptGuard guard(2);
    std::vector<const harness::CorpusEntry*> shaders;
    for (size_t index : todo) shaders.push_back(&corpus.entries[index]);
    ProcessPoolCallbacks callbacks;
    callbacks.stop = should_stop;
    callbacks.abandon = [&] {
      if (InterruptGuard::Count() < 2) return false;
      out.abandoned = true;
      return true;
    };
    callbacks.finished = finish;
    callbacks.message = message;
    const ProcessPoolOutcome pool = RunInWorkerProcesses(shaders, req.shader_options,
                                                         {req.jobs, req.deadline_seconds}, callbacks);
    out.failed_stages = pool.failed_stages;
    if (!pool.error.empty() && out.error.empty()) out.error = pool.error;
  } else {
    InterruptGuard guard(1);
    ForEachIndex(todo.size(), req.jobs, should_stop,
                 [&](size_t k) { finish(k, RunShader(corpus.entries[todo[k]], req.shader_options)); });
  }
  out.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (req.progress) req.progress->Finish();

  out.shaders_run = finished;
  out.stop_signal = stop_signal.load();
  size_t k = 0;
  for (size_t index : req.selected) {
    if (auto it = req.resumed.find(index); it != req.resumed.end()) {
      out.shaders.push_back(it->second.shader);
    } else {
      if (results[k]) out.shaders.push_back(std::move(*results[k]));
      ++k;
    }
  }
  // A stop that came when nothing was left to claim interrupted nothing.
  out.complete = out.shaders.size() == req.selected.size();
  if (out.complete) out.stop_signal = 0;
  return out;
}

}  // namespace shaderdiff::nightly
