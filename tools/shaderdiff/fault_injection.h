// Test-only: deliberate miscompiles, to prove that the nightly catches a
// broken compiler. Linked only into //tools/shaderdiff:shaderdiff_fault_injected
// (a testonly target); the shipped `shaderdiff` binary contains none of this.
//
// Each fault mutates a compiled a3xx program in place, the way a buggy pass
// would, and is applied through harness::CheckOptions::post_compile to the
// optimizing build only:
//   drop-delay-slot  removes the first delay slot before `end`: a (rptN)nop
//                    loses one repeat, a plain nop is deleted (branch offsets
//                    across it are fixed up), a (nopN) loses one. The
//                    consumer then reads its operand a cycle early: a hazard.
//   swap-mad-operands  swaps the multiplicand and the addend (src1, src2) of
//                    the first mad.f32 whose two are different registers:
//                    a*b+c becomes a*c+b, a mismatch.
// A program the fault finds nothing to change in is left as it was (the
// check passes), so only some shaders regress.
//
// Invariant: a mutated program still passes a3xx::Validate instruction by
// instruction (the fault breaks semantics or timing, never the encoding).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "emulator/a3xx/isa/shader_state.h"

namespace shaderdiff::cli {

using ProgramFault = std::function<void(a3xx::Program&)>;

// nullptr for an unknown name.
ProgramFault FindFault(const std::string& name);

std::vector<std::string> FaultNames();

}  // namespace shaderdiff::cli
