// cat0 flow control (docs/isa-a3xx.md §2.1, §4.5, §4.6):
//   nop            nothing (1 + REPEAT slots)
//   br [!]p0.c, #n lanes whose predicate (p0.c != 0, inverted by '!') holds
//                  continue at pc + n, the others at pc + 1 (0 slots); when
//                  both sets are non-empty the taken lanes form a new
//                  reconvergence group (emulator.cc)
//   jump #n        pc + n (0 slots)
// A taken br or jump whose target lacks (jp) is a missing-jp hazard
// (emulator.cc: reconvergence; JpRule::kWhereLanesPark: a divergent br's).
//   kill [!]p0.c   lanes whose predicate holds are marked killed; they keep
//                  running (ir3: kill does not end the thread) (1 slot)
//   end            the lanes end; the output registers are read now (1 slot)
// p0 is read with the non-ALU delay (every consumer of p0 needs 6 slots
// after an ALU write). call/ret/emit/cut/chmask/chsh/flow_rev are not
// modelled (a3xx GL shaders never use them) and are reported unsupported.
#include "emulator/a3xx/operands_inline.h"

namespace shaderdiff::a3xx {

namespace {

// Lanes of `lanes` whose predicate holds.
LaneMask Predicate(Machine& m, const Prepared& p, LaneMask lanes) {
  const uint16_t idx = static_cast<uint16_t>(kRegP0X + p.in.pred_comp);
  const Word* v = ReadRegInline(m, idx, m.slot, m.t.non_alu, lanes, lanes, Dom::kRaw, m.scratch[0]);
  LaneMask taken = 0;
  if (DenseLanes(lanes)) {  // a full wave: a counted loop without a branch per lane
    const bool inv = p.in.pred_inv;
    for (int l = 0, n = DenseCount(lanes); l < n; ++l) taken |= LaneMask{(v[l] != 0) != inv} << l;
    return taken;
  }
  ForLanes(lanes, [&](int l) {
    if ((v[l] != 0) != p.in.pred_inv) taken |= LaneMask{1} << l;
  });
  return taken;
}

void ExecNop(Machine&, const Prepared&, LaneMask) {}

void ExecBr(Machine& m, const Prepared& p, LaneMask lanes) {
  const LaneMask taken = Predicate(m, p, lanes);
  if (taken) m.EnterByBranch(m.cur_pc + p.in.branch, (lanes & ~taken) != 0);
  if (taken && (lanes & ~taken)) m.Diverge(taken);
  m.SetNextPc(taken, m.cur_pc + p.in.branch);
  m.SetNextPc(lanes & ~taken, m.cur_pc + 1);
}

void ExecJump(Machine& m, const Prepared& p, LaneMask lanes) {
  m.EnterByBranch(m.cur_pc + p.in.branch, false);
  m.SetNextPc(lanes, m.cur_pc + p.in.branch);
}

void ExecKill(Machine& m, const Prepared& p, LaneMask lanes) { m.killed |= Predicate(m, p, lanes); }

void ExecEnd(Machine& m, const Prepared&, LaneMask lanes) {
  ReadOutputs(m, lanes);
  m.live &= ~lanes;
}

}  // namespace

bool PrepareFlow(Prepared& p, std::string* why) {
  p.src_span = {0, 0, 0};
  p.dst_span = 0;
  switch (p.in.opcode) {
    case Opcode::NOP: p.exec = ExecNop; return true;
    case Opcode::BR: p.exec = ExecBr, p.flow = true; return true;
    case Opcode::JUMP: p.exec = ExecJump, p.flow = true; return true;
    case Opcode::KILL: p.exec = ExecKill; return true;
    case Opcode::END: p.exec = ExecEnd, p.flow = true; return true;
    default:
      *why = "opcode " + std::string(OpcodeName(p.in.opcode)) + " is not modelled by the a3xx emulator";
      return false;
  }
}

}  // namespace shaderdiff::a3xx
