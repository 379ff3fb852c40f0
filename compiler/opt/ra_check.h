// The register allocation checker: replays the allocated function and
// proves every read finds the value it expects in its physical register.
//
// State: for every physical register (full scalars 0..255, including a0.x
// and p0.x; half scalars separately) which value component it holds, or
// nothing. Forward dataflow over the CFG; the meet keeps only entries all
// incoming edges agree on. At entry the live inputs hold their values
// (system values after attributes, then the FS i/j pairs in ir.h kIjPairs
// order at their state fields, which is how the emulator preloads; a pair
// no value reads still overwrites its two registers).
// Transfer, per live node in block order:
//   - a read of value v (src_value, args; `end` args are reads) checks
//     fn.reg[v] + component holds (v's base, component) for every component
//     (a kSplit is read as its vector at reg[split] = reg[vector] + comp);
//   - kCollect: component by component in order, read arg i then write
//     component i (the movs ToMachine emits); kParCopy: read, then write;
//   - kPhi: on each entry edge the phi's registers must hold the argument
//     coming from that predecessor (its kParCopy); then they hold the phi;
//   - every def overwrites its registers; a write that defines no value
//     (pinned/relative stores) clears the pinned range.
// Also checked statically: every live kFull value has registers, outside
// the pinned range, and kSplit registers equal vector + component.
// Blocks unreachable from the entry are not checked.
#pragma once

#include <optional>
#include <string>

#include "compiler/opt/ir.h"

namespace shaderdiff::opt {

// nullopt if the allocation is sound; otherwise the first violation, naming
// the node, the register and the value found there.
std::optional<std::string> CheckAllocation(const Function& fn);

}  // namespace shaderdiff::opt
