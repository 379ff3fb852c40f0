// The naive r500 templates. Every component-wise op is one RGB-half
// instruction for the destination's x, y, z and one Alpha-half instruction
// for w. Where a destination is also a source, the result goes to S0 first
// and is then copied (the RGB half would otherwise change what the Alpha
// half reads). Intermediates live in S1 and S2.
//
// Readings taken to match TGSI bit for bit where R500 can:
// - MOV, MIN, MAX and CMP use OMOD `disable` (bit-exact: NaN payloads,
//   denormals); MOV is MAX(a, a).
// - MUL is MAD(a, b, -0) and ADD MAD(a, 1, b): -0 + -0 keeps a -0 product.
// - CMP (src0 < 0 ? src1 : src2) is R500's CMP (C >= 0 ? A : B) on
//   MIN(src0, 0), which sends NaN to the src2 side as TGSI's compare does.
// - SLT/SGE/SEQ/SNE/SGT/SLE compare t = a - b with 0 (R500 has no set ops;
//   Mesa does the same); where t is NaN from equal infinities (inf - inf),
//   the operands are equal (EqualInfinities; found by a fuzz of float-only
//   shaders: SNE(inf, inf) was 1). OMOD flushes a denormal t to a signed 0,
//   so t is taken on operands scaled by 2^24 where they are below 2^104
//   (SignedDifference; the same fuzz: SGE of two close small operands).
// - FLR is a - FRC(a) (R500 has no floor; Mesa's form), selected by CMP
//   against a itself where |a| >= 2^23, since a - FRC(a) of +-inf is NaN
//   where TGSI's floor gives +-inf (found by the check on edge vectors).
//   CEIL is -FLR(-a), TRUNC FLR(|a|) with a's sign, ROUND FLR plus a
//   ties-to-even step (RoundHalfEven), all with the same |a| >= 2^23 rule.
// - SIN/COS scale by 1/(2 pi) (R500's SIN/COS take turns).
// - SQRT is RCP(RSQ(a)): two roundings, compared within the reference's
//   SQRT bounds.
// - DDX/DDY are MDH/MDV: one difference per quad (Derivative).
// - KILL_IF kills on src + 0 (a MAD), so a -0 component, which R500's KIL
//   would kill, becomes +0 as TGSI's `< 0` wants.
#include "compiler/targets/r500/naive/templates.h"

#include <numbers>

#include "compiler/support/mutant.h"
#include "compiler/tgsi/opcode.h"

namespace shaderdiff::r500naive {
// The helpers templates.h shares with set_ops.cc.
int S(const Ctx& ctx, int k) { return ctx.map.scratch + k; }

Operand Zero() { return InlineOperand(kSwzZero); }
Operand One() { return InlineOperand(kSwzOne); }
Operand NegZero() { return InlineOperand(kSwzZero, kModNeg); }

void Componentwise(Ctx& ctx, AluOp op, const Operand& a, const Operand& b, const Operand& c, int dest, uint8_t mask,
                   WriteMode mode) {
  if (mask & 7) ctx.emit.Emit(RgbInstr(op, a, b, c, dest, mask & 7, mode));
  if (mask & 8) ctx.emit.Emit(AlphaInstr(AlphaOpcode(op), a, b, c, 3, dest, mode));
}

int ConstSlot(Ctx& ctx, common::Vec4 value) {
  for (int k = ctx.map.consts_used; k < ctx.next_const; ++k)
    if (ctx.program.state.consts[k] == value) return k;
  if (ctx.next_const >= r500::kConsts) {
    ctx.Unsupported(std::to_string(ctx.next_const + 1) + " constants (the translator's own included), it has " +
                    std::to_string(r500::kConsts));
    return 0;
  }
  ctx.program.state.consts[ctx.next_const] = value;
  return ctx.next_const++;
}

Operand Splat(Ctx& ctx, float v, uint8_t mod) {
  const common::Word k = common::FromFloat(v);
  Operand o;
  o.kind = Operand::Kind::kConst;
  o.index = ConstSlot(ctx, {k, k, k, k});
  o.swz = {0, 0, 0, 0};
  o.mod = mod;
  return o;
}

namespace {

using tgsi::Opcode;

constexpr uint32_t kAlphaEx2 = 8, kAlphaLn2 = 9, kAlphaRcp = 10, kAlphaRsq = 11, kAlphaSin = 12, kAlphaCos = 13;

bool SameRegister(const tgsi::Register& a, const tgsi::Register& b) { return a.file == b.file && a.index.index == b.index.index; }

std::optional<Dest> Destination(Ctx& ctx, const tgsi::Instruction& inst) {
  if (inst.dst.size() != 1) {
    ctx.Unsupported(std::to_string(inst.dst.size()) + " destinations");
    return std::nullopt;
  }
  const tgsi::DstOperand& d = inst.dst[0];
  if (d.reg.index.indirect) {
    ctx.Unsupported("relative addressing of " + std::string(tgsi::Name(d.reg.file)));
    return std::nullopt;
  }
  const std::optional<int> t = d.reg.file == tgsi::File::kInput ? std::nullopt : ctx.map.Temp(d.reg.file, d.reg.index.index);
  if (!t) {
    ctx.Unsupported("destination file " + std::string(tgsi::Name(d.reg.file)));
    return std::nullopt;
  }
  Dest out{*t, *t, d.write_mask, {inst.saturate}};
  for (const tgsi::SrcOperand& s : inst.src)
    if (SameRegister(s.reg, d.reg)) out.write = S(ctx, 0);
  return out;
}

void Finish(Ctx& ctx, const Dest& d) {
  if (d.write == d.temp) return;
  const Operand s0 = TempOperand(d.write);
  Componentwise(ctx, AluOp::kMax, s0, s0, Zero(), d.temp, d.mask);
}

// A scalar Alpha op (transcendental) of `a`'s x, broadcast to the destination.
void Scalar(Ctx& ctx, const Dest& d, uint32_t alpha_op, const Operand& a) {
  const int s1 = S(ctx, 1);
  ctx.emit.Emit(AlphaInstr(alpha_op, a, Zero(), Zero(), 0, s1, {}));
  const Operand r = Broadcast(TempOperand(s1), 3);
  Componentwise(ctx, AluOp::kMax, r, r, Zero(), d.write, d.mask, d.mode);
}

// SIN/COS: R500's take turns, TGSI's radians.
void Trig(Ctx& ctx, const Dest& d, uint32_t alpha_op, const Operand& a) {
  const Operand inv2pi = Splat(ctx, 0.5f / std::numbers::pi_v<float>);
  const int s1 = S(ctx, 1);
  ctx.emit.Emit(AlphaInstr(AlphaOpcode(AluOp::kMad), a, inv2pi, NegZero(), 0, s1, {}));
  Scalar(ctx, d, alpha_op, Broadcast(TempOperand(s1), 3));
}

// S2 = |x| - 2^23: >= 0 where x is integral already (and at +-inf, where
// x - FRC(x) is NaN), < 0 or NaN elsewhere.
void BigTest(Ctx& ctx, const Operand& x, uint8_t mask) {
  Operand abs_x = x;
  abs_x.mod = kModAbs;
  Componentwise(ctx, AluOp::kMad, abs_x, One(), Splat(ctx, 8388608.0f, kModNeg), S(ctx, 2), mask);
}

// S1 = x - FRC(x) (floor(x) where |x| < 2^23; Mesa's form, R500 has no
// floor), S2 = BigTest(x).
void FloorCandidate(Ctx& ctx, const Operand& x, uint8_t mask) {
  const int s1 = S(ctx, 1);
  Componentwise(ctx, AluOp::kFrc, x, Zero(), Zero(), s1, mask);
  Componentwise(ctx, AluOp::kMad, x, One(), TempOperand(s1, kModNeg), s1, mask);
  BigTest(ctx, x, mask);
}

// FLR, CEIL, TRUNC from one floor: FLR(a) = floor(a); CEIL(a) = -floor(-a);
// TRUNC(a) = floor(|a|) with a's sign (a < 0, or NaN, takes the negated
// side). Where |a| >= 2^23 the result is a itself (integral, and +-inf stays
// +-inf). Zero signs: TRUNC(-0.5) and CEIL(-0.5) are -0 here and in the
// reference; TRUNC(-0) is +0 here, and the reference leaves a zero's sign
// free for TRUNC/CEIL/ROUND.
void Rounding(Ctx& ctx, const Dest& d, Opcode op, const Operand& a) {
  const Operand s1 = TempOperand(S(ctx, 1)), s2 = TempOperand(S(ctx, 2));
  if (op == Opcode::FLR) {
    FloorCandidate(ctx, a, d.mask);
    Componentwise(ctx, AluOp::kCmp, a, s1, s2, d.write, d.mask, d.mode);
  } else if (op == Opcode::CEIL) {
    FloorCandidate(ctx, Negated(a), d.mask);
    Componentwise(ctx, AluOp::kCmp, a, Negated(s1), s2, d.write, d.mask, d.mode);
  } else {  // TRUNC
    Operand abs_a = a;
    abs_a.mod = kModAbs;
    FloorCandidate(ctx, abs_a, d.mask);
    Componentwise(ctx, AluOp::kCmp, abs_a, s1, s2, S(ctx, 1), d.mask);
    Componentwise(ctx, AluOp::kCmp, s1, Negated(s1), a, d.write, d.mask, d.mode);
  }
}

// ROUND, ties to even (tgsi.md): f = FRC(a), fl = a - f; up by one where
// f > 1/2, or f = 1/2 and fl is odd (FRC(fl / 2) = 1/2); a itself where
// |a| >= 2^23. Every step is exact for |a| < 2^23 (fl / 2, FRC of it, and
// fl + 1 are exact; f - 1/2 may round only where it is far from 0, keeping
// its sign). The destination's own register (never a source: see
// Destination) holds the intermediates besides S1 and S2.
void RoundHalfEven(Ctx& ctx, const Dest& d, const Operand& a) {
  const int s1 = S(ctx, 1), s2 = S(ctx, 2), w = d.write;
  const Operand f = TempOperand(s1), fl = TempOperand(s2), h = TempOperand(w);
  Componentwise(ctx, AluOp::kFrc, a, Zero(), Zero(), s1, d.mask);                            // f
  Componentwise(ctx, AluOp::kMad, a, One(), Negated(f), s2, d.mask);                         // fl = a - f
  Componentwise(ctx, AluOp::kMad, f, One(), InlineOperand(kSwzHalf, kModNeg), s1, d.mask);   // t = f - 1/2
  Componentwise(ctx, AluOp::kMad, fl, InlineOperand(kSwzHalf), NegZero(), w, d.mask);        // fl / 2
  Componentwise(ctx, AluOp::kFrc, h, Zero(), Zero(), w, d.mask);                             // h: 0, or 1/2 if fl odd
  const Operand t = TempOperand(s1);
  Componentwise(ctx, AluOp::kCmp, h, InlineOperand(kSwzHalf), Negated(t), w, d.mask);        // t <= 0 ? h : 1/2
  Componentwise(ctx, AluOp::kCmp, h, Zero(), t, w, d.mask);                                  // t >= 0 ? that : 0
  Componentwise(ctx, AluOp::kMad, h, One(), h, w, d.mask);                                   // up: 0 or 1
  Componentwise(ctx, AluOp::kMad, h, One(), fl, s1, d.mask);                                 // fl + up
  BigTest(ctx, a, d.mask);
  Componentwise(ctx, AluOp::kCmp, a, f, TempOperand(s2), w, d.mask, d.mode);
}

// DDX/DDY: the operand, swizzled and modified, into S1 (MDH/MDV read src0's
// register, ignoring select and swizzle), then MDH (top-right minus top-left
// pixel) or MDV (bottom-left minus top-left) as MAD(-A, 1, C). The reference
// takes DDX from the bottom row and DDY from the left column, and leaves a
// coarse DDX free where the rows differ (emulator/tgsi OpDeriv), so one
// difference per quad is TGSI's coarse derivative. A.13 item 2: the
// instruction before each MDH/MDV gets its NOP bit.
void Derivative(Ctx& ctx, const Dest& d, Opcode op, const Operand& a) {
  const int s1 = S(ctx, 1);
  Componentwise(ctx, AluOp::kMax, a, a, Zero(), s1, d.mask);
  const AluOp mdx = op == Opcode::DDX ? AluOp::kMdh : AluOp::kMdv;
  const Operand v = TempOperand(s1);
  if (d.mask & 7) {
    ctx.emit.code().back().Set(r500::Field::kNop, 1);
    ctx.emit.Emit(RgbInstr(mdx, Negated(v), One(), v, d.write, d.mask & 7, d.mode));
  }
  if (d.mask & 8) {
    ctx.emit.code().back().Set(r500::Field::kNop, 1);
    ctx.emit.Emit(AlphaInstr(AlphaOpcode(mdx), Negated(v), One(), v, 3, d.write, d.mode));
  }
}


// R500's ALU computes floats only (A.1, A.4): an opcode whose sources or
// result are integers or doubles has no translation, and the reason says so.
std::string ValueKindPrefix(tgsi::Opcode op) {
  const tgsi::OpcodeInfo& info = tgsi::GetOpcodeInfo(op);
  auto is = [&](std::initializer_list<tgsi::DataType> kinds) {
    for (tgsi::DataType k : kinds)
      if (info.src_type == k || info.dst_type == k) return true;
    return false;
  };
  if (is({tgsi::DataType::D})) return "double opcode ";
  if (is({tgsi::DataType::I, tgsi::DataType::U, tgsi::DataType::I64, tgsi::DataType::U64})) return "integer opcode ";
  return "";
}

void Kill(Ctx& ctx, const tgsi::Instruction& inst) {
  const int s1 = S(ctx, 1);
  if (inst.opcode == Opcode::KILL) {
    const Operand m1 = InlineOperand(kSwzOne, kModNeg);
    Componentwise(ctx, AluOp::kMax, m1, m1, Zero(), s1, 0xf);
  } else {
    const Operand a = Source(ctx, inst.src[0]);
    Componentwise(ctx, AluOp::kMad, a, One(), Zero(), s1, 0xf);  // -0 + 0 = +0
  }
  ctx.emit.Emit(TexKill(s1));
}

void Texture(Ctx& ctx, const Dest& d, const tgsi::Instruction& inst) {
  const tgsi::TextureTarget target = inst.texture_target.value_or(tgsi::TextureTarget::kUnknown);
  if (target != tgsi::TextureTarget::k1D && target != tgsi::TextureTarget::k2D && target != tgsi::TextureTarget::k3D &&
      target != tgsi::TextureTarget::kCube && target != tgsi::TextureTarget::kRect) {
    ctx.Unsupported("texture target " + std::string(tgsi::Name(target)));
    return;
  }
  if (!inst.tex_offsets.empty()) ctx.Unsupported("texel offsets");
  const bool txd = inst.opcode == Opcode::TXD;
  if (inst.src.size() < (txd ? 4u : 2u)) {
    ctx.error = "malformed shader: " + std::string(tgsi::OpcodeName(inst.opcode)) + " without a sampler";
    return;
  }
  const tgsi::SrcOperand& samp = inst.src[txd ? 3 : 1];
  if (samp.reg.file != tgsi::File::kSampler || samp.reg.index.indirect || samp.reg.index.index >= r500::kTexUnits) {
    ctx.Unsupported("sampler operand " + std::string(tgsi::Name(samp.reg.file)));
    return;
  }
  const uint32_t unit = samp.reg.index.index;
  bool known = false;
  for (const r500::SamplerBinding& b : ctx.program.samplers) {
    if (b.unit != unit) continue;
    known = true;
    if (b.target != target) ctx.Unsupported("one sampler with two texture targets");
  }
  if (!known) ctx.program.samplers.push_back({unit, target});
  const Operand coord = Source(ctx, inst.src[0]);
  if (ctx.failed()) return;
  const int s1 = S(ctx, 1), s2 = S(ctx, 2);
  Componentwise(ctx, AluOp::kMax, coord, coord, Zero(), s1, 0xf);
  // A.10: LD, PROJ (TXP), LODBIAS (TXB: bias in w), LOD (TXL: LOD in w),
  // DXDY (TXD: the gradients in S2 and S0, which the final copy writes only
  // after the lookup has read them; the lookup writes S1, its coordinates,
  // since S2 is read as DX); RECT's coordinates are in texels (UNSCALED, as Mesa sets it).
  const uint32_t tex_op = inst.opcode == Opcode::TXP ? 3 : inst.opcode == Opcode::TXB ? 4
                          : inst.opcode == Opcode::TXL ? 5 : txd ? 6 : 1;
  int result = s2;
  if (txd) {
    const Operand dx = Source(ctx, inst.src[1]), dy = Source(ctx, inst.src[2]);
    if (ctx.failed()) return;
    Componentwise(ctx, AluOp::kMax, dx, dx, Zero(), s2, 0xf);
    Componentwise(ctx, AluOp::kMax, dy, dy, Zero(), S(ctx, 0), 0xf);
    result = s1;
  }
  r500::Instr sample = TexSample(tex_op, static_cast<int>(unit), s1, result);
  if (txd) {
    using r500::Field;
    sample.Set(Field::kTexDx, static_cast<uint32_t>(s2));
    sample.Set(Field::kTexDy, static_cast<uint32_t>(S(ctx, 0)));
    const Field dxs[4] = {Field::kTexDxS, Field::kTexDxT, Field::kTexDxR, Field::kTexDxQ};
    const Field dys[4] = {Field::kTexDyS, Field::kTexDyT, Field::kTexDyR, Field::kTexDyQ};
    for (uint32_t c = 0; c < 4; ++c) {
      sample.Set(dxs[c], c);
      sample.Set(dys[c], c);
    }
  }
  if (target == tgsi::TextureTarget::kRect) sample.Set(r500::Field::kTexUnscaled, 1);
  ctx.emit.Emit(sample);
  const Operand r = TempOperand(result);
  Componentwise(ctx, AluOp::kMax, r, r, Zero(), d.write, d.mask, d.mode);
}

}  // namespace

Operand Source(Ctx& ctx, const tgsi::SrcOperand& src) {
  Operand o;
  const tgsi::Register& r = src.reg;
  if (r.index.indirect) {
    ctx.Unsupported("relative addressing of " + std::string(tgsi::Name(r.file)));
    return o;
  }
  if (r.file == tgsi::File::kConstant) {
    if (r.dimension && r.dimension->index != 0) ctx.Unsupported("constant buffer " + std::to_string(r.dimension->index));
    o.kind = Operand::Kind::kConst;
    o.index = static_cast<int>(r.index.index);
  } else if (r.file == tgsi::File::kImmediate) {
    o.kind = Operand::Kind::kConst;
    o.index = ctx.map.imm_base + static_cast<int>(r.index.index);
  } else if (std::optional<int> t = ctx.map.Temp(r.file, r.index.index)) {
    o.kind = Operand::Kind::kTemp;
    o.index = *t;
  } else {
    ctx.Unsupported("source file " + std::string(tgsi::Name(r.file)));
    return o;
  }
  for (int c = 0; c < 4; ++c) o.swz[c] = src.swizzle[c];
  o.mod = src.absolute ? (src.negate ? kModNab : kModAbs) : (src.negate ? kModNeg : kModNop);
  return o;
}

void TranslateInstruction(Ctx& ctx, const tgsi::Instruction& inst) {
  const Opcode op = inst.opcode;
  switch (op) {
    case Opcode::NOP: return;
    case Opcode::IF: case Opcode::ELSE: case Opcode::ENDIF: case Opcode::BGNLOOP: case Opcode::ENDLOOP:
    case Opcode::BRK: case Opcode::CONT: TranslateFlow(ctx, inst); return;
    case Opcode::END:
      if (!ctx.blocks.empty()) {
        ctx.error = "malformed shader: END inside flow control";
        return;
      }
      EmitOutputs(ctx);
      return;
    case Opcode::KILL:
    case Opcode::KILL_IF: Kill(ctx, inst); return;
    default: break;
  }
  std::vector<Operand> src;
  auto dest_or = [&]() -> std::optional<Dest> {
    for (const tgsi::SrcOperand& s : inst.src)
      if (s.reg.file != tgsi::File::kSampler) src.push_back(Source(ctx, s));
    if (ctx.failed()) return std::nullopt;
    return Destination(ctx, inst);
  };
  auto need = [&](size_t n) {
    if (src.size() < n) ctx.error = "malformed shader: " + std::string(tgsi::OpcodeName(op)) + " needs " + std::to_string(n) + " sources";
    return !ctx.failed();
  };
  switch (op) {
    case Opcode::MOV: case Opcode::ADD: case Opcode::MUL: case Opcode::MAD: case Opcode::MIN: case Opcode::MAX:
    case Opcode::FRC: case Opcode::FLR: case Opcode::CEIL: case Opcode::TRUNC: case Opcode::ROUND: case Opcode::CMP: case Opcode::SLT: case Opcode::SGE: case Opcode::SEQ:
    case Opcode::SNE: case Opcode::SGT: case Opcode::SLE: case Opcode::RCP: case Opcode::RSQ: case Opcode::EX2:
    case Opcode::LG2: case Opcode::SIN: case Opcode::COS: case Opcode::TEX: case Opcode::TXP: case Opcode::TXB:
    case Opcode::TXL: case Opcode::TXD: case Opcode::SQRT:
    case Opcode::DDX: case Opcode::DDY: break;
    case Opcode::INTERP_CENTROID:
      // A.1: the rasterizer preloads each input once, interpolated as
      // declared; no documented way to interpolate it again on demand.
      ctx.Unsupported("INTERP_CENTROID (inputs are preloaded once, A.1)");
      return;
    case Opcode::DDX_FINE: case Opcode::DDY_FINE:
      ctx.Unsupported(std::string(tgsi::OpcodeName(op)) + " (MDH/MDV give one difference per quad)");
      return;
    default: ctx.Unsupported(ValueKindPrefix(op) + std::string(tgsi::OpcodeName(op))); return;
  }
  const std::optional<Dest> d = dest_or();
  if (!d) return;
  switch (op) {
    case Opcode::MOV:
      if (!need(1)) return;
      Componentwise(ctx, AluOp::kMax, src[0], src[0], Zero(), d->write, d->mask, d->mode);
      break;
    case Opcode::ADD:
      if (!need(2)) return;
      Componentwise(ctx, AluOp::kMad, src[0], One(), src[1], d->write, d->mask, d->mode);
      break;
    case Opcode::MUL:
      if (!need(2)) return;
      if (compiler::MutantActive(compiler::Mutant::kR500NaiveMulPlusZero)) {  // test-only (mutant.h)
        Componentwise(ctx, AluOp::kMad, src[0], src[1], Zero(), d->write, d->mask, d->mode);
      } else {
        Componentwise(ctx, AluOp::kMad, src[0], src[1], NegZero(), d->write, d->mask, d->mode);
      }
      break;
    case Opcode::MAD:
      if (!need(3)) return;
      Componentwise(ctx, AluOp::kMad, src[0], src[1], src[2], d->write, d->mask, d->mode);
      break;
    case Opcode::MIN:
    case Opcode::MAX:
      if (!need(2)) return;
      Componentwise(ctx, op == Opcode::MIN ? AluOp::kMin : AluOp::kMax, src[0], src[1], Zero(), d->write, d->mask,
                    d->mode);
      break;
    case Opcode::FRC:
      if (!need(1)) return;
      Componentwise(ctx, AluOp::kFrc, src[0], Zero(), Zero(), d->write, d->mask, d->mode);
      break;
    case Opcode::FLR:
    case Opcode::CEIL:
    case Opcode::TRUNC:
      if (need(1)) Rounding(ctx, *d, op, src[0]);
      break;
    case Opcode::ROUND:
      if (need(1)) RoundHalfEven(ctx, *d, src[0]);
      break;
    case Opcode::DDX:
    case Opcode::DDY:
      if (need(1)) Derivative(ctx, *d, op, src[0]);
      break;
    case Opcode::CMP: {
      if (!need(3)) return;
      if (FoldedSelect(ctx, *d, src[0], src[1], src[2])) break;  // r500-select/set-fold (set_ops.cc)
      // r500-select/bool-select (the optimizing build only): a condition
      // that holds a set op's result (1.0 or +0.0, under any modifier) is
      // never NaN, so R500's CMP tests it directly: C >= 0 picks src2
      // (-0 too, as TGSI's `< 0` is false there), C < 0 picks src1.
      if (ctx.select != nullptr && HoldsSetOpResult(ctx, inst.src[0], d->mask) &&
          compiler::ShouldRewrite(ctx.select, "bool-select")) {
        Componentwise(ctx, AluOp::kCmp, src[2], src[1], src[0], d->write, d->mask, d->mode);
        break;
      }
      const int s1 = S(ctx, 1);
      Componentwise(ctx, AluOp::kMin, src[0], Zero(), Zero(), s1, d->mask);  // NaN -> 0 (the src2 side)
      Componentwise(ctx, AluOp::kCmp, src[2], src[1], TempOperand(s1), d->write, d->mask, d->mode);
      break;
    }
    case Opcode::SLT: case Opcode::SGE: case Opcode::SEQ: case Opcode::SNE: case Opcode::SGT: case Opcode::SLE:
      if (!need(2)) return;
      SetOp(ctx, *d, op, src[0], src[1]);
      break;
    case Opcode::RCP: if (need(1)) Scalar(ctx, *d, kAlphaRcp, src[0]); break;
    case Opcode::RSQ: if (need(1)) Scalar(ctx, *d, kAlphaRsq, src[0]); break;
    case Opcode::EX2: if (need(1)) Scalar(ctx, *d, kAlphaEx2, src[0]); break;
    case Opcode::LG2: if (need(1)) Scalar(ctx, *d, kAlphaLn2, src[0]); break;
    case Opcode::SIN: if (need(1)) Trig(ctx, *d, kAlphaSin, src[0]); break;
    case Opcode::SQRT:
      // 1 / RSQ(a) (R500 has no square root; Mesa's form): sqrt(+-0) = RCP(+-inf) = +-0, sqrt(inf) = RCP(0) = inf.
      if (!need(1)) return;
      ctx.emit.Emit(AlphaInstr(kAlphaRsq, src[0], Zero(), Zero(), 0, S(ctx, 1), {}));
      Scalar(ctx, *d, kAlphaRcp, Broadcast(TempOperand(S(ctx, 1)), 3));
      break;
    case Opcode::COS: if (need(1)) Trig(ctx, *d, kAlphaCos, src[0]); break;
    case Opcode::TEX:
    case Opcode::TXP:
    case Opcode::TXB:
    case Opcode::TXL:
    case Opcode::TXD: if (need(1)) Texture(ctx, *d, inst); break;
    default: break;
  }
  if (!ctx.failed()) Finish(ctx, *d);
}

void EmitOutputs(Ctx& ctx) {
  for (const r500::OutputBinding& o : ctx.program.outputs) {
    const int t = *ctx.map.Temp(tgsi::File::kOutput, o.out_index);
    if (o.kind == r500::OutputBinding::Kind::kColor) {
      ctx.emit.Emit(RgbOut(t, o.target));
      ctx.emit.Emit(AlphaOut(t, 3, o.target));
    } else {
      ctx.emit.Emit(DepthOut(t, 2));
    }
  }
  if (ctx.program.outputs.empty()) {
    r500::Instr none = r500::EmptyInstr(r500::InstrType::kOut);
    ctx.emit.Emit(none);
  }
  ctx.emit.code().back().Set(r500::Field::kTexSemWait, 1);
}

}  // namespace shaderdiff::r500naive
