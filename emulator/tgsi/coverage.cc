// Branch sites and their counts (coverage.h).
#include "emulator/tgsi/coverage.h"

namespace shaderdiff::tgsi_exec {

bool IsBranchSite(tgsi::Opcode op) {
  using tgsi::Opcode;
  switch (op) {
    case Opcode::IF:
    case Opcode::UIF:
    case Opcode::BREAKC:
    case Opcode::CASE:
    case Opcode::DEFAULT:
    case Opcode::KILL_IF:
    case Opcode::KIL:
      return true;
    default:
      return false;
  }
}

BranchCounts CountBranches(const tgsi::Shader& shader, const BranchCoverage& coverage) {
  BranchCounts counts;
  for (uint32_t pc = 0; pc < shader.instructions.size(); ++pc) {
    if (!IsBranchSite(shader.instructions[pc].opcode)) continue;
    ++counts.total;
    counts.both_ways += coverage.Taken(pc) && coverage.NotTaken(pc);
  }
  return counts;
}

}  // namespace shaderdiff::tgsi_exec
