// Dead code removal (see dce.h): mark from the roots, then sweep in layout
// order (so the budget's decisions come in a stable order). A node the
// budget keeps stays a root for its operands on the next run.
#include "compiler/opt/dce.h"

#include <algorithm>
#include <functional>

#include "compiler/support/mutant.h"

namespace shaderdiff::opt {

namespace {

// What keeps the values node v reads alive: all of them. The test-only
// mutant kDceLoopPhi (mutants.def) leaves out a phi's arguments from back
// edges (predecessors at or after the phi's block).
std::vector<ValueId> LiveUses(const Function& fn, ValueId v) {
  std::vector<ValueId> uses = fn.Uses(v);
  const Node& n = fn.node(v);
  if (!compiler::MutantActive(compiler::Mutant::kDceLoopPhi) || n.meta != Meta::kPhi) return uses;
  const std::vector<int32_t>& preds = fn.blocks[static_cast<size_t>(n.block)].preds;
  std::vector<ValueId> forward;
  for (size_t i = 0; i < uses.size(); ++i) {
    if (i >= preds.size() || preds[i] < n.block) forward.push_back(uses[i]);
  }
  return forward;
}

// The roots: nodes with side effects. The test-only mutant kDceDropsKill
// (mutants.def) forgets that a kill is one.
bool IsRoot(const Function& fn, ValueId v) {
  if (compiler::MutantActive(compiler::Mutant::kDceDropsKill) && !fn.node(v).is_meta() &&
      fn.node(v).instr.opcode == a3xx::Opcode::KILL) {
    return false;
  }
  return fn.HasSideEffects(v);
}

}  // namespace

bool RemoveDeadCode(Function& fn, compiler::RewriteBudget* budget) {
  std::vector<bool> live(fn.nodes.size(), false);
  std::vector<ValueId> work;
  for (const Block& b : fn.blocks) {
    for (ValueId v : b.nodes) {
      if (!fn.node(v).dead && IsRoot(fn, v)) {
        live[static_cast<size_t>(v)] = true;
        work.push_back(v);
      }
    }
  }
  while (!work.empty()) {
    const ValueId v = work.back();
    work.pop_back();
    for (ValueId u : LiveUses(fn, v)) {
      if (!live[static_cast<size_t>(u)]) {
        live[static_cast<size_t>(u)] = true;
        work.push_back(u);
      }
    }
  }
  bool changed = false;
  for (Block& b : fn.blocks) {
    for (ValueId v : b.nodes) {
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
    for (const Block& b : fn.blocks) {
      for (ValueId v : b.nodes) {
        if (fn.node(v).dead) continue;
        for (ValueId u : LiveUses(fn, v)) {
          if (fn.node(u).dead) {
            fn.node(u).dead = false;
            again = true;
          }
        }
      }
    }
  }
  // A removed node may have been the link that ordered two live nodes (a0/
  // p0/hr0 chains, pinned accesses): its dependents inherit its deps and
  // its same-block operands (both were order constraints on it).
  std::function<void(ValueId, std::vector<ValueId>&, std::vector<bool>&)> expand =
      [&](ValueId d, std::vector<ValueId>& out, std::vector<bool>& seen) {
        if (seen[static_cast<size_t>(d)]) return;
        seen[static_cast<size_t>(d)] = true;
        if (!fn.node(d).dead) {
          out.push_back(d);
          return;
        }
        for (ValueId e : fn.node(d).deps) expand(e, out, seen);
        if (fn.node(d).meta == Meta::kPhi) return;  // its args come from the predecessors
        for (ValueId e : fn.Uses(d)) {
          if (fn.node(e).block == fn.node(d).block) expand(e, out, seen);
        }
      };
  for (Block& b : fn.blocks) {
    for (ValueId v : b.nodes) {
      Node& n = fn.node(v);
      if (n.dead || n.deps.empty()) continue;
      bool any_dead = false;
      for (ValueId d : n.deps) any_dead |= fn.node(d).dead;
      if (!any_dead) continue;
      std::vector<ValueId> deps;
      std::vector<bool> seen(fn.nodes.size(), false);
      for (ValueId d : n.deps) expand(d, deps, seen);
      std::sort(deps.begin(), deps.end());
      n.deps = std::move(deps);
    }
  }
  for (Block& b : fn.blocks) {
    b.nodes.erase(std::remove_if(b.nodes.begin(), b.nodes.end(), [&](ValueId v) { return fn.node(v).dead; }),
                  b.nodes.end());
  }
  return changed;
}

}  // namespace shaderdiff::opt
