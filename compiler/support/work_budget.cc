// The current thread's compile-work budget (see work_budget.h).
#include "compiler/support/work_budget.h"

namespace shaderdiff::compiler {

namespace {
thread_local WorkBudget* current = nullptr;
}  // namespace

ScopedWorkBudget::ScopedWorkBudget(WorkBudget* budget) : previous_(current) { current = budget; }

ScopedWorkBudget::~ScopedWorkBudget() { current = previous_; }

bool ChargeWork(uint64_t units) {
  if (!current) return true;
  current->Charge(units);
  return !current->exceeded();
}

}  // namespace shaderdiff::compiler
