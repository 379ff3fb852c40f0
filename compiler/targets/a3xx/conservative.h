// Conservative substitutes for the optimizing a3xx compiler's fixed passes
// (the passes that take no rewrite decisions): out-of-SSA, register
// allocation, to-machine's copies and legalize. Each is an independent, deliberately simple and
// slow implementation that shares no code with the real pass, so a bug in
// the real pass is bypassed when the substitute runs instead
// (OptOptions::conservative_passes, `compile --conservative PASS`).
// `shaderdiff bisect` uses them to name the fixed pass a failure comes
// from: the pass whose substitution makes the failure go away
// (tools/bisect/README.md, "Pass probes").
//
// What each one does (and why it is obviously right):
//   out-of-ssa  every phi argument is copied through a fresh temporary: at
//               the end of each predecessor all temporaries are written
//               first (reading the old values), then every phi's copy reads
//               its temporary, so the copies' order never matters; every
//               full-class phi is isolated (its readers read a copy made
//               right after the phis), so no phi is live where its web is
//               written.
//   regalloc    no register is ever reused: every allocation unit (a value,
//               a phi web, the FS i/j pair) gets fresh consecutive scalars
//               below the register file's end and outside the pinned
//               range. A shader that does not fit is reported as such
//               (unsupported: "no verdict" for a probe), never spilled.
//   legalize    every instruction is preceded by one (ss)(sy) nop of the
//               largest delay any consumer can need, so every result
//               (fixed latency or asynchronous) has landed and every lazy
//               source has been read before the next instruction issues;
//               (jp) on the first instruction of every block; branch offsets
//               from its own layout; (ei) on the last bary.f; padding to a
//               multiple of 4.
//   to-machine  the real translation of every instruction, but every
//               parallel copy (a phi copy or a collect) goes through scratch
//               registers past every register the function uses: all
//               sources to scratch, then scratch to the destinations, so no
//               order can make a copy read a register already overwritten;
//               none free in the register file: unsupported ("no verdict").
// select (shared with the naive build's templates) has no substitute:
// compiler/opt/README.md says why.
//
// Invariant: with no substitute asked for, the pipeline runs exactly the
// real passes (the shipped output is byte-identical).
#pragma once

#include <optional>
#include <string>

#include "compiler/opt/ir.h"
#include "compiler/targets/a3xx/legalize.h"
#include "compiler/targets/a3xx/machine.h"
#include "emulator/a3xx/timing.h"

namespace shaderdiff::opt {

// To-machine with every parallel copy through scratch registers (replaces
// ToMachine's copy ordering). Returns why not when no register is free for
// them (then *out is unspecified).
std::optional<std::string> ToMachineConservatively(const Function& fn, const a3xx::Timing& t, MachineFunction* out);

// Out-of-SSA through temporaries (replaces InsertPhiCopies).
void InsertPhiCopiesConservatively(Function& fn);

// Allocation without reuse (replaces AllocateRegisters and spilling): fills
// fn.reg as AllocateRegisters does. Returns why not when the shader does not
// fit or an input invariant fails (then fn.reg is unspecified).
std::optional<std::string> AllocateRegistersConservatively(Function& fn, const a3xx::Timing& t);

// Legalize with every wait at its maximum (replaces Legalize).
LegalizeResult LegalizeConservatively(const MachineFunction& mf, const a3xx::Timing& t);

}  // namespace shaderdiff::opt
