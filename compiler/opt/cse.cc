// Dominator-scoped value numbering (see cse.h). Blocks are visited in a
// depth-first walk of the dominator tree; the table holds the instructions
// of the current block's dominators, so a match always dominates its
// replacement. Keys compare the whole Instr (a3xx::Instr::operator==, every
// member, with the destination number and the numbers of value-carrying
// sources cleared) plus the source values and components; the hash reads a
// subset of the members, so a member added to Instr is still compared.
#include "compiler/opt/cse.h"

#include <unordered_map>

#include "compiler/opt/dominators.h"
#include "compiler/support/mutant.h"

namespace shaderdiff::opt {

namespace {

using a3xx::OperandKind;

bool IsPure(const Function& fn, const Node& n) {
  if (!n.dead && n.meta == Meta::kCollect && n.def_class == RegClass::kFull) return true;
  if (n.dead || n.is_meta() || n.def_class != RegClass::kFull || n.size != 1 || !n.args.empty()) return false;
  switch (n.instr.category()) {
    case a3xx::Category::kCat1:
    case a3xx::Category::kCat2:
    case a3xx::Category::kCat3:
    case a3xx::Category::kCat4:
      break;
    default:
      return false;
  }
  if (n.instr.dst.kind != OperandKind::kGpr) return false;
  for (int k = 0; k < a3xx::kNumSrcSlots; ++k) {
    const a3xx::Operand& o = n.instr.src[k];
    if (o.kind == OperandKind::kRelGpr || o.kind == OperandKind::kRelConst) return false;
    if (o.kind == OperandKind::kGpr && n.src_value[k] == kNoValue) return false;  // pinned read
    if (n.src_value[k] != kNoValue && fn.node(n.src_value[k]).def_class != RegClass::kFull) return false;
  }
  return true;
}

struct Key {
  bool collect = false;
  a3xx::Instr instr;  // registers of value sources and the destination cleared (default for a collect)
  std::array<ValueId, a3xx::kNumSrcSlots> values;
  std::array<uint8_t, a3xx::kNumSrcSlots> comps;
  std::vector<ValueId> args;  // a collect's
  bool operator==(const Key&) const = default;
};

struct KeyHash {
  size_t operator()(const Key& k) const {
    uint64_t h = 0xcbf29ce484222325ull;
    auto mix = [&h](uint64_t v) { h = (h ^ v) * 0x100000001b3ull; };
    mix(k.collect);
    mix(static_cast<uint64_t>(k.instr.opcode));
    mix(k.instr.flags);
    mix(static_cast<uint64_t>(k.instr.cond));
    mix(static_cast<uint64_t>(k.instr.src_type) << 8 | static_cast<uint64_t>(k.instr.dst_type));
    for (int s = 0; s < a3xx::kNumSrcSlots; ++s) {
      const a3xx::Operand& o = k.instr.src[s];
      mix(static_cast<uint64_t>(o.kind) << 32 | o.num);
      mix(static_cast<uint64_t>(o.imm) << 32 | static_cast<uint32_t>(o.offset));
      mix(o.half | o.neg << 1 | o.abs << 2 | o.r << 3);
      mix(static_cast<uint32_t>(k.values[s]));
      mix(k.comps[s]);
    }
    for (ValueId a : k.args) mix(static_cast<uint32_t>(a));
    return static_cast<size_t>(h);
  }
};

Key MakeKey(const Node& n) {
  if (n.meta == Meta::kCollect) return {true, {}, {kNoValue, kNoValue, kNoValue}, {0, 0, 0}, n.args};
  a3xx::Instr in = n.instr;
  in.dst.num = 0;
  for (int k = 0; k < a3xx::kNumSrcSlots; ++k) {
    if (n.src_value[k] != kNoValue) in.src[k].num = 0;
    // Test-only mutant (mutants.def).
    if (compiler::MutantActive(compiler::Mutant::kCseIgnoresNegAbs)) in.src[k].neg = in.src[k].abs = false;
  }
  // Test-only mutant (mutants.def).
  if (compiler::MutantActive(compiler::Mutant::kCseIgnoresCond)) in.cond = a3xx::Cond::kLt;
  return {false, in, n.src_value, n.src_comp, {}};
}

}  // namespace

bool EliminateCommonSubexpressions(Function& fn, compiler::RewriteBudget* budget) {
  const std::vector<int32_t> idom = ImmediateDominators(fn);
  const size_t nb = fn.blocks.size();
  std::vector<std::vector<int32_t>> children(nb);
  for (size_t b = 1; b < nb; ++b) {
    if (idom[b] >= 0) children[static_cast<size_t>(idom[b])].push_back(static_cast<int32_t>(b));
  }
  std::vector<ValueId> repl(fn.nodes.size(), kNoValue);
  auto resolve = [&](ValueId v) {
    while (v != kNoValue && repl[static_cast<size_t>(v)] != kNoValue) v = repl[static_cast<size_t>(v)];
    return v;
  };
  bool changed = false;
  std::unordered_map<Key, ValueId, KeyHash> table;
  // Iterative dominator-tree walk: (block, entered).
  std::vector<std::pair<int32_t, bool>> stack = {{0, false}};
  std::vector<std::vector<Key>> added(nb);
  while (!stack.empty()) {
    auto [b, entered] = stack.back();
    stack.pop_back();
    if (entered) {
      for (const Key& k : added[static_cast<size_t>(b)]) table.erase(k);
      continue;
    }
    stack.push_back({b, true});
    for (ValueId v : fn.blocks[static_cast<size_t>(b)].nodes) {
      Node& n = fn.node(v);
      for (ValueId& s : n.src_value) s = resolve(s);
      for (ValueId& a : n.args) a = resolve(a);
      if (!IsPure(fn, n)) continue;
      const Key key = MakeKey(n);
      auto it = table.find(key);
      if (it == table.end()) {
        table.emplace(key, v);
        added[static_cast<size_t>(b)].push_back(key);
        continue;
      }
      if (!compiler::ShouldRewrite(budget, "cse")) continue;
      repl[static_cast<size_t>(v)] = it->second;
      changed = true;
    }
    const auto& kids = children[static_cast<size_t>(b)];
    for (auto it = kids.rbegin(); it != kids.rend(); ++it) stack.push_back({*it, false});
  }
  if (!changed) return false;
  // Uses in blocks visited before their operand's replacement (phis of
  // loop headers, blocks not dominated in walk order) are fixed here.
  for (Node& n : fn.nodes) {
    if (n.dead) continue;
    for (ValueId& s : n.src_value) s = resolve(s);
    for (ValueId& a : n.args) a = resolve(a);
  }
  return changed;
}

}  // namespace shaderdiff::opt
