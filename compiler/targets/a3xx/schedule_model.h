// A3xxScheduleModel: the list scheduler's timing questions (compiler/opt/
// schedule_model.h) answered from an a3xx timing table with the rules of
// delay.h and depth.h, the ones legalize and ComputeDepth use, so the
// scheduler's estimate and the nops legalize emits follow one model.
//
// Invariant: holds a reference to a timing table that outlives it (the
// tables of emulator/a3xx/timing.h are static).
#pragma once

#include "compiler/opt/schedule_model.h"
#include "emulator/a3xx/timing.h"

namespace shaderdiff::opt {

class A3xxScheduleModel final : public ScheduleModel {
 public:
  explicit A3xxScheduleModel(const a3xx::Timing& t) : t_(t) {}

  int IssueSlots(const Node& n) const override;
  ResultTiming TimingOf(const Node& n) const override;
  int ResultSlots(const Node& producer) const override;
  int SyncCounter(const Node& producer) const override;
  int AsyncLatency(const Node& producer) const override;
  bool StaysLast(const Node& n) const override;
  int EdgeDelay(const Function& fn, ValueId producer, ValueId consumer, int src_slot) const override;
  int FixedReadDelay(const Node& consumer, int src_slot) const override;

 private:
  const a3xx::Timing& t_;
};

}  // namespace shaderdiff::opt
