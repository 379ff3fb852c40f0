// Dead code removal: a node is live if it has side effects
// (Function::HasSideEffects: flow, kill, end, pinned/relative stores) or a
// live node uses its value; everything else is marked dead and dropped from
// its block. Unused kInput nodes go too (their binding's mask becomes 0).
// Every removal asks the rewrite budget ("dce").
#pragma once

#include "compiler/opt/ir.h"
#include "compiler/support/debug_counter.h"

namespace shaderdiff::opt {

bool RemoveDeadCode(Function& fn, compiler::RewriteBudget* budget);

}  // namespace shaderdiff::opt
