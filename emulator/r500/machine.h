// The running quad's state shared by the instruction handlers (alu.cc,
// tex.cc, flow.cc, emulator.cc): temporaries, per-pixel flow-control state
// (A.15), the in-flight TEX writes and the hazard log.
//
// Invariants: a temp read goes through ReadTemp, which returns the register
// file's current contents and records a hazard when an un-waited TEX write
// to it is outstanding; handlers read all sources before writing (A.3).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "emulator/r500/decoded.h"
#include "emulator/r500/emulator.h"

namespace shaderdiff::r500 {

struct PixelState {
  std::array<common::Vec4, kTemps> temps{};
  bool active = true;
  int branch_counter = 0;  // valid while inactive
  bool alu_result = false;
  std::array<bool, 4> pred{};  // predicate bits r, g, b, a
};

struct LoopFrame {
  int count = 0;
  int al = 0;
  int step = 0;
  bool rep = false;
};

// A TEX write in flight: lands at `land_cycle`; `synced` once a WAIT has
// covered it (semaphore acquired at or after it and then waited on).
struct PendingTex {
  int slot = 0;
  uint64_t seq = 0;
  uint64_t land_cycle = 0;
  int pixel = 0, temp = 0;
  uint8_t mask = 0;  // rgba
  common::Vec4 value{};
  bool landed = false;
};

struct Machine {
  const State* state = nullptr;
  const RunOptions* opt = nullptr;
  RunResult* out = nullptr;
  std::array<PixelState, kQuadPixels> px{};
  bool alu_result_valid = false;  // A.12: until the next FC instruction
  int alu_result_slot = -1;
  std::vector<int> address_stack;
  std::vector<LoopFrame> loop_stack;
  std::vector<PendingTex> pending;
  uint64_t tex_seq = 0;
  // Semaphore: held until every TEX with seq <= sem_seq has landed.
  bool sem_held = false;
  uint64_t sem_seq = 0;
  uint64_t cycle = 0;
  // For the NOP rules (A.13 items 1, 2): the immediately preceding
  // executed instruction if it was ALU/OUT (its NOP bit and the temps it
  // wrote: at most its RGB and its Alpha destination, -1 for none), and the
  // last executed non-TEX instruction's NOP bit.
  bool prev_is_alu = false;
  bool prev_nop = false;
  std::array<int, 2> prev_wrote{-1, -1};
  bool PrevWrote(int temp) const { return prev_wrote[0] == temp || prev_wrote[1] == temp; }
  bool last_nontex_seen = false;
  bool last_nontex_nop = false;
  bool stop = false;

  int al() const { return loop_stack.empty() ? 0 : loop_stack.back().al; }
  void Hazard(int slot, std::string kind, std::string detail);
  void Fail(std::string why);
  // Lands every pending write whose time has come (in issue order).
  void LandUpTo(uint64_t cycle_now);
  // Removes landed writes that later landed writes cover (emulator.cc).
  void DropCoveredLanded();
  bool HasHazard(int slot, const char* kind) const;
  // Current register contents; a hazard when an un-waited TEX write to
  // (pixel, temp, any of `channels`) is still outstanding or was never waited on.
  common::Vec4 ReadTemp(int slot, int pixel, int temp, uint8_t channels);
  // A write to a temp that a TEX write in flight will overwrite.
  void CheckWriteAfterTex(int slot, int pixel, int temp, uint8_t channels);
};

// Resolve a temp address with REL; -1 (and Fail) when out of range.
int TempIndex(Machine& m, int addr, bool rel);

void ExecAlu(Machine& m, int slot, const DecodedAlu& in);
void ExecTex(Machine& m, int slot, const Instr& in);
// Returns the next slot.
int ExecFc(Machine& m, int slot, const Instr& in);

}  // namespace shaderdiff::r500
