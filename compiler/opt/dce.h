// Dead code removal: a node is live if it has side effects
// (Function::HasSideEffects, i.e. the target's T::HasSideEffects: a3xx's
// flow, kill, end, pinned/relative stores) or a live node uses its value;
// everything else is marked dead and dropped from its block. Unused kInput
// nodes go too (their binding's mask becomes 0). Every removal asks the
// rewrite budget ("dce").
//
// Generic over a target's traits T (T::HasSideEffects, and T::IsKill for
// the test-only mutant kDceDropsKill). The body is dce_impl.h, compiled
// once per target by an explicit instantiation in the target's package
// (a3xx: compiler/targets/a3xx/instantiate_passes.cc); the extern
// declarations below keep every other file from compiling it.
#pragma once

#include "compiler/opt/ir_graph.h"
#include "compiler/support/debug_counter.h"

namespace shaderdiff::compiler {
struct A3xxTarget;
}  // namespace shaderdiff::compiler

namespace shaderdiff::opt {

template <class T>
bool RemoveDeadCode(ir::Function<T>& fn, compiler::RewriteBudget* budget);

extern template bool RemoveDeadCode<compiler::A3xxTarget>(ir::Function<compiler::A3xxTarget>& fn,
                                                          compiler::RewriteBudget* budget);

}  // namespace shaderdiff::opt
