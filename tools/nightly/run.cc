/* Running a corpus selection on the worker pool (run.h). */
#include "tools/nightly/run.h"

#include <signal.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <optional>

#include "tools/nightly/interrupt.h"
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

  const auto start = std::chrono::steady_clock::now();
  {
    InterruptGuard guard;
    auto should_stop = [&] {
      if (int sig = InterruptGuard::Requested()) {
        int expected = 0;
        stop_signal.compare_exchange_strong(expected, sig);
        stop = true;
      }
      return stop.load();
    };
    ForEachIndex(todo.size(), req.jobs, should_stop, [&](size_t k) {
      const harness::CorpusEntry& e = corpus.entries[todo[k]];
      ShaderRun run = RunShader(e, req.shader_options);
      std::lock_guard<std::mutex> lock(mutex);
      out.reference_vectors += run.reference_vectors;
      out.reference_seconds += run.reference_seconds;
      out.reference_lane_instructions += run.reference_lane_instructions;
      for (const auto& [config, seconds] : run.check_seconds) out.check_seconds[config] += seconds;
      if (req.journal) {
        std::string error;
        if (!req.journal->Append(todo[k], {e.name, harness::HashHex(e.hash), run.shader}, &error) &&
            out.journal_error.empty()) {
          out.journal_error = error;
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
    });
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
