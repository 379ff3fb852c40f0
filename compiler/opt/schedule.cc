// The list schedulers and the per-block choice between them (algorithm and
// invariants in schedule.h).
#include "compiler/opt/schedule.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "compiler/opt/thread_scratch.h"
#include "compiler/support/mutant.h"
#include "compiler/support/work_budget.h"

namespace shaderdiff::opt {
namespace {

bool IsTerminator(const ScheduleModel& m, const Node& n) { return !n.is_meta() && m.StaysLast(n); }

// Whether n's result has a fixed latency / completes asynchronously.
bool IsFixed(const ScheduleModel& m, const Node& n) {
  return !n.is_meta() && m.TimingOf(n) == ResultTiming::kFixed;
}
bool IsAsync(const ScheduleModel& m, const Node& n) {
  return !n.is_meta() && m.TimingOf(n) == ResultTiming::kAsync;
}

// Scalars a value occupies in the full register file (0: not counted).
int Scalars(const Node& n) { return n.def_class == RegClass::kFull ? n.size : 0; }

// Facts about the whole function the per-block scheduler needs.
struct FunctionInfo {
  std::vector<int32_t> block_of;   // value -> block whose list holds it (-1: none/dead)
  std::vector<char> live_out;      // read outside its block, or by a phi
  std::vector<int32_t> use_count;  // reads by live nodes (a node reading twice counts twice)
};

FunctionInfo Analyze(const Function& fn) {
  FunctionInfo info;
  const size_t count = fn.nodes.size();
  info.block_of.assign(count, -1);
  info.live_out.assign(count, 0);
  info.use_count.assign(count, 0);
  for (size_t b = 0; b < fn.blocks.size(); ++b) {
    for (ValueId v : fn.blocks[b].nodes) {
      if (!fn.node(v).dead) info.block_of[static_cast<size_t>(v)] = static_cast<int32_t>(b);
    }
  }
  for (size_t b = 0; b < fn.blocks.size(); ++b) {
    for (ValueId u : fn.blocks[b].nodes) {
      if (fn.node(u).dead) continue;
      const bool phi = fn.node(u).meta == Meta::kPhi;
      for (ValueId v : fn.UsesOf(u)) {
        if (v < 0 || static_cast<size_t>(v) >= count) continue;
        ++info.use_count[static_cast<size_t>(v)];
        if (phi || info.block_of[static_cast<size_t>(v)] != static_cast<int32_t>(b)) {
          info.live_out[static_cast<size_t>(v)] = 1;
        }
      }
    }
  }
  return info;
}

// How a producer's result reaches its consumers (schedule.h, "Model").
enum class Kind : uint8_t {
  kAlu,    // fixed latency: the consumer's slot >= producer slot + offset (else nops)
  kAsync,  // (ss)/(sy): the consumer's cycle >= producer cycle + offset (else a wait)
  kFree,   // meta or no result: offset 0; a 0-slot meta node passes its producers' readiness on
};

struct Edge {
  int to;      // the other unit (consumer in succ_, producer in pred_)
  int offset;  // the consumer may issue at >= producer slot (or cycle) + offset
};

// Every array a BlockScheduler fills and its methods' working arrays. One
// set per thread is reused by every block of every compile (their capacity
// stays; each user assigns what it reads first), instead of ~30 vectors
// per block; a second scheduler alive on the thread at the same time gets
// its own set. Nested arrays are cleared up to the block's size only
// (ResetNested), so an inner vector keeps its capacity too.
struct SchedulerArrays {
  std::vector<ValueId> units, vals;
  std::vector<Kind> kind;
  std::vector<int> slots, cls, npred, height, depth, scal, nuse;
  std::vector<char> virt, lout;
  std::vector<std::vector<Edge>> succ, pred;
  std::vector<std::vector<int>> uses;
  // Working arrays of one method call at a time (no method calls another
  // that uses the same one).
  std::vector<int> npred_left, es, ec, left, avail, cands, nsucc, req, at, slot, cycle, epoch_of, async_in, peak_left;
  std::vector<char> started;
  std::vector<std::vector<int>> via;
  std::vector<std::pair<int, int>> preds;
  bool in_use = false;
};

// The first n inner vectors of `v` empty (their capacity kept); v may hold
// more, never read.
template <typename T>
void ResetNested(std::vector<std::vector<T>>& v, size_t n) {
  if (v.size() < n) v.resize(n);
  for (size_t i = 0; i < n; ++i) v[i].clear();
}

// One block: head (phis, inputs: fixed at the top), body, tail (the
// terminator); "units" = body + tail, with their dependence graph.
class BlockScheduler {
 public:
  BlockScheduler(const Function& fn, const ScheduleModel& m, const FunctionInfo& info, std::vector<int>& local,
                 const std::vector<ValueId>& head, const std::vector<ValueId>& units, size_t body_count)
      : fn_(fn), m_(m), info_(info), local_(local), a_(AcquireThreadScratch(owned_)), units_(a_->units), vals_(a_->vals),
        body_count_(body_count), kind_(a_->kind), slots_(a_->slots), virtual_(a_->virt), cls_(a_->cls),
        succ_(a_->succ), pred_(a_->pred), npred_(a_->npred), height_(a_->height), depth_(a_->depth),
        uses_(a_->uses), scal_(a_->scal), nuse_(a_->nuse), lout_(a_->lout) {
    units_ = units;
    const size_t n = units_.size();
    vals_ = units_;
    vals_.insert(vals_.end(), head.begin(), head.end());
    for (size_t i = 0; i < vals_.size(); ++i) local_[static_cast<size_t>(vals_[i])] = static_cast<int>(i);
    kind_.assign(n, Kind::kFree);
    slots_.assign(n, 0);
    virtual_.assign(n, 0);
    cls_.assign(n, -1);
    for (size_t i = 0; i < n; ++i) {
      const Node& nd = fn_.node(units_[i]);
      switch (nd.meta) {
        case Meta::kNone: slots_[i] = m_.IssueSlots(nd); break;
        case Meta::kCollect: slots_[i] = CollectMovs(units_[i]); break;
        case Meta::kParCopy: slots_[i] = 1; break;
        default: slots_[i] = 0; break;
      }
      if (IsFixed(m_, nd) || (nd.meta == Meta::kCollect && slots_[i] > 0)) {
        kind_[i] = Kind::kAlu;
      } else if (IsAsync(m_, nd)) {
        kind_[i] = Kind::kAsync;
        cls_[i] = m_.SyncCounter(nd);
      }
      virtual_[i] = nd.is_meta() && slots_[i] == 0;
    }
    BuildGraph();
    ComputePriorities();
    BuildLiveness();
    limit_ = std::max(kMaxLiveScalars, Peak(Original()));
  }
  ~BlockScheduler() {
    for (ValueId v : vals_) local_[static_cast<size_t>(v)] = -1;
    a_->in_use = false;
  }
  BlockScheduler(const BlockScheduler&) = delete;
  BlockScheduler& operator=(const BlockScheduler&) = delete;

  int limit() const { return limit_; }
  ValueId unit(int i) const { return units_[static_cast<size_t>(i)]; }

  std::vector<int> Original() const {
    std::vector<int> order(units_.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    return order;
  }

  // The top-down list scheduler (height priority). Empty: a dependence cycle.
  std::vector<int> TopDown(bool one_gap) const {
    const size_t n = units_.size();
    std::vector<int>& npred = a_->npred_left;
    npred = npred_;
    std::vector<int>& es = a_->es;  // earliest slot (ALU producers)
    std::vector<int>& ec = a_->ec;  // earliest cycle (async producers)
    es.assign(n, 0);
    ec.assign(n, 0);
    std::vector<int>& left = a_->left;
    left = nuse_;
    int live = HeadLive();
    int now = 0, cnow = 0;  // the slot and cycle clocks
    // Slots of nops, then cycles of waiting, placing `u` now would cost.
    auto gap = [&](size_t u) { return virtual_[u] ? 0 : std::max(0, es[u] - now); };
    auto wait = [&](size_t u) { return virtual_[u] ? 0 : std::max(0, ec[u] - cnow - gap(u)); };
    auto ready = [&](int c) { return gap(static_cast<size_t>(c)) + wait(static_cast<size_t>(c)) == 0; };
    std::vector<int> picked;
    picked.reserve(n);
    std::vector<int>& avail = a_->avail;  // units whose producers are all placed, ascending
    avail.clear();
    for (size_t i = 0; i < n; ++i) {
      if (npred[i] == 0) avail.push_back(static_cast<int>(i));
    }
    std::vector<int>& cands = a_->cands;  // this step's; one buffer for every step
    for (size_t step = 0; step < n; ++step) {
      // The terminator (a unit >= body_count_) waits for the whole body.
      const bool body_left = step < body_count_;
      cands.clear();
      for (int i : avail) {
        if (body_left && static_cast<size_t>(i) >= body_count_) break;
        cands.push_back(i);
      }
      if (cands.empty()) return {};  // a dependence cycle
      if (!compiler::ChargeWork(cands.size())) return {};  // over budget: the pipeline discards the result
      if (live > limit_) {
        cands = Tiers(
            cands, [&](int c) { return PressureDeltaTopDown(static_cast<size_t>(c), left); }, ready, cands.front());
      }
      bool any_ready = false;
      for (int c : cands) any_ready |= ready(c);
      // Ready: the highest. None: the soonest ready (one_gap: the one that
      // needs the widest gap, so that one gap readies the rest), then the
      // highest. cands are in original order: strict < keeps the first.
      int pick = -1, pick_key = 0;
      for (int c : cands) {
        const size_t ci = static_cast<size_t>(c);
        int key = gap(ci) + wait(ci);
        if (one_gap && !any_ready && gap(ci) > 0) key = -gap(ci);
        if (pick < 0 || key < pick_key || (key == pick_key && height_[ci] > height_[static_cast<size_t>(pick)])) {
          pick = c;
          pick_key = key;
        }
      }
      const size_t pu = static_cast<size_t>(pick);
      avail.erase(std::lower_bound(avail.begin(), avail.end(), pick));
      const int slot = std::max(now, es[pu]);
      int cycle = ec[pu];
      if (!virtual_[pu]) {
        cycle = std::max(cnow + (slot - now), ec[pu]);
        now = slot + slots_[pu];
        cnow = cycle + slots_[pu];
      }
      for (const Edge& e : succ_[pu]) {
        const size_t to = static_cast<size_t>(e.to);
        if (kind_[pu] != Kind::kAsync) es[to] = std::max(es[to], slot + e.offset);
        if (kind_[pu] != Kind::kAlu) ec[to] = std::max(ec[to], cycle + e.offset);
        if (--npred[to] == 0) avail.insert(std::lower_bound(avail.begin(), avail.end(), e.to), e.to);
      }
      live += PlaceForward(pu, left);
      picked.push_back(pick);
    }
    return picked;
  }

  // The bottom-up list scheduler (depth priority). Empty: a dependence cycle.
  std::vector<int> BottomUp() const {
    const size_t n = units_.size();
    std::vector<int>& nsucc = a_->nsucc;
    nsucc.resize(n);
    for (size_t i = 0; i < n; ++i) nsucc[i] = static_cast<int>(succ_[i].size());
    std::vector<int>& req = a_->req;  // distance from the end its users need
    std::vector<int>& at = a_->at;    // distance of its issue slot from the end (0-slot meta: req)
    req.assign(n, 0);
    at.assign(n, 0);
    std::vector<char>& started = a_->started;  // live: a user is placed, or live out
    started.assign(vals_.size(), 0);
    int live = 0;
    for (size_t i = 0; i < vals_.size(); ++i) {
      if (lout_[i]) {
        started[i] = 1;
        live += scal_[i];
      }
    }
    std::vector<int>& avail = a_->avail;  // units whose users are all placed, ascending
    avail.clear();
    for (size_t i = 0; i < n; ++i) {
      if (nsucc[i] == 0) avail.push_back(static_cast<int>(i));
    }
    const size_t tail = n - body_count_;
    int now = 0;  // slots placed so far, counted from the end of the block
    std::vector<int> picked;
    picked.reserve(n);
    std::vector<int>& cands = a_->cands;  // this step's; one buffer for every step
    for (size_t step = 0; step < n; ++step) {
      // The terminator goes last, so it is placed first.
      cands.clear();
      for (int i : avail) {
        if (step < tail && static_cast<size_t>(i) < body_count_) continue;
        cands.push_back(i);
      }
      if (cands.empty()) return {};  // a dependence cycle
      if (!compiler::ChargeWork(cands.size())) return {};  // over budget: the pipeline discards the result
      if (live > limit_) {
        cands = Tiers(
            cands, [&](int c) { return PressureDeltaBottomUp(static_cast<size_t>(c), started); },
            [&](int c) { return Shortfall(static_cast<size_t>(c), now, req) == 0; }, cands.back());
      }
      const int pick = PickBottomUp(cands, now, req);
      const size_t pu = static_cast<size_t>(pick);
      avail.erase(std::lower_bound(avail.begin(), avail.end(), pick));
      if (virtual_[pu]) {
        at[pu] = req[pu];
      } else {
        int d = now + slots_[pu];
        if (kind_[pu] == Kind::kAlu) d = std::max(d, req[pu]);  // a gap: nops before its users
        at[pu] = d;
        now = d;
      }
      for (const Edge& e : pred_[pu]) {
        const size_t from = static_cast<size_t>(e.to);
        req[from] = std::max(req[from], at[pu] + e.offset);
        if (--nsucc[from] == 0) avail.insert(std::lower_bound(avail.begin(), avail.end(), e.to), e.to);
      }
      live += PressureDeltaBottomUp(pu, started);
      started[pu] = 0;
      for (int v : uses_[pu]) started[static_cast<size_t>(v)] = 1;
      picked.push_back(pick);
    }
    std::reverse(picked.begin(), picked.end());
    return picked;
  }

  // `order` replayed in the model (schedule.h, "Cost").
  BlockCost Evaluate(const std::vector<int>& order) const {
    const size_t n = units_.size();
    std::vector<int>& slot = a_->slot;    // 0-slot meta: when their inputs are ready
    std::vector<int>& cycle = a_->cycle;
    slot.assign(n, 0);
    cycle.assign(n, 0);
    std::vector<std::vector<int>>& via = a_->via;  // 0-slot meta: the async units it passes on
    ResetNested(via, n);
    std::vector<int>& epoch_of = a_->epoch_of;  // async units: the sync epoch of their issue
    epoch_of.assign(n, -1);
    std::vector<int>& async_in = a_->async_in;  // one unit's at a time
    int epoch[2] = {0, 0};
    int pending[2] = {-1, -1};  // per class: latest completion among the unsynced ops
    BlockCost c;
    int now = 0, cnow = 0;
    for (int i : order) {
      const size_t u = static_cast<size_t>(i);
      int s = now, cy = 0;
      async_in.clear();
      for (const Edge& e : pred_[u]) {
        const size_t p = static_cast<size_t>(e.to);
        switch (kind_[p]) {
          case Kind::kAlu: s = std::max(s, slot[p] + e.offset); break;
          case Kind::kAsync:
            cy = std::max(cy, cycle[p] + e.offset);
            async_in.push_back(e.to);
            break;
          case Kind::kFree:
            s = std::max(s, slot[p] + e.offset);
            cy = std::max(cy, cycle[p] + e.offset);
            async_in.insert(async_in.end(), via[p].begin(), via[p].end());
            break;
        }
      }
      if (virtual_[u]) {
        slot[u] = s;
        cycle[u] = cy;
        std::sort(async_in.begin(), async_in.end());
        async_in.erase(std::unique(async_in.begin(), async_in.end()), async_in.end());
        via[u].assign(async_in.begin(), async_in.end());
        continue;
      }
      // A sync waits for every op of its class issued since the last one.
      bool synced[2] = {false, false};
      for (int a : async_in) {
        const int k = cls_[static_cast<size_t>(a)];
        if (k >= 0 && epoch_of[static_cast<size_t>(a)] == epoch[k]) {
          cy = std::max(cy, pending[k]);
          synced[k] = true;
        }
      }
      if (s > now) {
        ++c.gaps;
        c.nop_slots += s - now;
      }
      int issue = cnow + (s - now);
      if (cy > issue) {
        c.wait += cy - issue;
        issue = cy;
      }
      for (int k = 0; k < 2; ++k) {
        if (synced[k]) {
          ++epoch[k];
          pending[k] = -1;
        }
      }
      if (cls_[u] >= 0) {
        epoch_of[u] = epoch[cls_[u]];
        pending[cls_[u]] = std::max(pending[cls_[u]], issue + m_.AsyncLatency(fn_.node(units_[u])));
      }
      slot[u] = s;
      cycle[u] = issue;
      now = s + slots_[u];
      cnow = issue + slots_[u];
    }
    c.slots = now;
    c.cycles = cnow;
    c.peak_live = Peak(order);
    return c;
  }

 private:
  // Whether collect `c` gets its arg `a` computed in place (regalloc's
  // collect groups: a scalar defined by an instruction of the same block,
  // or an input when the collect is in block 0, that only this collect
  // uses; listed twice, it is in place at its first index), so that no
  // mov copies it.
  bool InPlace(ValueId c, ValueId a) const {
    if (a < 0 || static_cast<size_t>(a) >= fn_.nodes.size()) return false;
    const Node& n = fn_.node(a);
    if (n.dead || n.def_class != RegClass::kFull || n.size != 1) return false;
    const std::vector<ValueId>& args = fn_.node(c).args;
    if (info_.use_count[static_cast<size_t>(a)] != std::count(args.begin(), args.end(), a)) return false;
    const int32_t cb = info_.block_of[static_cast<size_t>(c)];
    if (n.meta == Meta::kInput) return cb == 0;
    return n.meta == Meta::kNone && info_.block_of[static_cast<size_t>(a)] == cb;
  }

  // The movs collect `c` becomes: its args that are not in place (and the
  // repeats of one that is).
  int CollectMovs(ValueId c) const {
    int movs = 0;
    const std::vector<ValueId>& args = fn_.node(c).args;
    for (size_t i = 0; i < args.size(); ++i) {
      const ValueId a = args[i];
      const bool repeat = std::find(args.begin(), args.begin() + static_cast<std::ptrdiff_t>(i), a) != args.begin() + static_cast<std::ptrdiff_t>(i);
      movs += a != kNoValue && (repeat || !InPlace(c, a));
    }
    return movs;
  }

  // Producer unit -> consumer unit edges with their offsets (one per pair,
  // the largest).
  void BuildGraph() {
    const size_t n = units_.size();
    ResetNested(succ_, n);
    ResetNested(pred_, n);
    npred_.assign(n, 0);
    std::vector<std::pair<int, int>>& preds = a_->preds;  // unit i's (producer unit, offset); one buffer for every unit
    for (size_t i = 0; i < n; ++i) {
      const ValueId c = units_[i];
      const Node& cn = fn_.node(c);
      preds.clear();
      auto add = [&](ValueId p, int offset) {
        if (p < 0 || static_cast<size_t>(p) >= fn_.nodes.size() || p == c) return;
        const int pu = local_[static_cast<size_t>(p)];
        if (pu >= 0 && static_cast<size_t>(pu) < n) preds.emplace_back(pu, offset);
      };
      auto data_offset = [&](ValueId p, int slot) {
        const Node& pn = fn_.node(p);
        const int d = m_.EdgeDelay(fn_, p, c, slot);
        return IsFixed(m_, pn) ? m_.ResultSlots(pn) + d : d;
      };
      // A read of value p in source slot `slot` (-1: args). A collect's
      // registers are written by its in-place args and by its movs, so its
      // consumers read those; its own in-place args only order it.
      auto read = [&](ValueId p, int slot) {
        if (p < 0 || static_cast<size_t>(p) >= fn_.nodes.size()) return;
        const Node& pn = fn_.node(p);
        if (cn.meta == Meta::kCollect) {
          add(p, InPlace(c, p) ? 0 : data_offset(p, slot));
        } else if (pn.meta == Meta::kCollect) {
          const int movs = CollectMovs(p);
          add(p, movs > 0 ? movs + m_.FixedReadDelay(cn, slot) : 0);
          for (ValueId a : pn.args) {
            if (a != kNoValue && InPlace(p, a)) add(a, data_offset(a, slot));
          }
        } else {
          add(p, data_offset(p, slot));
        }
      };
      for (size_t k = 0; k < cn.src_value.size(); ++k) {
        if (cn.src_value[k] != kNoValue) read(cn.src_value[k], static_cast<int>(k));
      }
      for (ValueId p : cn.args) read(p, -1);
      // The test-only mutants (mutants.def) forget the order of a p0 / a0.x
      // definition after the previous value's readers.
      const bool unordered =
          (cn.def_class == RegClass::kP0 && compiler::MutantActive(compiler::Mutant::kScheduleP0Reorder)) ||
          (cn.def_class == RegClass::kA0 && compiler::MutantActive(compiler::Mutant::kScheduleA0Reorder));
      if (!unordered) {
        for (ValueId p : cn.deps) add(p, 0);
      }
      std::sort(preds.begin(), preds.end());
      for (size_t k = 0; k < preds.size(); ++k) {
        if (k + 1 < preds.size() && preds[k + 1].first == preds[k].first) continue;
        succ_[static_cast<size_t>(preds[k].first)].push_back({static_cast<int>(i), preds[k].second});
        pred_[i].push_back({preds[k].first, preds[k].second});
        ++npred_[i];
      }
    }
  }

  // height_: the longest offset-weighted path to the end of the block (its
  // own slots at a leaf); depth_: the longest one from the start of the
  // block (the slot it could issue at with unlimited width). Consumers come
  // after producers in a valid original order, so one walk each way works
  // (on invalid input the values are only worse estimates).
  void ComputePriorities() {
    const size_t n = units_.size();
    height_.assign(n, 0);
    for (size_t i = n; i-- > 0;) {
      int h = slots_[i];
      for (const Edge& e : succ_[i]) h = std::max(h, e.offset + height_[static_cast<size_t>(e.to)]);
      height_[i] = h;
    }
    depth_.assign(n, 0);
    for (size_t i = 0; i < n; ++i) {
      int d = 0;
      for (const Edge& e : pred_[i]) d = std::max(d, depth_[static_cast<size_t>(e.to)] + e.offset);
      depth_[i] = d;
    }
  }

  // uses_[u]: the distinct block values (head included) unit u reads, as
  // indices into vals_; nuse_[v]: how many units read v.
  void BuildLiveness() {
    const size_t n = units_.size();
    scal_.assign(vals_.size(), 0);
    lout_.assign(vals_.size(), 0);
    nuse_.assign(vals_.size(), 0);
    for (size_t i = 0; i < vals_.size(); ++i) {
      scal_[i] = Scalars(fn_.node(vals_[i]));
      lout_[i] = info_.live_out[static_cast<size_t>(vals_[i])];
    }
    ResetNested(uses_, n);
    for (size_t u = 0; u < n; ++u) {
      std::vector<int>& used = uses_[u];
      for (ValueId v : fn_.UsesOf(units_[u])) {
        if (v < 0 || static_cast<size_t>(v) >= fn_.nodes.size()) continue;
        const int l = local_[static_cast<size_t>(v)];
        if (l >= 0) used.push_back(l);
      }
      std::sort(used.begin(), used.end());
      used.erase(std::unique(used.begin(), used.end()), used.end());
      for (int v : used) ++nuse_[static_cast<size_t>(v)];
    }
  }

  // Scalars of block value `v` that stay live once it is defined.
  int Kept(size_t v) const { return (nuse_[v] > 0 || lout_[v]) ? scal_[v] : 0; }

  int HeadLive() const {
    int live = 0;
    for (size_t h = units_.size(); h < vals_.size(); ++h) live += Kept(h);
    return live;
  }

  // Live scalars placing unit `u` adds, top-down; `left` = unplaced users.
  int PressureDeltaTopDown(size_t u, const std::vector<int>& left) const {
    int delta = Kept(u);
    for (int v : uses_[u]) {
      const size_t s = static_cast<size_t>(v);
      if (left[s] == 1 && !lout_[s]) delta -= scal_[s];
    }
    return delta;
  }

  int PlaceForward(size_t u, std::vector<int>& left) const {
    const int delta = PressureDeltaTopDown(u, left);
    for (int v : uses_[u]) --left[static_cast<size_t>(v)];
    return delta;
  }

  // Live scalars placing unit `u` adds, bottom-up: its operands become live
  // (at their last use), its own value dies (at its definition).
  int PressureDeltaBottomUp(size_t u, const std::vector<char>& started) const {
    int delta = started[u] ? -scal_[u] : 0;
    for (int v : uses_[u]) {
      if (!started[static_cast<size_t>(v)]) delta += scal_[static_cast<size_t>(v)];
    }
    return delta;
  }

  // The most live scalars in `order` (after each unit, and at the start).
  int Peak(const std::vector<int>& order) const {
    std::vector<int>& left = a_->peak_left;
    left = nuse_;
    int live = HeadLive();
    int peak = live;
    for (int u : order) {
      live += PlaceForward(static_cast<size_t>(u), left);
      peak = std::max(peak, live);
    }
    return peak;
  }

  // Over the pressure limit: the ready candidates that free scalars, else
  // the ready ones that keep the count, else the freeing ones, else the
  // neutral ones, else `fallback` (the candidate that continues the
  // original order: it finishes one computation before starting the next,
  // where priorities would start every long chain).
  template <typename Delta, typename Ready>
  static std::vector<int> Tiers(const std::vector<int>& cands, Delta delta, Ready ready, int fallback) {
    std::vector<int> tier[4];
    for (int c : cands) {
      const int d = delta(c);
      if (d > 0) continue;
      tier[(ready(c) ? 0 : 2) + (d < 0 ? 0 : 1)].push_back(c);
    }
    for (const std::vector<int>& t : tier) {
      if (!t.empty()) return t;
    }
    return {fallback};
  }

  // Bottom-up: the slots unit `u` still lacks for its users if placed now
  // (0: ready). A 0-slot meta node or a free one never lacks any; an async
  // one only makes its users wait (no nops), but counts so that it goes
  // where it has time to complete when it can.
  int Shortfall(size_t u, int now, const std::vector<int>& req) const {
    if (virtual_[u] || kind_[u] == Kind::kFree) return 0;
    return std::max(0, req[u] - now - slots_[u]);
  }

  // The deepest ready candidate; none ready: the one ready soonest, then
  // the deepest. Ties go to the later unit in the original order (placed
  // first from the end, so equal priorities keep their original order).
  int PickBottomUp(const std::vector<int>& cands, int now, const std::vector<int>& req) const {
    int best = -1, best_short = 0;
    for (int c : cands) {  // ascending: >= keeps the last
      const size_t ci = static_cast<size_t>(c);
      const int s = Shortfall(ci, now, req);
      if (best < 0 || s < best_short || (s == best_short && depth_[ci] >= depth_[static_cast<size_t>(best)])) {
        best = c;
        best_short = s;
      }
    }
    return best;
  }

  const Function& fn_;
  const ScheduleModel& m_;
  const FunctionInfo& info_;
  std::vector<int>& local_;  // value -> index into vals_ while this object lives, else -1
  std::unique_ptr<SchedulerArrays> owned_;  // while another scheduler holds the thread's
  SchedulerArrays* a_;  // the arrays below live here
  std::vector<ValueId>& units_;
  std::vector<ValueId>& vals_;  // units, then head
  size_t body_count_ = 0;
  std::vector<Kind>& kind_;
  std::vector<int>& slots_;
  std::vector<char>& virtual_;  // a meta node that takes no slot
  std::vector<int>& cls_;       // async units: 0 = (ss) class, 1 = (sy) class; else -1
  std::vector<std::vector<Edge>>& succ_;  // the first units_.size() entries (ResetNested)
  std::vector<std::vector<Edge>>& pred_;
  std::vector<int>& npred_;
  std::vector<int>& height_;
  std::vector<int>& depth_;
  std::vector<std::vector<int>>& uses_;  // the first units_.size() entries
  std::vector<int>& scal_;
  std::vector<int>& nuse_;
  std::vector<char>& lout_;
  int limit_ = 0;
};

// Strictly fewer estimated nop instructions, or as many and fewer stall
// cycles (nop slots + waits).
bool Better(const BlockCost& a, const BlockCost& b) {
  if (a.gaps != b.gaps) return a.gaps < b.gaps;
  return a.nop_slots + a.wait < b.nop_slots + b.wait;
}

// Splits a block's live nodes into head (phis, inputs), body and tail.
struct BlockParts {
  std::vector<ValueId> head, body, tail;
};

BlockParts Split(const Function& fn, const ScheduleModel& m, const Block& blk) {
  BlockParts parts;
  std::vector<ValueId> inputs;
  for (ValueId v : blk.nodes) {
    const Node& n = fn.node(v);
    if (n.dead) continue;
    if (n.meta == Meta::kPhi) {
      parts.head.push_back(v);
    } else if (n.meta == Meta::kInput) {
      inputs.push_back(v);
    } else if (IsTerminator(m, n)) {
      parts.tail.push_back(v);
    } else {
      parts.body.push_back(v);
    }
  }
  parts.head.insert(parts.head.end(), inputs.begin(), inputs.end());
  return parts;
}

}  // namespace

void Schedule(Function& fn, const ScheduleModel& model, compiler::RewriteBudget* budget, const ScheduleOptions& options) {
  FunctionInfo info = Analyze(fn);
  std::vector<int> local(fn.nodes.size(), -1);
  for (Block& blk : fn.blocks) {
    const BlockParts parts = Split(fn, model, blk);
    if (parts.body.size() < 2) continue;
    if (!compiler::ShouldRewrite(budget, "schedule-block")) continue;
    std::vector<ValueId> units = parts.body;
    units.insert(units.end(), parts.tail.begin(), parts.tail.end());
    BlockScheduler sched(fn, model, info, local, parts.head, units, parts.body.size());
    std::vector<int> picked;
    ScheduleMode chosen = ScheduleMode::kOriginal;
    auto force = [&](std::vector<int> order, ScheduleMode mode) {
      if (order.empty()) return;  // a dependence cycle
      picked = std::move(order);
      chosen = mode;
    };
    switch (options.mode) {
      case ScheduleMode::kOriginal: break;
      case ScheduleMode::kTopDown: force(sched.TopDown(false), ScheduleMode::kTopDown); break;
      case ScheduleMode::kTopDownOneGap: force(sched.TopDown(true), ScheduleMode::kTopDownOneGap); break;
      case ScheduleMode::kBottomUp: force(sched.BottomUp(), ScheduleMode::kBottomUp); break;
      case ScheduleMode::kBest: {
        BlockCost best = sched.Evaluate(sched.Original());
        std::vector<int> top_down = sched.TopDown(false);
        if (top_down.empty()) break;  // a dependence cycle
        // The pressure guard's bound: what the top-down order needs when it
        // stays over the limit.
        const BlockCost top_down_cost = sched.Evaluate(top_down);
        const int allowed = std::max(sched.limit(), top_down_cost.peak_live);
        // Ties keep the first of top-down, bottom-up, top-down one-gap; any
        // of them beats an equal original order.
        auto consider = [&](std::vector<int> order, const BlockCost& c, ScheduleMode mode) {
          if (order.empty() || c.peak_live > allowed) return;
          if (Better(c, best) || (chosen == ScheduleMode::kOriginal && !Better(best, c))) {
            best = c;
            picked = std::move(order);
            chosen = mode;
          }
        };
        consider(std::move(top_down), top_down_cost, ScheduleMode::kTopDown);
        std::vector<int> bottom_up = sched.BottomUp();
        if (!bottom_up.empty()) {
          const BlockCost c = sched.Evaluate(bottom_up);
          consider(std::move(bottom_up), c, ScheduleMode::kBottomUp);
        }
        std::vector<int> one_gap = sched.TopDown(true);
        if (!one_gap.empty()) {
          const BlockCost c = sched.Evaluate(one_gap);
          consider(std::move(one_gap), c, ScheduleMode::kTopDownOneGap);
        }
        break;
      }
    }
    if (options.report) {
      ScheduleReport& r = *options.report;
      ++r.blocks;
      switch (chosen) {
        case ScheduleMode::kTopDown: ++r.top_down; break;
        case ScheduleMode::kTopDownOneGap: ++r.top_down_one_gap; break;
        case ScheduleMode::kBottomUp: ++r.bottom_up; break;
        default: ++r.original; break;
      }
    }
    if (chosen == ScheduleMode::kOriginal) continue;
    std::vector<ValueId> order = parts.head;
    for (int i : picked) order.push_back(sched.unit(i));
    blk.nodes = std::move(order);
  }
}

BlockCost EstimateBlockCost(const Function& fn, const ScheduleModel& model, int block) {
  const FunctionInfo info = Analyze(fn);
  std::vector<int> local(fn.nodes.size(), -1);
  const BlockParts parts = Split(fn, model, fn.blocks[static_cast<size_t>(block)]);
  // The units in the block's own order (a terminator is normally last).
  std::vector<ValueId> units;
  for (ValueId v : fn.blocks[static_cast<size_t>(block)].nodes) {
    const Node& n = fn.node(v);
    if (!n.dead && n.meta != Meta::kPhi && n.meta != Meta::kInput) units.push_back(v);
  }
  const BlockScheduler sched(fn, model, info, local, parts.head, units, parts.body.size());
  return sched.Evaluate(sched.Original());
}

}  // namespace shaderdiff::opt
