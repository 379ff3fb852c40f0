// The pre-RA instruction scheduler: reorders each block's node list so that
// fewer delay nops are needed (legalize emits one `(rptN)nop` instruction
// per gap, whatever its length) and long latencies (SFU/texture completion)
// overlap with independent work, while keeping register pressure in check.
//
// Model (shared by the schedulers and the cost estimate). The numbers come
// from the ScheduleModel the target supplies (schedule_model.h); the rules
// below are a3xx's (compiler/targets/a3xx/schedule_model.h: delay.h, i.e.
// legalize's, and depth.h's EdgeDelay). Two clocks: issue slots, which is what
// legalize's nops count, and cycles (slots plus (ss)/(sy) waits).
//  * An ALU (cat1/2/3) producer's result is visible to a consumer issued at
//    slot >= producer slot + 1 + repeat + D (D = ConsumerDelay, via
//    EdgeDelay in depth.h); issuing earlier would need nops (a "gap").
//  * A cat4/5/6 producer needs no slots: its consumer waits for the sync
//    instead, estimated as cycle >= producer cycle + AsyncLatency; a sync
//    waits for every op of its class issued since the previous sync.
//  * A meta producer imposes nothing itself; a 0-slot meta node (split, a
//    collect with no movs) passes its own producers' constraints on.
//  * kCollect: regalloc computes a single-use scalar arg defined in the
//    same block (or an input, in block 0) in place, the other args are
//    movs. So a collect takes one slot per mov (and is an ALU producer when
//    it has movs, D counted from its last mov); its consumers also read its
//    in-place args directly (e.g. a sam needs non_alu after the add that
//    computed its coordinate). kParCopy takes one slot.
//  * A node occupies IssueSlots (delay.h) slots; other meta nodes take 0.
//  * deps order nodes without a delay.
//
// Cost of an order ("BlockCost"): the gaps (= nop instructions), then the
// stall cycles (nop slots + waits) as the tie-break; plus the peak of live
// scalars (see the guard below).
//
// Three list schedulers, each per block, over the units (body +
// terminator):
//  * top-down: each step considers the nodes whose same-block producers
//    (src_value, args, deps) are all placed. If some are ready now (no gap,
//    no wait), the one with the highest priority goes (priority = height:
//    the longest offset-weighted path from it to the end of the block, its
//    own slots at a leaf); otherwise the one that becomes ready soonest
//    (then the highest).
//  * top-down one-gap: the same, except that when nothing is ready it takes
//    the candidate needing the widest gap, so that one gap readies the
//    others (several short gaps cost one nop instruction each).
//  * bottom-up: from the end of the block backwards; a node becomes a
//    candidate when all its same-block users are placed, and must be placed
//    at least the edge offset before each user. Priority = depth (the
//    longest offset-weighted path from the start of the block: node.depth's
//    recurrence in this model, recomputed here so it never depends on a
//    stale field); the deepest ready candidate goes, else the one ready
//    soonest (then the deepest). A candidate is ready when placing it
//    needs no gap; for an async producer "ready" means it completes before
//    its users (it is never a gap, only a wait).
//  Ties go to the original order (top-down: the earlier unit; bottom-up,
//  which places from the end: the later one), so results are deterministic.
//  * Register-pressure guard (all three): the scalars of kFull values
//    defined in the block (phis and inputs included) that are live (a
//    later same-block user, or live out of the block) count; values live
//    in from other blocks are ignored. While the count exceeds the limit
//    max(kMaxLiveScalars, peak of the original order), the choice is
//    restricted to the first non-empty tier of: ready candidates that free
//    more scalars than they define; ready ones that keep the count;
//    not-ready freeing ones; not-ready neutral ones; the candidate that
//    continues the original order (top-down: the first; bottom-up: the
//    last), which finishes one computation before starting the next.
//
// Choice per block: the cheapest (Cost above) of the original order and the
// three schedules; ties keep the first of top-down, bottom-up, one-gap, and
// any schedule beats an equally cheap original order. A schedule whose peak
// of live scalars exceeds max(limit, top-down's peak) is not considered
// (the allocator fails above 192 scalars).
//
// Invariants kept: phis first, then kInput nodes, then the rest; a br/jump
// or `end` last; every node after its same-block producers and deps (phi
// args are not same-block reads: they flow in on the predecessor edges).
// Dead nodes are dropped from the lists of the blocks that are rescheduled.
// Nodes, operands and deps never change. A block keeps its original order
// (dead nodes included) when no schedule is cheaper in the model above or
// when its dependences contain a cycle (invalid IR).
//
// Not modelled: delays across block boundaries (a value defined late in a
// block and read early in a successor, phi copies out-of-SSA adds before
// the terminator), the "maybe" writes of relative (r<a0.x>) stores that
// legalize treats as writes of the whole register file, and collects whose
// args regalloc cannot group after all.
//
// Bisection: once per block with at least 2 schedulable nodes (neither
// phi, input nor terminator), in layout order, ShouldRewrite(budget,
// "schedule-block"); when it returns false the block keeps its original
// order (dead nodes included).
#pragma once

#include <cstdint>

#include "compiler/opt/ir.h"
#include "compiler/opt/schedule_model.h"
#include "compiler/support/debug_counter.h"

namespace shaderdiff::opt {

// Above this many live scalars the scheduler prefers nodes that free values.
inline constexpr int kMaxLiveScalars = 24;

// Which order a block gets. kBest is the pipeline's (the choice above). The
// others force one order (tests, measurements): the scheduler's order is
// kept even when it costs more (a dependence cycle still keeps the
// original order).
enum class ScheduleMode : uint8_t { kBest, kOriginal, kTopDown, kTopDownOneGap, kBottomUp };

// How many scheduled blocks (those for which ShouldRewrite returned true)
// got each order.
struct ScheduleReport {
  int blocks = 0;
  int original = 0;
  int top_down = 0;
  int top_down_one_gap = 0;
  int bottom_up = 0;
};

struct ScheduleOptions {
  ScheduleMode mode = ScheduleMode::kBest;
  ScheduleReport* report = nullptr;  // optional: counts are added per block
};

// The estimate of one block order in the model above.
struct BlockCost {
  int gaps = 0;       // delay gaps: one (rptN)nop instruction each
  int nop_slots = 0;  // slots those nops fill
  int wait = 0;       // cycles spent waiting on (ss)/(sy) (AsyncLatency estimate)
  int slots = 0;      // issue slots, nops included
  int cycles = 0;     // slots + waits
  int peak_live = 0;  // most live kFull scalars (the pressure guard's count)
};

void Schedule(Function& fn, const ScheduleModel& model, compiler::RewriteBudget* budget,
              const ScheduleOptions& options = {});

// The cost of block `block`'s current order (its live nodes; phis and
// inputs are the head), for tests and tools.
BlockCost EstimateBlockCost(const Function& fn, const ScheduleModel& model, int block);

}  // namespace shaderdiff::opt
