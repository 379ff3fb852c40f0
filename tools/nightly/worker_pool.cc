/* The worker pool (worker_pool.h). */
#include "tools/nightly/worker_pool.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace shaderdiff::nightly {

size_t ForEachIndex(size_t count, unsigned jobs, const std::function<bool()>& stop,
                    const std::function<void(size_t)>& work) {
  std::atomic<size_t> next{0};
  std::atomic<size_t> started{0};
  std::atomic<bool> failed{false};
  std::mutex error_mutex;
  std::exception_ptr error;
  auto worker = [&] {
    while (!failed.load() && !stop()) {
      const size_t i = next.fetch_add(1);
      if (i >= count) return;
      started.fetch_add(1);
      try {
        work(i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(error_mutex);
        if (!error) error = std::current_exception();
        failed.store(true);
      }
    }
  };
  const size_t threads = std::max<size_t>(1, std::min<size_t>(jobs, count));
  std::vector<std::thread> pool;
  pool.reserve(threads);
  for (size_t t = 0; t < threads; ++t) pool.emplace_back(worker);
  for (std::thread& t : pool) t.join();
  if (error) std::rethrow_exception(error);
  return started.load();
}

}  // namespace shaderdiff::nightly
