// Where the naive r500 translator keeps each TGSI register: IN, TEMP and
// OUT registers each at one fixed R500 temporary (in that order, from t0),
// then the scratch temporaries S0..S2 the templates use, then one loop
// state temporary per level of loop nesting (flow.cc); CONST[i] (buffer
// 0, direct) at constant slot i and IMM[k] after the last CONST slot, then
// the translator's own constants. Limits are the hardware's (A.2): 128
// temporaries, 256 constants; exceeding one is unsupported with the count.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "compiler/tgsi/ast.h"

namespace shaderdiff::r500naive {

inline constexpr int kScratchTemps = 3;

struct RegisterMap {
  std::map<uint32_t, int> in_temp, temp_temp, out_temp;
  int scratch = 0;       // S0 = scratch, S1 = scratch + 1, S2 = scratch + 2
  int loop_state = 0;    // the state of the loop at nesting level k (0 outermost) is loop_state + k
  int temps_used = 0;
  int imm_base = 0;      // IMM[k] at constant slot imm_base + k
  int consts_used = 0;   // CONST slots + IMM slots (the translator may add more)

  // The temporary of a TEMP/IN/OUT register, or nullopt.
  std::optional<int> Temp(tgsi::File file, uint32_t index) const;

  // Builds the map; nullopt with *why ("<limit> on r500") past a limit.
  static std::optional<RegisterMap> Build(const tgsi::Shader& shader, std::string* why);
};

}  // namespace shaderdiff::r500naive
