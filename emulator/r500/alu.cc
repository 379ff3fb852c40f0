// ALU and OUT instructions (A.3-A.7): per pixel of the quad, fetch the
// three source slots (RGB address for r,g,b, Alpha address for a), compute
// presubtract, assemble operands (select, swizzle, modifier), run the RGB
// and Alpha ops (MDH/MDV across the quad), apply OMOD and clamp, then write
// temps, outputs, depth, the ALU-result bit and predicates. All sources of
// the quad are read before anything is written. The presubtract and MDH/MDV
// NOP rules (A.13) are checked here.
#include <string>

#include "emulator/r500/alu_math.h"
#include "emulator/r500/isa/alu_reads.h"
#include "emulator/r500/isa/operand_fields.h"
#include "emulator/r500/machine.h"

namespace shaderdiff::r500 {
namespace {

using common::FromFloat;
using common::Vec4;
using F = Field;

struct Slot {
  enum Kind { kTemp, kConst, kInline } kind = kInline;
  int index = 0;
};

using namespace r500::operand_fields;  // kRgbAddr[n], kRgbSwz[k][c], ... (isa/operand_fields.h)

// A.5's decoding of a slot address; Fail on an out-of-range REL sum or a
// refused inline constant.
Slot Resolve(Machine& m, uint32_t addr, bool cnst, bool rel) {
  Slot s;
  if (cnst) {
    s.kind = Slot::kConst;
    s.index = static_cast<int>(addr) + (rel ? m.al() : 0);
    if (s.index < 0 || s.index >= kConsts) m.Fail("constant c" + std::to_string(s.index) + " (address + aL) out of range");
  } else if (addr & 0x80) {
    s.kind = Slot::kInline;
    s.index = addr & 0x7f;
    if ((s.index >> 3) == 0 && (s.index & 7) != 0 && !m.opt->params.inline_denormals)
      m.Fail("inline constant " + std::to_string(s.index) + " has exponent 0 (denormal encoding UNCERTAIN, A.5)");
  } else {
    s.kind = Slot::kTemp;
    s.index = TempIndex(m, static_cast<int>(addr), rel);
  }
  return s;
}

common::Word InlineValue(int x) {
  int e = x >> 3, mant = x & 7;
  float v = e == 0 ? static_cast<float>(mant) / 8.0f / 64.0f
                   : (1.0f + static_cast<float>(mant) / 8.0f) * static_cast<float>(1 << e) / 128.0f;
  return FromFloat(v);
}

common::Word Channel(Machine& m, int slot_no, int pixel, const Slot& s, int c, uint8_t used) {
  switch (s.kind) {
    case Slot::kConst: return m.state->consts[s.index][c];
    case Slot::kInline: return InlineValue(s.index);
    default: return m.ReadTemp(slot_no, pixel, s.index, used)[c];
  }
}

// A source slot's four words, then what swizzle codes 4, 5 and 6 select
// (0, 0.5, 1.0; A.5), so the code indexes it. Code 7 is reserved (Validate
// refuses it); its word is 0.
using Source = std::array<common::Word, 8>;
constexpr common::Word kHalf = 0x3f000000u, kOne = 0x3f800000u;

bool PredAllows(const PixelState& p, uint32_t sel, bool inv, int channel) {
  if (sel == 0) return true;
  bool b = sel == 1 ? p.pred[channel] : p.pred[sel - 2];
  return b != inv;
}

}  // namespace

void ExecAlu(Machine& m, int slot_no, const Instr& in) {
  const bool z = m.state->zero_times_anything;
  const uint32_t rgb_op = in.Get(F::kRgbOp), alpha_op = in.Get(F::kAlphaOp);
  const bool rgb_p = UsesPresubtract(in, true), alpha_p = UsesPresubtract(in, false);
  const bool mdx = IsQuadDerivative(in);

  // Which slots the operands read (unused slots are not fetched).
  const std::array<bool, 3> used = FetchedSlots(in);
  Slot rs[3], as[3];
  for (int n = 0; n < 3; ++n) {
    if (!used[n]) continue;
    rs[n] = Resolve(m, in.Get(kRgbAddr[n]), in.Get(kRgbConst[n]), in.Get(kRgbRel[n]));
    as[n] = Resolve(m, in.Get(kAlphaAddr[n]), in.Get(kAlphaConst[n]), in.Get(kAlphaRel[n]));
  }
  if (m.stop) return;

  // A.13 item 1: presubtract reading a temp the preceding ALU/OUT wrote.
  if (m.prev_is_alu && !m.prev_nop) {
    uint32_t presub_slots[2] = {1, 1};
    if (in.Get(F::kRgbPresub) == 1 || in.Get(F::kRgbPresub) == 2) presub_slots[0] = 2;
    if (in.Get(F::kAlphaPresub) == 1 || in.Get(F::kAlphaPresub) == 2) presub_slots[1] = 2;
    for (int half = 0; half < 2; ++half) {
      if (!(half == 0 ? rgb_p : alpha_p)) continue;
      for (uint32_t n = 0; n < presub_slots[half]; ++n) {
        const Slot& s = half == 0 ? rs[n] : as[n];
        if (s.kind == Slot::kTemp && m.prev_wrote[s.index])
          m.Hazard(slot_no, "presub-without-nop",
                   "presubtract reads t" + std::to_string(s.index) + ", written by the preceding ALU instruction without its NOP bit (A.6)");
      }
    }
  }
  // A.13 item 2: MDH/MDV need NOP on the previous non-TEX instruction.
  if (mdx && m.last_nontex_seen && !m.last_nontex_nop)
    m.Hazard(slot_no, "mdh-mdv-without-nop", "MDH/MDV after a non-TEX instruction without its NOP bit (A.13)");

  // Fetch every pixel's slots: slot n = (RGB register's r,g,b; Alpha
  // register's a). Each source is kept with the swizzle constants after it
  // (Source), so a swizzle code (0..6) indexes it directly.
  const uint32_t rgb_presub = in.Get(F::kRgbPresub), alpha_presub = in.Get(F::kAlphaPresub);
  std::array<std::array<Source, 4>, kQuadPixels> src;  // [pixel][0..2 slots, 3 srcp]
  for (auto& pixel : src)
    for (Source& v : pixel) v = {0, 0, 0, 0, 0, kHalf, kOne, 0};
  if (m.pending.empty()) {
    // No lookup in flight, so no read can be a hazard: whole registers.
    Vec4 inline_rgb[3], inline_alpha[3];
    for (int n = 0; n < 3; ++n) {
      if (rs[n].kind == Slot::kInline) inline_rgb[n].fill(InlineValue(rs[n].index));
      if (as[n].kind == Slot::kInline) inline_alpha[n].fill(InlineValue(as[n].index));
    }
    auto reg = [&](int p, const Slot& s, const Vec4& inline_value) -> const Vec4& {
      switch (s.kind) {
        case Slot::kConst: return m.state->consts[s.index];
        case Slot::kInline: return inline_value;
        default: return m.px[p].temps[s.index];
      }
    };
    for (int p = 0; p < kQuadPixels; ++p) {
      for (int n = 0; n < 3; ++n) {
        if (!used[n]) continue;
        const Vec4& rgb_reg = reg(p, rs[n], inline_rgb[n]);
        src[p][n][0] = rgb_reg[0];
        src[p][n][1] = rgb_reg[1];
        src[p][n][2] = rgb_reg[2];
        src[p][n][3] = reg(p, as[n], inline_alpha[n])[3];
      }
    }
  } else {
    // In the order the hazards are recorded.
    for (int p = 0; p < kQuadPixels; ++p) {
      for (int n = 0; n < 3; ++n) {
        for (int c = 0; c < 3; ++c) src[p][n][c] = used[n] ? Channel(m, slot_no, p, rs[n], c, 7) : 0;
        src[p][n][3] = used[n] ? Channel(m, slot_no, p, as[n], 3, 8) : 0;
      }
    }
  }
  for (int p = 0; p < kQuadPixels; ++p) {
    for (int c = 0; c < 3; ++c) src[p][3][c] = Presub(rgb_presub, src[p][0][c], src[p][1][c]);
    src[p][3][3] = Presub(alpha_presub, src[p][0][3], src[p][1][3]);
  }
  if (m.stop) return;

  // The operand fields, read once (the loops below store words the compiler
  // cannot tell apart from the instruction's fields).
  struct RgbOperand {
    uint32_t sel, swz[3], mod;
  };
  struct AlphaOperand {
    uint32_t sel, swz, mod;
  };
  auto rgb_fields = [&](F sel, F r, F g, F b, F mod) {
    return RgbOperand{in.Get(sel), {in.Get(r), in.Get(g), in.Get(b)}, in.Get(mod)};
  };
  auto alpha_fields = [&](F sel, F swz, F mod) { return AlphaOperand{in.Get(sel), in.Get(swz), in.Get(mod)}; };
  const RgbOperand rgb_a = rgb_fields(F::kRgbSelA, F::kRgbSwzAR, F::kRgbSwzAG, F::kRgbSwzAB, F::kRgbModA);
  const RgbOperand rgb_b = rgb_fields(F::kRgbSelB, F::kRgbSwzBR, F::kRgbSwzBG, F::kRgbSwzBB, F::kRgbModB);
  const RgbOperand rgb_c = rgb_fields(F::kRgbSelC, F::kRgbSwzCR, F::kRgbSwzCG, F::kRgbSwzCB, F::kRgbModC);
  const AlphaOperand alpha_a = alpha_fields(F::kAlphaSelA, F::kAlphaSwzA, F::kAlphaModA);
  const AlphaOperand alpha_b = alpha_fields(F::kAlphaSelB, F::kAlphaSwzB, F::kAlphaModB);
  const AlphaOperand alpha_c = alpha_fields(F::kAlphaSelC, F::kAlphaSwzC, F::kAlphaModC);
  const uint32_t rgb_omod = in.Get(F::kRgbOmod), alpha_omod = in.Get(F::kAlphaOmod);
  const bool rgb_clamp = in.Get(F::kRgbClamp), alpha_clamp = in.Get(F::kAlphaClamp);

  auto rgb_operand = [&](int p, const RgbOperand& o) {
    const Source& v = src[p][o.sel];
    return std::array<common::Word, 3>{ApplyMod(v[o.swz[0]], o.mod), ApplyMod(v[o.swz[1]], o.mod),
                                       ApplyMod(v[o.swz[2]], o.mod)};
  };
  auto alpha_operand = [&](int p, const AlphaOperand& o) { return ApplyMod(src[p][o.sel][o.swz], o.mod); };

  std::array<std::array<common::Word, 3>, kQuadPixels> rgb{};
  std::array<common::Word, kQuadPixels> alpha{};
  for (int p = 0; p < kQuadPixels; ++p) {
    auto A = rgb_operand(p, rgb_a);
    auto B = rgb_operand(p, rgb_b);
    auto C = rgb_operand(p, rgb_c);
    common::Word a_a = alpha_operand(p, alpha_a);
    common::Word a_b = alpha_operand(p, alpha_b);
    common::Word a_c = alpha_operand(p, alpha_c);

    // MDH/MDV (A.4): A = src0 of the top-left pixel, C = src0 of the top-right
    // (MDH) or bottom-left (MDV) pixel; select and swizzle ignored, modifiers kept.
    if (rgb_op == kRgbOpMdh || rgb_op == kRgbOpMdv) {
      int nb = rgb_op == kRgbOpMdh ? 1 : 2;
      for (int c = 0; c < 3; ++c) {
        A[c] = ApplyMod(src[0][0][c], rgb_a.mod);
        C[c] = ApplyMod(src[nb][0][c], rgb_c.mod);
      }
    }
    if (alpha_op == kAlphaOpMdh || alpha_op == kAlphaOpMdv) {
      int nb = alpha_op == kAlphaOpMdh ? 1 : 2;
      a_a = ApplyMod(src[0][0][3], alpha_a.mod);
      a_c = ApplyMod(src[nb][0][3], alpha_c.mod);
    }

    common::Word dot = 0;
    if (rgb_op >= 1 && rgb_op <= 3) {
      float sum = common::AsFloat(Mul(A[0], B[0], z)) + common::AsFloat(Mul(A[1], B[1], z));
      if (rgb_op == 3) {
        sum = sum + common::AsFloat(C[2]);
      } else {
        sum = sum + common::AsFloat(Mul(A[2], B[2], z));
        if (rgb_op == 2) sum = sum + common::AsFloat(Mul(a_a, a_b, z));
      }
      dot = FromFloat(sum);
    }

    common::Word a_res = 0;
    switch (alpha_op) {
      case 0: case 14: case 15: a_res = Mad(a_a, a_b, a_c, z); break;
      case 1: a_res = dot; break;
      case 2: a_res = Min(a_a, a_b); break;
      case 3: a_res = Max(a_a, a_b); break;
      case 5: a_res = Cnd(a_a, a_b, a_c); break;
      case 6: a_res = Cmp(a_a, a_b, a_c); break;
      case 7: a_res = Frc(a_a); break;
      default: a_res = Transcendental(alpha_op, a_a); break;
    }
    for (int c = 0; c < 3; ++c) {
      common::Word r = 0;
      switch (rgb_op) {
        case 0: case 11: case 12: r = Mad(A[c], B[c], C[c], z); break;
        case 1: case 2: case 3: r = dot; break;
        case 4: r = Min(A[c], B[c]); break;
        case 5: r = Max(A[c], B[c]); break;
        case 7: r = Cnd(A[c], B[c], C[c]); break;
        case 8: r = Cmp(A[c], B[c], C[c]); break;
        case 9: r = Frc(A[c]); break;
        default: r = a_res; break;  // 10 SOP: the Alpha unit's transcendental
      }
      rgb[p][c] = OutputModify(r, rgb_omod, rgb_clamp);
    }
    alpha[p] = OutputModify(a_res, alpha_omod, alpha_clamp);
  }

  // Destinations.
  const int rgb_dest = in.Get(F::kRgbWmask) ? TempIndex(m, in.Get(F::kRgbDest), in.Get(F::kRgbDestRel)) : -1;
  const int alpha_dest = in.Get(F::kAlphaWmask) ? TempIndex(m, in.Get(F::kAlphaDest), in.Get(F::kAlphaDestRel)) : -1;
  if (m.stop) return;
  const bool out_type = in.type() == InstrType::kOut;
  const bool write_inactive = in.Get(F::kWriteInactive);
  std::array<bool, kTemps> wrote{};
  const uint32_t rsel = in.Get(F::kRgbPredSel), asel = in.Get(F::kAlphaPredSel);
  const bool rinv = in.Get(F::kRgbPredInv), ainv = in.Get(F::kAlphaPredInv);
  const uint32_t rgb_wmask = in.Get(F::kRgbWmask), rgb_omask = in.Get(F::kRgbOmask), rgb_target = in.Get(F::kRgbTarget);
  const uint32_t alpha_omask = in.Get(F::kAlphaOmask), alpha_target = in.Get(F::kAlphaTarget), w_omask = in.Get(F::kWOmask);
  const uint32_t alu_wmask = in.Get(F::kAluWmask), alu_result_op = in.Get(F::kAluResultOp);
  const uint32_t alu_result_sel = in.Get(F::kAluResultSel), stat_we = in.Get(F::kStatWe);
  for (int p = 0; p < kQuadPixels; ++p) {
    PixelState& ps = m.px[p];
    if (!ps.active && !write_inactive) continue;
    PixelResult& res = m.out->pixels[p];
    for (int c = 0; c < 3; ++c) {
      if (!PredAllows(ps, rsel, rinv, c)) continue;
      if (rgb_dest >= 0 && (rgb_wmask >> c & 1)) {
        m.CheckWriteAfterTex(slot_no, p, rgb_dest, 1 << c);
        ps.temps[rgb_dest][c] = rgb[p][c];
        wrote[rgb_dest] = true;
      }
      if (out_type && (rgb_omask >> c & 1)) {
        res.color[rgb_target][c] = rgb[p][c];
        res.color_written[rgb_target] |= 1 << c;
      }
    }
    if (PredAllows(ps, asel, ainv, 3)) {
      if (alpha_dest >= 0) {
        m.CheckWriteAfterTex(slot_no, p, alpha_dest, 8);
        ps.temps[alpha_dest][3] = alpha[p];
        wrote[alpha_dest] = true;
      }
      if (out_type && alpha_omask) {
        res.color[alpha_target][3] = alpha[p];
        res.color_written[alpha_target] |= 8;
      }
      if (out_type && w_omask) {
        res.depth = alpha[p];
        res.depth_written = true;
      }
    }
    // A.12: the ALU-result bit, compared on red or alpha after clamp.
    if (alu_wmask) ps.alu_result = AluCompare(alu_result_op, alu_result_sel ? alpha[p] : rgb[p][0]);
    // Predicates (INFERRED: bit i of STAT_WE writes predicate i, r..a, with
    // the ALU_RESULT_OP compare of result channel i).
    for (int c = 0; c < 4; ++c)
      if (stat_we >> c & 1) ps.pred[c] = AluCompare(alu_result_op, c == 3 ? alpha[p] : rgb[p][c]);
  }
  if (alu_wmask) {
    m.alu_result_valid = true;
    m.alu_result_slot = slot_no;
  }
  m.prev_wrote = wrote;
}

}  // namespace shaderdiff::r500
