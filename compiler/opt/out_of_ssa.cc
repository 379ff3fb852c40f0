// Out-of-SSA: phi copies, their order, and phi isolation (see out_of_ssa.h).
#include "compiler/opt/out_of_ssa.h"

#include <set>

#include "compiler/opt/regalloc.h"
#include "compiler/support/mutant.h"
#include "compiler/support/work_budget.h"

namespace shaderdiff::opt {

namespace {

struct PendingCopy {
  ValueId copy;
  ValueId phi;
};

// Where the copies of a predecessor go: before its br/jump, else at the end.
size_t CopyInsertPoint(const Function& fn, const Block& blk) {
  for (size_t i = blk.nodes.size(); i-- > 0;) {
    const Node& n = fn.node(blk.nodes[i]);
    if (n.dead) continue;
    const bool jump = !n.is_meta() && (n.instr.opcode == a3xx::Opcode::BR || n.instr.opcode == a3xx::Opcode::JUMP);
    return jump ? i : blk.nodes.size();
  }
  return blk.nodes.size();
}

ValueId NewCopy(Function& fn, ValueId of, const Node& like, int32_t block) {
  Node c;
  c.meta = Meta::kParCopy;
  c.args = {of};
  c.def_class = like.def_class;
  c.size = like.size;
  c.block = block;
  return fn.Add(std::move(c));
}

class Isolator {
 public:
  explicit Isolator(Function& fn) : fn_(fn) {}

  bool Isolated(ValueId p) const { return done_.count(p) != 0; }

  // p' = kParCopy(p) after the phis of p's block; every other reader of p
  // reads p' instead.
  void Isolate(ValueId p) {
    if (!done_.insert(p).second) return;
    const int32_t b = fn_.node(p).block;
    const ValueId copy = NewCopy(fn_, p, fn_.node(p), b);
    for (size_t w = 0; w < fn_.nodes.size(); ++w) {
      Node& n = fn_.nodes[w];
      if (static_cast<ValueId>(w) == copy || n.dead) continue;
      for (ValueId& s : n.src_value) s = s == p ? copy : s;
      for (ValueId& a : n.args) a = a == p ? copy : a;
    }
    std::vector<ValueId>& nodes = fn_.blocks[static_cast<size_t>(b)].nodes;
    size_t at = 0;
    for (size_t i = 0; i < nodes.size(); ++i) {
      if (fn_.node(nodes[i]).meta == Meta::kPhi) at = i + 1;
    }
    nodes.insert(nodes.begin() + static_cast<std::ptrdiff_t>(at), copy);
  }

 private:
  Function& fn_;
  std::set<ValueId> done_;
};

bool Reads(const Function& fn, ValueId reader, ValueId v) {
  for (ValueId u : fn.UsesOf(reader)) {
    if (u != kNoValue && ResolveSplit(fn, u).base == v) return true;
  }
  return false;
}

// Orders one predecessor's copies so that a copy reading phi q runs before
// the copy writing q's web; breaks cycles by isolating a phi.
std::vector<ValueId> OrderCopies(Function& fn, std::vector<PendingCopy> todo, Isolator& iso) {
  std::vector<ValueId> order;
  if (compiler::MutantActive(compiler::Mutant::kOutOfSsaCopyOrder)) {  // test-only mutant (mutants.def): phi order
    for (const PendingCopy& c : todo) order.push_back(c.copy);
    return order;
  }
  while (!todo.empty()) {
    size_t pick = todo.size();
    for (size_t k = 0; k < todo.size() && pick == todo.size(); ++k) {
      bool read_later = false;
      for (size_t m = 0; m < todo.size(); ++m) {
        read_later |= m != k && Reads(fn, todo[m].copy, todo[k].phi);
      }
      if (!read_later) pick = k;
    }
    if (pick == todo.size()) {
      iso.Isolate(todo[0].phi);  // a cycle: now nobody here reads todo[0].phi
      pick = 0;
    }
    order.push_back(todo[pick].copy);
    todo.erase(todo.begin() + static_cast<std::ptrdiff_t>(pick));
  }
  return order;
}

}  // namespace

void InsertPhiCopies(Function& fn) {
  std::vector<std::vector<PendingCopy>> pending(fn.blocks.size());
  for (size_t b = 0; b < fn.blocks.size(); ++b) {
    const std::vector<int32_t> preds = fn.blocks[b].preds;
    const std::vector<ValueId> nodes = fn.blocks[b].nodes;
    for (ValueId v : nodes) {
      if (fn.node(v).dead || fn.node(v).meta != Meta::kPhi) continue;
      const std::vector<ValueId> orig = fn.node(v).args;
      for (size_t i = 0; i < orig.size() && i < preds.size(); ++i) {
        if (orig[i] == kNoValue) continue;
        bool shared = false;
        for (size_t j = 0; j < i && !shared; ++j) {
          if (preds[j] == preds[i] && orig[j] == orig[i]) {
            fn.node(v).args[i] = fn.node(v).args[j];
            shared = true;
          }
        }
        if (shared) continue;
        const ValueId c = NewCopy(fn, orig[i], fn.node(v), preds[i]);
        fn.node(v).args[i] = c;
        pending[static_cast<size_t>(preds[i])].push_back({c, v});
      }
    }
  }
  Isolator iso(fn);
  for (size_t p = 0; p < fn.blocks.size(); ++p) {
    if (pending[p].empty()) continue;
    const std::vector<ValueId> order = OrderCopies(fn, pending[p], iso);
    std::vector<ValueId>& nodes = fn.blocks[p].nodes;
    const size_t at = CopyInsertPoint(fn, fn.blocks[p]);
    nodes.insert(nodes.begin() + static_cast<std::ptrdiff_t>(at), order.begin(), order.end());
  }
  // Lost copies: a phi still live after one of its copies is written.
  const Liveness live = ComputeLiveness(fn);
  for (size_t b = 0; b < fn.blocks.size(); ++b) {
    const Block& blk = fn.blocks[b];
    const std::vector<ValueId> nodes = blk.nodes;
    for (ValueId p : nodes) {
      const Node& phi = fn.node(p);
      if (phi.dead || phi.meta != Meta::kPhi || phi.def_class != RegClass::kFull || iso.Isolated(p)) continue;
      bool clobbered = false;
      for (size_t i = 0; i < phi.args.size() && i < blk.preds.size() && !clobbered; ++i) {
        const ValueId c = phi.args[i];
        if (c == kNoValue) continue;
        const size_t pred = static_cast<size_t>(blk.preds[i]);
        clobbered = live.LiveOut(pred, p);
        if (!compiler::ChargeWork(1 + fn.blocks[pred].nodes.size())) return;  // over budget: discarded
        bool after = false;
        for (ValueId w : fn.blocks[pred].nodes) {
          // The test-only mutant (mutants.def) takes the copies of one
          // predecessor to happen at once, so one reading p does not count.
          const bool parallel =
              fn.node(w).meta == Meta::kParCopy && compiler::MutantActive(compiler::Mutant::kOutOfSsaCopyOrder);
          if (after && !fn.node(w).dead && !parallel && Reads(fn, w, p)) clobbered = true;
          after |= w == c;
        }
      }
      if (clobbered) iso.Isolate(p);
    }
  }
}

}  // namespace shaderdiff::opt
