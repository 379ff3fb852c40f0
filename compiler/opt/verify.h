// The IR verifier: run after every pass that changed the IR (pipeline.cc),
// so a broken invariant is reported by the pass that broke it.
//
// Checks (ir.h's invariants): every block's nodes name that block and are
// live; phis come first and have one arg per predecessor; a br/jump is the
// last node and its target matches succs; `end` is last in the last block
// and its args match Function::outputs; every used value is live, defines a
// value, and is available where it is used (same block: earlier in the
// list; other block: its block dominates the user's block, or for a phi arg
// the corresponding predecessor); deps are earlier nodes of the same block;
// kSplit comps are inside the vector; kCollect sizes match their args;
// a0/p0/hr0 values are only used in their own block.
#pragma once

#include <optional>
#include <string>

#include "compiler/opt/ir.h"

namespace shaderdiff::opt {

std::optional<std::string> VerifyFunction(const Function& fn);

}  // namespace shaderdiff::opt
