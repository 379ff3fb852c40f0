// ComputeDepth and the shared edge-delay rule (see depth.h).
#include "compiler/targets/a3xx/depth.h"

#include <algorithm>
#include <vector>

#include "compiler/targets/a3xx/delay.h"

namespace shaderdiff::opt {

bool IsAluNode(const Node& n) {
  if (n.is_meta()) return false;
  switch (n.instr.category()) {
    case a3xx::Category::kCat1:
    case a3xx::Category::kCat2:
    case a3xx::Category::kCat3:
      return true;
    default:
      return false;
  }
}

bool IsAsyncNode(const Node& n) { return !n.is_meta() && AsyncClassOf(n.instr) != Async::kNone; }

int EdgeDelay(const Function& fn, const a3xx::Timing& t, ValueId producer, ValueId consumer, int src_slot) {
  const Node& p = fn.node(producer);
  const Node& c = fn.node(consumer);
  if (p.is_meta()) return 0;
  if (IsAsyncNode(p)) return AsyncLatency(t, p.instr);
  if (!IsAluNode(p)) return 0;
  const bool special = p.def_class == RegClass::kA0 || p.def_class == RegClass::kP0;
  switch (c.meta) {
    case Meta::kNone:
      return ConsumerDelay(t, c.instr, src_slot, special);
    case Meta::kCollect:
    case Meta::kParCopy: {
      a3xx::Instr mov;
      mov.opcode = a3xx::Opcode::MOV;
      return ConsumerDelay(t, mov, 0, special);
    }
    default:
      return 0;
  }
}

void ComputeDepth(Function& fn, const a3xx::Timing& t) {
  std::vector<int32_t> block_of(fn.nodes.size(), -1);
  for (size_t b = 0; b < fn.blocks.size(); ++b) {
    for (ValueId v : fn.blocks[b].nodes) {
      if (!fn.node(v).dead) block_of[static_cast<size_t>(v)] = static_cast<int32_t>(b);
    }
  }
  for (size_t b = 0; b < fn.blocks.size(); ++b) {
    for (ValueId v : fn.blocks[b].nodes) {
      Node& n = fn.node(v);
      if (n.dead) continue;
      int best = 0;
      auto consider = [&](ValueId p, int extra) {
        if (p == kNoValue || p == v || block_of[static_cast<size_t>(p)] != static_cast<int32_t>(b)) return;
        best = std::max(best, fn.node(p).depth + extra);
      };
      if (n.meta != Meta::kPhi) {
        for (int k = 0; k < a3xx::kNumSrcSlots; ++k) {
          if (n.src_value[k] != kNoValue) consider(n.src_value[k], EdgeDelay(fn, t, n.src_value[k], v, k));
        }
        for (ValueId a : n.args) {
          if (a != kNoValue) consider(a, EdgeDelay(fn, t, a, v, -1));
        }
        for (ValueId d : n.deps) consider(d, 0);
      }
      n.depth = 1 + best;
    }
  }
}

}  // namespace shaderdiff::opt
