// The body of EliminateCommonSubexpressions (cse.h), generic over a
// target's traits: dominator-scoped value numbering. Blocks are visited in
// a depth-first walk of the dominator tree; the table holds the
// candidates of the current block's dominators, so a match always
// dominates its replacement. A key is the operation (T::OperationKey,
// made once per candidate by T::KeyOfOperation: a target normalizes its
// instruction there, a3xx by clearing the value operands' register
// numbers, and the key carries its own hash) plus the source values and
// components, or a collect's args. Included only by each target's
// instantiation (a3xx: compiler/targets/a3xx/instantiate_passes.cc).
//
// The table is open addressing with linear probing, sized once per
// compile to at least twice the node count (never resized, at most half
// full), its entries a stack: a block's candidates are pushed on entry and
// popped on leaving it, in the reverse order of their insertion, so
// clearing a popped entry's slot gives back exactly the table before its
// insertion (no tombstones). The buffers are reused across compiles in a
// thread. Only lookups touch the table, never its order, so the result is
// that of any exact map.
#pragma once

#include <cstddef>
#include <cstdint>
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

// One candidate in the table: its node and its key's hash and operation
// (a collect's operation is default; its args are read from the node,
// which the walk no longer changes once visited).
template <class T>
struct Entry {
  ir::ValueId value;
  size_t hash;
  typename T::OperationKey op;
  size_t slot;  // where it sits in the table
};

// The pass's buffers, reused across compiles in a thread.
template <class T>
struct Scratch {
  std::vector<int32_t> slots;  // entry index + 1; 0: empty
  std::vector<Entry<T>> entries;
  std::vector<ir::ValueId> repl;
  std::vector<int32_t> child_begin, children;
  std::vector<std::pair<int32_t, int32_t>> stack;  // (block, entries on entry; -1: not entered)
};

inline size_t Mix(size_t h, uint64_t v) { return (h ^ v) * 0x100000001b3ull; }

// The hash of node n's whole key, given its operation's.
template <class T>
size_t KeyHash(const ir::Node<T>& n, bool collect, size_t op_hash) {
  size_t h = Mix(0xcbf29ce484222325ull, collect);
  if (collect) {
    for (ir::ValueId a : n.args) h = Mix(h, static_cast<uint32_t>(a));
  } else {
    h = Mix(h, op_hash);
    for (size_t s = 0; s < T::kNumSrcSlots; ++s) h = Mix(h, static_cast<uint64_t>(static_cast<uint32_t>(n.src_value[s])) << 8 | n.src_comp[s]);
  }
  return h ^ (h >> 29);
}

// Whether entry e holds node n's key (hash h, operation op).
template <class T>
bool SameKey(const ir::Function<T>& fn, const Entry<T>& e, const ir::Node<T>& n, bool collect, size_t h,
             const typename T::OperationKey& op) {
  if (e.hash != h) return false;
  const ir::Node<T>& m = fn.node(e.value);
  if ((m.meta == ir::Meta::kCollect) != collect) return false;
  if (collect) return m.args == n.args;
  return m.src_value == n.src_value && m.src_comp == n.src_comp && e.op == op;
}

}  // namespace cse_detail

template <class T>
bool EliminateCommonSubexpressions(ir::Function<T>& fn, compiler::RewriteBudget* budget) {
  using Entry = cse_detail::Entry<T>;
  thread_local cse_detail::Scratch<T> scratch;
  const std::vector<int32_t> idom = ImmediateDominators(fn.blocks);
  const size_t nb = fn.blocks.size();
  // The dominator tree's children, each block's in increasing order.
  std::vector<int32_t>& child_begin = scratch.child_begin;
  std::vector<int32_t>& children = scratch.children;
  child_begin.assign(nb + 1, 0);
  for (size_t b = 1; b < nb; ++b) {
    if (idom[b] >= 0) ++child_begin[static_cast<size_t>(idom[b]) + 1];
  }
  for (size_t b = 0; b < nb; ++b) child_begin[b + 1] += child_begin[b];
  children.resize(static_cast<size_t>(child_begin[nb]));
  std::vector<ir::ValueId>& repl = scratch.repl;
  repl.assign(fn.nodes.size(), ir::kNoValue);
  // child_begin[b] advances while filling, then is shifted back.
  for (size_t b = 1; b < nb; ++b) {
    if (idom[b] >= 0) children[static_cast<size_t>(child_begin[static_cast<size_t>(idom[b])]++)] = static_cast<int32_t>(b);
  }
  for (size_t b = nb; b > 0; --b) child_begin[b] = child_begin[b - 1];
  child_begin[0] = 0;
  auto resolve = [&](ir::ValueId v) {
    while (v != ir::kNoValue && repl[static_cast<size_t>(v)] != ir::kNoValue) v = repl[static_cast<size_t>(v)];
    return v;
  };
  size_t capacity = 16;
  while (capacity < 2 * fn.nodes.size()) capacity *= 2;
  std::vector<int32_t>& slots = scratch.slots;
  slots.assign(capacity, 0);
  std::vector<Entry>& entries = scratch.entries;
  entries.clear();
  bool changed = false;
  // Iterative dominator-tree walk.
  std::vector<std::pair<int32_t, int32_t>>& stack = scratch.stack;
  stack.assign(1, {0, -1});
  while (!stack.empty()) {
    const std::pair<int32_t, int32_t> top = stack.back();
    stack.pop_back();
    const size_t b = static_cast<size_t>(top.first);
    if (top.second >= 0) {
      while (entries.size() > static_cast<size_t>(top.second)) {
        slots[entries.back().slot] = 0;
        entries.pop_back();
      }
      continue;
    }
    stack.push_back({top.first, static_cast<int32_t>(entries.size())});
    for (ir::ValueId v : fn.blocks[b].nodes) {
      ir::Node<T>& n = fn.node(v);
      for (ir::ValueId& s : n.src_value) s = resolve(s);
      for (ir::ValueId& a : n.args) a = resolve(a);
      if (!cse_detail::IsCandidate(fn, n)) continue;
      const bool collect = n.meta == ir::Meta::kCollect;
      typename T::OperationKey op{};
      if (!collect) op = T::KeyOfOperation(n.instr);
      const size_t h = cse_detail::KeyHash(n, collect, op.hash);
      size_t i = h & (capacity - 1);
      int32_t found = 0;
      for (; slots[i] != 0; i = (i + 1) & (capacity - 1)) {
        if (cse_detail::SameKey(fn, entries[static_cast<size_t>(slots[i] - 1)], n, collect, h, op)) {
          found = slots[i];
          break;
        }
      }
      if (found == 0) {
        entries.push_back(Entry{v, h, std::move(op), i});
        slots[i] = static_cast<int32_t>(entries.size());
        continue;
      }
      if (!compiler::ShouldRewrite(budget, "cse")) continue;
      repl[static_cast<size_t>(v)] = entries[static_cast<size_t>(found - 1)].value;
      changed = true;
    }
    for (int32_t k = child_begin[b + 1]; k-- > child_begin[b];) {
      stack.push_back({children[static_cast<size_t>(k)], -1});
    }
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
