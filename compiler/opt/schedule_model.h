// ScheduleModel: the timing facts the list scheduler (schedule.h) asks of a
// target, supplied by the target (a3xx: compiler/targets/a3xx/
// schedule_model.h, from its timing table and delay.h). The scheduler's
// core names no timing table; the model answers per node and per edge.
//
// Invariants a model keeps: answers depend only on the nodes (and the
// function) given and on the model's own fixed configuration, so the
// scheduler stays deterministic; offsets and latencies are >= 0.
#pragma once

#include <cstdint>

#include "compiler/opt/ir.h"

namespace shaderdiff::opt {

// How an instruction node's result reaches its consumers (schedule.h,
// "Model").
enum class ResultTiming : uint8_t {
  kNone,   // no result the scheduler models (flow, end, nop)
  kFixed,  // a fixed-latency (ALU) result: a consumer issued too early needs nops
  kAsync,  // completed asynchronously: a consumer waits for a sync
};

class ScheduleModel {
 public:
  virtual ~ScheduleModel() = default;

  // The questions below are asked of instruction nodes only (not meta).
  // Issue slots the instruction occupies.
  virtual int IssueSlots(const Node& n) const = 0;
  virtual ResultTiming TimingOf(const Node& n) const = 0;
  // kFixed: the slots from the producer's issue to the first slot its
  // result can be read in, before the consumer's own delay (a3xx: 1 +
  // repeat).
  virtual int ResultSlots(const Node& producer) const = 0;
  // kAsync: which sync counter completes it (0 or 1; a sync waits for every
  // op of its counter issued since the previous sync) and the estimated
  // cycles until it is complete.
  virtual int SyncCounter(const Node& producer) const = 0;
  virtual int AsyncLatency(const Node& producer) const = 0;
  // Whether the node stays last in its block (branches, the end).
  virtual bool StaysLast(const Node& n) const = 0;

  // The delay of the data edge producer -> consumer for the read in source
  // slot `src_slot` (-1: an args read); 0 when the producer is a meta node.
  virtual int EdgeDelay(const Function& fn, ValueId producer, ValueId consumer, int src_slot) const = 0;
  // The delay `consumer` (any node; a meta consumer reads as the copies it
  // becomes, or not at all) adds when it reads, in source slot `src_slot`,
  // a register a fixed-latency instruction (not a single-register class)
  // wrote.
  virtual int FixedReadDelay(const Node& consumer, int src_slot) const = 0;
};

}  // namespace shaderdiff::opt
