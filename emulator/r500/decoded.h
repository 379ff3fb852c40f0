// A checked program's instructions pre-decoded once (CheckedState::Check),
// so the issue loop and the ALU run from records instead of re-deriving
// each instruction's operands from its fields every time it executes (per
// quad, per vector, per loop iteration). Every record is derived from the
// decoded Instr through the ISA's data tables (isa/fields.def via
// Instr::Get, isa/operand_fields.h, isa/alu_reads.h) and alu_math.h's
// ApplyMod: the ISA stays described once; this is its compiled form.
//
// Invariants: a record is built only for a slot CheckedState::Check
// accepted (Validate passed), so every field is in its domain. What depends
// on the running quad (aL for REL addresses, the inline-denormal parameter,
// pending TEX writes) is left to execution, which checks it in the same
// order as before, so every refusal, hazard and result bit is unchanged.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "emulator/common/words.h"
#include "emulator/r500/isa/instr.h"

namespace shaderdiff::r500 {

// Per pixel, the ALU's operand words: slots 0..2 (r, g, b from the RGB
// address, a from the Alpha address), srcp (presubtract), then what
// swizzle codes 4..7 select (0, 0.5, 1.0; code 7 is reserved and Validate
// refuses it, its word is 0). An operand channel is an index into it.
inline constexpr int kSrcpBase = 12;      // srcp r, g, b, a
inline constexpr int kSwizzleConstBase = 16;  // codes 4..7
inline constexpr int kOperandWords = 20;
using OperandWords = std::array<common::Word, kOperandWords>;

// The operand modifier as two masks: ((w & keep) ^ flip) == ApplyMod(w, mod)
// for every word (ApplyMod acts on each bit alone; decoded_test checks).
struct Modifier {
  common::Word keep = 0xffffffffu, flip = 0;
  common::Word Apply(common::Word w) const { return (w & keep) ^ flip; }
};
Modifier ModifierOf(uint32_t mod);

// One half of a source slot's address (A.5): temp, constant or inline.
struct SlotAddr {
  enum Kind : uint8_t { kTemp, kConst, kInline } kind = kInline;
  bool rel = false;
  bool inline_denormal = false;  // exponent 0: UNCERTAIN, refused unless Params::inline_denormals
  uint8_t index = 0;             // temp/const address before aL, or the 7-bit inline code
  common::Word inline_word = 0;  // the inline constant's value
};

struct RgbOperand {
  std::array<uint8_t, 3> channel{};  // OperandWords index of r, g, b
  Modifier mod;
};
struct AlphaOperand {
  uint8_t channel = 0;
  Modifier mod;
};

struct DecodedAlu {
  uint32_t rgb_op = 0, alpha_op = 0;
  std::array<bool, 3> used{};  // FetchedSlots
  std::array<SlotAddr, 3> rgb_src{}, alpha_src{};
  // Presubtract: whether each half (0 RGB, 1 Alpha) selects srcp, its op,
  // and how many slots its NOP rule looks at (A.13 item 1).
  std::array<bool, 2> presub_used{};
  std::array<uint32_t, 2> presub_op{};
  std::array<uint32_t, 2> presub_slots{};
  bool quad_derivative = false;  // IsQuadDerivative
  // MDH/MDV per half: 0 none, else the pixel operand C comes from (1 MDH, 2 MDV).
  int rgb_mdx_pixel = 0, alpha_mdx_pixel = 0;
  std::array<RgbOperand, 3> rgb_arg{};      // A, B, C
  std::array<AlphaOperand, 3> alpha_arg{};  // A, B, C
  uint32_t rgb_omod = 0, alpha_omod = 0;
  bool rgb_clamp = false, alpha_clamp = false;
  // Destinations and outputs.
  uint32_t rgb_wmask = 0, rgb_dest = 0, alpha_wmask = 0, alpha_dest = 0;
  bool rgb_dest_rel = false, alpha_dest_rel = false;
  bool out_type = false, write_inactive = false;
  uint32_t rgb_pred_sel = 0, alpha_pred_sel = 0;
  bool rgb_pred_inv = false, alpha_pred_inv = false;
  uint32_t rgb_omask = 0, rgb_target = 0, alpha_omask = 0, alpha_target = 0, w_omask = 0;
  uint32_t alu_wmask = 0, alu_result_op = 0, alu_result_sel = 0, stat_we = 0;
};

struct DecodedInstr {
  InstrType type = InstrType::kAlu;
  bool tex_sem_wait = false, nop = false;
  DecodedAlu alu;  // ALU and OUT only
};

using DecodedCode = std::vector<DecodedInstr>;

DecodedAlu DecodeAlu(const Instr& in);
// Records for slots first..last of `code` (the executed range); other slots
// stay default and are never run.
DecodedCode DecodeCode(std::span<const Instr> code, int first, int last);

}  // namespace shaderdiff::r500
