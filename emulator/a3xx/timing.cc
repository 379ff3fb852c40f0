// The timing table's rows. Sources: docs/isa-a3xx.md §4.2 (3/6/2 delay
// slots), §6.1/§6.2 (8-vertex and 16-fragment waves), §1.1 (48 vec4 GPRs),
// §6 (overlapping preloads refused: undocumented), §2.6 (getbuf refused:
// no evidence a3xx has it).
// Latencies are not public for a3xx; see timing.h.
#include "emulator/a3xx/timing.h"

namespace shaderdiff::a3xx {

const std::vector<Timing>& AllTimings() {
  static const std::vector<Timing> rows = {
      // name   alu non mad3 sfu tex mem  nonalu-slots nopN  vs  fs  full half const local
      //        preloads-may-overlap projected-3d pvt-unit getbuf
      {"a3xx", 3, 6, 2, 10, 64, 110, false, false, 8, 16, 48, 48, 512, 16384, false, false, 128, false},
  };
  return rows;
}

const Timing* FindTiming(std::string_view generation) {
  for (const Timing& t : AllTimings()) {
    if (t.name == generation) return &t;
  }
  return nullptr;
}

}  // namespace shaderdiff::a3xx
