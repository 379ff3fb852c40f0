// The conservative register allocator (conservative.h): no register is
// ever reused, so no two values can share a register while both are live,
// whatever the live ranges are. Shares no allocation code with regalloc.cc
// on purpose (it uses only the shared IR helpers ResolveSplit, IsLiveInput,
// LiveIjInput, InputMask and FixedRegister).
//
// Units: a phi web (the phi and its kParCopy arguments, which must share
// the phi's register: out-of-SSA made them never live at once) or any other
// full-class value (vectors: `size` consecutive scalars; an input at least
// up to the last component its binding's programmed mask makes the
// hardware write). FS: for each i/j pair the hardware preloads (ir.h
// kIjPairs) without a live kIj input, a 2-scalar unit recorded in the
// pair's state field. Units take fresh scalars in value order from r0.x
// up, skipping the pinned range; past the register file the shader does
// not fit (a verdict, never a spill).
#include <numeric>

#include "compiler/targets/a3xx/conservative.h"
#include "compiler/opt/regalloc.h"

namespace shaderdiff::opt {

namespace {

ValueId Root(std::vector<ValueId>& parent, ValueId v) {
  while (parent[static_cast<size_t>(v)] != v) v = parent[static_cast<size_t>(v)];
  return v;
}

}  // namespace

std::optional<std::string> AllocateRegistersConservatively(Function& fn, const a3xx::Timing& t) {
  const size_t nv = fn.nodes.size();
  std::vector<char> placed(nv, 0);
  for (const Block& b : fn.blocks) {
    for (ValueId v : b.nodes) placed[static_cast<size_t>(v)] = !fn.node(v).dead;
  }
  for (size_t v = 0; v < nv; ++v) placed[v] |= IsLiveInput(fn, static_cast<ValueId>(v));
  auto allocatable = [&](ValueId v) {
    const Node& n = fn.node(v);
    return placed[static_cast<size_t>(v)] && n.def_class == RegClass::kFull && n.meta != Meta::kSplit;
  };
  // Phi webs.
  std::vector<ValueId> parent(nv);
  std::iota(parent.begin(), parent.end(), 0);
  for (size_t vi = 0; vi < nv; ++vi) {
    const ValueId v = static_cast<ValueId>(vi);
    if (!allocatable(v) || fn.node(v).meta != Meta::kPhi) continue;
    for (ValueId a : fn.node(v).args) {
      if (a == kNoValue) continue;
      if (fn.node(a).meta != Meta::kParCopy || !allocatable(a) || fn.node(a).size != fn.node(v).size) {
        return "internal: phi %" + std::to_string(v) + " reads %" + std::to_string(a) +
               ", not a kParCopy of its class and size";
      }
      parent[static_cast<size_t>(Root(parent, a))] = Root(parent, v);
    }
  }
  // Scalars each value needs.
  auto need = [&](ValueId v) {
    const Node& n = fn.node(v);
    int size = n.size;
    if (IsLiveInput(fn, v) && n.input.kind != InputRef::kIj) {
      const uint8_t mask = InputMask(fn, v);
      for (int c = 3; c >= 0; --c) {
        if ((mask >> c) & 1) {
          size = std::max(size, c - n.input.comp + 1);
          break;
        }
      }
    }
    return size;
  };
  const int limit = 4 * t.num_full_vec4;
  const int pin_lo = fn.pinned_first, pin_hi = fn.pinned_first + fn.pinned_count;  // [lo, hi)
  int next = 0;
  auto take = [&](int size) -> std::optional<int> {
    if (fn.pinned_count > 0 && next < pin_hi && next + size > pin_lo) next = pin_hi;
    if (next + size > limit) return std::nullopt;
    const int base = next;
    next += size;
    return base;
  };
  auto no_fit = [&](const std::string& what) {
    return "register pressure: the conservative allocator (no register reuse) has no " + what + " below " +
           std::to_string(limit) + " scalars" +
           (fn.pinned_count ? " (" + std::to_string(fn.pinned_count) + " pinned)" : std::string()) +
           ": the shader does not fit without reuse";
  };
  fn.reg.assign(nv, -1);
  std::vector<int> web_base(nv, -1), web_size(nv, 0);
  for (size_t vi = 0; vi < nv; ++vi) {
    const ValueId v = static_cast<ValueId>(vi);
    if (!allocatable(v)) continue;
    const size_t root = static_cast<size_t>(Root(parent, v));
    web_size[root] = std::max(web_size[root], need(v));
  }
  for (size_t vi = 0; vi < nv; ++vi) {
    const ValueId v = static_cast<ValueId>(vi);
    if (!allocatable(v)) continue;
    const size_t root = static_cast<size_t>(Root(parent, v));
    if (web_base[root] < 0) {
      const std::optional<int> base = take(web_size[root]);
      if (!base) return no_fit(std::to_string(web_size[root]) + " free scalars for %" + std::to_string(v));
      web_base[root] = *base;
    }
    fn.reg[vi] = web_base[root];
  }
  for (size_t p = 0; p < kNumIjPairs; ++p) {
    if (!PreloadsIjPair(fn.state, p)) continue;
    const ValueId live = LiveIjInput(fn, p);
    std::optional<int> base = live != kNoValue && fn.reg[live] >= 0 ? fn.reg[live] : take(2);
    if (!base) return no_fit("2 free scalars for " + std::string(kIjPairs[p].name));
    fn.state.*kIjPairs[p].reg = static_cast<uint16_t>(*base);
  }
  // Fixed classes and components of vectors.
  for (size_t vi = 0; vi < nv; ++vi) {
    const ValueId v = static_cast<ValueId>(vi);
    const Node& n = fn.node(v);
    if (!placed[vi] || !n.defines()) continue;
    if (n.def_class != RegClass::kFull) {
      const bool named = n.meta == Meta::kNone && n.instr.dst.kind == a3xx::OperandKind::kGpr;
      fn.reg[vi] = named ? n.instr.dst.num : FixedRegister(n.def_class);
    }
    if (n.meta == Meta::kSplit) {
      const ValueRef r = ResolveSplit(fn, v);
      if (r.base != kNoValue && fn.reg[static_cast<size_t>(r.base)] >= 0) {
        fn.reg[vi] = fn.reg[static_cast<size_t>(r.base)] + r.comp;
      }
    }
  }
  return std::nullopt;
}

}  // namespace shaderdiff::opt
