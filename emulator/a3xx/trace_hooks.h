// The step loop's calls into the trace recorder (trace.cc). Each is made
// only when Machine::opt.trace is set; see trace.h.
#pragma once

#include "emulator/a3xx/lanes.h"

namespace shaderdiff::a3xx {

struct Machine;
struct Prepared;
struct PendingOp;

void TraceWaveStart(Machine& m);                                 // after the wave's preload
void TraceBeforeSync(Machine& m);                                // before the step's (ss)/(sy)
void TraceIssue(Machine& m, const Prepared& p, LaneMask lanes);  // after the syncs, before the handler
void TraceExecuted(Machine& m, const Prepared& p, LaneMask lanes);  // after the handler
void TraceLanded(Machine& m, const PendingOp& op);               // an async op landed at a sync

}  // namespace shaderdiff::a3xx
