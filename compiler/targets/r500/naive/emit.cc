// Builders of single-half ALU, OUT and TEX instructions (emit.h).
#include "compiler/targets/r500/naive/emit.h"

#include "emulator/r500/isa/operand_fields.h"

namespace shaderdiff::r500naive {
namespace {

using r500::Field;
using r500::Instr;
using r500::InstrType;

using namespace r500::operand_fields;  // kRgbAddr[n], kRgbSwz[k][c], ... (isa/operand_fields.h)

constexpr uint32_t kOmodX1 = 0, kOmodDisable = 7;

// Gives each distinct register of a, b, c a source slot (RGB and Alpha
// addresses alike); returns each operand's select.
std::array<uint32_t, 3> AssignSlots(Instr& in, const Operand* const ops[3]) {
  std::array<uint32_t, 3> sel{};
  int used = 0;
  std::array<const Operand*, 3> slot_of{};
  for (int k = 0; k < 3; ++k) {
    const Operand& o = *ops[k];
    if (o.kind == Operand::Kind::kInline) continue;
    int found = -1;
    for (int s = 0; s < used; ++s)
      if (slot_of[s]->kind == o.kind && slot_of[s]->index == o.index) found = s;
    if (found < 0) {
      found = used++;
      slot_of[found] = &o;
      const bool cnst = o.kind == Operand::Kind::kConst;
      in.Set(kRgbAddr[found], static_cast<uint32_t>(o.index));
      in.Set(kAlphaAddr[found], static_cast<uint32_t>(o.index));
      in.Set(kRgbConst[found], cnst);
      in.Set(kAlphaConst[found], cnst);
    }
    sel[k] = static_cast<uint32_t>(found);
  }
  return sel;
}

uint32_t RgbOpcode(AluOp op) {
  switch (op) {
    case AluOp::kMad: return 0;
    case AluOp::kMin: return 4;
    case AluOp::kMax: return 5;
    case AluOp::kCmp: return 8;
    case AluOp::kFrc: return 9;
    case AluOp::kMdh: return 11;
    case AluOp::kMdv: return 12;
  }
  return 0;
}

bool AllowsDisable(uint32_t alpha_op) { return alpha_op == 2 || alpha_op == 3 || alpha_op == 5 || alpha_op == 6; }

Instr Alu() { return r500::EmptyInstr(InstrType::kAlu); }

}  // namespace

Operand TempOperand(int temp, uint8_t mod) {
  Operand o;
  o.kind = Operand::Kind::kTemp;
  o.index = temp;
  o.swz = {0, 1, 2, 3};
  o.mod = mod;
  return o;
}

Operand InlineOperand(uint8_t swz, uint8_t mod) {
  Operand o;
  o.swz = {swz, swz, swz, swz};
  o.mod = mod;
  return o;
}

Operand Negated(Operand o) {
  o.mod ^= kModNeg;
  return o;
}

Operand Broadcast(Operand o, int channel) {
  const uint8_t s = o.swz[channel];
  o.swz = {s, s, s, s};
  return o;
}

uint32_t AlphaOpcode(AluOp op) {
  switch (op) {
    case AluOp::kMad: return 0;
    case AluOp::kMin: return 2;
    case AluOp::kMax: return 3;
    case AluOp::kCmp: return 6;
    case AluOp::kFrc: return 7;
    case AluOp::kMdh: return 14;
    case AluOp::kMdv: return 15;
  }
  return 0;
}

Instr RgbInstr(AluOp op, const Operand& a, const Operand& b, const Operand& c, int dest, uint8_t rgb_mask,
               WriteMode mode) {
  Instr in = Alu();
  const Operand* ops[3] = {&a, &b, &c};
  const std::array<uint32_t, 3> sel = AssignSlots(in, ops);
  const Field sel_f[3] = {Field::kRgbSelA, Field::kRgbSelB, Field::kRgbSelC};
  const Field mod_f[3] = {Field::kRgbModA, Field::kRgbModB, Field::kRgbModC};
  const Field swz_f[3][3] = {{Field::kRgbSwzAR, Field::kRgbSwzAG, Field::kRgbSwzAB},
                             {Field::kRgbSwzBR, Field::kRgbSwzBG, Field::kRgbSwzBB},
                             {Field::kRgbSwzCR, Field::kRgbSwzCG, Field::kRgbSwzCB}};
  for (int k = 0; k < 3; ++k) {
    in.Set(sel_f[k], sel[k]);
    in.Set(mod_f[k], ops[k]->mod);
    for (int ch = 0; ch < 3; ++ch) in.Set(swz_f[k][ch], ops[k]->swz[ch]);
  }
  const uint32_t code = RgbOpcode(op);
  in.Set(Field::kRgbOp, code);
  in.Set(Field::kRgbDest, static_cast<uint32_t>(dest));
  in.Set(Field::kRgbWmask, rgb_mask & 7u);
  const bool exact = !mode.saturate && (op == AluOp::kMin || op == AluOp::kMax || op == AluOp::kCmp);
  in.Set(Field::kRgbOmod, exact ? kOmodDisable : kOmodX1);
  in.Set(Field::kRgbClamp, mode.saturate);
  return in;
}

Instr AlphaInstr(uint32_t alpha_op, const Operand& a, const Operand& b, const Operand& c, int channel, int dest,
                 WriteMode mode) {
  Instr in = Alu();
  const Operand* ops[3] = {&a, &b, &c};
  const std::array<uint32_t, 3> sel = AssignSlots(in, ops);
  const Field sel_f[3] = {Field::kAlphaSelA, Field::kAlphaSelB, Field::kAlphaSelC};
  const Field mod_f[3] = {Field::kAlphaModA, Field::kAlphaModB, Field::kAlphaModC};
  const Field swz_f[3] = {Field::kAlphaSwzA, Field::kAlphaSwzB, Field::kAlphaSwzC};
  for (int k = 0; k < 3; ++k) {
    in.Set(sel_f[k], sel[k]);
    in.Set(mod_f[k], ops[k]->mod);
    in.Set(swz_f[k], ops[k]->swz[channel]);
  }
  in.Set(Field::kAlphaOp, alpha_op);
  in.Set(Field::kAlphaDest, static_cast<uint32_t>(dest));
  in.Set(Field::kAlphaWmask, 1);
  in.Set(Field::kAlphaOmod, !mode.saturate && AllowsDisable(alpha_op) ? kOmodDisable : kOmodX1);
  in.Set(Field::kAlphaClamp, mode.saturate);
  return in;
}

Instr RgbOut(int temp, int target) {
  const Operand t = TempOperand(temp);
  Instr in = RgbInstr(AluOp::kMax, t, t, InlineOperand(kSwzZero), 0, 0, {});
  in.Set(Field::kType, static_cast<uint32_t>(InstrType::kOut));
  in.Set(Field::kRgbOmask, 7);
  in.Set(Field::kRgbTarget, static_cast<uint32_t>(target));
  return in;
}

Instr AlphaOut(int temp, int channel, int target) {
  const Operand t = TempOperand(temp);
  Instr in = AlphaInstr(AlphaOpcode(AluOp::kMax), t, t, InlineOperand(kSwzZero), channel, 0, {});
  in.Set(Field::kAlphaWmask, 0);
  in.Set(Field::kType, static_cast<uint32_t>(InstrType::kOut));
  in.Set(Field::kAlphaOmask, 1);
  in.Set(Field::kAlphaTarget, static_cast<uint32_t>(target));
  return in;
}

Instr DepthOut(int temp, int channel) {
  Instr in = AlphaOut(temp, channel, 0);
  in.Set(Field::kAlphaOmask, 0);
  in.Set(Field::kWOmask, 1);
  return in;
}

Instr TexKill(int temp) {
  Instr in = r500::EmptyInstr(InstrType::kTex);
  in.Set(Field::kTexOp, 2);
  in.Set(Field::kTexSrc, static_cast<uint32_t>(temp));
  in.Set(Field::kTexSrcS, 0);
  in.Set(Field::kTexSrcT, 1);
  in.Set(Field::kTexSrcR, 2);
  in.Set(Field::kTexSrcQ, 3);
  return in;
}

Instr TexSample(uint32_t tex_op, int unit, int src_temp, int dest) {
  Instr in = TexKill(src_temp);
  in.Set(Field::kTexOp, tex_op);
  in.Set(Field::kTexId, static_cast<uint32_t>(unit));
  in.Set(Field::kTexSemAcquire, 1);
  in.Set(Field::kTexSemWait, 1);
  in.Set(Field::kTexDst, static_cast<uint32_t>(dest));
  in.Set(Field::kTexDstR, 0);
  in.Set(Field::kTexDstG, 1);
  in.Set(Field::kTexDstB, 2);
  in.Set(Field::kTexDstA, 3);
  in.Set(Field::kRgbWmask, 7);
  in.Set(Field::kAlphaWmask, 1);
  return in;
}

void Emitter::Emit(Instr in) {
  const bool tex = in.type() == InstrType::kTex;
  if (wait_next_ && !tex) {
    in.Set(Field::kTexSemWait, 1);
    wait_next_ = false;
  }
  if (tex && in.Get(Field::kTexSemAcquire)) wait_next_ = true;
  code_.push_back(in);
}

}  // namespace shaderdiff::r500naive
