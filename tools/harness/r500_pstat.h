// Static statistics of a compiled R500 fragment program in the categories
// r300 developers read (Mesa's RADEON_DEBUG=pstat line, rc_get_stats): total,
// vector (RGB) and scalar (Alpha) instructions, flow-control and texture
// instructions, presubtract operations and temporary registers. Cycles are
// not counted here: they are measured on the emulator (R500Emulation in
// check.cc; stats and check report the measured figure).
//
// Readings, taken from the instruction words, never from the compiler:
// * total: every instruction of the code store, of any type (ALU, OUT, TEX,
//   FC), as Mesa's "inst".
// * vector / scalar: an ALU or OUT instruction whose RGB / Alpha half has an
//   effect: it writes a temporary or an output (for Alpha also the depth
//   output, W_OMASK), or the ALU result it selects (ALU_RESULT_SEL) is
//   consumed by the flow-control instruction right after it (A.12). A half
//   with no effect is what Mesa's pair form calls a NOP half; a paired
//   instruction counts once in each.
// * presubtract: one per counted half whose operand selects (A, B or C)
//   name srcp, as Mesa counts a used presubtract source per half and as
//   the emulator's presubtract NOP rule reads it.
// * temporaries: one more than the highest temporary index the program
//   addresses: ALU/OUT source slots (all three are fetched), destinations
//   that are written, TEX sources and destinations, and the temporaries
//   the driver preloads inputs into. A relative address counts at its base.
//   (Mesa's pstat counts the registers read; ours also the registers
//   written, which on R500 occupy a temporary just the same.)
//
// Invariant: a pure function of the program's code and input bindings.
#pragma once

#include <cstdint>

#include "emulator/r500/run_vector.h"

namespace shaderdiff::harness {

struct R500Pstat {
  uint32_t instructions = 0, vector = 0, scalar = 0, flow_control = 0, tex = 0, presubtract = 0, temporaries = 0;
};

R500Pstat CountR500Pstat(const r500::FragmentProgram& program);

}  // namespace shaderdiff::harness
