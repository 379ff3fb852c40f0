// Lengauer-Tarjan immediate dominators and the O(1) dominance query (see
// dominators.h). Blocks are renumbered in depth-first preorder (1..n, 0 for
// none) so the semidominator comparisons are integer comparisons.
//
// The working arrays are a per-thread scratch, assigned (sized and filled)
// at the start of every call and reused across calls: the verifier and CSE
// ask once per pass run, so a compile asks dozens of times, and fresh
// vectors were ~150 allocations per fuzz program. Every array is fully
// assigned before it is read, so no call sees another's values.
#include "compiler/opt/dominators.h"

namespace shaderdiff::opt {

namespace {

struct Scratch {
  std::vector<int32_t> num, vertex, parent, semi, best, ancestor, dom, same, path;
  std::vector<std::vector<int32_t>> bucket;
  std::vector<std::pair<int32_t, size_t>> stack;
  std::vector<int32_t> child_begin, children;  // DominatorTree: the tree as offsets + a flat list
};

Scratch& ThreadScratch() {
  thread_local Scratch scratch;
  return scratch;
}

}  // namespace

std::vector<int32_t> ImmediateDominators(const std::vector<ir::Block>& blocks) {
  const size_t nb = blocks.size();
  std::vector<int32_t> idom(nb, -1);
  if (nb == 0) return idom;
  Scratch& sc = ThreadScratch();
  // Depth-first preorder over succs: num[b] (0: unreached), vertex[i], parent.
  std::vector<int32_t>& num = sc.num;
  std::vector<int32_t>& vertex = sc.vertex;
  std::vector<int32_t>& parent = sc.parent;
  num.assign(nb, 0);
  vertex.assign(nb + 1, -1);
  parent.assign(nb + 1, 0);
  int32_t n = 0;
  {
    std::vector<std::pair<int32_t, size_t>>& stack = sc.stack;
    stack.assign(1, {0, 0});
    num[0] = ++n;
    vertex[1] = 0;
    while (!stack.empty()) {
      auto& [b, next] = stack.back();
      const std::vector<int32_t>& succs = blocks[static_cast<size_t>(b)].succs;
      if (next == succs.size()) {
        stack.pop_back();
        continue;
      }
      const int32_t s = succs[next++];
      if (num[static_cast<size_t>(s)] != 0) continue;
      num[static_cast<size_t>(s)] = ++n;
      vertex[static_cast<size_t>(n)] = s;
      parent[static_cast<size_t>(n)] = num[static_cast<size_t>(b)];
      stack.push_back({s, 0});
    }
  }
  // In preorder numbers from here on.
  const size_t size = static_cast<size_t>(n) + 1;
  std::vector<int32_t>& semi = sc.semi;
  std::vector<int32_t>& best = sc.best;
  std::vector<int32_t>& ancestor = sc.ancestor;
  std::vector<int32_t>& dom = sc.dom;
  std::vector<int32_t>& same = sc.same;
  semi.resize(size);
  best.resize(size);
  ancestor.assign(size, 0);
  dom.assign(size, 0);
  same.assign(size, 0);
  std::vector<std::vector<int32_t>>& bucket = sc.bucket;
  if (bucket.size() < size) bucket.resize(size);
  for (size_t i = 0; i < size; ++i) bucket[i].clear();  // keeps their capacity
  for (size_t i = 0; i < size; ++i) semi[i] = best[i] = static_cast<int32_t>(i);
  std::vector<int32_t>& path = sc.path;
  // The vertex with the smallest semidominator on the forest path above v
  // (v excluded from nothing: v's own best counts), compressing the path.
  auto eval = [&](int32_t v) {
    path.clear();
    for (int32_t u = v; ancestor[static_cast<size_t>(ancestor[static_cast<size_t>(u)])] != 0;
         u = ancestor[static_cast<size_t>(u)]) {
      path.push_back(u);
    }
    for (size_t i = path.size(); i-- > 0;) {
      const size_t x = static_cast<size_t>(path[i]);
      const size_t a = static_cast<size_t>(ancestor[x]);
      if (semi[static_cast<size_t>(best[a])] < semi[static_cast<size_t>(best[x])]) best[x] = best[a];
      ancestor[x] = ancestor[a];
    }
    return best[static_cast<size_t>(v)];
  };
  for (int32_t w = n; w >= 2; --w) {
    const size_t wi = static_cast<size_t>(w);
    const int32_t p = parent[wi];
    int32_t s = p;
    for (int32_t pred_block : blocks[static_cast<size_t>(vertex[wi])].preds) {
      const int32_t v = num[static_cast<size_t>(pred_block)];
      if (v == 0) continue;  // unreached predecessor
      const int32_t candidate = v <= w ? v : semi[static_cast<size_t>(eval(v))];
      if (candidate < s) s = candidate;
    }
    semi[wi] = s;
    bucket[static_cast<size_t>(s)].push_back(w);
    ancestor[wi] = p;
    for (int32_t v : bucket[static_cast<size_t>(p)]) {
      const int32_t y = eval(v);
      if (semi[static_cast<size_t>(y)] == semi[static_cast<size_t>(v)]) {
        dom[static_cast<size_t>(v)] = p;
      } else {
        same[static_cast<size_t>(v)] = y;
      }
    }
    bucket[static_cast<size_t>(p)].clear();
  }
  for (int32_t w = 2; w <= n; ++w) {
    const size_t wi = static_cast<size_t>(w);
    if (same[wi] != 0) dom[wi] = dom[static_cast<size_t>(same[wi])];
  }
  idom[0] = 0;
  for (int32_t w = 2; w <= n; ++w) {
    idom[static_cast<size_t>(vertex[static_cast<size_t>(w)])] = vertex[static_cast<size_t>(dom[static_cast<size_t>(w)])];
  }
  return idom;
}

DominatorTree::DominatorTree(const std::vector<ir::Block>& blocks) : idom_(ImmediateDominators(blocks)) {
  const size_t nb = idom_.size();
  pre_.assign(nb, -1);
  post_.assign(nb, -1);
  if (nb == 0) return;
  // Children of each block in increasing block order: children[child_begin[p]
  // .. child_begin[p + 1]) (a counting sort of the blocks by idom).
  Scratch& sc = ThreadScratch();
  std::vector<int32_t>& child_begin = sc.child_begin;
  std::vector<int32_t>& children = sc.children;
  child_begin.assign(nb + 1, 0);
  for (size_t b = 1; b < nb; ++b) {
    if (idom_[b] >= 0) ++child_begin[static_cast<size_t>(idom_[b]) + 1];
  }
  for (size_t p = 0; p < nb; ++p) child_begin[p + 1] += child_begin[p];
  children.resize(static_cast<size_t>(child_begin[nb]));
  {
    std::vector<int32_t>& fill = sc.path;  // next free slot per parent
    fill.assign(child_begin.begin(), child_begin.end() - 1);
    for (size_t b = 1; b < nb; ++b) {
      if (idom_[b] >= 0) children[static_cast<size_t>(fill[static_cast<size_t>(idom_[b])]++)] = static_cast<int32_t>(b);
    }
  }
  int32_t clock = 0;
  std::vector<std::pair<int32_t, size_t>>& stack = sc.stack;
  stack.assign(1, {0, 0});
  pre_[0] = clock++;
  while (!stack.empty()) {
    auto& [b, next] = stack.back();
    const size_t first = static_cast<size_t>(child_begin[static_cast<size_t>(b)]);
    const size_t count = static_cast<size_t>(child_begin[static_cast<size_t>(b) + 1]) - first;
    if (next == count) {
      post_[static_cast<size_t>(b)] = clock++;
      stack.pop_back();
      continue;
    }
    const int32_t c = children[first + next++];
    pre_[static_cast<size_t>(c)] = clock++;
    stack.push_back({c, 0});
  }
}

bool DominatorTree::Dominates(int32_t a, int32_t b) const {
  const size_t ai = static_cast<size_t>(a), bi = static_cast<size_t>(b);
  if (pre_[bi] < 0) return true;    // unreachable code: anything goes
  if (pre_[ai] < 0) return false;   // b is reachable, a is not
  return pre_[ai] <= pre_[bi] && post_[bi] <= post_[ai];
}

}  // namespace shaderdiff::opt
