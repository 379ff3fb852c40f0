// One template per TGSI opcode for the naive r500 translator
// (templates.cc): what each opcode becomes in single-half R500 ALU, TEX and
// OUT instructions over the fixed registers of register_map.h.
#pragma once

#include <string>
#include <vector>

#include "compiler/support/debug_counter.h"
#include "compiler/targets/r500/naive/emit.h"
#include "compiler/targets/r500/naive/register_map.h"
#include "compiler/targets/r500/naive/set_fold.h"
#include "emulator/common/words.h"
#include "emulator/r500/run_vector.h"

namespace shaderdiff::r500naive {

// An open flow-control block (flow.cc): a TGSI IF, a TGSI loop (with its
// guard), or a guard the translator opened after a BRK/CONT. Each is one
// level of R500's branch counter.
struct FlowBlock {
  enum class Kind : uint8_t { kIf, kLoop, kGuard };
  Kind kind = Kind::kIf;
  int fc = -1;         // the opening JUMP (IF, guard, loop guard); its target is patched at ELSE/ENDIF
  int else_fc = -1;    // the ELSE's JUMP, once seen
  int loop_reg = -1;   // kLoop: its state temporary
  int top = -1;        // kLoop: the guard's test, where ENDLOOP jumps back to
  bool left = false;   // a BRK/CONT inside leaves the innermost loop through this block
};

struct Ctx {
  const tgsi::Shader& shader;
  const RegisterMap& map;
  Emitter emit;
  r500::FragmentProgram& program;
  int next_const = 0;  // the next free constant slot (after CONST and IMM)
  std::string unsupported;  // set: "<feature> on r500"
  std::string error;        // set: a malformed shader
  std::vector<FlowBlock> blocks;  // open flow control, innermost last
  // The optimizing build's own selection forms (set_ops.cc), asked per TGSI
  // instruction; null in the naive build, which then emits its templates only.
  compiler::RewriteBudget* select = nullptr;
  size_t pc = 0;  // the index in shader.instructions of the instruction being translated
  SetFoldPlan folds;  // with select: r500-select/set-fold's plan (set_fold.h)

  bool failed() const { return !unsupported.empty() || !error.empty(); }
  void Unsupported(const std::string& what) {
    if (!failed()) unsupported = what + " on r500";
  }
};

// The destination of a one-destination instruction: where the final
// template step writes (S0 when the destination is also a source), and the
// copy afterwards.
struct Dest {
  int temp = 0;     // the TGSI register's temporary
  int write = 0;    // where the last step writes
  uint8_t mask = 0;
  WriteMode mode;
};

// Helpers the template files share (templates.cc): scratch temporary S<k>;
// the inline constants 0, 1 and -0; dest (mask) = op(a, b, c) as one RGB
// instruction for x, y, z and one Alpha instruction for w; the
// translator's own constant v in every channel, as an operand.
int S(const Ctx& ctx, int k);
Operand Zero();
Operand One();
Operand NegZero();
void Componentwise(Ctx& ctx, AluOp op, const Operand& a, const Operand& b, const Operand& c, int dest, uint8_t mask,
                   WriteMode mode = {});
Operand Splat(Ctx& ctx, float v, uint8_t mod = kModNop);

// SLT/SGE/SEQ/SNE/SGT/SLE (set_ops.cc): the full template, or with
// ctx.select the short forms where an operand is an immediate.
void SetOp(Ctx& ctx, const Dest& d, tgsi::Opcode op, Operand a, Operand b);

// r500-select/set-fold's select (set_ops.cc): the CMP being translated,
// `cond` its src0 (the boolean, read as the folded set op's condition), x
// and y its arms; false (nothing emitted) unless its set op was folded.
bool FoldedSelect(Ctx& ctx, const Dest& d, const Operand& cond, const Operand& x, const Operand& y);

// Whether every component `src` reads on the channels of `mask` certainly
// holds a set op's result (1.0 or +0.0, never NaN) at the instruction
// being translated (set_ops.cc).
bool HoldsSetOpResult(const Ctx& ctx, const tgsi::SrcOperand& src, uint8_t mask);

// The ALU operand of a TGSI source (register, swizzle, modifiers); on a
// source R500 cannot read, ctx is marked unsupported.
Operand Source(Ctx& ctx, const tgsi::SrcOperand& src);

// Emits the template of one TGSI instruction (END emits the outputs).
void TranslateInstruction(Ctx& ctx, const tgsi::Instruction& inst);

// IF, ELSE, ENDIF, BGNLOOP, ENDLOOP, BRK and CONT (flow.cc); false for
// any other opcode.
bool TranslateFlow(Ctx& ctx, const tgsi::Instruction& inst);

// The OUT instructions for every declared output, the last waiting on the
// semaphore.
void EmitOutputs(Ctx& ctx);

}  // namespace shaderdiff::r500naive
