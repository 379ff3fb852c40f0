// The cycle-accurate Adreno a3xx shader core: runs a compiled Program on a
// TestVector the way the hardware would, including what the hardware does
// wrong when code is scheduled too tightly (DESIGN.md "The emulators: cycle
// accuracy is the point"; docs/isa-a3xx.md §4).
//
// Execution model
// - Lanes run in lock-step as waves of Timing::wave_size_vs / wave_size_fs
//   lanes (fragment waves are whole 2x2 quads, lanes 4k..4k+3); a vector
//   with more lanes runs several waves, one after another, each from a
//   fresh register file.
// - Divergence: every lane has its own PC; each step executes the
//   instruction at the smallest PC among the wave's live lanes, for the lanes
//   at that PC ("min-PC" SIMT) that are in one reconvergence group. A
//   divergent branch splits a group; groups meeting at one PC merge only at
//   an instruction carrying (jp) (docs §4.5). Without it, and on a taken
//   branch to an instruction without it, the emulator records a missing-jp
//   hazard (the hardware's behaviour is not documented) and keeps the groups
//   apart. Timing is per wave: each step issues once.
// - Timing (§4.1-§4.3): see regfile.h (ALU visibility: a read at slot c sees
//   a write of slot p iff c >= p + 1 + D, else the previous value), sync.h
//   ((ss)/(sy), asynchronous results landing only at the sync) and
//   emulator.cc (slot counting and the cycle clock). A too-early read returns
//   the stale value and records a Hazard; HazardMode::kTrap stops at the
//   first one instead.
// - Cycles are measured, not estimated: cycles = issue slots + stall cycles,
//   per wave, summed over waves.
// - I/O follows the ShaderState (shader_state.h, docs §6): inputs and system
//   values are preloaded into registers, outputs are read at `end`.
//
// Errors never become undefined host behaviour: malformed programs and
// states give ExecStatus::kError (decode errors, registers beyond the
// generation's file, reads of r63, a PC leaving the program, a missing
// input), features this emulator does not model give kUnsupported naming
// them, runaway programs kTimeout. Out-of-range relative accesses are not
// errors: reads give 0, writes are dropped, and CycleStats counts them.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/a3xx/isa/shader_state.h"
#include "emulator/a3xx/isa/validated_program.h"
#include "emulator/a3xx/timing.h"
#include "emulator/common/float_policy.h"
#include "emulator/common/test_vector.h"

namespace shaderdiff::a3xx {

enum class HazardMode : uint8_t {
  kStale,  // what hardware does: the read returns the old value (default)
  kTrap,   // stop at the first hazard (ExecStatus::kError, detail = the hazard)
};

// What a shift by a count the register width cannot hold does. The docs
// (isa-a3xx.md) do not say what shl.b, shr.b and ashr.b do with a count >= 32
// (>= 16 for a half source). kHazard, the stricter reading and the default:
// the hardware's result is unknown, so such a lane is a "shift-count" hazard
// (the value written is the masked one, to keep running). kMask: the count is
// masked to 5 bits like the host's shift, no hazard; this is what Mesa's ir3
// assumes (it emits shl.b with NIR's count, which NIR defines masked).
enum class ShiftCountMode : uint8_t { kHazard, kMask };

// Which taken branches need (jp) at their target (docs §4.5; what an a3xx
// does without it is not documented). kEveryBranchTarget, the stricter
// reading and the default: every taken br/jump, as the blob and ir3 up to
// 2021 marked every branch target (before 2019 literally; from 2019 every
// block with two predecessors, loop headers included). kWhereLanesPark:
// only a divergent br (some of the group's lanes taken) needs it, besides
// groups meeting (always checked); a uniform jump, such as a loop's back
// edge, does not. This is Mesa's ir3 model since 2022 (ir3_legalize,
// ir3_reconvergence.c: (jp) where the hardware's branch stack gets an
// entry), worked out on a6xx hardware and emitted for a3xx too.
enum class JpRule : uint8_t { kEveryBranchTarget, kWhereLanesPark };

// The format of the fragment system values the hardware preloads
// (HLSQ_CONTROL_1_REG.FRAGCOORDXY/ZWREGID, HLSQ_CONTROL_2_REG.FACENESSREGID);
// the docs and the register XML do not say. kBinary32, the default (what
// our builds assume): gl_FragCoord xyzw and FACE as the vector gives them,
// binary32 (FACE +-1.0) in full registers. kIr3: what Mesa's a3xx driver
// has read since its first a3xx support (fd3_compiler.c, 2014, piglit on
// hardware; ir3 get_frag_coord and load_front_face today): gl_FragCoord.xy
// as unsigned fixed point in 1/16 pixel (x * 16; a vector position off
// that grid, or negative, is refused: no a3xx preloads it), .zw binary32;
// FACE as a 16-bit integer, 0 front and -1 back, in the half register
// FACENESSREGID names (hrN.c; the field has 8 bits, no HALF bit).
enum class FragSysvalFormat : uint8_t { kBinary32, kIr3 };

struct ExecTrace;  // trace.h

struct EmulatorOptions {
  const Timing* timing = FindTiming("a3xx");
  HazardMode hazards = HazardMode::kStale;
  // Per wave: more cycles, or more executed instructions (zero-slot loops
  // advance no cycles), than this gives ExecStatus::kTimeout.
  uint64_t cycle_budget = 10'000'000;
  common::DenormalMode denormals = common::DenormalMode::kPreserve;
  ShiftCountMode shift_counts = ShiftCountMode::kHazard;
  JpRule jp_rule = JpRule::kEveryBranchTarget;
  FragSysvalFormat frag_sysvals = FragSysvalFormat::kBinary32;
  // Optional per-lane execution trace (trace.h), for `shaderdiff explain`;
  // null: no tracing work at all.
  ExecTrace* trace = nullptr;
};

inline constexpr uint16_t kNoHazardReg = 0xffff;  // a hazard about no register (missing-jp)

struct Hazard {
  uint32_t instr = 0;     // instruction index in the program
  uint16_t reg = 0;       // scalar register number (4*n + c; 244 = a0.x, 248.. = p0), or kNoHazardReg
  int cycles_short = 0;   // alu-delay: slots missing; async: cycles until the op
                          //   completes (0: it has, only the sync is missing)
  // "alu-delay", "missing-ss", "missing-sy", "waw-async", "war-async";
  // "shift-count" (reg = the destination): a lane shifted by a count >= the
  // source's width (ShiftCountMode::kHazard);
  // "pvt-range" / "pvt-uninit" (reg = a ldp's destination, a stp's address):
  // a lane's private-memory access outside its fiber's memory, or a load of
  // bytes no stp of the wave stored (mem.cc);
  // "global-uninit" (reg = a ldg's destination): a global-memory load of
  // bytes no stg of the call was issued for and the driver did not fill
  // (ShaderState::global_consts; mem.cc);
  // "missing-jp" (reg kNoHazardReg): instruction `instr` lacks (jp) where
  // lanes enter it by a taken branch or reconverge there.
  std::string kind;
  bool half = false;      // reg names a half register (hrN.c)
  // "instr 5: r0.x alu-delay, 2 cycles short"; "instr 9: missing-jp (...)"
  std::string ToString() const;
  bool operator==(const Hazard&) const = default;
};

struct CycleStats {
  uint64_t cycles = 0;        // issue_slots + stall_cycles
  uint64_t issue_slots = 0;   // ALU-pipeline slots (§4.1), nops included
  uint64_t nop_slots = 0;     // the part of issue_slots spent in nop instructions
  uint64_t stall_cycles = 0;  // waiting at (ss)/(sy)
  uint64_t instructions = 0;  // executed instructions (once per wave step)
  uint64_t ss = 0;            // executed instructions carrying (ss)
  uint64_t sy = 0;            // executed instructions carrying (sy)
  uint64_t out_of_range_accesses = 0;  // per lane: relative/varying/memory accesses outside their file
  bool operator==(const CycleStats&) const = default;
};

struct EmulationResult {
  common::ExecResult result;
  CycleStats stats;             // per wave, summed over waves
  std::vector<Hazard> hazards;  // distinct (instr, reg, kind), first occurrence, in order found
};

EmulationResult Emulate(const Program& program, const common::TestVector& vector, const EmulatorOptions& options);

// The same, with the vector-independent work done once: Prepare validates the
// program and its state against options.timing and resolves every
// instruction's handler (prepare.cc); a program it refuses is remembered and
// every Emulate of it reports that refusal, after the checks that come first
// in a single Emulate (the timing row, the vector's stage), so results are
// identical to Emulate(program, ...) for every vector. The prepared program
// keeps a copy of `program`; options other than timing may differ between
// calls, and an Emulate with another timing row is an error.
//
// A ValidatedProgram (isa/validated_program.h) skips the per-instruction
// Validate, which it has passed; every other check still runs. A program
// whose words were edited after compiling is a plain Program again, and is
// validated here.
struct PreparedProgram;  // machine.h
std::shared_ptr<const PreparedProgram> Prepare(const Program& program, const EmulatorOptions& options);
std::shared_ptr<const PreparedProgram> Prepare(const ValidatedProgram& program, const EmulatorOptions& options);
EmulationResult Emulate(const PreparedProgram& prepared, const common::TestVector& vector,
                        const EmulatorOptions& options);

// Decodes `words` first; a word that does not decode gives ExecStatus::kError
// naming its index and the decoder's reason.
EmulationResult EmulateWords(const std::vector<uint64_t>& words, const ShaderState& state,
                             const common::TestVector& vector, const EmulatorOptions& options);

}  // namespace shaderdiff::a3xx
