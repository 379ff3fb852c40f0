// Dominators against their definition: on random control-flow graphs
// (random edges, unreachable blocks, loops into the entry, self loops,
// duplicate edges) the immediate dominators equal those of the set
// equations solved naively, and Dominates(a, b) equals "every path from
// the entry to b passes a" computed by search with a removed. Deep shapes
// (a 20,000-deep nest, a join with 20,000 predecessors) give the expected
// tree.
#include "compiler/opt/dominators.h"

#include <gtest/gtest.h>

#include <random>

#include "compiler/opt/ir.h"

namespace shaderdiff::opt {
namespace {

Function Graph(size_t nb, const std::vector<std::pair<int32_t, int32_t>>& edges) {
  Function fn;
  fn.blocks.resize(nb);
  for (auto [a, b] : edges) {
    fn.blocks[static_cast<size_t>(a)].succs.push_back(b);
    fn.blocks[static_cast<size_t>(b)].preds.push_back(a);
  }
  return fn;
}

// Blocks reachable from the entry without passing `removed` (-1: none).
std::vector<bool> Reach(const Function& fn, int32_t removed) {
  std::vector<bool> seen(fn.blocks.size(), false);
  if (removed == 0) return seen;
  std::vector<int32_t> stack = {0};
  seen[0] = true;
  while (!stack.empty()) {
    const int32_t b = stack.back();
    stack.pop_back();
    for (int32_t s : fn.blocks[static_cast<size_t>(b)].succs) {
      if (s == removed || seen[static_cast<size_t>(s)]) continue;
      seen[static_cast<size_t>(s)] = true;
      stack.push_back(s);
    }
  }
  return seen;
}

TEST(Dominators, RandomGraphsMatchTheDefinition) {
  std::mt19937 rng(12345);
  for (int round = 0; round < 400; ++round) {
    const size_t nb = 1 + rng() % 24;
    std::vector<std::pair<int32_t, int32_t>> edges;
    const size_t ne = rng() % (3 * nb + 1);
    for (size_t e = 0; e < ne; ++e) {
      edges.push_back({static_cast<int32_t>(rng() % nb), static_cast<int32_t>(rng() % nb)});
    }
    const Function fn = Graph(nb, edges);
    const std::vector<bool> reachable = Reach(fn, -1);
    // dominators[b]: the blocks whose removal cuts b off the entry, plus b.
    std::vector<std::vector<bool>> dominates(nb, std::vector<bool>(nb, false));
    for (size_t a = 0; a < nb; ++a) {
      const std::vector<bool> without = Reach(fn, static_cast<int32_t>(a));
      for (size_t b = 0; b < nb; ++b) dominates[a][b] = reachable[b] && (a == b || !without[b]);
    }
    const DominatorTree tree(fn);
    const std::vector<int32_t>& idom = tree.idom();
    ASSERT_EQ(idom.size(), nb);
    for (size_t b = 0; b < nb; ++b) {
      if (!reachable[b]) {
        EXPECT_EQ(idom[b], -1) << "round " << round << " b" << b;
        for (size_t a = 0; a < nb; ++a) EXPECT_TRUE(tree.Dominates(static_cast<int32_t>(a), static_cast<int32_t>(b)));
        continue;
      }
      if (b == 0) {
        EXPECT_EQ(idom[0], 0);
      } else {
        // The immediate dominator: a strict dominator every other strict dominator dominates.
        const int32_t d = idom[b];
        ASSERT_GE(d, 0) << "round " << round << " b" << b;
        EXPECT_TRUE(dominates[static_cast<size_t>(d)][b] && static_cast<size_t>(d) != b) << "round " << round;
        for (size_t a = 0; a < nb; ++a) {
          if (a != b && dominates[a][b]) {
            EXPECT_TRUE(dominates[a][static_cast<size_t>(d)]) << "round " << round;
          }
        }
      }
      for (size_t a = 0; a < nb; ++a) {
        EXPECT_EQ(tree.Dominates(static_cast<int32_t>(a), static_cast<int32_t>(b)), dominates[a][b])
            << "round " << round << " b" << a << " dom b" << b;
      }
    }
  }
}

TEST(Dominators, DeepNestAndWideJoin) {
  // b0 -> b1 -> ... -> b(n-1) -> join, and every bi also branches to join.
  const int32_t n = 20000;
  std::vector<std::pair<int32_t, int32_t>> edges;
  for (int32_t i = 0; i + 1 < n; ++i) edges.push_back({i, i + 1});
  for (int32_t i = 0; i < n; ++i) edges.push_back({i, n});
  const Function fn = Graph(static_cast<size_t>(n) + 1, edges);
  const DominatorTree tree(fn);
  for (int32_t i = 1; i < n; ++i) ASSERT_EQ(tree.idom()[static_cast<size_t>(i)], i - 1);
  EXPECT_EQ(tree.idom()[static_cast<size_t>(n)], 0);
  EXPECT_TRUE(tree.Dominates(0, n - 1));
  EXPECT_TRUE(tree.Dominates(1, n - 1));
  EXPECT_FALSE(tree.Dominates(n - 1, 1));
  EXPECT_FALSE(tree.Dominates(1, n));
}

}  // namespace
}  // namespace shaderdiff::opt
