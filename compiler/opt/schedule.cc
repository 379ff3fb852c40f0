// The list scheduler (algorithm and invariants in schedule.h).
#include "compiler/opt/schedule.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "compiler/opt/delay.h"
#include "compiler/opt/depth.h"

namespace shaderdiff::opt {
namespace {

bool IsTerminator(const Node& n) {
  if (n.is_meta()) return false;
  const a3xx::Opcode op = n.instr.opcode;
  return op == a3xx::Opcode::BR || op == a3xx::Opcode::JUMP || op == a3xx::Opcode::END;
}

// Issue slots a node occupies in the simulation.
int OwnSlots(const a3xx::Timing& t, const Node& n) {
  switch (n.meta) {
    case Meta::kNone: return IssueSlots(t, n.instr);
    case Meta::kCollect:
    case Meta::kParCopy: return 1;
    default: return 0;
  }
}

// Scalars a value occupies in the full register file (0: not counted).
int Scalars(const Node& n) { return n.def_class == RegClass::kFull ? n.size : 0; }

// Facts about the whole function the per-block scheduler needs.
struct FunctionInfo {
  std::vector<int32_t> block_of;   // value -> block whose list holds it (-1: none/dead)
  std::vector<char> live_out;      // read outside its block, or by a phi
  std::vector<int32_t> uses_left;  // distinct same-block non-phi users not yet placed
};

FunctionInfo Analyze(const Function& fn) {
  FunctionInfo info;
  const size_t count = fn.nodes.size();
  info.block_of.assign(count, -1);
  info.live_out.assign(count, 0);
  info.uses_left.assign(count, 0);
  for (size_t b = 0; b < fn.blocks.size(); ++b) {
    for (ValueId v : fn.blocks[b].nodes) {
      if (!fn.node(v).dead) info.block_of[static_cast<size_t>(v)] = static_cast<int32_t>(b);
    }
  }
  for (size_t b = 0; b < fn.blocks.size(); ++b) {
    for (ValueId u : fn.blocks[b].nodes) {
      if (fn.node(u).dead) continue;
      std::vector<ValueId> used = fn.Uses(u);
      std::sort(used.begin(), used.end());
      used.erase(std::unique(used.begin(), used.end()), used.end());
      const bool phi = fn.node(u).meta == Meta::kPhi;
      for (ValueId v : used) {
        if (v < 0 || static_cast<size_t>(v) >= count) continue;
        if (phi || info.block_of[static_cast<size_t>(v)] != static_cast<int32_t>(b)) {
          info.live_out[static_cast<size_t>(v)] = 1;
        } else {
          ++info.uses_left[static_cast<size_t>(v)];
        }
      }
    }
  }
  return info;
}

struct Edge {
  int to;      // consumer unit
  int offset;  // consumer may issue at >= producer slot + offset
};

class BlockScheduler {
 public:
  BlockScheduler(Function& fn, const a3xx::Timing& t, FunctionInfo& info, std::vector<int>& local)
      : fn_(fn), t_(t), info_(info), local_(local) {}

  // Returns the new order of `units` (body then tail), or empty to keep the
  // original order (a dependence cycle, or no estimated gain).
  std::vector<ValueId> Run(const std::vector<ValueId>& head, const std::vector<ValueId>& units, size_t body_count) {
    units_ = units;
    body_count_ = body_count;
    const size_t n = units.size();
    for (size_t i = 0; i < n; ++i) local_[static_cast<size_t>(units[i])] = static_cast<int>(i);
    BuildGraph();
    ComputePriorities();
    uses_.clear();
    for (ValueId u : units_) uses_.push_back(BlockUses(u));
    for (size_t i = 0; i < n; ++i) local_[static_cast<size_t>(units[i])] = -1;

    const int limit = std::max(kMaxLiveScalars, OriginalPeak(head));
    live_ = 0;
    for (ValueId h : head) live_ += KeptScalars(h);
    std::vector<int> picked;
    std::vector<int> avail;  // units whose producers are all placed, ascending
    for (size_t i = 0; i < n; ++i) {
      if (npred_[i] == 0) avail.push_back(static_cast<int>(i));
    }
    int now = 0;
    for (size_t step = 0; step < n; ++step) {
      // The terminator (a unit >= body_count_) waits for the whole body.
      const bool body_left = step < body_count_;
      std::vector<int> cands;
      for (int i : avail) {
        if (body_left && static_cast<size_t>(i) >= body_count_) break;
        cands.push_back(i);
      }
      if (cands.empty()) return {};  // a dependence cycle
      if (live_ > limit) cands = PressureFilter(cands, now);
      const int pick = Pick(cands, now);
      const size_t pu = static_cast<size_t>(pick);
      avail.erase(std::lower_bound(avail.begin(), avail.end(), pick));
      const int slot = std::max(now, earliest_[pu]);
      now = slot + OwnSlots(t_, fn_.node(units_[pu]));
      for (const Edge& e : succ_[pu]) {
        const size_t to = static_cast<size_t>(e.to);
        earliest_[to] = std::max(earliest_[to], slot + e.offset);
        if (--npred_[to] == 0) avail.insert(std::lower_bound(avail.begin(), avail.end(), e.to), e.to);
      }
      Place(pu);
      picked.push_back(pick);
    }
    // The greedy choice can lose to the original order (a block that stays
    // over the pressure limit): never return a slower order.
    std::vector<int> original(n);
    for (size_t i = 0; i < n; ++i) original[i] = static_cast<int>(i);
    if (Cycles(picked) > Cycles(original)) return {};
    std::vector<ValueId> order;
    for (int i : picked) order.push_back(units_[static_cast<size_t>(i)]);
    return order;
  }

 private:
  // Producer unit -> consumer unit edges with their issue offsets.
  void BuildGraph() {
    const size_t n = units_.size();
    succ_.assign(n, {});
    npred_.assign(n, 0);
    earliest_.assign(n, 0);
    for (size_t i = 0; i < n; ++i) {
      const ValueId c = units_[i];
      const Node& cn = fn_.node(c);
      std::vector<std::pair<int, int>> preds;  // (producer unit, offset)
      auto add = [&](ValueId p, int offset) {
        if (p < 0 || static_cast<size_t>(p) >= fn_.nodes.size() || p == c) return;
        const int pu = local_[static_cast<size_t>(p)];
        if (pu >= 0) preds.emplace_back(pu, offset);
      };
      auto data_offset = [&](ValueId p, int slot) {
        const Node& pn = fn_.node(p);
        const int d = EdgeDelay(fn_, t_, p, c, slot);
        return IsAluNode(pn) ? 1 + pn.instr.repeat + d : d;
      };
      for (int k = 0; k < a3xx::kNumSrcSlots; ++k) {
        const ValueId p = cn.src_value[k];
        if (p != kNoValue && p >= 0 && static_cast<size_t>(p) < fn_.nodes.size()) add(p, data_offset(p, k));
      }
      for (ValueId p : cn.args) {
        if (p >= 0 && static_cast<size_t>(p) < fn_.nodes.size()) add(p, data_offset(p, -1));
      }
      for (ValueId p : cn.deps) add(p, 0);
      std::sort(preds.begin(), preds.end());
      // One edge per producer, with the largest offset.
      for (size_t k = 0; k < preds.size(); ++k) {
        if (k + 1 < preds.size() && preds[k + 1].first == preds[k].first) continue;
        succ_[static_cast<size_t>(preds[k].first)].push_back({static_cast<int>(i), preds[k].second});
        ++npred_[i];
      }
    }
  }

  // Longest offset-weighted path to the end of the block. Consumers come
  // after producers in a valid original order, so one reverse walk works
  // (on invalid input the values are only worse estimates).
  void ComputePriorities() {
    const size_t n = units_.size();
    prio_.assign(n, 0);
    for (size_t i = n; i-- > 0;) {
      int p = OwnSlots(t_, fn_.node(units_[i]));
      for (const Edge& e : succ_[i]) p = std::max(p, e.offset + prio_[static_cast<size_t>(e.to)]);
      prio_[i] = p;
    }
  }

  // Scalars of `v` that stay live once it is defined.
  int KeptScalars(ValueId v) const {
    const size_t s = static_cast<size_t>(v);
    return (info_.uses_left[s] > 0 || info_.live_out[s]) ? Scalars(fn_.node(v)) : 0;
  }

  // Distinct same-block values unit `u` reads (head values included).
  std::vector<ValueId> BlockUses(ValueId u) const {
    std::vector<ValueId> used;
    const int32_t b = info_.block_of[static_cast<size_t>(u)];
    for (ValueId v : fn_.Uses(u)) {
      if (v >= 0 && static_cast<size_t>(v) < fn_.nodes.size() && info_.block_of[static_cast<size_t>(v)] == b) {
        used.push_back(v);
      }
    }
    std::sort(used.begin(), used.end());
    used.erase(std::unique(used.begin(), used.end()), used.end());
    return used;
  }

  // Live scalars placing unit `u` adds (negative: frees more than it defines).
  int PressureDelta(size_t u) const {
    int delta = KeptScalars(units_[u]);
    for (ValueId v : uses_[u]) {
      const size_t s = static_cast<size_t>(v);
      if (info_.uses_left[s] == 1 && !info_.live_out[s]) delta -= Scalars(fn_.node(v));
    }
    return delta;
  }

  // Over the threshold: the ready candidates that free scalars, else the
  // ready ones that keep the count, else the freeing ones, else the
  // neutral ones (Pick then takes the one ready soonest), else the first
  // candidate in the original order (which finishes one computation before
  // starting the next, where priorities would start every long chain).
  std::vector<int> PressureFilter(const std::vector<int>& cands, int now) const {
    std::vector<int> tier[4];
    for (int c : cands) {
      const int d = PressureDelta(static_cast<size_t>(c));
      if (d > 0) continue;
      const bool ready = earliest_[static_cast<size_t>(c)] <= now;
      tier[(ready ? 0 : 2) + (d < 0 ? 0 : 1)].push_back(c);
    }
    for (const std::vector<int>& t : tier) {
      if (!t.empty()) return t;
    }
    return {cands.front()};
  }

  int Pick(const std::vector<int>& cands, int now) const {
    int best = -1;
    for (int c : cands) {  // cands are in original order: strict > keeps the first
      const size_t ci = static_cast<size_t>(c);
      if (earliest_[ci] > now) continue;
      if (best < 0 || prio_[ci] > prio_[static_cast<size_t>(best)]) best = c;
    }
    if (best >= 0) return best;
    for (int c : cands) {
      const size_t ci = static_cast<size_t>(c);
      if (best < 0) {
        best = c;
        continue;
      }
      const size_t bi = static_cast<size_t>(best);
      if (earliest_[ci] < earliest_[bi] || (earliest_[ci] == earliest_[bi] && prio_[ci] > prio_[bi])) best = c;
    }
    return best;
  }

  // Slots until the last unit of `order` has issued, stalls included, in
  // the same model as the scheduling loop.
  int Cycles(const std::vector<int>& order) const {
    std::vector<int> earliest(units_.size(), 0);
    int now = 0;
    for (int i : order) {
      const size_t u = static_cast<size_t>(i);
      const int slot = std::max(now, earliest[u]);
      now = slot + OwnSlots(t_, fn_.node(units_[u]));
      for (const Edge& e : succ_[u]) {
        earliest[static_cast<size_t>(e.to)] = std::max(earliest[static_cast<size_t>(e.to)], slot + e.offset);
      }
    }
    return now;
  }

  // The most live scalars in the original order (the same bookkeeping,
  // undone afterwards).
  int OriginalPeak(const std::vector<ValueId>& head) {
    std::vector<std::pair<ValueId, int32_t>> saved;
    for (const std::vector<ValueId>& uses : uses_) {
      for (ValueId v : uses) saved.emplace_back(v, info_.uses_left[static_cast<size_t>(v)]);
    }
    live_ = 0;
    for (ValueId h : head) live_ += KeptScalars(h);
    int peak = live_;
    for (size_t u = 0; u < units_.size(); ++u) {
      Place(u);
      peak = std::max(peak, live_);
    }
    for (auto it = saved.rbegin(); it != saved.rend(); ++it) info_.uses_left[static_cast<size_t>(it->first)] = it->second;
    return peak;
  }

  // Pressure bookkeeping for placing unit `u`.
  void Place(size_t u) {
    live_ += KeptScalars(units_[u]);
    for (ValueId v : uses_[u]) {
      const size_t s = static_cast<size_t>(v);
      if (--info_.uses_left[s] == 0 && !info_.live_out[s]) live_ -= Scalars(fn_.node(v));
    }
  }

  Function& fn_;
  const a3xx::Timing& t_;
  FunctionInfo& info_;
  std::vector<int>& local_;  // value -> unit index during BuildGraph, else -1
  std::vector<ValueId> units_;
  size_t body_count_ = 0;
  std::vector<std::vector<Edge>> succ_;
  std::vector<int> npred_;
  std::vector<int> earliest_;
  std::vector<int> prio_;
  std::vector<std::vector<ValueId>> uses_;  // per unit: BlockUses
  int live_ = 0;
};

}  // namespace

void Schedule(Function& fn, const a3xx::Timing& t, compiler::RewriteBudget* budget) {
  FunctionInfo info = Analyze(fn);
  std::vector<int> local(fn.nodes.size(), -1);
  for (Block& blk : fn.blocks) {
    std::vector<ValueId> phis, inputs, body, tail;
    for (ValueId v : blk.nodes) {
      const Node& n = fn.node(v);
      if (n.dead) continue;
      if (n.meta == Meta::kPhi) {
        phis.push_back(v);
      } else if (n.meta == Meta::kInput) {
        inputs.push_back(v);
      } else if (IsTerminator(n)) {
        tail.push_back(v);
      } else {
        body.push_back(v);
      }
    }
    if (body.size() < 2) continue;
    if (!compiler::ShouldRewrite(budget, "schedule-block")) continue;
    std::vector<ValueId> head = phis;
    head.insert(head.end(), inputs.begin(), inputs.end());
    std::vector<ValueId> units = body;
    units.insert(units.end(), tail.begin(), tail.end());
    // The pressure counts are consumed per block; a block that falls back
    // to its original order leaves them stale, which only it would read.
    BlockScheduler sched(fn, t, info, local);
    std::vector<ValueId> order = sched.Run(head, units, body.size());
    if (order.empty()) continue;
    blk.nodes = head;
    blk.nodes.insert(blk.nodes.end(), order.begin(), order.end());
  }
}

}  // namespace shaderdiff::opt
