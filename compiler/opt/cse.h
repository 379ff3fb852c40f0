// Common subexpression elimination over the dominator tree: a pure
// instruction that repeats an identical one (the same operation, and the
// same source values and components) in a dominating position is replaced
// by that earlier value. The selection emits such repeats for every
// component of a swizzled immediate or const and for repeated ARB-era
// expansions. A collect of the same values (in the same order; open
// components alike) is a common subexpression too: two identical output
// spans or texture coordinate vectors become one (outputs may share
// registers). Each replacement asks the rewrite budget ("cse"); DCE
// removes the duplicate.
//
// Pure means (cse_impl.h): T::IsPure(instr) (a3xx: a cat1-cat4 ALU or SFU
// instruction writing a register, no relative operand), one scalar of
// T::kAllocatedClass defined (no single-register class such as a3xx's
// a0/p0/hr0), and every slot that reads a register (T::ReadsValue) reading
// a value of that class (no pinned read). "The same operation" is equal
// T::OperationKey values, made once per candidate by T::KeyOfOperation
// (a3xx: the instruction without the register numbers of its value
// operands); the key is a value type with operator== and its own `hash`.
//
// Generic over a target's traits T. The body is cse_impl.h, compiled once
// per target by an explicit instantiation in the target's package (a3xx:
// compiler/targets/a3xx/instantiate_passes.cc); the extern declaration
// below keeps every other file from compiling it.
#pragma once

#include "compiler/opt/ir_graph.h"
#include "compiler/support/debug_counter.h"

namespace shaderdiff::compiler {
struct A3xxTarget;
}  // namespace shaderdiff::compiler

namespace shaderdiff::opt {

template <class T>
bool EliminateCommonSubexpressions(ir::Function<T>& fn, compiler::RewriteBudget* budget);

extern template bool EliminateCommonSubexpressions<compiler::A3xxTarget>(ir::Function<compiler::A3xxTarget>& fn,
                                                                         compiler::RewriteBudget* budget);

}  // namespace shaderdiff::opt
