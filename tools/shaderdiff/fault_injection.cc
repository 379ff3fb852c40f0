// Test-only deliberate miscompiles (fault_injection.h).
#include "tools/shaderdiff/fault_injection.h"

#include "emulator/a3xx/isa/instr.h"
#include "emulator/a3xx/isa/opcode.h"

namespace shaderdiff::cli {
namespace {

using a3xx::Instr;
using a3xx::Opcode;

// Deletes instruction `k`, keeping every branch pointing at the same
// instruction (a branch to the deleted one now lands on its successor).
void EraseInstr(a3xx::Program& p, size_t k) {
  const long erased = static_cast<long>(k);
  for (size_t i = 0; i < p.instrs.size(); ++i) {
    Instr& in = p.instrs[i];
    if (!in.info().has(a3xx::kOpBranch)) continue;
    const long from = static_cast<long>(i), to = from + in.branch;
    const long new_from = from - (from > erased), new_to = to - (to > erased);
    in.branch = static_cast<int32_t>(new_to - new_from);
  }
  p.instrs.erase(p.instrs.begin() + static_cast<long>(k));
}

void DropDelaySlot(a3xx::Program& p) {
  for (size_t k = 0; k < p.instrs.size() && p.instrs[k].opcode != Opcode::END; ++k) {
    Instr& in = p.instrs[k];
    if (in.opcode == Opcode::NOP) {
      if (in.repeat > 0) {
        --in.repeat;
      } else if (in.flags == 0) {  // a nop carrying (ss)/(sy) is a wait, not only a slot
        EraseInstr(p, k);
      } else {
        continue;
      }
      return;
    }
    if (in.nop > 0) {
      --in.nop;
      return;
    }
  }
}

void SwapMadOperands(a3xx::Program& p) {
  for (Instr& in : p.instrs) {
    if (in.opcode != Opcode::MAD_F32 || in.src[1] == in.src[2]) continue;
    Instr swapped = in;
    std::swap(swapped.src[1], swapped.src[2]);
    if (a3xx::Validate(swapped)) continue;  // the addend is not a register here
    in = swapped;
    return;
  }
}

}  // namespace

ProgramFault FindFault(const std::string& name) {
  if (name == "drop-delay-slot") return DropDelaySlot;
  if (name == "swap-mad-operands") return SwapMadOperands;
  return nullptr;
}

std::vector<std::string> FaultNames() { return {"drop-delay-slot", "swap-mad-operands"}; }

}  // namespace shaderdiff::cli
