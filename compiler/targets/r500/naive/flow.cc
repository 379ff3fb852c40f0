// TGSI flow control on R500's FC instructions (A.12) for the naive
// translator: IF/ELSE/ENDIF, BGNLOOP/ENDLOOP, BRK and CONT.
//
// Every condition is the ALU result of the ALU instruction just before the
// FC instruction (A.12: it is valid until the next FC), and every FC
// instruction has ALU_WAIT. IF/ELSE/ENDIF are Mesa's encoding
// (shared/docs/isa-r500-lima-gen4.md A.12 table): IF is JUMP_FUNC 0x0F
// (jump when every active pixel's condition is false) with B_OP0 INCR, to
// ELSE+1 (B_OP1 INCR) or ENDIF+1 (B_OP1 NONE); ELSE is B_ELSE with JUMP_FUNC
// 0x00 (jumps, with the ENDIF's DECR, only when no pixel is active); ENDIF
// is DECR with POP_CNT 1. The condition is TGSI's float IF, x != 0: MOV with
// OMOD disable (bit-exact: NaN is true, -0 false) compared `ne`.
//
// Loops: a TGSI loop has no trip count, and R500's LOOP/ENDLOOP count at
// most 255 iterations (KR, 8 bits); its BREAKLOOP/CONTINUE masks are one
// sentence in A.12 and the emulator refuses them. So a loop is plain JUMPs:
// each loop has a state temporary R (register_map.h), R.x = 1 running,
// 0 broken, -1 continued. BGNLOOP sets R.x = 1 and opens the loop's guard
// (a JUMP like IF, on R.x - 1 == 0); ENDLOOP closes it, sets R.x = |R.x|
// (continued pixels run again) and jumps back to the guard while any active
// pixel has R.x != 0 (JUMP_ANY, JUMP_FUNC 0xF0). Nothing bounds the
// iterations but the shader, as in TGSI; the emulator's step limit is the
// safety net. BRK writes R.x = 0, CONT R.x = -1, on the active pixels;
// then a guard (the loop guard's test and JUMP) covers the rest of the
// block, and every ENDIF whose block a BRK/CONT left through opens one for
// the rest of the enclosing block; guards close where that block ends.
//
// Each open block (IF, loop, guard) is one level of the branch counter:
// more than the hardware's 32 (A.12, FULL_FC_EN, which any flow control
// sets) is unsupported with the depth.
#include "compiler/targets/r500/naive/templates.h"

#include "compiler/tgsi/opcode.h"

namespace shaderdiff::r500naive {
namespace {

using r500::Field;
using r500::Instr;
using Kind = FlowBlock::Kind;

constexpr uint32_t kNone = 0, kDecr = 1, kIncr = 2;                 // branch-counter ops
constexpr uint32_t kResultEq = 0, kResultNe = 3;                    // ALU_RESULT_OP
constexpr uint32_t kJumpIfFalse = 0x0f, kJumpIfTrue = 0xf0, kNever = 0x00;  // JUMP_FUNC
const int kBranchDepth = r500::Params{}.branch_depth_full;

Instr Jump(uint32_t func, uint32_t b_op0, uint32_t b_op1, bool any, bool b_else, int target) {
  Instr in = r500::EmptyInstr(r500::InstrType::kFc);
  in.Set(Field::kAluWait, 1);
  in.Set(Field::kFcJumpFunc, func);
  in.Set(Field::kFcBOp0, b_op0);
  in.Set(Field::kFcBOp1, b_op1);
  if (b_op0 == kDecr || b_op1 == kDecr) in.Set(Field::kFcBPopCnt, 1);
  in.Set(Field::kFcJumpAny, any);
  in.Set(Field::kFcBElse, b_else);
  in.Set(Field::kFcJumpAddr, static_cast<uint32_t>(target));
  return in;
}

int Next(Ctx& ctx) { return static_cast<int>(ctx.emit.code().size()); }

// The ALU result of op(a, b, c).x compared with 0 by `result_op`; nothing
// is written to a register.
void SetAluResult(Ctx& ctx, AluOp op, const Operand& a, const Operand& b, const Operand& c, uint32_t result_op) {
  Instr in = RgbInstr(op, a, b, c, 0, 0, {});
  in.Set(Field::kAluWmask, 1);
  in.Set(Field::kAluResultSel, 0);
  in.Set(Field::kAluResultOp, result_op);
  ctx.emit.Emit(in);
}

// R.x = value (an inline 0 or +-1) on the active pixels.
void SetLoopState(Ctx& ctx, int reg, const Operand& value) {
  ctx.emit.Emit(RgbInstr(AluOp::kMax, value, value, value, reg, 1, {}));
}

FlowBlock* InnermostLoop(Ctx& ctx) {
  for (size_t k = ctx.blocks.size(); k-- > 0;)
    if (ctx.blocks[k].kind == Kind::kLoop) return &ctx.blocks[k];
  return nullptr;
}

// Opens an IF-like block whose JUMP (emitted by the caller's test just
// before) skips it where every active pixel's ALU result is false.
bool Open(Ctx& ctx, FlowBlock b) {
  if (static_cast<int>(ctx.blocks.size()) + 1 > kBranchDepth) {
    ctx.Unsupported("flow control nested " + std::to_string(ctx.blocks.size() + 1) +
                    " deep (IFs, loops and the translator's break guards), the branch counter holds " +
                    std::to_string(kBranchDepth) + " (A.12)");
    return false;
  }
  ctx.program.state.full_fc = true;
  b.fc = Next(ctx);
  ctx.emit.Emit(Jump(kJumpIfFalse, kIncr, kNone, false, false, 0));
  ctx.blocks.push_back(b);
  return true;
}

// The guard test of loop `reg`: R.x - 1 == 0 (running).
void GuardTest(Ctx& ctx, int reg) {
  Operand r = TempOperand(reg);
  r.swz = {0, 0, 0, 0};
  SetAluResult(ctx, AluOp::kMad, r, InlineOperand(kSwzOne), InlineOperand(kSwzOne, kModNeg), kResultEq);
}

void OpenGuard(Ctx& ctx) {
  const FlowBlock* loop = InnermostLoop(ctx);
  GuardTest(ctx, loop->loop_reg);
  FlowBlock g;
  g.kind = Kind::kGuard;
  Open(ctx, g);
}

// ENDIF of the innermost block (an IF, a guard or a loop's guard): DECR,
// and the opening JUMP's (or the ELSE's) target past it.
FlowBlock Close(Ctx& ctx) {
  FlowBlock b = ctx.blocks.back();
  ctx.blocks.pop_back();
  const int endif = Next(ctx);
  ctx.emit.Emit(Jump(kNever, kDecr, kNone, true, false, endif + 1));
  std::vector<Instr>& code = ctx.emit.code();
  if (b.else_fc >= 0) {
    code[b.else_fc].Set(Field::kFcJumpAddr, static_cast<uint32_t>(endif + 1));
  } else {
    code[b.fc].Set(Field::kFcJumpAddr, static_cast<uint32_t>(endif + 1));
  }
  return b;
}

void CloseGuards(Ctx& ctx) {
  while (!ctx.blocks.empty() && ctx.blocks.back().kind == Kind::kGuard) Close(ctx);
}

bool Malformed(Ctx& ctx, const std::string& what) {
  ctx.error = "malformed shader: " + what;
  return true;
}

}  // namespace

bool TranslateFlow(Ctx& ctx, const tgsi::Instruction& inst) {
  using tgsi::Opcode;
  switch (inst.opcode) {
    case Opcode::IF: {
      if (inst.src.empty()) return Malformed(ctx, "IF needs a source");
      const Operand c = Broadcast(Source(ctx, inst.src[0]), 0);
      if (ctx.failed()) return true;
      SetAluResult(ctx, AluOp::kMax, c, c, InlineOperand(kSwzZero), kResultNe);
      Open(ctx, FlowBlock{});
      return true;
    }
    case Opcode::ELSE: {
      CloseGuards(ctx);
      if (ctx.blocks.empty() || ctx.blocks.back().kind != Kind::kIf || ctx.blocks.back().else_fc >= 0)
        return Malformed(ctx, "ELSE without IF");
      FlowBlock& b = ctx.blocks.back();
      b.else_fc = Next(ctx);
      ctx.emit.Emit(Jump(kNever, kNone, kDecr, false, true, 0));
      Instr& open = ctx.emit.code()[b.fc];
      open.Set(Field::kFcJumpAddr, static_cast<uint32_t>(b.else_fc + 1));
      open.Set(Field::kFcBOp1, kIncr);
      return true;
    }
    case Opcode::ENDIF: {
      CloseGuards(ctx);
      if (ctx.blocks.empty() || ctx.blocks.back().kind != Kind::kIf) return Malformed(ctx, "ENDIF without IF");
      if (Close(ctx).left) OpenGuard(ctx);
      return true;
    }
    case Opcode::BGNLOOP: {
      int level = 0;
      for (const FlowBlock& b : ctx.blocks) level += b.kind == Kind::kLoop;
      FlowBlock loop;
      loop.kind = Kind::kLoop;
      loop.loop_reg = ctx.map.loop_state + level;
      SetLoopState(ctx, loop.loop_reg, InlineOperand(kSwzOne));
      loop.top = Next(ctx);
      GuardTest(ctx, loop.loop_reg);
      Open(ctx, loop);
      return true;
    }
    case Opcode::ENDLOOP: {
      CloseGuards(ctx);
      if (ctx.blocks.empty() || ctx.blocks.back().kind != Kind::kLoop) return Malformed(ctx, "ENDLOOP without BGNLOOP");
      const FlowBlock loop = Close(ctx);
      Operand r = TempOperand(loop.loop_reg, kModAbs);
      r.swz = {0, 0, 0, 0};
      Instr tail = RgbInstr(AluOp::kMax, r, r, InlineOperand(kSwzZero), loop.loop_reg, 1, {});
      tail.Set(Field::kAluWmask, 1);
      tail.Set(Field::kAluResultSel, 0);
      tail.Set(Field::kAluResultOp, kResultNe);
      ctx.emit.Emit(tail);
      ctx.emit.Emit(Jump(kJumpIfTrue, kNone, kNone, true, false, loop.top));
      return true;
    }
    case Opcode::BRK:
    case Opcode::CONT: {
      if (!InnermostLoop(ctx)) return Malformed(ctx, std::string(tgsi::OpcodeName(inst.opcode)) + " outside a loop");
      for (size_t k = ctx.blocks.size(); k-- > 0 && ctx.blocks[k].kind != Kind::kLoop;) ctx.blocks[k].left = true;
      const uint8_t mod = inst.opcode == Opcode::CONT ? kModNeg : kModNop;
      SetLoopState(ctx, InnermostLoop(ctx)->loop_reg,
                   InlineOperand(inst.opcode == Opcode::CONT ? kSwzOne : kSwzZero, mod));
      OpenGuard(ctx);
      return true;
    }
    default: return false;
  }
}

}  // namespace shaderdiff::r500naive
