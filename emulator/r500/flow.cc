// FC instructions (A.12): the per-pixel condition from JUMP_FUNC over (ALU
// result, predicate, boolean constant), the quad's jump decision (ANY or
// ALL of the active pixels), B_ELSE, the branch-counter ops, the address
// stack (A_OP, only when the jump is taken) and the loop stack
// (LOOP/ENDLOOP/REP/ENDREP). Depths are Params; overflow and underflow stop
// the run ("undefined" in A.12: never grown). BREAKLOOP, BREAKREP and
// CONTINUE are refused as unsupported: their per-pixel break/continue masks
// are described in one sentence (A.12) and not modelled.
#include <string>

#include "emulator/r500/machine.h"

namespace shaderdiff::r500 {
namespace {

using F = Field;

bool Killed(const Machine& m, int p) { return m.out->pixels[p].killed; }

int Target(const Machine& m, const Instr& in) {
  return static_cast<int>(in.Get(F::kFcJumpAddr)) + (in.Get(F::kFcJumpGlobal) ? 0 : m.state->code_offset);
}

// The branch-counter op of the path taken (A.12).
void BranchOp(Machine& m, int slot_no, uint32_t op, const std::array<bool, kQuadPixels>& want, bool decision,
              uint32_t pop_cnt) {
  const int depth = m.state->full_fc ? m.opt->params.branch_depth_full : m.opt->params.branch_depth_partial;
  for (int p = 0; p < kQuadPixels; ++p) {
    PixelState& ps = m.px[p];
    if (Killed(m, p)) continue;
    if (op == 2) {
      if (!ps.active) {
        if (++ps.branch_counter >= depth) {
          m.Hazard(slot_no, "branch-depth-overflow",
                   "branch counter reaches " + std::to_string(ps.branch_counter) + " (depth " + std::to_string(depth) + ", A.12)");
          m.Fail("branch counter overflow at slot " + std::to_string(slot_no));
          return;
        }
      } else if (want[p] != decision) {
        ps.active = false;
        ps.branch_counter = 0;
      }
    } else if (op == 1 && !ps.active) {
      ps.branch_counter -= static_cast<int>(pop_cnt);
      if (ps.branch_counter < 0) {
        ps.active = true;
        ps.branch_counter = 0;
      }
    }
  }
}

}  // namespace

int ExecFc(Machine& m, int slot_no, const Instr& in) {
  const uint32_t op = in.Get(F::kFcOp), func = in.Get(F::kFcJumpFunc);
  const bool alu_matters = (func & 0x0f) != (func >> 4);
  if (!in.Get(F::kAluWait))
    m.Hazard(slot_no, "fc-without-alu-wait", "FC instruction without ALU_WAIT (A.13 item 5, INFERRED requirement)");
  if (alu_matters && !m.alu_result_valid)
    m.Hazard(slot_no, "alu-result-not-fresh",
             "JUMP_FUNC depends on the ALU result, but no ALU instruction wrote it since the last FC instruction (A.12)");
  m.alu_result_valid = false;
  if (op >= 5) {
    m.Fail("unsupported: " + std::string(op == 7 ? "continue" : op == 5 ? "breakloop" : "breakrep") +
           " at slot " + std::to_string(slot_no) + " (break/continue pixel masks are not documented, A.12)");
    return slot_no + 1;
  }

  // B_ELSE: swap the active pixels with those the innermost conditional disabled.
  if (in.Get(F::kFcBElse))
    for (int p = 0; p < kQuadPixels; ++p) {
      PixelState& ps = m.px[p];
      if (Killed(m, p)) continue;
      if (ps.active) {
        ps.active = false;
        ps.branch_counter = 0;
      } else if (ps.branch_counter == 0) {
        ps.active = true;
      }
    }

  const bool boolean = (m.state->bool_consts >> in.Get(F::kFcBoolAddr)) & 1;
  const uint32_t psel = in.Get(F::kRgbPredSel);
  std::array<bool, kQuadPixels> want{};
  bool any = false, all = true;
  for (int p = 0; p < kQuadPixels; ++p) {
    const PixelState& ps = m.px[p];
    bool pred = psel >= 2 && (ps.pred[psel - 2] != static_cast<bool>(in.Get(F::kRgbPredInv)));
    int i = 4 * ps.alu_result + 2 * pred + boolean;
    want[p] = (func >> i) & 1;
    if (!ps.active) continue;
    any = any || want[p];
    all = all && want[p];
  }
  bool jump = in.Get(F::kFcJumpAny) ? any : all;
  int next = slot_no + 1;
  const int target = Target(m, in);

  if (op == 1 || op == 3) {  // LOOP, REP
    const IntConst& k = m.state->int_consts[in.Get(F::kFcIntAddr)];
    if (k.count == 0) {  // zero count: jump without JUMP_FUNC, to where the reading says
      switch (m.opt->params.zero_count_loop) {
        case Params::ZeroCountLoop::kAtTarget: return target;
        case Params::ZeroCountLoop::kPastTarget: return target + 1;
        case Params::ZeroCountLoop::kRefuse: break;
      }
      m.Fail("unsupported: " + std::string(op == 1 ? "LOOP" : "REP") + " with count 0 at slot " +
             std::to_string(slot_no) +
             " (A.12 does not say whether the target or the instruction after it runs next; "
             "Params::zero_count_loop picks a reading)");
      return next;
    }
    if (static_cast<int>(m.loop_stack.size()) >= m.opt->params.loop_stack_depth) {
      m.Hazard(slot_no, "loop-stack-overflow", "loop stack depth " + std::to_string(m.opt->params.loop_stack_depth));
      m.Fail("loop stack overflow at slot " + std::to_string(slot_no));
      return next;
    }
    LoopFrame f;
    f.count = k.count;
    f.rep = op == 3;
    f.al = f.rep ? m.al() : k.init;
    f.step = f.rep ? 0 : k.step;
    m.loop_stack.push_back(f);
    return next;
  }
  if (op == 2 || op == 4) {  // ENDLOOP, ENDREP
    if (m.loop_stack.empty() || m.loop_stack.back().rep != (op == 4)) {
      m.Hazard(slot_no, "loop-stack-underflow", "no matching loop frame");
      m.Fail("loop stack underflow at slot " + std::to_string(slot_no));
      return next;
    }
    LoopFrame& f = m.loop_stack.back();
    f.al += f.step;
    if (--f.count != 0) return target;
    m.loop_stack.pop_back();
    return next;
  }

  // JUMP
  BranchOp(m, slot_no, in.Get(jump ? F::kFcBOp1 : F::kFcBOp0), want, jump, in.Get(F::kFcBPopCnt));
  if (m.stop || !jump) return next;
  switch (in.Get(F::kFcAOp)) {
    case 2:
      if (static_cast<int>(m.address_stack.size()) >= m.opt->params.address_stack_depth) {
        m.Hazard(slot_no, "address-stack-overflow", "address stack depth " + std::to_string(m.opt->params.address_stack_depth));
        m.Fail("address stack overflow at slot " + std::to_string(slot_no));
        return next;
      }
      m.address_stack.push_back(slot_no + 1);
      return target;
    case 1: {
      if (m.address_stack.empty()) {
        m.Hazard(slot_no, "address-stack-underflow", "pop from an empty address stack");
        m.Fail("address stack underflow at slot " + std::to_string(slot_no));
        return next;
      }
      int ret = m.address_stack.back();
      m.address_stack.pop_back();
      return ret;
    }
    default:
      return target;
  }
}

}  // namespace shaderdiff::r500
