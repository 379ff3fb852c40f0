// Dominators of the optimizing compiler's blocks (verifier, CSE).
//
// Target-free: dominance reads only the blocks' edges (ir::Block, whose
// preds/succs name no instruction), so the core takes the block list and
// is compiled once for every target; the Function<T> overloads below only
// pass fn.blocks on. No target hook is needed (compiler/README.md, "The
// traits design").
//
// ImmediateDominators: idom[0] = 0, -1 for blocks the entry does not reach
// (depth-first over succs, the dominance equations over preds), by
// Lengauer and Tarjan's algorithm with path compression: O(E log N), so a
// join with thousands of predecessors or a dominator tree thousands deep
// costs no more than its size (the iterative intersection it replaces was
// quadratic in both). Nothing recurses: depth is bounded by memory only.
//
// DominatorTree answers Dominates(a, b) in O(1) from a pre/post numbering
// of the tree. A block the entry does not reach is dominated by every
// block (unreachable code: anything goes), and dominates only itself.
#pragma once

#include <cstdint>
#include <vector>

#include "compiler/opt/ir_graph.h"

namespace shaderdiff::opt {

std::vector<int32_t> ImmediateDominators(const std::vector<ir::Block>& blocks);
template <class T>
std::vector<int32_t> ImmediateDominators(const ir::Function<T>& fn) {
  return ImmediateDominators(fn.blocks);
}

class DominatorTree {
 public:
  explicit DominatorTree(const std::vector<ir::Block>& blocks);
  template <class T>
  explicit DominatorTree(const ir::Function<T>& fn) : DominatorTree(fn.blocks) {}
  const std::vector<int32_t>& idom() const { return idom_; }
  bool Dominates(int32_t a, int32_t b) const;

 private:
  std::vector<int32_t> idom_;
  std::vector<int32_t> pre_, post_;  // -1: unreachable
};

}  // namespace shaderdiff::opt
