// The interpreter's call into the store-trace recorder (trace_store.cc),
// made only when InterpreterOptions::trace is set; see trace.h.
#pragma once

#include "emulator/tgsi/machine.h"
#include "emulator/tgsi/trace.h"

namespace shaderdiff::tgsi_exec {

// Records channel c of destination d (value v before saturation, which the
// register file now holds saturated) for each traced lane.
void TraceStore(Exec& e, const DDst& dst, int d, int c, const Lanes& v, bool saturate);

}  // namespace shaderdiff::tgsi_exec
