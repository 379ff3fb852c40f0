// The conservative out-of-SSA (conservative.h): phi copies through fresh
// temporaries, every full-class phi isolated. Shares no code with
// out_of_ssa.cc on purpose.
//
// At the end of predecessor P (before its br/jump), for the phis of each
// successor: first t_k = copy(a_k) for every argument a_k (all of them read
// the values as they are at P's end, since nothing has been overwritten
// yet), then c_k = copy(t_k), which the phi reads. A phi's web (the phi and
// its c_k) is live only from its block's start to its isolating copy and
// from each c_k to its predecessor's end, so no member of a web is ever live
// while another is written, in any copy order. Fixed-class phis (a0.x, p0,
// hr0) keep one direct copy: their copies emit nothing and deps keep them
// apart.
#include "compiler/targets/a3xx/conservative.h"

#include <map>

namespace shaderdiff::opt {

namespace {

ValueId AddCopy(Function& fn, ValueId of, const Node& like, int32_t block) {
  Node c;
  c.meta = Meta::kParCopy;
  c.args = {of};
  c.def_class = like.def_class;
  c.size = like.size;
  c.block = block;
  return fn.Add(std::move(c));
}

// Before the block's final br/jump (ignoring removed nodes), else at its end.
size_t BeforeBranch(const Function& fn, const Block& blk) {
  for (size_t i = blk.nodes.size(); i-- > 0;) {
    const Node& n = fn.node(blk.nodes[i]);
    if (n.dead) continue;
    const bool branch = n.meta == Meta::kNone &&
                        (n.instr.opcode == a3xx::Opcode::BR || n.instr.opcode == a3xx::Opcode::JUMP);
    return branch ? i : blk.nodes.size();
  }
  return blk.nodes.size();
}

}  // namespace

void InsertPhiCopiesConservatively(Function& fn) {
  const size_t nb = fn.blocks.size();
  std::vector<std::vector<ValueId>> temps(nb), finals(nb);  // per predecessor, in creation order
  std::vector<ValueId> full_phis;
  for (size_t b = 0; b < nb; ++b) {
    const std::vector<int32_t> preds = fn.blocks[b].preds;
    const std::vector<ValueId> nodes = fn.blocks[b].nodes;
    for (ValueId p : nodes) {
      if (fn.node(p).dead || fn.node(p).meta != Meta::kPhi) continue;
      const bool full = fn.node(p).def_class == RegClass::kFull;
      if (full) full_phis.push_back(p);
      std::map<std::pair<int32_t, ValueId>, ValueId> made;  // (pred, argument) -> its copy
      for (size_t i = 0; i < fn.node(p).args.size() && i < preds.size(); ++i) {
        const ValueId a = fn.node(p).args[i];
        if (a == kNoValue) continue;
        const int32_t pred = preds[i];
        auto it = made.find({pred, a});
        if (it != made.end()) {
          fn.node(p).args[i] = it->second;
          continue;
        }
        const Node like = fn.node(p);
        ValueId c;
        if (full) {
          const ValueId t = AddCopy(fn, a, like, pred);
          temps[static_cast<size_t>(pred)].push_back(t);
          c = AddCopy(fn, t, like, pred);
        } else {
          c = AddCopy(fn, a, like, pred);
        }
        finals[static_cast<size_t>(pred)].push_back(c);
        made[{pred, a}] = c;
        fn.node(p).args[i] = c;
      }
    }
  }
  for (size_t b = 0; b < nb; ++b) {
    if (temps[b].empty() && finals[b].empty()) continue;
    std::vector<ValueId> copies = temps[b];
    copies.insert(copies.end(), finals[b].begin(), finals[b].end());
    std::vector<ValueId>& nodes = fn.blocks[b].nodes;
    const size_t at = BeforeBranch(fn, fn.blocks[b]);
    nodes.insert(nodes.begin() + static_cast<std::ptrdiff_t>(at), copies.begin(), copies.end());
  }
  // Isolation: p' = copy(p) right after the phis of p's block; every other
  // reader of p reads p'.
  for (ValueId p : full_phis) {
    const int32_t b = fn.node(p).block;
    const ValueId iso = AddCopy(fn, p, fn.node(p), b);
    for (size_t w = 0; w < fn.nodes.size(); ++w) {
      Node& n = fn.nodes[w];
      if (static_cast<ValueId>(w) == iso || n.dead) continue;
      for (ValueId& s : n.src_value) s = s == p ? iso : s;
      for (ValueId& a : n.args) a = a == p ? iso : a;
    }
    std::vector<ValueId>& nodes = fn.blocks[static_cast<size_t>(b)].nodes;
    size_t after_phis = 0;
    for (size_t i = 0; i < nodes.size(); ++i) {
      if (fn.node(nodes[i]).meta == Meta::kPhi) after_phis = i + 1;
    }
    nodes.insert(nodes.begin() + static_cast<std::ptrdiff_t>(after_phis), iso);
  }
}

}  // namespace shaderdiff::opt
