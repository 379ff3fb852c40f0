// Register allocation for the optimizing a3xx compiler, and the liveness
// analysis it shares with out-of-SSA (out_of_ssa.h) and the checker.
//
// Input: an SSA Function after scheduling (every block's `nodes` list is
// final) and after InsertPhiCopies (every phi argument is a kParCopy or
// kNoValue). Output: fn.reg[v] for every live value; nothing else changes
// (but the i/j pairs' registers in fn.state and the size of input values,
// see below).
//
// Algorithm (interval allocation; spilling is spill.h's, run by the
// pipeline when this fails for lack of registers):
//  1. Positions. Blocks are linearized in layout order. Block b gets a start
//     position, then two positions per node (its reads at p, its write at
//     p + 1), then an end position. Inputs and the phis of a block are
//     written at the block's start (inputs: at block 0's start, position 0).
//     Since a node's reads come before its write, a source that dies at a
//     node may share a register with the node's result.
//  2. Liveness: backward dataflow on base values (reads through kSplit count
//     as reads of the vector; a phi's argument is live-out of the matching
//     predecessor only; `end`'s args are reads). Inputs are defined by a
//     virtual entry before block 0, so they stay live around loops that
//     include block 0.
//  3. Live ranges: per value, one [first, last] range per block it is live
//     in (whole block when live-in/live-out), so ranges have holes between
//     blocks. A value nobody reads still gets [def, def] (the write happens).
//  4. Allocation units (a unit gets `size` consecutive scalars; members sit
//     at fixed offsets; its ranges are the union of its members'):
//       - a phi web: the phi and its kParCopy arguments (offset 0). Out-of-
//         SSA guarantees the members never overlap in time; RA verifies it.
//       - a collect group: a kCollect and each argument that is a scalar
//         kFull value defined in the same block (inputs: collect in block 0)
//         whose only use is this collect, at offset = its argument index.
//         The value is computed directly into place: no mov.
//       - every other kFull value alone (vectors: `size` scalars).
//     kSplit values are not allocated: reg[split] = reg[vector] + comp.
//  5. Collect copies. The remaining collect arguments become movs, emitted
//     in component order i = 0, 1, ... (ToMachine). Rule: the collect's
//     component i must not be the register of an argument j > i (that mov
//     would clobber a source a later mov still reads). An argument in
//     component j's own register is "in place" (mov dropped) and components
//     > j are written after it was read, so both are allowed. Arguments
//     live after the collect interfere with it through their ranges anyway.
//  6. Units are allocated in order of their first position (ties: larger
//     first), each at the lowest base whose scalars are free, each over the
//     ranges of the members covering it (a collect component that is not
//     computed in place only from the collect on, so the value it copies
//     can sit there until then), below 4 * t.num_full_vec4 and outside the
//     pinned range.
//     Hints are tried first: a copy (kParCopy, collect component) prefers
//     its source's register, and a source prefers its copy's register, so
//     the mov disappears when the ranges allow it.
//  7. Fixed classes: kA0 -> a3xx::kRegA0X, kP0 -> a3xx::kRegP0X, kHalf0 ->
//     half scalar 0 (hr0.x); an instruction's own destination number wins
//     (a compare into p0.y). Deps keep their live ranges disjoint; the
//     checker proves it.
//  8. FS: the hardware writes each i/j pair it preloads (ir.h kIjPairs: the
//     centre pair at ij_reg, ij_reg + 1, and the centroid pair at
//     centroid_ij_reg when centroid_ij_preloaded) after the other preloads.
//     With a live kIj input of that pair that is simply its register;
//     without one RA reserves a 2-scalar unit live at entry and records it
//     in the pair's state field, so the pair the emulator preloads there
//     cannot clobber an input or the other pair.
//  9. Input bindings: the hardware writes each binding's span of
//     consecutive registers (shader_state.h), so an input is one vector
//     value whose kSplits are its components; RA trims it to the last
//     component the hardware must write for what is still read (InputMask)
//     and allocates it whole. Outputs are kCollects of their span (step 4's
//     collect groups compute single-use results in place).
// A unit that does not fit fails the allocation with "register pressure: N
// scalars live at <node>, a3xx has 192 ..."; the pipeline then spills
// (spill.h) and allocates again, and reports it as unsupported only when
// spilling cannot bring the pressure down. A violated input
// invariant (a phi argument that is not a kParCopy, phi web members live at
// the same time) fails it with internal = true and "internal: ...": a
// compiler bug, which the pipeline reports as a compile error.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "compiler/opt/ir.h"
#include "emulator/a3xx/timing.h"

namespace shaderdiff::opt {

struct RaResult {
  bool ok = true;
  bool internal = false;    // !ok because an invariant failed (a compiler bug), not for lack of registers
  std::string unsupported;  // why not, when !ok
  int full_vec4 = 0;        // vec4 registers 0 .. full_vec4 - 1 used (pinned range included)
  int half_vec4 = 0;        // 1 when hr0.x is used
};

// Fills fn.reg (size fn.nodes.size(), -1 for dead/absent values and nodes
// defining nothing). Requires InsertPhiCopies to have run.
RaResult AllocateRegisters(Function& fn, const a3xx::Timing& t);

// ---- Analyses shared with out-of-SSA and the checker ----

// A read of value v seen through kSplit nodes: the value that owns the
// registers (never a kSplit) and the component within it.
struct ValueRef {
  ValueId base = kNoValue;
  int comp = 0;
};
ValueRef ResolveSplit(const Function& fn, ValueId v);

// Block liveness of base values: live_in[b] / live_out[b] list the values
// live at block b's start / end in increasing id order. Phi results are
// defined at their block's start (not live-in); phi arguments are live-out
// of the matching predecessor. Computed per value from its reads up to its
// definition, so the work is proportional to the size of the sets (never
// blocks x values).
struct Liveness {
  std::vector<std::vector<ValueId>> live_in;
  std::vector<std::vector<ValueId>> live_out;
  bool LiveOut(size_t block, ValueId v) const;
};
Liveness ComputeLiveness(const Function& fn);
// The same into *out, whose lists keep their capacity (each is cleared
// first); its working arrays are kept by the thread (thread_scratch.h).
void ComputeLiveness(const Function& fn, Liveness* out);

// Whether node v is a live kInput (inputs count even when not placed in a
// block: they are defined by the hardware before block 0).
bool IsLiveInput(const Function& fn, ValueId v);

// The live kIj input of pair kIjPairs[pair] (ir.h), or kNoValue: then an
// allocator reserves the registers the hardware preloads it into (step 8).
ValueId LiveIjInput(const Function& fn, size_t pair);

// The physical register number of class `c` (fixed classes only).
int FixedRegister(RegClass c);

}  // namespace shaderdiff::opt
