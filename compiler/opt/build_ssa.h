// The front end: the selection stream (compiler/targets/a3xx/naive/select.h) as the
// scalar SSA graph of ir.h.
//
// Algorithm: basic blocks are cut at branch targets and after br/jump/end;
// then SSA is built on the fly (Braun et al., "Simple and Efficient
// Construction of Static Single Assignment Form", CC 2013): blocks are
// filled in layout order, each register read asks for the register's
// current value in the block, recursing into predecessors and placing phis
// at joins; a block is sealed (its phis completed) once all its
// predecessors are filled, which handles loop back edges. Trivial phis
// (all operands the same value or the phi itself) are removed afterwards.
//
// Variables are the selection's registers: full GPR scalars, hr0.x, a0.x
// and p0.x..w. Registers in the relatively addressed (pinned) range are not
// variables: see ir.h; the range is moved down to r0 when every relative
// offset stays encodable (Function::pinned_delta).
//
// Documented choices:
// - A read of a register nothing wrote (an uninitialized TGSI temporary)
//   is the defined value 0: `mov.u32u32 %v, 0` in the entry block. The
//   naive build reads whatever the register file held there; the reference
//   interpreter marks such components undefined, so this is where the two
//   builds may legitimately differ.
// - Preloaded registers (ShaderState inputs, system values, the FS i/j
//   pair) are kInput nodes at the start of the entry block, one vector
//   value per binding with a kSplit per bound component; outputs are the
//   `end` node's args, one kCollect per binding (the hardware reads each
//   binding from consecutive registers, shader_state.h). An output
//   component the program never wrote is a kNoValue collect argument.
// - Vector operands (cat5 coordinates, the bary.f i/j pair) are kCollect
//   nodes, unless they are exactly the components of one vector value in
//   order; vector results (cat5) are a vector value plus one kSplit per
//   written component.
#pragma once

#include <optional>
#include <string>

#include "compiler/targets/a3xx/naive/select.h"
#include "compiler/opt/ir.h"

namespace shaderdiff::opt {

// nullopt on success; otherwise what in the stream the builder cannot
// represent (a compiler bug: the selection stream broke its invariants).
std::optional<std::string> BuildSsa(const naive::Selection& selection, Function* fn);

}  // namespace shaderdiff::opt
