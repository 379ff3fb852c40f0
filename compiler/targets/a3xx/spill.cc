// Spilling to private memory (see spill.h).
#include "compiler/targets/a3xx/spill.h"

#include <algorithm>
#include <limits>

#include "compiler/opt/regalloc.h"
#include "compiler/support/work_budget.h"

namespace shaderdiff::opt {

namespace {

using a3xx::Opcode;

// ldp/stp's offset field is a signed 13-bit byte offset (docs/isa-a3xx.md §3.9).
constexpr int kMaxOffsetBytes = 4095;
// Values spilled per round at least (spill.h step 2).
constexpr int kBatch = 64;

bool Counted(const Function& fn, ValueId v) {
  const Node& n = fn.node(v);
  return !n.dead && n.def_class == RegClass::kFull && n.meta != Meta::kSplit;
}

// The live set of one block walked backwards, with its size in scalars.
class LiveSet {
 public:
  explicit LiveSet(const Function& fn) : fn_(fn), in_(fn.nodes.size(), 0) {}
  void Add(ValueId v) {
    if (v == kNoValue || in_[v] || !Counted(fn_, v)) return;
    in_[v] = 1;
    scalars_ += fn_.node(v).size;
    members_.push_back(v);
  }
  void Remove(ValueId v) {
    if (!in_[v]) return;
    in_[v] = 0;
    scalars_ -= fn_.node(v).size;
  }
  bool Has(ValueId v) const { return in_[v] != 0; }
  int scalars() const { return scalars_; }
  void Clear() {
    for (ValueId v : members_) in_[v] = 0;
    members_.clear();
    scalars_ = 0;
  }
  std::vector<ValueId> Members() const {
    std::vector<ValueId> out;
    for (ValueId v : members_) {
      if (in_[v]) out.push_back(v);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }

 private:
  const Function& fn_;
  std::vector<char> in_;
  std::vector<ValueId> members_;
  int scalars_ = 0;
};

std::vector<ValueId> BaseUses(const Function& fn, ValueId v) {
  std::vector<ValueId> out;
  for (ValueId u : fn.UsesOf(v)) {
    const ValueId b = ResolveSplit(fn, u).base;
    if (b != kNoValue) out.push_back(b);
  }
  return out;
}

// One step of the backward walk over node v: returns the scalars live at
// its reads or its write, whichever is more, and leaves `live` as the set
// before it.
int Step(const Function& fn, ValueId v, LiveSet& live) {
  const Node& n = fn.node(v);
  const int at_write = live.scalars() + (Counted(fn, v) && !live.Has(v) ? n.size : 0);
  live.Remove(v);
  for (ValueId u : BaseUses(fn, v)) live.Add(u);
  return std::max(at_write, live.scalars());
}

bool Walked(const Node& n) { return !n.dead && n.meta != Meta::kInput && n.meta != Meta::kSplit; }

struct Point {
  int32_t block = -1;
  size_t index = 0;  // in blocks[block].nodes
  int scalars = 0;
};

// The first node (layout order) where more than `limit` scalars are live.
Point FirstOver(const Function& fn, const Liveness& lv, int limit) {
  LiveSet live(fn);
  for (size_t b = 0; b < fn.blocks.size(); ++b) {
    const std::vector<ValueId>& nodes = fn.blocks[b].nodes;
    std::vector<int> at(nodes.size(), 0);
    live.Clear();
    for (ValueId v : lv.live_out[b]) live.Add(v);
    for (size_t i = nodes.size(); i-- > 0;) {
      if (Walked(fn.node(nodes[i]))) at[i] = Step(fn, nodes[i], live) + fn.pinned_count;
    }
    for (size_t i = 0; i < nodes.size(); ++i) {
      if (at[i] > limit) return {static_cast<int32_t>(b), i, at[i]};
    }
  }
  return {};
}

// The values live across node p (neither read nor written by it).
std::vector<ValueId> LiveAcross(const Function& fn, const Liveness& lv, const Point& p) {
  LiveSet live(fn);
  const std::vector<ValueId>& nodes = fn.blocks[static_cast<size_t>(p.block)].nodes;
  for (ValueId v : lv.live_out[static_cast<size_t>(p.block)]) live.Add(v);
  for (size_t i = nodes.size(); i-- > p.index + 1;) {
    if (Walked(fn.node(nodes[i]))) Step(fn, nodes[i], live);
  }
  const ValueId at = nodes[p.index];
  std::vector<ValueId> out;
  const std::vector<ValueId> uses = BaseUses(fn, at);
  for (ValueId v : live.Members()) {
    if (v != at && std::find(uses.begin(), uses.end(), v) == uses.end()) out.push_back(v);
  }
  return out;
}

bool Candidate(const Function& fn, ValueId v) {
  const Node& n = fn.node(v);
  return n.spill == 0 && n.size == 1 && n.def_class == RegClass::kFull &&
         (n.meta == Meta::kNone || n.meta == Meta::kPhi) && n.block >= 0;
}

// Distance (in nodes) from p to the next read of each of `values` in p's
// block; far when the block does not read it again. One scan of the block.
std::vector<int64_t> NextUses(const Function& fn, const Point& p, const std::vector<ValueId>& values) {
  std::vector<int64_t> dist(values.size(), std::numeric_limits<int32_t>::max());
  std::vector<int32_t> slot(fn.nodes.size(), -1);
  for (size_t k = 0; k < values.size(); ++k) slot[static_cast<size_t>(values[k])] = static_cast<int32_t>(k);
  size_t left = values.size();
  const std::vector<ValueId>& nodes = fn.blocks[static_cast<size_t>(p.block)].nodes;
  for (size_t i = p.index + 1; i < nodes.size() && left > 0; ++i) {
    if (fn.node(nodes[i]).dead) continue;
    for (ValueId u : BaseUses(fn, nodes[i])) {
      const int32_t k = slot[static_cast<size_t>(u)];
      if (k < 0) continue;
      dist[static_cast<size_t>(k)] = static_cast<int64_t>(i - p.index);
      slot[static_cast<size_t>(u)] = -1;
      --left;
    }
  }
  return dist;
}

ValueId AddNode(Function& fn, Node n, int32_t block) {
  n.block = block;
  n.spill = 2;
  return fn.Add(std::move(n));
}

// `mov.u32u32 a, base`: the address ldp/stp add their offset to (base: the
// bytes the selection's private TEMP arrays use, 0 without them).
ValueId ZeroAddress(Function& fn, int32_t block, int32_t base) {
  Node n = ZeroMovNode();
  n.instr.src[0] = a3xx::ImmOperand(static_cast<uint32_t>(base));
  return AddNode(fn, std::move(n), block);
}

Node MemNode(Opcode op, ValueId addr, int slot) {
  Node n;
  n.instr.opcode = op;
  n.instr.type = a3xx::Type::kU32;
  n.instr.src[0] = a3xx::GprOperand(0);
  n.instr.mem_offset = 4 * slot;
  n.instr.mem_size = 1;
  n.src_value[0] = addr;
  return n;
}

void Spill(Function& fn, ValueId v, int slot, int32_t base) {
  const Node& def = fn.node(v);
  const int32_t db = def.block;
  fn.node(v).spill = 1;
  // Readers first (before the new nodes exist).
  std::vector<ValueId> readers;
  for (const Block& b : fn.blocks) {
    for (ValueId u : b.nodes) {
      if (fn.node(u).dead) continue;
      const auto uses = fn.UsesOf(u);
      if (std::find(uses.begin(), uses.end(), v) != uses.end()) readers.push_back(u);
    }
  }
  // The store, after the definition (after every phi for a phi).
  {
    const ValueId addr = ZeroAddress(fn, db, base);
    Node st = MemNode(Opcode::STP, addr, slot);
    st.instr.src[1] = a3xx::GprOperand(0);
    st.src_value[1] = v;
    const ValueId store = AddNode(fn, std::move(st), db);
    std::vector<ValueId>& nodes = fn.blocks[static_cast<size_t>(db)].nodes;
    size_t at = 0;
    if (fn.node(v).meta == Meta::kPhi) {
      while (at < nodes.size() && fn.node(nodes[at]).meta == Meta::kPhi) ++at;
    } else {
      at = static_cast<size_t>(std::find(nodes.begin(), nodes.end(), v) - nodes.begin()) + 1;
    }
    nodes.insert(nodes.begin() + static_cast<std::ptrdiff_t>(at), {addr, store});
  }
  // A reload before each reader.
  for (ValueId u : readers) {
    const int32_t ub = fn.node(u).block;
    const ValueId addr = ZeroAddress(fn, ub, base);
    Node ld = MemNode(Opcode::LDP, addr, slot);
    ld.instr.dst = a3xx::GprOperand(0);
    ld.def_class = RegClass::kFull;
    const ValueId reload = AddNode(fn, std::move(ld), ub);
    Node& user = fn.node(u);
    for (ValueId& s : user.src_value) {
      if (s == v) s = reload;
    }
    for (ValueId& a : user.args) {
      if (a == v) a = reload;
    }
    std::vector<ValueId>& nodes = fn.blocks[static_cast<size_t>(ub)].nodes;
    const auto at = std::find(nodes.begin(), nodes.end(), u);
    nodes.insert(at, {addr, reload});
  }
}

}  // namespace

SpillResult SpillForPressure(Function& fn, const a3xx::Timing& t, int limit) {
  SpillResult r;
  const int32_t base = fn.pvt_array_units * t.pvt_mem_unit_bytes;
  const int max_slots = std::max(0, std::min(kMaxOffsetBytes / 4 + 1, (255 * t.pvt_mem_unit_bytes - base) / 4));
  while (true) {
    const Liveness lv = ComputeLiveness(fn);
    const Point p = FirstOver(fn, lv, limit);
    if (p.block < 0) break;
    if (!compiler::ChargeWork(fn.nodes.size())) {
      r.ok = false;
      r.why_not = "compile budget exceeded";
      return r;
    }
    std::vector<ValueId> cands;
    for (ValueId v : LiveAcross(fn, lv, p)) {
      if (Candidate(fn, v)) cands.push_back(v);
    }
    const ValueId at = fn.blocks[static_cast<size_t>(p.block)].nodes[p.index];
    if (cands.empty()) {
      r.ok = false;
      r.why_not = std::to_string(p.scalars) + " scalars live at %" + std::to_string(at) + " in b" +
                  std::to_string(p.block) + " and none of them can be spilled (vectors, inputs, reloads)";
      return r;
    }
    // Furthest next use first (ties: the lower value id); several at once
    // (the excess, at least kBatch) so a long stretch of high pressure
    // costs few rounds.
    const std::vector<int64_t> dist = NextUses(fn, p, cands);
    std::vector<size_t> order(cands.size());
    for (size_t k = 0; k < order.size(); ++k) order[k] = k;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return dist[a] > dist[b]; });
    const size_t batch = std::min(order.size(), static_cast<size_t>(std::max(p.scalars - limit, kBatch)));
    for (size_t k = 0; k < batch; ++k) {
      if (fn.spill_slots >= max_slots) {
        r.ok = false;
        r.why_not = "more than " + std::to_string(max_slots) + " spill slots needed (private memory, ldp/stp offsets)";
        return r;
      }
      Spill(fn, cands[order[k]], fn.spill_slots++, base);
      ++r.spilled;
    }
  }
  const int bytes = base + 4 * fn.spill_slots;
  fn.state.pvt_mem_units = static_cast<uint8_t>((bytes + t.pvt_mem_unit_bytes - 1) / t.pvt_mem_unit_bytes);
  return r;
}

}  // namespace shaderdiff::opt
