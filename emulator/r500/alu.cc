// ALU and OUT instructions (A.3-A.7), run from their pre-decoded records
// (decoded.h): per pixel of the quad, fetch the source slots (RGB address
// for r,g,b, Alpha address for a) into one operand array, compute
// presubtract, assemble operands (the record's channel indices and
// modifier masks), run the RGB and Alpha ops (MDH/MDV across the quad),
// apply OMOD and clamp, then write temps, outputs, depth, the ALU-result
// bit and predicates. All sources of the quad are read before anything is
// written. The presubtract and MDH/MDV NOP rules (A.13) are checked here.
#include <string>

#include "emulator/r500/alu_math.h"
#include "emulator/r500/decoded.h"
#include "emulator/r500/machine.h"

namespace shaderdiff::r500 {
namespace {

using common::FromFloat;
using common::Vec4;

// A slot address with REL applied: the register it reads, or the inline word.
struct Slot {
  SlotAddr::Kind kind = SlotAddr::kInline;
  int index = 0;
  common::Word inline_word = 0;
};

// A.5's decoding of a slot address at run time; Fail on an out-of-range REL
// sum or a refused inline constant.
Slot ResolveChecked(Machine& m, const SlotAddr& a) {
  Slot s;
  s.kind = a.kind;
  if (a.kind == SlotAddr::kConst) {
    s.index = static_cast<int>(a.index) + (a.rel ? m.al() : 0);
    if (s.index < 0 || s.index >= kConsts) m.Fail("constant c" + std::to_string(s.index) + " (address + aL) out of range");
  } else if (a.kind == SlotAddr::kInline) {
    s.index = a.index;
    s.inline_word = a.inline_word;
    if (a.inline_denormal && !m.opt->params.inline_denormals)
      m.Fail("inline constant " + std::to_string(s.index) + " has exponent 0 (denormal encoding UNCERTAIN, A.5)");
  } else {
    s.index = TempIndex(m, a.index, a.rel);
  }
  return s;
}

// Without REL or a denormal inline code there is nothing to check: an
// encoded temp address is below 128 and a constant address below 256.
Slot Resolve(Machine& m, const SlotAddr& a) {
  if (!a.rel && !a.inline_denormal) return Slot{a.kind, a.index, a.inline_word};
  return ResolveChecked(m, a);
}

// A destination temp: the 7-bit field needs a check only with REL.
int DestIndex(Machine& m, uint32_t addr, bool rel) {
  return rel ? TempIndex(m, static_cast<int>(addr), rel) : static_cast<int>(addr);
}

common::Word Channel(Machine& m, int slot_no, int pixel, const Slot& s, int c, uint8_t used) {
  switch (s.kind) {
    case SlotAddr::kConst: return m.state->consts[s.index][c];
    case SlotAddr::kInline: return s.inline_word;
    default: return m.ReadTemp(slot_no, pixel, s.index, used)[c];
  }
}

constexpr common::Word kHalf = 0x3f000000u, kOne = 0x3f800000u;

bool PredAllows(const PixelState& p, uint32_t sel, bool inv, int channel) {
  if (sel == 0) return true;
  bool b = sel == 1 ? p.pred[channel] : p.pred[sel - 2];
  return b != inv;
}

}  // namespace

void ExecAlu(Machine& m, int slot_no, const DecodedAlu& d) {
  const bool z = m.state->zero_times_anything;
  const uint32_t rgb_op = d.rgb_op, alpha_op = d.alpha_op;
  const std::array<bool, 3>& used = d.used;
  Slot rs[3], as[3];
  for (int n = 0; n < 3; ++n) {
    if (!used[n]) continue;
    rs[n] = Resolve(m, d.rgb_src[n]);
    as[n] = Resolve(m, d.alpha_src[n]);
  }
  if (m.stop) return;

  // A.13 item 1: presubtract reading a temp the preceding ALU/OUT wrote.
  if (m.prev_is_alu && !m.prev_nop) {
    for (int half = 0; half < 2; ++half) {
      if (!d.presub_used[half]) continue;
      for (uint32_t n = 0; n < d.presub_slots[half]; ++n) {
        const Slot& s = half == 0 ? rs[n] : as[n];
        if (s.kind == SlotAddr::kTemp && m.PrevWrote(s.index))
          m.Hazard(slot_no, "presub-without-nop",
                   "presubtract reads t" + std::to_string(s.index) + ", written by the preceding ALU instruction without its NOP bit (A.6)");
      }
    }
  }
  // A.13 item 2: MDH/MDV need NOP on the previous non-TEX instruction.
  if (d.quad_derivative && m.last_nontex_seen && !m.last_nontex_nop)
    m.Hazard(slot_no, "mdh-mdv-without-nop", "MDH/MDV after a non-TEX instruction without its NOP bit (A.13)");

  // Fetch every pixel's slots into its operand words (decoded.h): slot n =
  // (RGB register's r,g,b; Alpha register's a), then srcp, then the
  // swizzle constants, so an operand channel is one index.
  std::array<OperandWords, kQuadPixels> src;
  for (OperandWords& w : src) {
    w[kSwizzleConstBase + 0] = 0;
    w[kSwizzleConstBase + 1] = kHalf;
    w[kSwizzleConstBase + 2] = kOne;
    w[kSwizzleConstBase + 3] = 0;
    for (int n = 0; n < 3; ++n)
      if (!used[n]) w[4 * n] = w[4 * n + 1] = w[4 * n + 2] = w[4 * n + 3] = 0;
  }
  if (m.pending.empty()) {
    // No lookup in flight, so no read can be a hazard: whole registers,
    // each slot half's register found once for the four pixels.
    Vec4 inline_rgb[3], inline_alpha[3];
    auto regs = [&](const Slot& s, Vec4& inline_value, std::array<const Vec4*, kQuadPixels>& r) {
      for (int p = 0; p < kQuadPixels; ++p) {
        switch (s.kind) {
          case SlotAddr::kConst: r[p] = &m.state->consts[s.index]; break;
          case SlotAddr::kInline: inline_value.fill(s.inline_word); r[p] = &inline_value; break;
          default: r[p] = &m.px[p].temps[s.index]; break;
        }
      }
    };
    for (int n = 0; n < 3; ++n) {
      if (!used[n]) continue;
      std::array<const Vec4*, kQuadPixels> rgb_regs, alpha_regs;
      regs(rs[n], inline_rgb[n], rgb_regs);
      regs(as[n], inline_alpha[n], alpha_regs);
      for (int p = 0; p < kQuadPixels; ++p) {
        const Vec4& rgb_reg = *rgb_regs[p];
        src[p][4 * n + 0] = rgb_reg[0];
        src[p][4 * n + 1] = rgb_reg[1];
        src[p][4 * n + 2] = rgb_reg[2];
        src[p][4 * n + 3] = (*alpha_regs[p])[3];
      }
    }
  } else {
    // In the order the hazards are recorded.
    for (int p = 0; p < kQuadPixels; ++p) {
      for (int n = 0; n < 3; ++n) {
        for (int c = 0; c < 3; ++c) src[p][4 * n + c] = used[n] ? Channel(m, slot_no, p, rs[n], c, 7) : 0;
        src[p][4 * n + 3] = used[n] ? Channel(m, slot_no, p, as[n], 3, 8) : 0;
      }
    }
  }
  // srcp: its r,g,b from the RGB presubtract, its a from the Alpha one;
  // only an argument selecting srcp (in either half) reads them.
  if (d.presub_used[0] || d.presub_used[1]) {
    for (int p = 0; p < kQuadPixels; ++p) {
      for (int c = 0; c < 3; ++c) src[p][kSrcpBase + c] = Presub(d.presub_op[0], src[p][c], src[p][4 + c]);
      src[p][kSrcpBase + 3] = Presub(d.presub_op[1], src[p][3], src[p][7]);
    }
  }
  if (m.stop) return;

  auto rgb_operand = [&](int p, const RgbOperand& o) {
    const OperandWords& v = src[p];
    return std::array<common::Word, 3>{o.mod.Apply(v[o.channel[0]]), o.mod.Apply(v[o.channel[1]]),
                                       o.mod.Apply(v[o.channel[2]])};
  };
  auto alpha_operand = [&](int p, const AlphaOperand& o) { return o.mod.Apply(src[p][o.channel]); };

  std::array<std::array<common::Word, 3>, kQuadPixels> rgb{};
  std::array<common::Word, kQuadPixels> alpha{};
  for (int p = 0; p < kQuadPixels; ++p) {
    auto A = rgb_operand(p, d.rgb_arg[0]);
    auto B = rgb_operand(p, d.rgb_arg[1]);
    auto C = rgb_operand(p, d.rgb_arg[2]);
    common::Word a_a = alpha_operand(p, d.alpha_arg[0]);
    common::Word a_b = alpha_operand(p, d.alpha_arg[1]);
    common::Word a_c = alpha_operand(p, d.alpha_arg[2]);

    // MDH/MDV (A.4): A = src0 of the top-left pixel, C = src0 of the top-right
    // (MDH) or bottom-left (MDV) pixel; select and swizzle ignored, modifiers kept.
    if (d.rgb_mdx_pixel != 0) {
      const int nb = d.rgb_mdx_pixel;
      for (int c = 0; c < 3; ++c) {
        A[c] = d.rgb_arg[0].mod.Apply(src[0][c]);
        C[c] = d.rgb_arg[2].mod.Apply(src[nb][c]);
      }
    }
    if (d.alpha_mdx_pixel != 0) {
      const int nb = d.alpha_mdx_pixel;
      a_a = d.alpha_arg[0].mod.Apply(src[0][3]);
      a_c = d.alpha_arg[2].mod.Apply(src[nb][3]);
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
      rgb[p][c] = OutputModify(r, d.rgb_omod, d.rgb_clamp);
    }
    alpha[p] = OutputModify(a_res, d.alpha_omod, d.alpha_clamp);
  }

  // Destinations.
  const int rgb_dest = d.rgb_wmask ? DestIndex(m, d.rgb_dest, d.rgb_dest_rel) : -1;
  const int alpha_dest = d.alpha_wmask ? DestIndex(m, d.alpha_dest, d.alpha_dest_rel) : -1;
  if (m.stop) return;
  const bool tex_in_flight = !m.pending.empty();  // else no write can be write-before-tex-wait
  std::array<int, 2> wrote{-1, -1};  // the RGB and Alpha destinations, once written
  for (int p = 0; p < kQuadPixels; ++p) {
    PixelState& ps = m.px[p];
    if (!ps.active && !d.write_inactive) continue;
    PixelResult& res = m.out->pixels[p];
    for (int c = 0; c < 3; ++c) {
      if (!PredAllows(ps, d.rgb_pred_sel, d.rgb_pred_inv, c)) continue;
      if (rgb_dest >= 0 && (d.rgb_wmask >> c & 1)) {
        if (tex_in_flight) m.CheckWriteAfterTex(slot_no, p, rgb_dest, 1 << c);
        ps.temps[rgb_dest][c] = rgb[p][c];
        wrote[0] = rgb_dest;
      }
      if (d.out_type && (d.rgb_omask >> c & 1)) {
        res.color[d.rgb_target][c] = rgb[p][c];
        res.color_written[d.rgb_target] |= 1 << c;
      }
    }
    if (PredAllows(ps, d.alpha_pred_sel, d.alpha_pred_inv, 3)) {
      if (alpha_dest >= 0) {
        if (tex_in_flight) m.CheckWriteAfterTex(slot_no, p, alpha_dest, 8);
        ps.temps[alpha_dest][3] = alpha[p];
        wrote[1] = alpha_dest;
      }
      if (d.out_type && d.alpha_omask) {
        res.color[d.alpha_target][3] = alpha[p];
        res.color_written[d.alpha_target] |= 8;
      }
      if (d.out_type && d.w_omask) {
        res.depth = alpha[p];
        res.depth_written = true;
      }
    }
    // A.12: the ALU-result bit, compared on red or alpha after clamp.
    if (d.alu_wmask) ps.alu_result = AluCompare(d.alu_result_op, d.alu_result_sel ? alpha[p] : rgb[p][0]);
    // Predicates (INFERRED: bit i of STAT_WE writes predicate i, r..a, with
    // the ALU_RESULT_OP compare of result channel i).
    for (int c = 0; c < 4; ++c)
      if (d.stat_we >> c & 1) ps.pred[c] = AluCompare(d.alu_result_op, c == 3 ? alpha[p] : rgb[p][c]);
  }
  if (d.alu_wmask) {
    m.alu_result_valid = true;
    m.alu_result_slot = slot_no;
  }
  m.prev_wrote = wrote;  // what a presubtract in the next instruction must not read (A.13 item 1)
}

}  // namespace shaderdiff::r500
