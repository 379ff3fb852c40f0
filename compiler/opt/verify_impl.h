// The body of VerifyFunction (verify.h), generic over a target's traits.
// Included only by each target's instantiation (a3xx:
// compiler/targets/a3xx/instantiate_passes.cc), so the body is compiled
// once per target.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "compiler/opt/dominators.h"
#include "compiler/opt/verify.h"

namespace shaderdiff::opt {

template <class T>
std::optional<std::string> VerifyFunction(const ir::Function<T>& fn) {
  using ir::kNoValue;
  using ir::Meta;
  using ir::ValueId;
  const DominatorTree dom(fn.blocks);
  std::vector<int32_t> pos(fn.nodes.size(), -1);
  for (size_t b = 0; b < fn.blocks.size(); ++b) {
    const auto& nodes = fn.blocks[b].nodes;
    for (size_t i = 0; i < nodes.size(); ++i) pos[static_cast<size_t>(nodes[i])] = static_cast<int32_t>(i);
  }
  auto where = [&](ValueId v) { return "%" + std::to_string(v) + " (" + ir::PrintNode(fn, v) + ")"; };
  // Node v (n, at index i of block b) reading u: a phi's operands in
  // predecessor order k (a kNoValue one is undefined on that edge);
  // otherwise Uses (an open collect component is none). Defined once, out
  // of the node loop: a closure made per node cost ~20 instructions a node.
  auto check_use = [&](ValueId v, const ir::Node<T>& n, size_t b, size_t i, ValueId u,
                       size_t k) -> std::optional<std::string> {
    const ir::Block& blk = fn.blocks[b];
    if (u == kNoValue && n.meta == Meta::kPhi) return std::nullopt;
    if (u < 0 || u >= static_cast<ValueId>(fn.nodes.size())) return where(v) + ": use out of range";
    const ir::Node<T>& d = fn.node(u);
    if (d.dead) return where(v) + ": uses removed value %" + std::to_string(u);
    if (!d.defines()) return where(v) + ": uses %" + std::to_string(u) + ", which defines no value";
    if (pos[static_cast<size_t>(u)] < 0) return where(v) + ": uses %" + std::to_string(u) + ", which is in no block";
    if (T::IsSingleRegister(d.def_class) && d.block != static_cast<int32_t>(b)) {
      return where(v) + ": single-register value %" + std::to_string(u) + " used outside its block";
    }
    if (n.meta == Meta::kPhi) {
      const int32_t pred = blk.preds[k];
      if (!dom.Dominates(d.block, pred)) return where(v) + ": phi arg %" + std::to_string(u) + " does not reach b" + std::to_string(pred);
      return std::nullopt;
    }
    if (d.block == static_cast<int32_t>(b)) {
      if (pos[static_cast<size_t>(u)] >= static_cast<int32_t>(i)) return where(v) + ": uses %" + std::to_string(u) + " before its definition";
    } else if (!dom.Dominates(d.block, static_cast<int32_t>(b))) {
      return where(v) + ": uses %" + std::to_string(u) + " from b" + std::to_string(d.block) + ", which does not dominate b" + std::to_string(b);
    }
    return std::nullopt;
  };
  // The same checks as check_use, without its messages: a use that passes
  // them all costs no call; one that fails any goes through check_use,
  // which finds the first failing check and says why.
  auto use_ok = [&](const ir::Node<T>& n, size_t b, size_t i, ValueId u, size_t k) {
    if (u == kNoValue && n.meta == Meta::kPhi) return true;
    if (u < 0 || u >= static_cast<ValueId>(fn.nodes.size())) return false;
    const ir::Node<T>& d = fn.node(u);
    if (d.dead || !d.defines() || pos[static_cast<size_t>(u)] < 0) return false;
    if (T::IsSingleRegister(d.def_class) && d.block != static_cast<int32_t>(b)) return false;
    if (n.meta == Meta::kPhi) return dom.Dominates(d.block, fn.blocks[b].preds[k]);
    if (d.block == static_cast<int32_t>(b)) return pos[static_cast<size_t>(u)] < static_cast<int32_t>(i);
    return dom.Dominates(d.block, static_cast<int32_t>(b));
  };
  bool saw_end = false;
  for (size_t b = 0; b < fn.blocks.size(); ++b) {
    const ir::Block& blk = fn.blocks[b];
    bool phis_done = false;
    for (size_t i = 0; i < blk.nodes.size(); ++i) {
      const ValueId v = blk.nodes[i];
      const ir::Node<T>& n = fn.node(v);
      if (n.dead) return "dead node " + std::to_string(v) + " still in block b" + std::to_string(b);
      if (n.block != static_cast<int32_t>(b)) return where(v) + " is listed in b" + std::to_string(b) + " but names b" + std::to_string(n.block);
      if (n.meta == Meta::kPhi) {
        if (phis_done) return where(v) + ": phi after a non-phi node";
        if (n.args.size() != blk.preds.size()) return where(v) + ": phi arg count differs from predecessor count";
      } else {
        phis_done = true;
      }
      if (!n.is_meta() && T::IsTerminator(n.instr) && i + 1 != blk.nodes.size()) {
        return where(v) + ": terminator is not the last node";
      }
      if (!n.is_meta() && T::IsBranch(n.instr)) {
        if (blk.succs.empty() || blk.succs[0] != n.target_block) return where(v) + ": branch target is not succs[0]";
      }
      if (!n.is_meta() && T::IsEnd(n.instr)) {
        if (b + 1 != fn.blocks.size()) return where(v) + ": end outside the last block";
        if (n.args.size() != fn.outputs.size()) return where(v) + ": end args do not match the outputs";
        saw_end = true;
      }
      if (n.meta == Meta::kSplit && (n.args.size() != 1 || n.comp >= fn.node(n.args[0]).size)) {
        return where(v) + ": split component outside its vector";
      }
      if (n.meta == Meta::kCollect && n.args.size() != n.size) return where(v) + ": collect size differs from its args";
      for (ValueId d : n.deps) {
        if (d < 0 || d >= static_cast<ValueId>(fn.nodes.size())) return where(v) + ": dep out of range";
        if (fn.node(d).dead) continue;  // a dep on a removed node orders nothing
        if (fn.node(d).block != static_cast<int32_t>(b) || pos[static_cast<size_t>(d)] >= static_cast<int32_t>(i)) {
          return where(v) + ": dep %" + std::to_string(d) + " is not an earlier node of the block";
        }
      }
      if (n.meta == Meta::kPhi) {
        for (size_t k = 0; k < n.args.size(); ++k) {
          if (use_ok(n, b, i, n.args[k], k)) continue;
          if (std::optional<std::string> e = check_use(v, n, b, i, n.args[k], k)) return e;
        }
      } else {
        for (ValueId u : fn.UsesOf(v)) {
          if (use_ok(n, b, i, u, 0)) continue;
          if (std::optional<std::string> e = check_use(v, n, b, i, u, 0)) return e;
        }
      }
    }
  }
  if (!saw_end) return "no `end` node";
  return std::nullopt;
}

}  // namespace shaderdiff::opt
