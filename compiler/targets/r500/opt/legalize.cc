// Texture-semaphore grouping and NOP bits (legalize.h).
#include "compiler/targets/r500/opt/legalize.h"

#include "compiler/targets/r500/opt/access.h"
#include "compiler/targets/r500/opt/program.h"
#include "emulator/r500/isa/alu_reads.h"

namespace shaderdiff::r500opt {
namespace {

using r500::Field;
using r500::Instr;
using r500::InstrType;

bool IsMdx(const Instr& in) {
  return (in.type() == InstrType::kAlu || in.type() == InstrType::kOut) && r500::IsQuadDerivative(in);
}

struct Semaphore {
  std::vector<Instr>& code;
  Channels in_flight;  // lookups since the last acquire
  Channels acquired;   // covered by an acquire, not yet waited on
  int last_lookup = -1;

  void Acquire() {
    if (in_flight.none()) return;
    code[last_lookup].Set(Field::kTexSemAcquire, 1);
    code[last_lookup].Set(Field::kTexSemWait, 1);
    acquired |= in_flight;
    in_flight.reset();
  }
  // Instruction i waits for everything in flight.
  void WaitAll(int i) {
    Acquire();
    if (acquired.none()) return;
    code[i].Set(Field::kTexSemWait, 1);
    acquired.reset();
  }
};

}  // namespace

void ClearSyncBits(std::vector<Instr>& code) {
  for (Instr& in : code) {
    in.Set(Field::kTexSemWait, 0);
    in.Set(Field::kNop, 0);
    if (in.type() == InstrType::kTex) in.Set(Field::kTexSemAcquire, 0);
  }
}

int LegalizeSemaphoreAndNops(std::vector<Instr>& code, compiler::RewriteBudget* budget) {
  const int n = static_cast<int>(code.size());
  const std::vector<bool> targets = JumpTargets(code);
  Semaphore sem{code, {}, {}, -1};
  int taken = 0;
  bool wait_next = false;
  for (int i = 0; i < n; ++i) {
    Instr& in = code[i];
    if (wait_next || targets[i] || in.type() == InstrType::kFc) {
      sem.WaitAll(i);
    } else {
      const Channels touched = Fetches(in) | Writes(in);
      if ((touched & sem.in_flight).any()) {
        sem.WaitAll(i);
      } else if ((touched & sem.acquired).any()) {
        in.Set(Field::kTexSemWait, 1);
        sem.acquired.reset();
      }
    }
    wait_next = false;
    if (in.type() == InstrType::kTex && !Writes(in).none()) {
      sem.in_flight |= Writes(in);
      sem.last_lookup = i;
      if (compiler::ShouldRewrite(budget, "tex-join")) {
        ++taken;
      } else {
        sem.Acquire();
        wait_next = true;
      }
    }
  }
  if (n > 0) {
    sem.Acquire();
    code[n - 1].Set(Field::kTexSemWait, 1);  // A.11, A.13 item 6: the last instruction waits
  }
  for (int i = 0; i < n; ++i) {
    if (!IsMdx(code[i])) continue;
    for (int j = i - 1; j >= 0; --j) {
      if (code[j].type() == InstrType::kTex) continue;
      code[j].Set(Field::kNop, 1);
      break;
    }
    if (!targets[i]) continue;
    for (Instr& fc : code)
      if (fc.type() == InstrType::kFc && JumpAddress(fc) == i) fc.Set(Field::kNop, 1);
  }
  return taken;
}

}  // namespace shaderdiff::r500opt
