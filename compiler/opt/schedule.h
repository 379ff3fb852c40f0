// The pre-RA instruction scheduler: reorders each block's node list so that
// long latencies (ALU delay slots, SFU/texture completion) overlap with
// independent work, while keeping register pressure in check.
//
// Algorithm: a list scheduler per block that simulates issue slots.
//  * A value is ready for a consumer at producer_slot + 1 + repeat + D for an
//    ALU producer (D = ConsumerDelay, via EdgeDelay in depth.h), at
//    producer_slot + AsyncLatency for a cat4/5/6 producer (a cost estimate:
//    legalize adds the (ss)/(sy)), and at producer_slot for a meta producer
//    or a dep. A node occupies IssueSlots (delay.h) slots; meta nodes take 0,
//    except kCollect/kParCopy, which become movs and take 1.
//  * Priority of a node = the longest delay-weighted path from it to the end
//    of the block (its own slots at a leaf), so the deepest chains go first.
//  * Each step considers the nodes whose same-block producers (src_value,
//    args, deps) are all placed. If some are ready now, the highest priority
//    one goes; otherwise the one that becomes ready soonest (then highest
//    priority): the gap is a stall legalize fills with nops or a sync. Ties
//    go to the original order, so the result is deterministic.
//  * Register-pressure guard: the scalars of kFull values defined in the
//    block (phis and inputs included) that still have unplaced same-block
//    users or are live out of the block count as live (values live in from
//    other blocks are ignored). While the count exceeds the limit
//    max(kMaxLiveScalars, peak of the original order) — the scheduler may
//    use what the original order already needed, no more — the choice is
//    restricted to the first non-empty tier of: ready candidates that free
//    more scalars than they define; ready ones that keep the count; not-
//    ready freeing ones; not-ready neutral ones; the first candidate in the
//    original order (the selection's order finishes one computation before
//    starting the next, where priorities would start every chain at once).
//    Ready neutral work goes before a stall, so a block that stays over the
//    limit is not serialized.
//  * The result is kept only if it takes no more slots than the original
//    order in the same model (the greedy can lose when a block stays over
//    the pressure limit).
//
// Invariants kept: phis first, then kInput nodes, then the rest; a br/jump
// or `end` last; every node after its same-block producers and deps (phi
// args are not same-block reads: they flow in on the predecessor edges).
// Dead nodes are dropped from the lists of the blocks that are rescheduled.
// Nodes, operands and deps never change. A block keeps its original order
// (dead nodes included) when the schedule is not faster in the model above
// or when its dependences contain a cycle (invalid IR).
//
// Bisection: once per block with at least 2 schedulable nodes (neither
// phi, input nor terminator), in layout order, ShouldRewrite(budget,
// "schedule-block"); when it returns false the block keeps its original
// order (dead nodes included).
#pragma once

#include "compiler/opt/ir.h"
#include "compiler/support/debug_counter.h"
#include "emulator/a3xx/timing.h"

namespace shaderdiff::opt {

// Above this many live scalars the scheduler prefers nodes that free values.
inline constexpr int kMaxLiveScalars = 24;

void Schedule(Function& fn, const a3xx::Timing& t, compiler::RewriteBudget* budget);

}  // namespace shaderdiff::opt
