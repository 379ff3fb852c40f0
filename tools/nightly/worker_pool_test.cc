#include "tools/nightly/worker_pool.h"

#include <atomic>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

namespace shaderdiff::nightly {
namespace {

TEST(WorkerPool, EveryIndexExactlyOnce) {
  for (unsigned jobs : {1u, 2u, 7u, 64u}) {
    std::vector<std::atomic<int>> hits(1000);
    size_t started = ForEachIndex(hits.size(), jobs, [] { return false; }, [&](size_t i) { hits[i]++; });
    EXPECT_EQ(started, hits.size());
    for (size_t i = 0; i < hits.size(); ++i) ASSERT_EQ(hits[i].load(), 1) << "index " << i << " jobs " << jobs;
  }
}

TEST(WorkerPool, EmptyRange) {
  EXPECT_EQ(ForEachIndex(0, 4, [] { return false; }, [](size_t) { FAIL(); }), 0u);
}

TEST(WorkerPool, StopsClaimingButFinishesStartedWork) {
  std::atomic<size_t> done{0};
  std::atomic<bool> stop{false};
  size_t started = ForEachIndex(1000, 3, [&] { return stop.load(); }, [&](size_t) {
    if (done.fetch_add(1) + 1 == 10) stop = true;
  });
  EXPECT_EQ(started, done.load());  // nothing claimed was abandoned
  EXPECT_GE(started, 10u);
  EXPECT_LE(started, 12u);  // at most one more per other worker
}

TEST(WorkerPool, RethrowsTheFirstException) {
  EXPECT_THROW(ForEachIndex(100, 4, [] { return false; },
                            [](size_t i) {
                              if (i == 5) throw std::runtime_error("boom");
                            }),
               std::runtime_error);
}

}  // namespace
}  // namespace shaderdiff::nightly
