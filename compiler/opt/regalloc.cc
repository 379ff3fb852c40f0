// Register allocation: liveness, live ranges, allocation units and the
// greedy interval allocator. The rules are documented in regalloc.h.
#include "compiler/opt/regalloc.h"

#include <algorithm>
#include <memory>
#include <numeric>
#include <utility>
#include <vector>

#include "compiler/opt/thread_scratch.h"
#include "compiler/support/mutant.h"
#include "compiler/support/work_budget.h"

namespace shaderdiff::opt {

namespace {

using Range = std::pair<int, int>;  // closed [first, last] positions

std::string Name(ValueId v) { return "%" + std::to_string(v); }

// Position numbering (regalloc.h step 1).
struct Positions {
  std::vector<int> use, def;             // per node; -1: not placed
  std::vector<int> block_start, block_end;
  std::vector<ValueId> at;               // position -> node, -1 at block boundaries
  std::vector<int> at_block;             // position -> block
};

// Fills *out (a kept Positions: every array is assigned or cleared first).
void Number(const Function& fn, Positions* out) {
  Positions& p = *out;
  p.use.assign(fn.nodes.size(), -1);
  p.def.assign(fn.nodes.size(), -1);
  p.block_start.clear();
  p.block_end.clear();
  p.at.clear();
  p.at_block.clear();
  int pos = 0;
  auto mark = [&](ValueId v, int b) {
    p.at.push_back(v);
    p.at_block.push_back(b);
    ++pos;
  };
  for (size_t b = 0; b < fn.blocks.size(); ++b) {
    const int bi = static_cast<int>(b);
    p.block_start.push_back(pos);
    mark(-1, bi);
    for (ValueId v : fn.blocks[b].nodes) {
      if (fn.node(v).dead) continue;
      p.use[v] = pos;
      p.def[v] = pos + 1;
      mark(v, bi);
      mark(v, bi);
    }
    p.block_end.push_back(pos);
    mark(-1, bi);
  }
}

// Per-value live ranges (regalloc.h step 3), one per block the value is
// live in, into *out (kept lists: each is cleared first).
void BuildRanges(const Function& fn, const Liveness& live, const Positions& pos, std::vector<std::vector<Range>>* out) {
  const size_t nv = fn.nodes.size();
  std::vector<std::vector<Range>>& ranges = *out;
  ranges.resize(nv);
  for (std::vector<Range>& r : ranges) r.clear();
  std::vector<char> is_live(nv, 0);
  std::vector<int> end(nv, -1);
  std::vector<ValueId> scratch;
  for (size_t b = 0; b < fn.blocks.size(); ++b) {
    const Block& blk = fn.blocks[b];
    const int start = pos.block_start[b];
    std::vector<ValueId>& touched = scratch;  // every value set live in this block
    touched.clear();
    for (ValueId v : live.live_out[b]) {
      is_live[v] = 1;
      end[v] = pos.block_end[b];
      touched.push_back(v);
    }
    for (auto it = blk.nodes.rbegin(); it != blk.nodes.rend(); ++it) {
      const ValueId v = *it;
      const Node& n = fn.node(v);
      if (n.dead || n.meta == Meta::kPhi || n.meta == Meta::kInput || n.meta == Meta::kSplit) continue;
      if (n.defines()) {
        ranges[v].push_back({pos.def[v], is_live[v] ? std::max(end[v], pos.def[v]) : pos.def[v]});
        is_live[v] = 0;
      }
      for (ValueId u : fn.UsesOf(v)) {
        const ValueId base = ResolveSplit(fn, u).base;
        if (base == kNoValue || is_live[base]) continue;
        is_live[base] = 1;
        touched.push_back(base);
        end[base] = pos.use[v];
        // Test-only mutant (mutants.def): one node early.
        if (compiler::MutantActive(compiler::Mutant::kRegallocRangeEndEarly)) {
          end[base] = std::max(pos.use[v] - 2, start);
        }
      }
    }
    for (ValueId v : blk.nodes) {
      const Node& n = fn.node(v);
      if (n.dead || n.meta != Meta::kPhi) continue;
      ranges[v].push_back({start, is_live[v] ? end[v] : start});
      is_live[v] = 0;
    }
    for (ValueId v : touched) {
      if (is_live[v]) ranges[v].push_back({start, end[v]});
      is_live[v] = 0;
    }
  }
  // Inputs are written before block 0 starts (position 0), read or not.
  for (size_t v = 0; v < nv; ++v) {
    if (!IsLiveInput(fn, static_cast<ValueId>(v))) continue;
    bool at_entry = false;
    for (const Range& r : ranges[v]) at_entry |= r.first == 0;
    if (!at_entry) ranges[v].push_back({0, 0});
  }
}

// Sorts and merges overlapping or adjacent ranges, in place.
void MergeInPlace(std::vector<Range>& r) {
  std::sort(r.begin(), r.end());
  size_t out = 0;  // r[0, out): the merged ranges so far (in place)
  for (size_t i = 0; i < r.size(); ++i) {
    if (out > 0 && r[i].first <= r[out - 1].second + 1) {
      r[out - 1].second = std::max(r[out - 1].second, r[i].second);
    } else {
      r[out++] = r[i];
    }
  }
  r.resize(out);
}

bool Contains(const std::vector<Range>& rs, int p) {
  for (const Range& r : rs) {
    if (r.first <= p && p <= r.second) return true;
  }
  return false;
}

// An allocation unit (regalloc.h step 4).
struct Unit {
  int size = 1;
  std::vector<std::pair<ValueId, int>> members;  // value, scalar offset in the unit
  std::vector<Range> ranges;                     // merged, over all its scalars
  std::vector<std::vector<Range>> scalar;        // per scalar: the members covering it, merged
  std::vector<std::pair<int, int>> hints;        // (unit, d): prefer base == base(unit) + d
  std::vector<std::pair<int, int>> forbid;       // (unit, d): base != base(unit) + d
  int base = -1;
  int ij_pair = -1;  // a reserved FS i/j pair: its index in kIjPairs

  // Back to a fresh unit's state, its vectors emptied but keeping their
  // capacity (scalar keeps its lists, each emptied: BuildUnits assigns it).
  void Reset() {
    size = 1;
    members.clear();
    ranges.clear();
    for (std::vector<Range>& s : scalar) s.clear();
    hints.clear();
    forbid.clear();
    base = -1;
    ij_pair = -1;
  }
};

// One allocation's working storage, kept by the thread for the next one
// (thread_scratch.h), so that its arrays and the units' lists keep their
// capacity from one compile to the next (they were ~160 of a campaign
// program's allocations). Only capacity carries over: every array is
// assigned or cleared before it is read, and units come back Reset.
struct RaScratch {
  bool in_use = false;
  Positions pos;
  Liveness live;
  std::vector<std::vector<Range>> ranges;
  std::vector<Unit> units;        // this allocation's (empty between allocations)
  std::vector<Unit> spare_units;  // kept units, handed out by NewUnit
  std::vector<std::vector<Range>> occupied;
  std::vector<char> placed;
  std::vector<int> unit_of, offset;
  // BuildUnits' arrays.
  std::vector<ValueId> parent, grouped_into;
  std::vector<int> use_count, group_offset, unit_by_root;
  std::vector<std::pair<Range, ValueId>> all;
};

int Find(std::vector<ValueId>& parent, ValueId v) {
  while (parent[v] != v) v = parent[v] = parent[parent[v]];
  return v;
}

class Allocator {
 public:
  Allocator(Function& fn, const a3xx::Timing& t) : fn_(fn), t_(t), limit_(4 * t.num_full_vec4) {}
  ~Allocator() {
    for (Unit& u : units_) spare_.push_back(std::move(u));
    units_.clear();
    s_.in_use = false;
  }
  Allocator(const Allocator&) = delete;
  Allocator& operator=(const Allocator&) = delete;

  RaResult Run() {
    TrimInputs();
    const size_t nv = fn_.nodes.size();
    placed_.assign(nv, 0);
    for (const Block& b : fn_.blocks) {
      for (ValueId v : b.nodes) placed_[v] = !fn_.node(v).dead;
    }
    for (size_t v = 0; v < nv; ++v) placed_[v] |= IsLiveInput(fn_, static_cast<ValueId>(v));
    Number(fn_, &pos_);
    ComputeLiveness(fn_, &s_.live);
    BuildRanges(fn_, s_.live, pos_, &ranges_);
    if (!BuildUnits()) return result_;
    AddCopyPreferences();
    if (!Allocate()) return result_;
    Assign();
    return result_;
  }

 private:
  bool Allocatable(ValueId v) const {
    const Node& n = fn_.node(v);
    return placed_[v] && n.def_class == RegClass::kFull && n.meta != Meta::kSplit;
  }

  // Step 9: an input binding's value covers its components up to the last
  // one the hardware must write for what is read.
  void TrimInputs() {
    for (size_t vi = 0; vi < fn_.nodes.size(); ++vi) {
      const ValueId v = static_cast<ValueId>(vi);
      Node& n = fn_.node(v);
      if (!IsLiveInput(fn_, v) || n.input.kind == InputRef::kIj) continue;
      const uint8_t mask = InputMask(fn_, v);
      int last = n.input.comp;
      for (int c = 0; c < 4; ++c) {
        if ((mask >> c) & 1) last = std::max(last, c);
      }
      n.size = static_cast<uint8_t>(std::min<int>(n.size, last - n.input.comp + 1));
    }
  }

  bool Fail(const std::string& why) {
    result_.ok = false;
    result_.unsupported = why;
    return false;
  }
  bool Internal(const std::string& why) {
    result_.internal = true;
    return Fail("internal: " + why);
  }

  // Whether collect argument `a` of collect `c` is computed in place: its
  // only uses are this collect (which may list it more than once; it then
  // sits at its first index and the others are copies).
  bool Groupable(ValueId c, ValueId a, const std::vector<int>& use_count) const {
    if (a == kNoValue || !Allocatable(a)) return false;
    const std::vector<ValueId>& args = fn_.node(c).args;
    if (use_count[a] != std::count(args.begin(), args.end(), a)) return false;
    const Node& n = fn_.node(a);
    if (n.size != 1) return false;
    if (n.meta == Meta::kInput) return fn_.node(c).block == 0;
    return n.meta == Meta::kNone && n.block == fn_.node(c).block;
  }

  bool BuildUnits() {
    const size_t nv = fn_.nodes.size();
    std::vector<ValueId>& parent = s_.parent;
    parent.resize(nv);
    std::iota(parent.begin(), parent.end(), 0);
    std::vector<int>& use_count = s_.use_count;
    use_count.assign(nv, 0);
    for (size_t v = 0; v < nv; ++v) {
      if (!placed_[v]) continue;
      for (ValueId u : fn_.UsesOf(static_cast<ValueId>(v))) {
        if (u != kNoValue) ++use_count[u];
      }
    }
    // Phi webs.
    for (size_t v = 0; v < nv; ++v) {
      const Node& n = fn_.node(static_cast<ValueId>(v));
      if (!Allocatable(static_cast<ValueId>(v)) || n.meta != Meta::kPhi) continue;
      for (ValueId a : n.args) {
        if (a == kNoValue) continue;
        const Node& c = fn_.node(a);
        if (c.meta != Meta::kParCopy || !Allocatable(a) || c.size != n.size) {
          return Internal("phi " + Name(static_cast<ValueId>(v)) + " reads " + Name(a) +
                      ", not a kParCopy of its class and size (run InsertPhiCopies first)");
        }
        parent[Find(parent, a)] = Find(parent, static_cast<ValueId>(v));
      }
    }
    // Collect groups.
    std::vector<ValueId>& grouped_into = s_.grouped_into;
    grouped_into.assign(nv, kNoValue);
    std::vector<int>& group_offset = s_.group_offset;
    group_offset.assign(nv, 0);
    for (size_t v = 0; v < nv; ++v) {
      const Node& n = fn_.node(static_cast<ValueId>(v));
      if (!Allocatable(static_cast<ValueId>(v)) || n.meta != Meta::kCollect) continue;
      for (size_t i = 0; i < n.args.size(); ++i) {
        const ValueId a = n.args[i];
        // kNoValue: a component left open (an output component never written).
        if (a == kNoValue || grouped_into[a] == static_cast<ValueId>(v) ||
            !Groupable(static_cast<ValueId>(v), a, use_count)) {
          continue;
        }
        grouped_into[a] = static_cast<ValueId>(v);
        group_offset[a] = static_cast<int>(i);
      }
    }
    unit_of_.assign(nv, -1);
    offset_.assign(nv, 0);
    std::vector<int>& unit_by_root = s_.unit_by_root;
    unit_by_root.assign(nv, -1);
    for (size_t vi = 0; vi < nv; ++vi) {
      const ValueId v = static_cast<ValueId>(vi);
      if (!Allocatable(v) || grouped_into[v] != kNoValue) continue;
      const int root = Find(parent, v);
      if (unit_by_root[root] < 0) {
        unit_by_root[root] = static_cast<int>(units_.size());
        NewUnit().size = 0;
      }
      const int u = unit_by_root[root];
      auto add = [&](ValueId m, int off) {
        units_[u].members.push_back({m, off});
        units_[u].size = std::max(units_[u].size, off + fn_.node(m).size);
        unit_of_[m] = u;
        offset_[m] = off;
      };
      add(v, 0);
      if (fn_.node(v).meta == Meta::kCollect) {
        for (ValueId a : fn_.node(v).args) {
          if (a != kNoValue && grouped_into[a] == v && unit_of_[a] < 0) add(a, group_offset[a]);
        }
      }
    }
    std::vector<std::pair<Range, ValueId>>& all = s_.all;  // one unit's member ranges; one buffer for every unit
    for (Unit& u : units_) {
      all.clear();
      for (const auto& [m, off] : u.members) {
        for (const Range& r : ranges_[m]) all.push_back({r, m});
      }
      std::sort(all.begin(), all.end());
      if (u.members.size() > 1 && fn_.node(u.members[0].first).meta != Meta::kCollect) {
        // A phi web: its members must never be live at the same time.
        // Sweep by start; the range reaching furthest so far is the only
        // candidate for an overlap (a member's own ranges are disjoint).
        for (size_t i = 1, far = 0; i < all.size(); ++i) {
          if (all[i].first.first <= all[far].first.second && all[i].second != all[far].second) {
            return Internal("phi web members " + Name(all[far].second) + " and " + Name(all[i].second) +
                        " are live at the same time (out-of-SSA did not isolate the phi)");
          }
          if (all[i].first.second > all[far].first.second) far = i;
        }
      }
      u.ranges.clear();
      for (const auto& x : all) u.ranges.push_back(x.first);
      MergeInPlace(u.ranges);
      if (u.ranges.empty()) u.ranges = {{0, 0}};
      // A scalar is busy only while a member covering it is live: a
      // collect's component that is not computed in place needs its
      // register from the collect on, so the value it copies may sit
      // there until then (and the copy disappears).
      u.scalar.resize(static_cast<size_t>(u.size));  // kept lists keep their capacity
      for (std::vector<Range>& sr : u.scalar) sr.clear();
      for (const auto& [m, off] : u.members) {
        for (int k = off; k < off + fn_.node(m).size; ++k) {
          for (const Range& r : ranges_[m]) u.scalar[static_cast<size_t>(k)].push_back(r);
        }
      }
      for (std::vector<Range>& sr : u.scalar) {
        if (sr.empty()) {
          sr.assign(u.ranges.begin(), u.ranges.end());
        } else {
          MergeInPlace(sr);
        }
      }
    }
    // FS: the i/j pairs the hardware writes (regalloc.h step 8).
    // Test-only mutant (mutants.def).
    const bool reserve = !compiler::MutantActive(compiler::Mutant::kRegallocNoIjReserve);
    for (size_t p = 0; p < kNumIjPairs && reserve; ++p) {
      if (!PreloadsIjPair(fn_.state, p) || LiveIjInput(fn_, p) != kNoValue) continue;
      Unit& ij = NewUnit();
      ij.size = 2;
      ij.ranges = {{0, 0}};
      ij.scalar = {ij.ranges, ij.ranges};
      ij.ij_pair = static_cast<int>(p);
    }
    return true;
  }

  // Appends a fresh unit (size 1, no base, empty lists): a kept one when
  // there is one, so its lists keep their capacity. The reference is valid
  // until the next NewUnit.
  Unit& NewUnit() {
    if (spare_.empty()) {
      units_.emplace_back();
    } else {
      units_.push_back(std::move(spare_.back()));
      spare_.pop_back();
      units_.back().Reset();
    }
    return units_.back();
  }

  // `value` (unit U) prefers base(U) + offset + comp == base(other unit) + ...:
  // records the hint on both units.
  void Prefer(ValueId copy, int copy_comp, ValueId source) {
    const ValueRef s = ResolveSplit(fn_, source);
    if (s.base == kNoValue || copy == kNoValue) return;
    const int a = unit_of_[copy], b = unit_of_[s.base];
    if (a < 0 || b < 0 || a == b) return;
    const int d = offset_[s.base] + s.comp - offset_[copy] - copy_comp;  // base(a) = base(b) + d
    units_[a].hints.push_back({b, d});
    units_[b].hints.push_back({a, -d});
  }

  // Hints for kParCopy and collect movs; the collect clobber rule (step 5).
  void AddCopyPreferences() {
    for (size_t vi = 0; vi < fn_.nodes.size(); ++vi) {
      const ValueId v = static_cast<ValueId>(vi);
      if (!Allocatable(v)) continue;
      const Node& n = fn_.node(v);
      if (n.meta == Meta::kParCopy && !n.args.empty()) Prefer(v, 0, n.args[0]);
      if (n.meta != Meta::kCollect) continue;
      const int x = unit_of_[v];
      for (size_t j = 0; j < n.args.size(); ++j) {
        const ValueId a = n.args[j];
        if (a == kNoValue || unit_of_[a] == x) continue;  // grouped: in place
        const ValueRef s = ResolveSplit(fn_, a);
        if (s.base == kNoValue || unit_of_[s.base] < 0 || unit_of_[s.base] == x) continue;
        Prefer(v, static_cast<int>(j), a);
        const int u = unit_of_[s.base];
        const int src = offset_[s.base] + s.comp;  // source scalar = base(u) + src
        for (size_t i = 0; i < j && !compiler::MutantActive(compiler::Mutant::kRegallocCollectClobber); ++i) {
          // base(x) + offset(v) + i != base(u) + src
          const int d = src - offset_[v] - static_cast<int>(i);
          units_[x].forbid.push_back({u, d});
          units_[u].forbid.push_back({x, -d});
        }
      }
    }
  }

  bool Free(const Unit& u, int b) const {
    if (b < 0 || b + u.size > limit_) return false;
    const int pf = fn_.pinned_first, pc = fn_.pinned_count;
    if (pc > 0 && b < pf + pc && b + u.size > pf) return false;
    for (const auto& [o, d] : u.forbid) {
      if (units_[o].base >= 0 && b == units_[o].base + d) return false;
    }
    for (int k = 0; k < u.size; ++k) {
      const std::vector<Range>& occ = occupied_[static_cast<size_t>(b + k)];
      for (const Range& r : u.scalar[static_cast<size_t>(k)]) {
        // The last occupied range starting at or before r's end must end before r starts.
        auto it = std::upper_bound(occ.begin(), occ.end(), r.second, [](int p, const Range& o) { return p < o.first; });
        if (it == occ.begin()) continue;
        --it;
        if (it->second >= r.first) return false;
      }
    }
    return true;
  }

  // Records r in a scalar's occupied list (sorted by start) as a map from
  // start to end would: a range starting where a listed one starts
  // replaces its end.
  static void Occupy(std::vector<Range>& occ, const Range& r) {
    auto it = std::lower_bound(occ.begin(), occ.end(), r.first, [](const Range& o, int p) { return o.first < p; });
    if (it != occ.end() && it->first == r.first) {
      it->second = r.second;
    } else {
      occ.insert(it, r);
    }
  }

  bool Allocate() {
    occupied_.resize(static_cast<size_t>(std::max(limit_, 0)));  // kept lists keep their capacity
    for (std::vector<Range>& occ : occupied_) occ.clear();
    std::vector<int> order(units_.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
      const Unit &x = units_[a], &y = units_[b];
      if (x.ranges.front().first != y.ranges.front().first) return x.ranges.front().first < y.ranges.front().first;
      return x.size > y.size;
    });
    for (int ui : order) {
      Unit& u = units_[ui];
      int chosen = -1;
      for (const auto& [o, d] : u.hints) {
        if (units_[o].base >= 0 && Free(u, units_[o].base + d)) {
          chosen = units_[o].base + d;
          break;
        }
      }
      int tried = 0;
      for (int b = 0; chosen < 0 && b + u.size <= limit_; ++b, ++tried) {
        if (Free(u, b)) chosen = b;
      }
      const uint64_t work = static_cast<uint64_t>(tried + 1) * (u.size * u.ranges.size() + u.forbid.size()) + u.hints.size();
      if (!compiler::ChargeWork(work)) return Fail("compile budget exceeded");  // the pipeline names the limit
      if (chosen < 0) return Fail(PressureMessage(ui));
      u.base = chosen;
      for (int k = 0; k < u.size; ++k) {
        for (const Range& r : u.scalar[static_cast<size_t>(k)]) Occupy(occupied_[static_cast<size_t>(chosen + k)], r);
      }
    }
    return true;
  }

  std::string Where(int p) const {
    const ValueId v = pos_.at[p];
    const std::string blk = "b" + std::to_string(pos_.at_block[p]);
    if (v < 0) return (p == pos_.block_start[pos_.at_block[p]] ? "the start of " : "the end of ") + blk;
    std::string s = Name(v) + " in " + blk;
    if (fn_.node(v).tgsi_index >= 0) s += " (TGSI instruction " + std::to_string(fn_.node(v).tgsi_index) + ")";
    return s;
  }

  // The worst point of the failing unit's ranges, for the message.
  std::string PressureMessage(int failed) const {
    const Unit& f = units_[failed];
    std::vector<int> points;
    for (const Range& r : f.ranges) points.push_back(r.first);
    for (const Unit& u : units_) {
      for (const Range& r : u.ranges) {
        if (Contains(f.ranges, r.first)) points.push_back(r.first);
      }
    }
    // Scalars live at each point, by one sweep over every range (a unit's
    // ranges are disjoint, so a unit counts once where one contains p).
    std::vector<std::pair<int, int>> events;  // (position, +size at first / -size after last)
    for (const Unit& u : units_) {
      for (const Range& r : u.ranges) {
        events.push_back({r.first, u.size});
        events.push_back({r.second + 1, -u.size});
      }
    }
    std::sort(events.begin(), events.end());
    std::vector<int> sorted_points = points;
    std::sort(sorted_points.begin(), sorted_points.end());
    sorted_points.erase(std::unique(sorted_points.begin(), sorted_points.end()), sorted_points.end());
    std::vector<int> live_at(sorted_points.size());
    size_t e = 0;
    int live = 0;
    for (size_t i = 0; i < sorted_points.size(); ++i) {
      for (; e < events.size() && events[e].first <= sorted_points[i]; ++e) live += events[e].second;
      live_at[i] = live;
    }
    int best = -1, best_p = f.ranges.front().first;
    for (int p : points) {  // in the original order: the first point with the most wins
      const size_t i = static_cast<size_t>(std::lower_bound(sorted_points.begin(), sorted_points.end(), p) -
                                           sorted_points.begin());
      const int n = fn_.pinned_count + live_at[i];
      if (n > best) best = n, best_p = p;
    }
    std::string s = "register pressure: " + std::to_string(best) + " scalars live at " + Where(best_p) + ", " +
                    std::string(t_.name) + " has " + std::to_string(limit_);
    if (fn_.pinned_count > 0) s += " (" + std::to_string(fn_.pinned_count) + " pinned by relative addressing)";
    if (best <= limit_) {
      const std::string what = f.ij_pair >= 0 ? kIjPairs[f.ij_pair].name : Name(f.members[0].first);
      s += "; no " + std::to_string(f.size) + " consecutive free scalars for " + what;
    }
    return s;
  }

  void Assign() {
    const size_t nv = fn_.nodes.size();
    fn_.reg.assign(nv, -1);
    int top = fn_.pinned_count > 0 ? fn_.pinned_first + fn_.pinned_count - 1 : -1;
    for (const Unit& u : units_) {
      for (const auto& [m, off] : u.members) fn_.reg[m] = u.base + off;
      if (u.ij_pair >= 0) fn_.state.*kIjPairs[u.ij_pair].reg = static_cast<uint16_t>(u.base);
      top = std::max(top, u.base + u.size - 1);
    }
    for (size_t vi = 0; vi < nv; ++vi) {
      const ValueId v = static_cast<ValueId>(vi);
      const Node& n = fn_.node(v);
      if (!placed_[v] || !n.defines()) continue;
      if (n.def_class != RegClass::kFull) {
        // The fixed register; an instruction names it (p0.y for a compare
        // into p0.y), a meta node gets the class's first one.
        const bool named = n.meta == Meta::kNone && n.instr.dst.kind == a3xx::OperandKind::kGpr;
        fn_.reg[v] = named ? n.instr.dst.num : FixedRegister(n.def_class);
      }
      if (n.meta == Meta::kSplit) {
        const ValueRef r = ResolveSplit(fn_, v);
        if (r.base != kNoValue && fn_.reg[r.base] >= 0) fn_.reg[v] = fn_.reg[r.base] + r.comp;
      }
      if (n.meta == Meta::kInput && n.input.kind == InputRef::kIj && fn_.reg[v] >= 0) {
        fn_.state.*kIjPairs[n.input.binding].reg = static_cast<uint16_t>(fn_.reg[v]);
      }
    }
    result_.full_vec4 = top < 0 ? 0 : top / 4 + 1;
    result_.half_vec4 = fn_.uses_half0 ? 1 : 0;
  }

  Function& fn_;
  const a3xx::Timing& t_;
  const int limit_;
  RaResult result_;
  std::unique_ptr<RaScratch> owned_;  // a second allocator alive on the thread: its own storage
  RaScratch& s_ = *AcquireThreadScratch(owned_);
  std::vector<char>& placed_ = s_.placed;
  Positions& pos_ = s_.pos;
  std::vector<std::vector<Range>>& ranges_ = s_.ranges;
  std::vector<Unit>& units_ = s_.units;
  std::vector<Unit>& spare_ = s_.spare_units;
  std::vector<int>& unit_of_ = s_.unit_of;
  std::vector<int>& offset_ = s_.offset;
  std::vector<std::vector<Range>>& occupied_ = s_.occupied;  // per scalar: its ranges, sorted by start
};

}  // namespace

ValueRef ResolveSplit(const Function& fn, ValueId v) {
  ValueRef r{v, 0};
  while (r.base != kNoValue && fn.node(r.base).meta == Meta::kSplit) {
    const Node& s = fn.node(r.base);
    r.comp += s.comp;
    r.base = s.args.empty() ? kNoValue : s.args[0];
  }
  return r;
}

bool IsLiveInput(const Function& fn, ValueId v) {
  const Node& n = fn.node(v);
  return n.meta == Meta::kInput && !n.dead && n.defines();
}

ValueId LiveIjInput(const Function& fn, size_t pair) {
  for (size_t vi = 0; vi < fn.nodes.size(); ++vi) {
    const ValueId v = static_cast<ValueId>(vi);
    const Node& n = fn.node(v);
    if (IsLiveInput(fn, v) && n.input.kind == InputRef::kIj && n.input.binding == pair) return v;
  }
  return kNoValue;
}

int FixedRegister(RegClass c) {
  switch (c) {
    case RegClass::kA0: return a3xx::kRegA0X;
    case RegClass::kP0: return a3xx::kRegP0X;
    case RegClass::kHalf0: return 0;
    default: return -1;
  }
}

bool Liveness::LiveOut(size_t block, ValueId v) const {
  const std::vector<ValueId>& live = live_out[block];
  return std::binary_search(live.begin(), live.end(), v);
}

// The least solution of live_out[b] = U live_in[succ] + phi reads of b,
// live_in[b] = upward-exposed reads of b + (live_out[b] - defs of b), found
// value by value: from the blocks that read it, backwards over the
// predecessors, stopping at the block that defines it.
namespace {

// Blocks grouped by value, from (value, block) pairs: value v's are
// blocks[begin[v] .. begin[v + 1]), in the order the pairs listed them.
struct GroupedBlocks {
  std::vector<size_t> begin;
  std::vector<int32_t> blocks;
  void Group(const std::vector<std::pair<ValueId, int32_t>>& pairs, size_t nv) {
    begin.assign(nv + 2, 0);
    blocks.resize(pairs.size());
    for (const auto& [v, b] : pairs) ++begin[static_cast<size_t>(v) + 2];
    for (size_t v = 2; v < begin.size(); ++v) begin[v] += begin[v - 1];
    for (const auto& [v, b] : pairs) blocks[begin[static_cast<size_t>(v) + 1]++] = b;
    begin.pop_back();
  }
};

// ComputeLiveness's arrays, kept by the thread for the next call
// (thread_scratch.h); each is assigned or cleared before it is read.
struct LivenessScratch {
  bool in_use = false;
  std::vector<int32_t> def_block, read_in;
  std::vector<std::pair<ValueId, int32_t>> exposed_pairs, phi_pairs;
  GroupedBlocks exposed, phi_reads;
  std::vector<std::vector<int32_t>> preds;
  std::vector<ValueId> in_mark, out_mark;
  std::vector<int32_t> work;
};

}  // namespace

void ComputeLiveness(const Function& fn, Liveness* out) {
  std::unique_ptr<LivenessScratch> owned;
  LivenessScratch& sc = *AcquireThreadScratch(owned);
  const size_t nv = fn.nodes.size(), nb = fn.blocks.size();
  std::vector<int32_t>& def_block = sc.def_block;
  def_block.assign(nv, -1);
  // (v, block) pairs, grouped by v below: the blocks reading v before
  // defining it, and the blocks v is a phi argument at the end of.
  std::vector<std::pair<ValueId, int32_t>>&exposed_pairs = sc.exposed_pairs, &phi_pairs = sc.phi_pairs;
  exposed_pairs.clear();
  phi_pairs.clear();
  std::vector<int32_t>& read_in = sc.read_in;  // last block added to v's exposed blocks
  read_in.assign(nv, -1);
  for (size_t b = 0; b < nb; ++b) {
    const Block& blk = fn.blocks[b];
    const int32_t bi = static_cast<int32_t>(b);
    for (ValueId v : blk.nodes) {
      const Node& n = fn.node(v);
      if (n.dead || n.meta == Meta::kInput || n.meta == Meta::kSplit) continue;
      if (n.meta == Meta::kPhi) {
        def_block[v] = bi;
        for (size_t i = 0; i < n.args.size() && i < blk.preds.size(); ++i) {
          const ValueId a = ResolveSplit(fn, n.args[i]).base;
          if (a != kNoValue) phi_pairs.push_back({a, blk.preds[i]});
        }
        continue;
      }
      for (ValueId u : fn.UsesOf(v)) {
        const ValueId base = ResolveSplit(fn, u).base;
        if (base == kNoValue || def_block[base] == bi || read_in[base] == bi) continue;
        read_in[base] = bi;
        exposed_pairs.push_back({base, bi});
      }
      if (n.defines()) def_block[v] = bi;
    }
  }
  GroupedBlocks& exposed = sc.exposed;
  GroupedBlocks& phi_reads = sc.phi_reads;
  exposed.Group(exposed_pairs, nv);
  phi_reads.Group(phi_pairs, nv);
  std::vector<std::vector<int32_t>>& preds = sc.preds;  // from the successor lists, which the dataflow follows
  preds.resize(nb);
  for (std::vector<int32_t>& p : preds) p.clear();
  for (size_t b = 0; b < nb; ++b) {
    for (int32_t s : fn.blocks[b].succs) preds[static_cast<size_t>(s)].push_back(static_cast<int32_t>(b));
  }
  Liveness& l = *out;
  l.live_in.resize(nb);
  l.live_out.resize(nb);
  for (size_t b = 0; b < nb; ++b) {
    l.live_in[b].clear();
    l.live_out[b].clear();
  }
  std::vector<ValueId>&in_mark = sc.in_mark, &out_mark = sc.out_mark;
  in_mark.assign(nb, kNoValue);
  out_mark.assign(nb, kNoValue);
  std::vector<int32_t>& work = sc.work;  // blocks v became live-in at
  work.clear();
  uint64_t visits = 0;
  for (size_t vi = 0; vi < nv; ++vi) {
    const ValueId v = static_cast<ValueId>(vi);
    auto live_in = [&](int32_t b) {
      ++visits;
      if (in_mark[b] == v) return;
      in_mark[b] = v;
      l.live_in[b].push_back(v);
      work.push_back(b);
    };
    auto live_out = [&](int32_t b) {
      ++visits;
      if (out_mark[b] == v) return;
      out_mark[b] = v;
      l.live_out[b].push_back(v);
      if (def_block[vi] != b) live_in(b);
    };
    for (size_t k = exposed.begin[vi]; k < exposed.begin[vi + 1]; ++k) live_in(exposed.blocks[k]);
    for (size_t k = phi_reads.begin[vi]; k < phi_reads.begin[vi + 1]; ++k) live_out(phi_reads.blocks[k]);
    while (!work.empty()) {
      const int32_t b = work.back();
      work.pop_back();
      for (int32_t p : preds[static_cast<size_t>(b)]) live_out(p);
    }
    if (!compiler::ChargeWork(1 + visits)) break;  // over budget: the pipeline discards the result
    visits = 0;
  }
  sc.in_use = false;
}

Liveness ComputeLiveness(const Function& fn) {
  Liveness l;
  ComputeLiveness(fn, &l);
  return l;
}

RaResult AllocateRegisters(Function& fn, const a3xx::Timing& t) { return Allocator(fn, t).Run(); }

}  // namespace shaderdiff::opt
