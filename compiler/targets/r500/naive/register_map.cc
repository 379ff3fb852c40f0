// The fixed register layout of the naive r500 translator (register_map.h).
#include "compiler/targets/r500/naive/register_map.h"

#include <algorithm>

#include "emulator/r500/state.h"

namespace shaderdiff::r500naive {

std::optional<int> RegisterMap::Temp(tgsi::File file, uint32_t index) const {
  const std::map<uint32_t, int>* m = file == tgsi::File::kInput       ? &in_temp
                                     : file == tgsi::File::kTemporary ? &temp_temp
                                     : file == tgsi::File::kOutput    ? &out_temp
                                                                      : nullptr;
  if (!m) return std::nullopt;
  const auto it = m->find(index);
  if (it == m->end()) return std::nullopt;
  return it->second;
}

std::optional<RegisterMap> RegisterMap::Build(const tgsi::Shader& shader, std::string* why) {
  RegisterMap map;
  uint32_t const_slots = 0;
  int next = 0;
  for (tgsi::File file : {tgsi::File::kInput, tgsi::File::kTemporary, tgsi::File::kOutput}) {
    std::map<uint32_t, int>& m = file == tgsi::File::kInput ? map.in_temp
                                 : file == tgsi::File::kTemporary ? map.temp_temp : map.out_temp;
    for (const tgsi::Declaration& d : shader.declarations) {
      if (d.file != file) continue;
      for (uint32_t i = d.first; i <= d.last; ++i)
        if (!m.count(i)) m[i] = next++;
    }
  }
  for (const tgsi::Declaration& d : shader.declarations) {
    if (d.file != tgsi::File::kConstant) continue;
    if (d.dimension && *d.dimension != 0) {
      *why = "constant buffer " + std::to_string(*d.dimension) + " on r500";
      return std::nullopt;
    }
    const_slots = std::max(const_slots, d.last + 1);
  }
  map.scratch = next;
  map.loop_state = next + kScratchTemps;
  int loops = 0, max_loops = 0;
  for (const tgsi::Instruction& inst : shader.instructions) {
    if (inst.opcode == tgsi::Opcode::BGNLOOP) max_loops = std::max(max_loops, ++loops);
    if (inst.opcode == tgsi::Opcode::ENDLOOP) --loops;
  }
  map.temps_used = map.loop_state + max_loops;
  if (map.temps_used > r500::kTemps) {
    *why = std::to_string(map.temps_used) + " temporaries needed on r500, it has " +
           std::to_string(r500::kTemps);
    return std::nullopt;
  }
  map.imm_base = static_cast<int>(const_slots);
  map.consts_used = map.imm_base + static_cast<int>(shader.immediates.size());
  if (map.consts_used > r500::kConsts) {
    *why = std::to_string(map.consts_used) + " constants needed on r500, it has " +
           std::to_string(r500::kConsts);
    return std::nullopt;
  }
  return map;
}

}  // namespace shaderdiff::r500naive
