// The generator's knobs (generator.h): every probability and size the
// generator draws with is a field here, so a policy is the whole recipe.
//
// Probabilities are integer weights (per mille, or relative weights within a
// group), drawn with harness::Rng, so the same seed and policy give the same
// program on every host. Five policies ship: default (a broad mix),
// rewrites ("rewrite-biased": shapes the optimizing build's passes rewrite,
// see README.md), wide (default plus relative addressing, textures and
// KILL), lowering (rewrites plus the opcodes lower-tgsi rewrites) and r500
// (float values only: what the r500 naive translator takes).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace shaderdiff::fuzz {

struct Policy {
  std::string name;
  // Relative weights of the instruction families of one plain statement.
  uint32_t w_float_arith = 30;   // ADD MUL MAD MIN MAX DP2/3/4
  uint32_t w_float_round = 6;    // FLR FRC CEIL TRUNC ROUND
  uint32_t w_float_compare = 6;  // SLT SGE SEQ SNE FSLT FSGE FSEQ FSNE
  uint32_t w_transcendental = 4; // RCP RSQ EX2 LG2 SQRT (safe ranges only)
  uint32_t w_int_arith = 14;     // UADD UMUL IMUL_HI UMUL_HI INEG IABS IMIN IMAX UMIN UMAX
  uint32_t w_bit = 12;           // AND OR XOR NOT SHL ISHR USHR
  uint32_t w_div = 4;            // IDIV UDIV UMOD MOD (divisor range known)
  uint32_t w_bitfield = 3;       // IBFE UBFE BFI (offset + bits <= 32)
  uint32_t w_int_compare = 6;    // ISLT ISGE USLT USGE USEQ USNE
  uint32_t w_convert = 8;        // I2F U2F F2I F2U
  uint32_t w_select = 5;         // UCMP
  uint32_t w_move = 6;           // MOV (copies)
  // Rewrite-shaped patterns (several instructions each), relative weights in
  // the same group as the families above.
  uint32_t w_copy_then_mad = 0;     // MOV t, CONST/IMM; MAD d, a, t, b
  uint32_t w_convert_imm = 0;       // I2F/U2F/F2I/F2U of an immediate
  uint32_t w_imm_arith = 0;         // arithmetic of two immediates
  uint32_t w_identity = 0;          // x+0, x*1, x*0
  uint32_t w_repeat = 0;            // the same instruction twice (CSE)
  uint32_t w_compare_select = 0;    // a compare feeding UCMP
  uint32_t w_masked_shift = 0;      // AND c, x, 31; SHL/ISHR/USHR d, y, c
  // Statements other than plain instructions (same group).
  uint32_t w_if = 6;     // IF/UIF ... [ELSE ...] ENDIF
  uint32_t w_loop = 3;   // a counted loop with BRK (and maybe CONT)
  // Resources (generator_resources.cc); 0 in default and rewrites, whose
  // programs (and corpus/generated) predate them and keep their bytes.
  uint32_t w_indirect = 0;  // ARL/UARL, then CONST[ADDR] or TEMP[ADDR](1) read/write
  uint32_t w_texture = 0;   // TEX (fragment, uniform flow) / TXL on SVIEW 1D/2D/3D
  uint32_t w_kill = 0;      // KILL_IF, or KILL under flow control (fragment)
  // Opcodes the lower-tgsi pass rewrites (generator_lowered.cc): 0 but in
  // `lowering`, so the other policies' programs keep their bytes.
  uint32_t w_lowered = 0;   // SUB ABS SSG CLAMP CND DPH DP2A XPD X2D DST SFL STR SCS EXP LOG LIT NRM NRM4 LRP POW DIV
  // Reads of test-vector words (generator_word_reads.cc): 0 but in `r500`,
  // so the other policies' programs keep their bytes.
  uint32_t w_edge_compare = 0;  // SLT/SGE/SEQ/SNE of an IN/CONST word against an awkward normal immediate
  uint32_t w_float_select = 0;  // CMP on an exact float, or on IN + k (a word that may be NaN)
  // Per mille.
  uint32_t p_else = 500;            // an IF gets an ELSE
  uint32_t p_cont = 300;            // a loop body gets a conditional CONT
  uint32_t p_immediate_src = 200;   // a source is a fresh immediate
  uint32_t p_input_src = 250;       // a source is an IN/CONST register
  uint32_t p_new_temp = 300;        // the destination is a new TEMP (else reuse)
  uint32_t p_vector_op = 300;       // more than one component written
  uint32_t p_modifier = 100;        // a float source gets a negate/abs
  // Sizes.
  uint32_t max_temps = 24;
  uint32_t max_depth = 3;         // nesting of IF and loops
  uint32_t max_loop_depth = 2;
  uint32_t max_trip_count = 4;    // loop bounds 1..max
  uint32_t max_inputs = 3;
  uint32_t max_consts = 4;
  uint32_t max_outputs = 3;
  uint32_t max_immediates = 16;
  // Float values only (the r500 policy: R500's ALU computes floats, A.1):
  // float compares are SLT/SGE/SEQ/SNE (not the integer-mask FSLT...), IF
  // conditions are floats (never UIF), and loops count in floats (MOV 0.0,
  // SGE, IF, BRK, ADD 1.0). Give the integer families weight 0 with it.
  bool float_values_only = false;
};

Policy DefaultPolicy();
Policy RewritesPolicy();
Policy WidePolicy();
Policy LoweringPolicy();
// What the r500 naive translator takes (compiler/targets/r500/naive):
// float values only, IF/ELSE and float-counted loops, TEX/TXL, KILL and
// KILL_IF; no integers, conversions or relative addressing. For fragment
// shaders (the r500 target is the fragment processor).
Policy R500Policy();
// "default", "rewrites", "wide", "lowering" or "r500"; nullopt otherwise.
std::optional<Policy> PolicyByName(std::string_view name);

}  // namespace shaderdiff::fuzz
