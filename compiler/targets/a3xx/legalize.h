// legalize: the last pass of the optimizing a3xx compiler. It turns a
// MachineFunction (scheduled, register-allocated blocks without any timing
// made explicit) into the final instruction list:
//   - nop slots before every consumer of a fixed-latency (cat1/2/3) result
//     that would otherwise read it too early (delay.h's rules),
//   - (ss)/(sy) before every read or overwrite of a pending asynchronous
//     result and (ss) before every overwrite of a lazily read source,
//   - (ei) on the last bary.f, (jp) on every branch target, branch offsets,
//     padding to a multiple of 4 instructions.
// Timing state flows over the CFG as a forward dataflow iterated to a fixed
// point, so delays that span blocks (joins, loop back edges) are covered for
// the worst predecessor. The result runs on the a3xx emulator with zero
// hazards (HazardMode::kTrap); see legalize.cc for the exact rules.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "compiler/targets/a3xx/machine.h"
#include "emulator/a3xx/isa/instr.h"
#include "emulator/a3xx/isa/validated_program.h"
#include "emulator/a3xx/timing.h"

namespace shaderdiff::opt {

struct LegalizeResult {
  // The final program (the machine function's state and its instructions),
  // every instruction checked by a3xx::Validate: ready for a3xx::Encode, and
  // for the emulator's Prepare without a second check.
  a3xx::ValidatedProgram program;
  std::vector<int32_t> source_map;   // parallel; inserted nops get the source of the instruction they
                                     // precede, padding -1
  std::vector<uint8_t> source_comps;  // parallel: final-write masks (naive/provenance.h), nops 0
  std::optional<std::string> error;  // a violated MachineFunction invariant (a compiler bug)
  bool too_large = false;            // a branch offset beyond 16 bits (then error says so)
};

// On error, instrs/source_map are empty.
LegalizeResult Legalize(const MachineFunction& mf, const a3xx::Timing& t);

}  // namespace shaderdiff::opt
