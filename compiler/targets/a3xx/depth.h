// Depth: the delay-weighted distance of every node from the start of its
// block, the scheduler's (and later passes') estimate of how early a node
// can issue. Also the edge-delay rule the scheduler shares with it.
//
//   node.depth = 1 + max over same-block producers P of the node of
//                (P.depth + EdgeDelay(P -> node))
// where the producers are src_value entries, args and deps, and
//   EdgeDelay = ConsumerDelay (delay.h) when P is an ALU (cat1/2/3) node,
//               with special = P defines a0.x or p0;
//             = AsyncLatency when P is a cat4/cat5/cat6 node (a cost
//               estimate: legalize adds the (ss)/(sy));
//             = 0 when P is a meta node, and for deps.
// A meta consumer has no a3xx instruction of its own: kCollect and kParCopy
// become movs, so they use a mov's delay (alu_to_alu); kSplit is free and
// takes 0 from an ALU producer (async latencies still apply).
// Producers in other blocks do not count (a node whose producers are all
// outside the block, or that has none, has depth 1). Phi args flow in on
// the predecessor edges, so a phi's depth is always 1. Dead nodes are
// skipped (their depth is left as it was).
//
// Assumes each block's node list is in a valid order (producers first), so
// one forward walk per block suffices.
#pragma once

#include "compiler/opt/ir.h"
#include "emulator/a3xx/timing.h"

namespace shaderdiff::opt {

// Whether `n` is a fixed-latency ALU node (a3xx cat1/cat2/cat3).
bool IsAluNode(const Node& n);
// Whether `n` is an asynchronous producer (cat4 SFU, cat5 texture, cat6).
bool IsAsyncNode(const Node& n);

// The delay of the edge producer -> consumer for the read in source slot
// `src_slot` (-1: an args read) per the rule above; not for deps (0).
int EdgeDelay(const Function& fn, const a3xx::Timing& t, ValueId producer, ValueId consumer, int src_slot);

void ComputeDepth(Function& fn, const a3xx::Timing& t);

}  // namespace shaderdiff::opt
