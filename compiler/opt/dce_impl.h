// The body of RemoveDeadCode (dce.h), generic over a target's traits:
// mark from the roots, then sweep in layout order (so the budget's
// decisions come in a stable order). A node the budget keeps stays a root
// for its operands on the next run. Included only by each target's
// instantiation (a3xx: compiler/targets/a3xx/instantiate_passes.cc), so the
// body is compiled once per target.
#pragma once

#include <algorithm>
#include <functional>
#include <vector>

#include "compiler/opt/dce.h"
#include "compiler/support/mutant.h"

namespace shaderdiff::opt {

namespace dce_detail {

// Calls f on what keeps the values node v reads alive: all of them, in
// Function::Uses order, without a copy (f must not add nodes). The test-only
// mutant kDceLoopPhi (mutants.def) leaves out a phi's arguments from back
// edges (predecessors at or after the phi's block).
template <class T, class F>
void ForEachLiveUse(const ir::Function<T>& fn, ir::ValueId v, F&& f) {
  const ir::Node<T>& n = fn.node(v);
  if (!compiler::MutantActive(compiler::Mutant::kDceLoopPhi) || n.meta != ir::Meta::kPhi) {
    for (ir::ValueId u : fn.UsesOf(v)) f(u);
    return;
  }
  const std::vector<int32_t>& preds = fn.blocks[static_cast<size_t>(n.block)].preds;
  size_t i = 0;
  for (ir::ValueId u : fn.UsesOf(v)) {
    if (i >= preds.size() || preds[i] < n.block) f(u);
    ++i;
  }
}

// The roots: nodes with side effects. The test-only mutant kDceDropsKill
// (mutants.def) forgets that a kill is one.
template <class T>
bool IsRoot(const ir::Function<T>& fn, ir::ValueId v) {
  if (compiler::MutantActive(compiler::Mutant::kDceDropsKill) && !fn.node(v).is_meta() &&
      T::IsKill(fn.node(v).instr)) {
    return false;
  }
  return fn.HasSideEffects(v);
}

}  // namespace dce_detail

template <class T>
bool RemoveDeadCode(ir::Function<T>& fn, compiler::RewriteBudget* budget) {
  std::vector<bool> live(fn.nodes.size(), false);
  std::vector<ir::ValueId> work;
  for (const ir::Block& b : fn.blocks) {
    for (ir::ValueId v : b.nodes) {
      if (!fn.node(v).dead && dce_detail::IsRoot(fn, v)) {
        live[static_cast<size_t>(v)] = true;
        work.push_back(v);
      }
    }
  }
  while (!work.empty()) {
    const ir::ValueId v = work.back();
    work.pop_back();
    dce_detail::ForEachLiveUse(fn, v, [&](ir::ValueId u) {
      if (!live[static_cast<size_t>(u)]) {
        live[static_cast<size_t>(u)] = true;
        work.push_back(u);
      }
    });
  }
  bool changed = false;
  for (ir::Block& b : fn.blocks) {
    for (ir::ValueId v : b.nodes) {
      if (live[static_cast<size_t>(v)] || fn.node(v).dead) continue;
      if (!compiler::ShouldRewrite(budget, "dce")) continue;
      fn.node(v).dead = true;
      changed = true;
    }
  }
  if (!changed) return false;
  // Kept (budget-refused) nodes may use values marked dead above only if the
  // budget refused them too: a node is only killed when no live user needs
  // it, and refused nodes are treated as live by keeping their operands.
  for (bool again = true; again;) {
    again = false;
    for (const ir::Block& b : fn.blocks) {
      for (ir::ValueId v : b.nodes) {
        if (fn.node(v).dead) continue;
        dce_detail::ForEachLiveUse(fn, v, [&](ir::ValueId u) {
          if (fn.node(u).dead) {
            fn.node(u).dead = false;
            again = true;
          }
        });
      }
    }
  }
  // A removed node may have been the link that ordered two live nodes (a0/
  // p0/hr0 chains, pinned accesses): its dependents inherit its deps and
  // its same-block operands (both were order constraints on it).
  std::function<void(ir::ValueId, std::vector<ir::ValueId>&, std::vector<bool>&)> expand =
      [&](ir::ValueId d, std::vector<ir::ValueId>& out, std::vector<bool>& seen) {
        if (seen[static_cast<size_t>(d)]) return;
        seen[static_cast<size_t>(d)] = true;
        if (!fn.node(d).dead) {
          out.push_back(d);
          return;
        }
        for (ir::ValueId e : fn.node(d).deps) expand(e, out, seen);
        if (fn.node(d).meta == ir::Meta::kPhi) return;  // its args come from the predecessors
        for (ir::ValueId e : fn.UsesOf(d)) {
          if (fn.node(e).block == fn.node(d).block) expand(e, out, seen);
        }
      };
  for (ir::Block& b : fn.blocks) {
    for (ir::ValueId v : b.nodes) {
      ir::Node<T>& n = fn.node(v);
      if (n.dead || n.deps.empty()) continue;
      bool any_dead = false;
      for (ir::ValueId d : n.deps) any_dead |= fn.node(d).dead;
      if (!any_dead) continue;
      std::vector<ir::ValueId> deps;
      std::vector<bool> seen(fn.nodes.size(), false);
      for (ir::ValueId d : n.deps) expand(d, deps, seen);
      std::sort(deps.begin(), deps.end());
      n.deps = std::move(deps);
    }
  }
  for (ir::Block& b : fn.blocks) {
    b.nodes.erase(std::remove_if(b.nodes.begin(), b.nodes.end(), [&](ir::ValueId v) { return fn.node(v).dead; }),
                  b.nodes.end());
  }
  return changed;
}

}  // namespace shaderdiff::opt
