// Jump targets, successors and jump remapping (program.h).
#include "compiler/targets/r500/opt/program.h"

#include "compiler/targets/r500/opt/access.h"

namespace shaderdiff::r500opt {

using r500::Field;
using r500::Instr;
using r500::InstrType;

bool Editable(const std::vector<Instr>& code) {
  for (const Instr& in : code) {
    if (UsesRelative(in)) return false;
    if (in.type() == InstrType::kFc && (in.Get(Field::kFcOp) != 0 || in.Get(Field::kFcAOp) != 0 || in.Get(Field::kFcJumpGlobal)))
      return false;
  }
  return true;
}

int JumpAddress(const Instr& fc) { return static_cast<int>(fc.Get(Field::kFcJumpAddr)); }

std::vector<bool> JumpTargets(const std::vector<Instr>& code) {
  std::vector<bool> t(code.size() + 1, false);
  for (const Instr& in : code)
    if (in.type() == InstrType::kFc && JumpAddress(in) <= static_cast<int>(code.size())) t[JumpAddress(in)] = true;
  return t;
}

std::pair<int, int> SuccessorPair(const std::vector<Instr>& code, int i) {
  const bool jumps = code[i].type() == InstrType::kFc && JumpAddress(code[i]) != i + 1;
  return {i + 1, jumps ? JumpAddress(code[i]) : -1};
}

std::vector<int> Successors(const std::vector<Instr>& code, int i) {
  const auto [next, jump] = SuccessorPair(code, i);
  if (jump < 0) return {next};
  return {next, jump};
}

void RemapJumps(std::vector<Instr>& code, const std::vector<int>& new_of_old) {
  for (Instr& in : code)
    if (in.type() == InstrType::kFc) in.Set(Field::kFcJumpAddr, static_cast<uint32_t>(new_of_old[JumpAddress(in)]));
}

}  // namespace shaderdiff::r500opt
