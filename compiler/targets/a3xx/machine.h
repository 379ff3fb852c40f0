// The machine form between register allocation and legalize: scheduled
// a3xx instructions with physical registers, per basic block, before any
// timing is made explicit.
//
// Invariants (what legalize may assume):
// - No nops, no (ss)/(sy)/(jp)/(ei)/(ul) flags, branch offsets 0: legalize
//   adds all of them.
// - A block ends with at most one br/jump, whose target is target_block;
//   a block whose last instruction is not a jump falls through to the next
//   block in layout order. Block 0 is the entry; the last block ends with
//   `end` and no other block contains `end`.
// - Instructions are in the order they must issue; every value's producer
//   precedes its consumers on every path (RA and the scheduler guarantee
//   it). Only the distances between them are not yet legal.
#pragma once

#include <cstdint>
#include <vector>

#include "emulator/a3xx/isa/instr.h"
#include "emulator/a3xx/isa/shader_state.h"

namespace shaderdiff::opt {

struct MachineBlock {
  std::vector<a3xx::Instr> instrs;
  std::vector<int32_t> source_map;  // parallel to instrs: TGSI instruction index or -1
  std::vector<uint8_t> source_comps;  // parallel: final-write masks (naive/provenance.h); copies 0
  int32_t target_block = -1;        // the last instruction's branch target, if it is br/jump
  std::vector<int32_t> preds;
  std::vector<int32_t> succs;
};

struct MachineFunction {
  a3xx::ShaderState state;
  std::vector<MachineBlock> blocks;
};

}  // namespace shaderdiff::opt
