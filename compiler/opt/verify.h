// The IR verifier: run after every pass that changed the IR (pipeline.cc),
// so a broken invariant is reported by the pass that broke it.
//
// Checks (ir.h's invariants): every block's nodes name that block and are
// live; phis come first and have one arg per predecessor; a terminator
// (T::IsTerminator: a3xx's br, jump and end) is the last node, and a
// branch's (T::IsBranch) target is succs[0]; the end (T::IsEnd) is in the
// last block and its args match Function::outputs; every used value is
// live, defines a value, and is available where it is used (same block:
// earlier in the list; other block: its block dominates the user's block,
// or for a phi arg the corresponding predecessor); deps are earlier nodes
// of the same block; kSplit comps are inside the vector; kCollect sizes
// match their args; a value of a single-register class
// (T::IsSingleRegister: a3xx's a0/p0/hr0) is only used in its own block.
// A failure names the node as the target's printer shows it
// (ir::PrintNode<T>).
//
// Generic over a target's traits T. The body is verify_impl.h, compiled
// once per target by an explicit instantiation in the target's package
// (a3xx: compiler/targets/a3xx/instantiate_passes.cc); the extern
// declaration below keeps every other file from compiling it.
#pragma once

#include <optional>
#include <string>

#include "compiler/opt/ir_graph.h"

namespace shaderdiff::compiler {
struct A3xxTarget;
}  // namespace shaderdiff::compiler

namespace shaderdiff::opt {

template <class T>
std::optional<std::string> VerifyFunction(const ir::Function<T>& fn);

extern template std::optional<std::string> VerifyFunction<compiler::A3xxTarget>(
    const ir::Function<compiler::A3xxTarget>& fn);

}  // namespace shaderdiff::opt
