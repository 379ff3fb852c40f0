// The shipped policies (policy.h).
#include "fuzz/gen/policy.h"

namespace shaderdiff::fuzz {

Policy DefaultPolicy() {
  Policy p;
  p.name = "default";
  return p;
}

Policy RewritesPolicy() {
  Policy p;
  p.name = "rewrites";
  p.w_float_arith = 16;
  p.w_float_round = 3;
  p.w_transcendental = 2;
  p.w_int_arith = 8;
  p.w_bit = 6;
  p.w_copy_then_mad = 10;
  p.w_convert_imm = 8;
  p.w_imm_arith = 6;
  p.w_identity = 8;
  p.w_repeat = 6;
  p.w_compare_select = 6;
  p.w_masked_shift = 5;
  p.p_immediate_src = 300;
  p.p_input_src = 300;
  return p;
}

Policy WidePolicy() {
  Policy p;
  p.name = "wide";
  p.w_indirect = 5;
  p.w_texture = 4;
  p.w_kill = 2;
  p.max_consts = 6;
  return p;
}

Policy LoweringPolicy() {
  Policy p = RewritesPolicy();
  p.name = "lowering";
  p.w_lowered = 12;
  return p;
}

Policy R500Policy() {
  Policy p;
  p.name = "r500";
  p.float_values_only = true;
  p.w_int_arith = p.w_bit = p.w_div = p.w_bitfield = p.w_int_compare = p.w_convert = p.w_select = 0;
  p.w_float_compare = 8;
  p.w_copy_then_mad = 4;
  // w_lowered stays 0: with float-only IF conditions the lowered statements
  // range model let a LOG near a power of two through (generator_test, seed
  // 117: an undefined output), so the r500 policy leaves them to the
  // corpus mutations.
  p.w_texture = 4;
  p.w_kill = 2;
  // What the r500 translator's optimizing build rewrites on its own
  // (r500-select: short compares against immediates, selects on set-op
  // results): the shapes that need its proofs' conditions.
  p.w_edge_compare = 3;
  p.w_float_select = 4;
  return p;
}

std::optional<Policy> PolicyByName(std::string_view name) {
  if (name == "default") return DefaultPolicy();
  if (name == "rewrites") return RewritesPolicy();
  if (name == "wide") return WidePolicy();
  if (name == "lowering") return LoweringPolicy();
  if (name == "r500") return R500Policy();
  return std::nullopt;
}

}  // namespace shaderdiff::fuzz
