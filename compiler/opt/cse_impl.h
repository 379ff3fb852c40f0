// The body of EliminateCommonSubexpressions (cse.h), generic over a
// target's traits: dominator-scoped value numbering. Blocks are visited in
// a depth-first walk of the dominator tree; the table holds the
// candidates of the current block's dominators, so a match always
// dominates its replacement. A key is the instruction (compared by
// T::SameOperation, which a target writes as a comparison of whole
// instructions with the value operands' register numbers cleared, so a
// member added to its Instr is still compared) plus the source values and
// components, or a collect's args. Included only by each target's
// instantiation (a3xx: compiler/targets/a3xx/instantiate_passes.cc).
#pragma once

#include <array>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include "compiler/opt/cse.h"
#include "compiler/opt/dominators.h"

namespace shaderdiff::opt {

namespace cse_detail {

// Whether node n may be replaced by an identical dominating one (cse.h,
// "Pure means").
template <class T>
bool IsCandidate(const ir::Function<T>& fn, const ir::Node<T>& n) {
  constexpr typename T::RegClass kAllocated = T::kAllocatedClass;
  if (!n.dead && n.meta == ir::Meta::kCollect && n.def_class == kAllocated) return true;
  if (n.dead || n.is_meta() || n.def_class != kAllocated || n.size != 1 || !n.args.empty()) return false;
  if (!T::IsPure(n.instr)) return false;
  for (size_t k = 0; k < T::kNumSrcSlots; ++k) {
    const ir::ValueId s = n.src_value[k];
    if (s == ir::kNoValue) {
      if (T::ReadsValue(n.instr, k)) return false;  // a pinned read
      continue;
    }
    if (fn.node(s).def_class != kAllocated) return false;
  }
  return true;
}

template <class T>
struct Key {
  bool collect = false;
  typename T::Instr instr;  // as in the node (default for a collect)
  std::array<ir::ValueId, T::kNumSrcSlots> values = ir::NoValues<T::kNumSrcSlots>();
  std::array<uint8_t, T::kNumSrcSlots> comps{};
  std::vector<ir::ValueId> args;  // a collect's

  bool operator==(const Key& o) const {
    return collect == o.collect && values == o.values && comps == o.comps && args == o.args &&
           (collect || T::SameOperation(instr, o.instr));
  }
};

template <class T>
struct KeyHash {
  size_t operator()(const Key<T>& k) const {
    uint64_t h = 0xcbf29ce484222325ull;
    auto mix = [&h](uint64_t v) { h = (h ^ v) * 0x100000001b3ull; };
    mix(k.collect);
    if (!k.collect) mix(T::HashOperation(k.instr));
    for (size_t s = 0; s < T::kNumSrcSlots; ++s) {
      mix(static_cast<uint32_t>(k.values[s]));
      mix(k.comps[s]);
    }
    for (ir::ValueId a : k.args) mix(static_cast<uint32_t>(a));
    return static_cast<size_t>(h);
  }
};

template <class T>
Key<T> MakeKey(const ir::Node<T>& n) {
  Key<T> k;
  if (n.meta == ir::Meta::kCollect) {
    k.collect = true;
    k.args = n.args;
    return k;
  }
  k.instr = n.instr;
  k.values = n.src_value;
  k.comps = n.src_comp;
  return k;
}

}  // namespace cse_detail

template <class T>
bool EliminateCommonSubexpressions(ir::Function<T>& fn, compiler::RewriteBudget* budget) {
  using Key = cse_detail::Key<T>;
  const std::vector<int32_t> idom = ImmediateDominators(fn.blocks);
  const size_t nb = fn.blocks.size();
  std::vector<std::vector<int32_t>> children(nb);
  for (size_t b = 1; b < nb; ++b) {
    if (idom[b] >= 0) children[static_cast<size_t>(idom[b])].push_back(static_cast<int32_t>(b));
  }
  std::vector<ir::ValueId> repl(fn.nodes.size(), ir::kNoValue);
  auto resolve = [&](ir::ValueId v) {
    while (v != ir::kNoValue && repl[static_cast<size_t>(v)] != ir::kNoValue) v = repl[static_cast<size_t>(v)];
    return v;
  };
  bool changed = false;
  std::unordered_map<Key, ir::ValueId, cse_detail::KeyHash<T>> table;
  // Iterative dominator-tree walk: (block, entered).
  std::vector<std::pair<int32_t, bool>> stack = {{0, false}};
  std::vector<std::vector<Key>> added(nb);
  while (!stack.empty()) {
    const auto [b, entered] = stack.back();
    stack.pop_back();
    if (entered) {
      for (const Key& k : added[static_cast<size_t>(b)]) table.erase(k);
      continue;
    }
    stack.push_back({b, true});
    for (ir::ValueId v : fn.blocks[static_cast<size_t>(b)].nodes) {
      ir::Node<T>& n = fn.node(v);
      for (ir::ValueId& s : n.src_value) s = resolve(s);
      for (ir::ValueId& a : n.args) a = resolve(a);
      if (!cse_detail::IsCandidate(fn, n)) continue;
      Key key = cse_detail::MakeKey(n);
      auto it = table.find(key);
      if (it == table.end()) {
        table.emplace(key, v);
        added[static_cast<size_t>(b)].push_back(std::move(key));
        continue;
      }
      if (!compiler::ShouldRewrite(budget, "cse")) continue;
      repl[static_cast<size_t>(v)] = it->second;
      changed = true;
    }
    const std::vector<int32_t>& kids = children[static_cast<size_t>(b)];
    for (auto it = kids.rbegin(); it != kids.rend(); ++it) stack.push_back({*it, false});
  }
  if (!changed) return false;
  // Uses in blocks visited before their operand's replacement (phis of
  // loop headers, blocks not dominated in walk order) are fixed here.
  for (ir::Node<T>& n : fn.nodes) {
    if (n.dead) continue;
    for (ir::ValueId& s : n.src_value) s = resolve(s);
    for (ir::ValueId& a : n.args) a = resolve(a);
  }
  return changed;
}

}  // namespace shaderdiff::opt
