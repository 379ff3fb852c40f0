// A3xxScheduleModel (see schedule_model.h): each answer is delay.h's or
// depth.h's rule for the node's a3xx instruction.
#include "compiler/targets/a3xx/schedule_model.h"

#include "compiler/targets/a3xx/delay.h"
#include "compiler/targets/a3xx/depth.h"
#include "compiler/targets/a3xx/target_traits.h"

namespace shaderdiff::opt {

int A3xxScheduleModel::IssueSlots(const Node& n) const { return opt::IssueSlots(t_, n.instr); }

ResultTiming A3xxScheduleModel::TimingOf(const Node& n) const {
  if (IsAluNode(n)) return ResultTiming::kFixed;
  if (IsAsyncNode(n)) return ResultTiming::kAsync;
  return ResultTiming::kNone;
}

int A3xxScheduleModel::ResultSlots(const Node& producer) const { return 1 + producer.instr.repeat; }

int A3xxScheduleModel::SyncCounter(const Node& producer) const {
  return AsyncClassOf(producer.instr) == Async::kSs ? 0 : 1;
}

int A3xxScheduleModel::AsyncLatency(const Node& producer) const { return opt::AsyncLatency(t_, producer.instr); }

bool A3xxScheduleModel::StaysLast(const Node& n) const { return A3xxTarget::IsTerminator(n.instr); }

int A3xxScheduleModel::EdgeDelay(const Function& fn, ValueId producer, ValueId consumer, int src_slot) const {
  return opt::EdgeDelay(fn, t_, producer, consumer, src_slot);
}

int A3xxScheduleModel::FixedReadDelay(const Node& consumer, int src_slot) const {
  switch (consumer.meta) {
    case Meta::kNone: return ConsumerDelay(t_, consumer.instr, src_slot, false);
    case Meta::kCollect:
    case Meta::kParCopy: return t_.alu_to_alu;  // they become movs
    default: return 0;
  }
}

}  // namespace shaderdiff::opt
