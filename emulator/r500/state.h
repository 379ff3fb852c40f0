// The R500 fragment processor's programmable state and one 2x2 quad's
// inputs (shared/docs/isa-r500-lima-gen4.md A.1, A.2, A.9, A.12), and the
// parameters no document fixes (Params: each a stricter reading or an
// invented number, named as such in README.md).
//
// Invariants: a State is only run after CheckState accepted it (or
// CheckedState::Check accepted it and CheckQuadInputs the quad); every
// refusal names the register or limit the hardware could not program.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "compiler/tgsi/names.h"
#include "emulator/common/texture.h"
#include "emulator/common/words.h"
#include "emulator/r500/decoded.h"
#include "emulator/r500/isa/instr.h"

namespace shaderdiff::r500 {

inline constexpr int kCodeSlots = 512;   // A.1: 512 slots for ALU, OUT, TEX and FC
inline constexpr int kTemps = 128;       // A.2: t0..t127
inline constexpr int kConsts = 256;      // A.2: c0..c255
inline constexpr int kTexUnits = 16;     // US_TEX_INST.TEX_ID is 4 bits
inline constexpr int kRenderTargets = 4; // A.7
inline constexpr int kIntConsts = 32;    // US_FC_INT_CONST_0..31
inline constexpr int kQuadPixels = 4;    // 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right

// US_FC_INT_CONST_n: KR count, KG initial aL, KB aL step (A.2, INFERRED meaning).
struct IntConst {
  uint8_t count = 0, init = 0, step = 0;
};

struct BoundTexture {
  bool bound = false;
  tgsi::TextureTarget target = tgsi::TextureTarget::k2D;
  common::TextureUnit unit;
};

struct State {
  // The code store as uploaded through GA_US_VECTOR_DATA, slot 0 upward.
  std::vector<Instr> code;
  // US_CODE_ADDR start/end: the slots executed (inclusive); US_CODE_OFFSET:
  // the base of non-global jump addresses.
  int code_start = 0, code_end = -1;  // end -1: the last uploaded slot
  int code_offset = 0;
  std::array<common::Vec4, kConsts> consts{};
  uint32_t bool_consts = 0;  // US_FC_BOOL_CONST
  std::array<IntConst, kIntConsts> int_consts{};
  bool full_fc = false;               // US_FC_CTRL.FULL_FC_EN
  bool zero_times_anything = false;   // US_CONFIG.ZERO_TIMES_ANYTHING_EQUALS_ZERO
  std::array<BoundTexture, kTexUnits> textures{};
};

// One interpolated input as the rasterizer preloads it (A.1): temporary
// `temp` of each pixel of the quad.
struct QuadInput {
  int temp = 0;
  std::array<common::Vec4, kQuadPixels> value{};
};

struct Quad {
  std::array<bool, kQuadPixels> covered = {true, true, true, true};  // false: helper pixel
  std::vector<QuadInput> inputs;
};

// Readings no document decides. Defaults are the stricter reading; the
// numbers marked INVENTED are one row, to be calibrated.
struct Params {
  // INVENTED (A.11: TEX latencies are unpublished): cycles from a TEX's
  // issue until its result is in the register file.
  int tex_latency = 12;
  // INVENTED (A.13 item 9): issue cycles per instruction and per NOP bit.
  int issue_cycles = 1;
  int nop_cycles = 1;
  // Stack depths: A.12 gives branch-counter depth 32 (FULL_FC_EN) / 4; the
  // address and loop stack sizes are a gap, so the smaller depth is used.
  int branch_depth_full = 32, branch_depth_partial = 4;
  int address_stack_depth = 4;
  int loop_stack_depth = 4;
  // A.5: inline constants with exponent 0 (denormals) are UNCERTAIN: refused
  // unless this is set (then AMD's reading: m/8 * 2^-6).
  bool inline_denormals = false;
  // A.12 says a LOOP/REP whose count is 0 jumps "to the target" without
  // looking at JUMP_FUNC, but Mesa's r300 compiler points BGNLOOP's target at
  // ENDLOOP itself, which would then pop a frame that was never pushed. So
  // which instruction runs next is UNCERTAIN: refused unless this picks a
  // reading (kAtTarget: the target, kPastTarget: the one after it). Mesa
  // never emits a zero count (its integer constant 0 has count 255).
  enum class ZeroCountLoop : uint8_t { kRefuse, kAtTarget, kPastTarget };
  ZeroCountLoop zero_count_loop = ZeroCountLoop::kRefuse;
  // Loop safety net: instructions executed before the run is stopped.
  uint64_t max_steps = 1u << 20;
};

// Why CheckState refused, or nullopt: CheckProgramState, then
// CheckQuadInputs (the same reasons in the same order).
std::optional<std::string> CheckState(const State& s, const Quad& q);

// A State CheckProgramState accepted: only CheckedState::Check makes one,
// so RunQuad on it needs to check only the quad's inputs (RunVector checks
// the program once per vector, not once per quad). It refers to the State,
// which must outlive it and not change, and holds the executed slots'
// pre-decoded records (decoded.h), made once by Check (or shared from a
// CheckedProgram) and run by every quad.
class CheckedState {
 public:
  // Everything about `s` alone (code, code addresses, textures, flow
  // control mode); nullopt and `why` set if refused.
  static std::optional<CheckedState> Check(const State& s, std::string* why);
  const State& state() const { return *state_; }
  const DecodedCode& decoded() const { return *decoded_; }

 private:
  friend struct CheckedByProgram;  // run_vector.cc: a CheckedProgram's per-vector state
  CheckedState(const State& s, std::shared_ptr<const DecodedCode> decoded) : state_(&s), decoded_(std::move(decoded)) {}
  const State* state_;
  std::shared_ptr<const DecodedCode> decoded_;
};

// What CheckState checks of the quad alone: its preloaded inputs.
std::optional<std::string> CheckQuadInputs(const Quad& q);

}  // namespace shaderdiff::r500
