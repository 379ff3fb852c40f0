// The compile-work budget: a bound on how much work one optimizing compile
// may do, so that no shader (however large or deeply nested) makes the
// compiler run for minutes; exceeding it is a compile error naming the
// limit (pipeline.h), never a hang.
//
// Work is counted in abstract units: the pipeline charges the IR's size
// after every pass, and every loop whose trip count is not linear in the
// program by construction (fixed points over the CFG, liveness sets, phi
// simplification, scheduling candidates, register choices) charges what it
// visits. The default limit (pipeline.h) is linear in the shader's size
// with a wide margin over the whole corpus and the nests and straight-line
// code of tools/bench/shape_shaders.h, so only work that grows faster than
// the program can reach it.
//
// Passes do not take a budget parameter: the compile installs its budget
// for the current thread (ScopedWorkBudget) and passes call ChargeWork,
// which is free when no budget is installed (passes run alone in tests).
// A pass that sees ChargeWork return false may stop early with any
// result: the pipeline checks the budget after every pass and discards it.
// Invariant: one budget per compile, installed only on the compiling thread.
#pragma once

#include <cstdint>

namespace shaderdiff::compiler {

class WorkBudget {
 public:
  explicit WorkBudget(uint64_t limit) : limit_(limit) {}
  void Charge(uint64_t units) { used_ = units > UINT64_MAX - used_ ? UINT64_MAX : used_ + units; }
  bool exceeded() const { return used_ > limit_; }
  uint64_t used() const { return used_; }
  uint64_t limit() const { return limit_; }

 private:
  uint64_t limit_;
  uint64_t used_ = 0;
};

// Makes `budget` this thread's current budget until destroyed (then the
// previous one is current again).
class ScopedWorkBudget {
 public:
  explicit ScopedWorkBudget(WorkBudget* budget);
  ~ScopedWorkBudget();
  ScopedWorkBudget(const ScopedWorkBudget&) = delete;
  ScopedWorkBudget& operator=(const ScopedWorkBudget&) = delete;

 private:
  WorkBudget* previous_;
};

// Charges the current budget; false once it is exceeded (true when none is
// installed).
bool ChargeWork(uint64_t units);

}  // namespace shaderdiff::compiler
