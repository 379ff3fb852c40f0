// Lowering the register-allocated IR to the machine form (machine.h).
//
// Per block, in `nodes` order, every live node becomes:
//   - kNone: its a3xx::Instr with physical registers: dst.num = reg[v] for
//     a kFull result, src[k].num = reg[src_value[k]] + src_comp[k] for a
//     kFull GPR source; a0.x / p0.x / hr0.x operands keep the fixed numbers
//     they already have; branch offsets, (nopN) and every flag but (sat)
//     are cleared (legalize computes them, machine.h);
//   - kParCopy: mov.u32u32 per component (none when source and destination
//     registers are equal; components ordered like memmove, so overlapping
//     vector copies stay correct);
//   - kCollect: mov.u32u32 dst+i, arg i for each component i not already in
//     place, in component order (RA's clobber rule makes that order safe);
//   both as (rptN) movs where consecutive destinations copy one register
//   (a replicated value: no (r)) or consecutive ones ((r)) and no iteration
//   reads what the run writes, so a run means what its movs in order mean;
//   - kPhi, kSplit, kInput: nothing.
// source_map carries node.tgsi_index; target_block, preds and succs come
// from the IR. The ShaderState is fn.state with the spans filled (every
// mask cleared first): an input/system-value binding from its live kInput
// (base = its register - InputRef::comp, mask = InputMask), each preloaded
// i/j pair's register (ir.h kIjPairs: ij_reg, centroid_ij_reg; a live kIj
// input, else the pair RA reserved), an output binding from its
// collect among the `end` node's args (base = its register -
// OutputRef::comp, mask = the written components rounded up to the
// field's shapes); full_regs = highest used vec4 + 1 (values, pinned
// range, FS i/j pairs), half_regs = 1 when hr0.x is used. Bindings in the
// pinned range are the pipeline's to restore (RebasePinnedBindings).
// With a ParallelCopyLowering (the conservative substitute,
// conservative.h), every kParCopy and kCollect is handed to it instead as
// its unordered set of scalar copies (dst, src), dst != src, in component
// order; the ordering code above does not run for them.
#pragma once

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "compiler/opt/ir.h"
#include "compiler/targets/a3xx/machine.h"

namespace shaderdiff::opt {

// Emits one parallel copy (every source read before any destination is
// written) into the block; tgsi is the source-map index of its movs.
using ParallelCopyLowering =
    std::function<void(MachineBlock& mb, const std::vector<std::pair<int, int>>& copies, int32_t tgsi)>;

MachineFunction ToMachine(const Function& fn, const ParallelCopyLowering* lowering = nullptr);

// The ShaderState ToMachine gives (fn.state with the spans, full_regs and
// half_regs filled): what registers the function uses, for a substitute
// that needs a free one.
a3xx::ShaderState MachineState(const Function& fn);

}  // namespace shaderdiff::opt
