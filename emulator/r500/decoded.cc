// Pre-decoding (decoded.h): each record field is read from the Instr once,
// through the ISA tables, and the derived facts (fetched slots, presubtract
// use, MDH/MDV, inline constant values, operand channel indices, modifier
// masks) are computed here instead of per execution.
#include "emulator/r500/decoded.h"

#include "emulator/r500/alu_math.h"
#include "emulator/r500/isa/alu_reads.h"
#include "emulator/r500/isa/operand_fields.h"

namespace shaderdiff::r500 {
namespace {

using F = Field;
using namespace r500::operand_fields;

// A.5's 7-bit inline constant (exponent 0 only under Params::inline_denormals).
common::Word InlineValue(int x) {
  int e = x >> 3, mant = x & 7;
  float v = e == 0 ? static_cast<float>(mant) / 8.0f / 64.0f
                   : (1.0f + static_cast<float>(mant) / 8.0f) * static_cast<float>(1 << e) / 128.0f;
  return common::FromFloat(v);
}

// A.5's decoding of a slot address (REL and range are applied at run time).
SlotAddr SlotOf(uint32_t addr, bool cnst, bool rel) {
  SlotAddr s;
  s.rel = rel;
  if (cnst) {
    s.kind = SlotAddr::kConst;
    s.index = static_cast<uint8_t>(addr);
  } else if (addr & 0x80) {
    s.kind = SlotAddr::kInline;
    s.index = static_cast<uint8_t>(addr & 0x7f);
    s.inline_denormal = (s.index >> 3) == 0 && (s.index & 7) != 0;
    s.inline_word = InlineValue(s.index);
  } else {
    s.kind = SlotAddr::kTemp;
    s.index = static_cast<uint8_t>(addr);
  }
  return s;
}

// The OperandWords index of select `sel` (0..2 slots, 3 srcp), swizzle code `swz`.
uint8_t ChannelIndex(uint32_t sel, uint32_t swz) {
  return static_cast<uint8_t>(swz < 4 ? sel * 4 + swz : kSwizzleConstBase + (swz - 4));
}

int MdxPixel(uint32_t op, uint32_t mdh, uint32_t mdv) { return op == mdh ? 1 : op == mdv ? 2 : 0; }

}  // namespace

Modifier ModifierOf(uint32_t mod) {
  // ApplyMod acts on each bit alone: a bit that differs between the images
  // of all-zeros and all-ones follows its input (flipped if the all-zeros
  // image has it set); a bit that does not is a constant.
  const common::Word zeros = ApplyMod(0u, mod), ones = ApplyMod(0xffffffffu, mod);
  return Modifier{zeros ^ ones, zeros};
}

DecodedAlu DecodeAlu(const Instr& in) {
  DecodedAlu d;
  d.rgb_op = in.Get(F::kRgbOp);
  d.alpha_op = in.Get(F::kAlphaOp);
  d.used = FetchedSlots(in);
  for (int n = 0; n < 3; ++n) {
    d.rgb_src[n] = SlotOf(in.Get(kRgbAddr[n]), in.Get(kRgbConst[n]), in.Get(kRgbRel[n]));
    d.alpha_src[n] = SlotOf(in.Get(kAlphaAddr[n]), in.Get(kAlphaConst[n]), in.Get(kAlphaRel[n]));
  }
  d.presub_used = {UsesPresubtract(in, true), UsesPresubtract(in, false)};
  d.presub_op = {in.Get(F::kRgbPresub), in.Get(F::kAlphaPresub)};
  // Presubtract ops 1 (sub) and 2 (add) read slots 0 and 1; 0 (bias) and 3 (inv) slot 0.
  for (int half = 0; half < 2; ++half) d.presub_slots[half] = d.presub_op[half] == 1 || d.presub_op[half] == 2 ? 2 : 1;
  d.quad_derivative = IsQuadDerivative(in);
  d.rgb_mdx_pixel = MdxPixel(d.rgb_op, kRgbOpMdh, kRgbOpMdv);
  d.alpha_mdx_pixel = MdxPixel(d.alpha_op, kAlphaOpMdh, kAlphaOpMdv);
  for (int k = 0; k < 3; ++k) {
    const uint32_t rsel = in.Get(kRgbSel[k]), asel = in.Get(kAlphaSel[k]);
    for (int c = 0; c < 3; ++c) d.rgb_arg[k].channel[c] = ChannelIndex(rsel, in.Get(kRgbSwz[k][c]));
    d.rgb_arg[k].mod = ModifierOf(in.Get(kRgbMod[k]));
    d.alpha_arg[k].channel = ChannelIndex(asel, in.Get(kAlphaSwz[k]));
    d.alpha_arg[k].mod = ModifierOf(in.Get(kAlphaMod[k]));
  }
  d.rgb_omod = in.Get(F::kRgbOmod);
  d.alpha_omod = in.Get(F::kAlphaOmod);
  d.rgb_clamp = in.Get(F::kRgbClamp);
  d.alpha_clamp = in.Get(F::kAlphaClamp);
  d.rgb_wmask = in.Get(F::kRgbWmask);
  d.rgb_dest = in.Get(F::kRgbDest);
  d.rgb_dest_rel = in.Get(F::kRgbDestRel);
  d.alpha_wmask = in.Get(F::kAlphaWmask);
  d.alpha_dest = in.Get(F::kAlphaDest);
  d.alpha_dest_rel = in.Get(F::kAlphaDestRel);
  d.out_type = in.type() == InstrType::kOut;
  d.write_inactive = in.Get(F::kWriteInactive);
  d.rgb_pred_sel = in.Get(F::kRgbPredSel);
  d.rgb_pred_inv = in.Get(F::kRgbPredInv);
  d.alpha_pred_sel = in.Get(F::kAlphaPredSel);
  d.alpha_pred_inv = in.Get(F::kAlphaPredInv);
  d.rgb_omask = in.Get(F::kRgbOmask);
  d.rgb_target = in.Get(F::kRgbTarget);
  d.alpha_omask = in.Get(F::kAlphaOmask);
  d.alpha_target = in.Get(F::kAlphaTarget);
  d.w_omask = in.Get(F::kWOmask);
  d.alu_wmask = in.Get(F::kAluWmask);
  d.alu_result_op = in.Get(F::kAluResultOp);
  d.alu_result_sel = in.Get(F::kAluResultSel);
  d.stat_we = in.Get(F::kStatWe);
  return d;
}

DecodedCode DecodeCode(std::span<const Instr> code, int first, int last) {
  DecodedCode out(code.size());
  for (int i = first; i <= last; ++i) {
    const Instr& in = code[i];
    DecodedInstr& d = out[i];
    d.type = in.type();
    d.tex_sem_wait = in.Get(F::kTexSemWait);
    d.nop = in.Get(F::kNop);
    if (d.type == InstrType::kAlu || d.type == InstrType::kOut) d.alu = DecodeAlu(in);
  }
  return out;
}

}  // namespace shaderdiff::r500
