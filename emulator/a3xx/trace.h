// An execution trace of one lane on the a3xx emulator, for `shaderdiff
// explain`: per executed instruction, the cycle it issued at, the sync wait
// before it, the registers it read (the value the read saw, and the cycle
// and instruction of the write that value came from), the registers it wrote
// (an asynchronous result with the cycle it landed at its (ss)/(sy)), and the
// hazards first recorded at it.
//
// Off by default (EmulatorOptions::trace == nullptr): the step loop then
// tests one pointer per instruction and does nothing else. With a trace,
// only the wave holding `lane` is recorded, and at most max_steps steps
// (truncated says so).
//
// Invariants: steps are in issue order; a read's written_cycle/written_pc
// name the newest write the trace saw to that register (-1: preloaded or
// never written); values are raw 32-bit register words.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "emulator/a3xx/emulator.h"

namespace shaderdiff::a3xx {

struct TraceRead {
  uint16_t reg = 0;           // scalar register number (4*n + c)
  bool half = false;
  uint32_t value = 0;         // what the read saw
  int64_t written_cycle = -1;  // issue cycle of the write that read saw landed (-1: preloaded/never)
  int32_t written_pc = -1;    // the instruction that wrote it (-1: preloaded/never)
  int short_by = 0;           // > 0: the newest write was not visible yet (stale read), by this many slots
};

struct TraceWrite {
  uint16_t reg = 0;
  bool half = false;
  uint32_t value = 0;
  bool async = false;         // lands at a later (ss)/(sy)
  bool landed = false;        // async: it did, at landed_cycle, with `value`
  uint64_t landed_cycle = 0;
};

struct TraceStep {
  uint32_t pc = 0;
  uint64_t cycle = 0;         // issue cycle (after the sync wait)
  uint64_t sync_wait = 0;     // stall cycles at this instruction's (ss)/(sy)
  bool ss = false, sy = false;
  std::vector<TraceRead> reads;
  std::vector<TraceWrite> writes;
  std::vector<Hazard> hazards;  // first recorded at this step
};

struct ExecTrace {
  uint32_t lane = 0;          // the vector lane to trace
  size_t max_steps = 200000;
  std::vector<TraceStep> steps;
  bool truncated = false;

  // Recorder state (trace.cc).
  std::vector<int64_t> write_cycle;
  std::vector<int32_t> write_pc;
  size_t hazards_seen = 0;
  uint64_t cycle_before = 0;
  bool active = false;        // the wave being run holds `lane`
};

// "cycle 14 reads r0.y=0x3f800000 (written @9 by #3) writes r1.x=0x40000000"
// style text of one step, for reports.
std::string FormatStep(const TraceStep& step);
// "r1.x", "hr0.y": a traced register's name.
std::string TraceRegName(uint16_t reg, bool half);

}  // namespace shaderdiff::a3xx
