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

std::optional<Policy> PolicyByName(std::string_view name) {
  if (name == "default") return DefaultPolicy();
  if (name == "rewrites") return RewritesPolicy();
  if (name == "wide") return WidePolicy();
  if (name == "lowering") return LoweringPolicy();
  return std::nullopt;
}

}  // namespace shaderdiff::fuzz
