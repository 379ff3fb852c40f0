// Float templates (docs/tgsi.md 2.2-2.4, 2.12). Per written channel c
// (COMP), with a, b, c the sources at slot c:
//   ADD/SUB/MUL/MIN/MAX   add.f/mul.f/min.f/max.f o, a, b   (SUB: (neg)b)
//   MAD/FMA               mad.f32 o, a, b, c   (a GPR factor in the middle)
//   LRP                   add.f t, b, (neg)c; mad.f32 o, a, t, c  = a*(b-c)+c
//   DIV                   rcp t, b; mul.f o, a, t
//   LDEXP                 e = clamp(b, -254, 254) (max.s/min.s); h = e >> 1 (ashr.b);
//                         o = a * 2^h * 2^(e - h), each power built as
//                         (p + 127) << 23 (add.s, shl.b; p = -127 gives +0.0,
//                         a flush) and applied with mul.f: Mesa's lowering of
//                         ldexp for GPUs without it (nir_opt_algebraic), exact
//                         for exponents in [-126, 128] but a double rounding of
//                         denormal results; GLSL leaves larger exponents
//                         undefined and lets smaller ones flush, as the
//                         reference does (emulator/tgsi, reasons ldexp-*)
//   FLR/CEIL/TRUNC/ROUND  floor.f/ceil.f/trunc.f/rndne.f o, a
//   FRC                   floor.f t, a; add.f o, a, (neg)t      = a - floor(a)
//   SSG                   sign.f o, a
//   CMP                   cmps.f.lt t, a, K.x(0.0); sel.b32 o, b, t, c
//   SLT..SNE, SGT, SLE    cmps.f.<cond> t, a, b; cov.u32f32 o, t   (1.0/0.0)
//   FSLT..FSNE            cmps.f.<cond> t, a, b; absneg.s o, (neg)t (~0/0)
//   DDX/DDY               dsx/dsy (f32)(x)o, a
//   ABS                   and.b o, a, K.w (a sign-bit operation, like fabsf)
//   CLAMP                 a < b ? b : (a > c ? c : a) with cmps.f + sel.b32
//   CND                   c > 0.5 ? a : b with cmps.f + sel.b32
// Replicated scalar results (REPL) are computed into Out(first written
// channel) and copied to the others:
//   RCP/RSQ/SQRT/EX2/LG2  rcp/rsq/sqrt/exp2/log2 o, a.x
//   SIN/COS               t = a*(1/2pi); t -= rndne(t); t *= 2pi; sin/cos o, t
//                         (range reduction to [-pi, pi], as ir3 does: the
//                         SFU is presumably inaccurate outside it)
//   POW                   log2 t, a.x; mul.f t, t, b.x; exp2 o, t
//   DP2/DP3/DP4           mul.f t, a.x, b.x; mad.f32 t, a.y, b.y, t; ...
//                         (TGSI's association order; the last step writes o)
//   DPH, DP2A             DP3 + b.w / DP2 + c.x with add.f
//   RCC                   rcp, then clamped by sign (min.f/max.f, cmps.f, sel.b32)
// Channel-specific: XPD, DST, SCS, SFL, STR, LIT (pow as exp2(e * log2(b)),
// selected by cmps.f.gt + sel.b32), EXP, LOG (y = |a| * rcp(exp2(floor(l)))),
// NRM/NRM4 (mul.f/add.f sum, rsq, mul.f).
#include "compiler/targets/a3xx/naive/templates.h"

namespace shaderdiff::naive {

using a3xx::Cond;
using a3xx::Opcode;
using a3xx::Type;

namespace {

namespace T = tgsi;

constexpr uint32_t kOneHalf = 0x3f000000;     // 0.5f
constexpr uint32_t kInvTwoPi = 0x3e22f983;    // 0.15915494f = 1/(2*pi)
constexpr uint32_t kTwoPi = 0x40c90fdb;       // 6.2831855f

void Binary(Inst& i) {
  Opcode op = Opcode::ADD_F;
  bool negate_b = false;
  switch (i.in.opcode) {
    case T::Opcode::ADD: op = Opcode::ADD_F; break;
    case T::Opcode::SUB: op = Opcode::ADD_F; negate_b = true; break;
    case T::Opcode::MUL: op = Opcode::MUL_F; break;
    case T::Opcode::MIN: op = Opcode::MIN_F; break;
    case T::Opcode::MAX: op = Opcode::MAX_F; break;
    default: break;
  }
  ForEachChannel(i, [&](int c) {
    auto [a, b] = i.Src2(0, 1, c, kUseCat2Float);
    i.Emit(Alu2(op, i.Out(c), a, negate_b ? Neg(b) : b));
  });
}

// a*b + c with mad.f32 (src2 of cat3 must be a GPR; a product commutes, so
// a GPR factor goes in the middle when there is one).
void MadInto(Inst& i, const Operand& dst, int ka, int kb, int slot, const Operand& addend) {
  if (!IsDirectGpr(i, kb) && IsDirectGpr(i, ka)) std::swap(ka, kb);
  const Operand a = i.Src(ka, slot, kUseMadOuter);
  const Operand b = i.Src(kb, slot, kUseMadMiddle);
  i.Emit(Alu3(Opcode::MAD_F32, dst, a, b, addend));
}

void Mad(Inst& i) {
  ForEachChannel(i, [&](int c) {
    const Operand addend = i.Src(2, c, kUseMadOuter);
    MadInto(i, i.Out(c), 0, 1, c, addend);
  });
}

void Lrp(Inst& i) {
  ForEachChannel(i, [&](int c) {
    auto [b, cc] = i.Src2(1, 2, c, kUseCat2Float);
    i.Emit(Alu2(Opcode::ADD_F, TReg(0), b, Neg(cc)));
    const Operand a = i.Src(0, c, kUseMadOuter);
    const Operand addend = i.Src(2, c, kUseMadOuter);
    i.Emit(Alu3(Opcode::MAD_F32, i.Out(c), a, TReg(0), addend));
  });
}

void Ldexp(Inst& i) {
  ForEachChannel(i, [&](int c) {
    const Operand e = TReg(0), h = TReg(1), f = TReg(2), r = TReg(3);
    i.Emit(Mov(e, i.Src(1, c, kUseMov)));  // the exponent's bits (float-style modifiers)
    i.Emit(Alu2(Opcode::MAX_S, e, e, Imm(-254)));
    i.Emit(Alu2(Opcode::MIN_S, e, e, Imm(254)));
    i.Emit(Alu2(Opcode::ASHR_B, h, e, Imm(1)));
    i.Emit(Alu2(Opcode::SUB_S, e, e, h));
    i.Emit(Alu2(Opcode::ADD_S, f, h, Imm(127)));
    i.Emit(Alu2(Opcode::SHL_B, f, f, Imm(23)));
    i.Emit(Alu2(Opcode::MUL_F, r, i.Src(0, c, kUseCat2Float), f));
    i.Emit(Alu2(Opcode::ADD_S, f, e, Imm(127)));
    i.Emit(Alu2(Opcode::SHL_B, f, f, Imm(23)));
    i.Emit(Alu2(Opcode::MUL_F, i.Out(c), r, f));
  });
}

void Div(Inst& i) {
  ForEachChannel(i, [&](int c) {
    i.Emit(Sfu(Opcode::RCP, TReg(0), i.Src(1, c, kUseSfu)));
    i.Emit(Alu2(Opcode::MUL_F, i.Out(c), i.Src(0, c, kUseCat2Float), TReg(0)));
  });
}

void Unary(Inst& i) {
  Opcode op = Opcode::FLOOR_F;
  switch (i.in.opcode) {
    case T::Opcode::FLR: op = Opcode::FLOOR_F; break;
    case T::Opcode::CEIL: op = Opcode::CEIL_F; break;
    case T::Opcode::TRUNC: op = Opcode::TRUNC_F; break;
    case T::Opcode::ROUND: op = Opcode::RNDNE_F; break;
    case T::Opcode::SSG: op = Opcode::SIGN_F; break;
    default: break;
  }
  ForEachChannel(i, [&](int c) { i.Emit(Alu2(op, i.Out(c), i.Src(0, c, kUseCat2Float))); });
}

void Frc(Inst& i) {
  ForEachChannel(i, [&](int c) {
    const Operand a = i.Src(0, c, kUseCat2Float);
    i.Emit(Alu2(Opcode::FLOOR_F, TReg(0), a));
    i.Emit(Alu2(Opcode::ADD_F, i.Out(c), a, Neg(TReg(0))));
  });
}

void Abs(Inst& i) {
  ForEachChannel(i, [&](int c) {
    i.Emit(Alu2(Opcode::AND_B, i.Out(c), i.Src(0, c, kUseCat2Int), KReg(kKAbsMask)));
  });
}

void CmpSelect(Inst& i) {
  ForEachChannel(i, [&](int c) {
    i.Emit(Cmp(Opcode::CMPS_F, Cond::kLt, TReg(0), i.Src(0, c, kUseCat2Float), KReg(kKZero)));
    const Operand b = i.Src(1, c, kUseCat3IntOuter);
    const Operand cc = i.Src(2, c, kUseCat3IntOuter);
    i.Emit(Alu3(Opcode::SEL_B32, i.Out(c), b, TReg(0), cc));  // t ? b : c
  });
}

Cond CompareCond(T::Opcode op) {
  switch (op) {
    case T::Opcode::SLT: case T::Opcode::FSLT: return Cond::kLt;
    case T::Opcode::SGE: case T::Opcode::FSGE: return Cond::kGe;
    case T::Opcode::SEQ: case T::Opcode::FSEQ: return Cond::kEq;
    case T::Opcode::SNE: case T::Opcode::FSNE: return Cond::kNe;
    case T::Opcode::SGT: return Cond::kGt;
    case T::Opcode::SLE: return Cond::kLe;
    default: return Cond::kLt;
  }
}

// SLT..SLE: 1.0 / 0.0.
void SetOnCompare(Inst& i) {
  const Cond cond = CompareCond(i.in.opcode);
  ForEachChannel(i, [&](int c) {
    auto [a, b] = i.Src2(0, 1, c, kUseCat2Float);
    i.Emit(Cmp(Opcode::CMPS_F, cond, TReg(0), a, b));
    i.Emit(Cov(Type::kU32, Type::kF32, i.Out(c), TReg(0)));
  });
}

// FSLT..FSNE: ~0 / 0.
void FloatSetMask(Inst& i) {
  const Cond cond = CompareCond(i.in.opcode);
  ForEachChannel(i, [&](int c) {
    auto [a, b] = i.Src2(0, 1, c, kUseCat2Float);
    i.Emit(Cmp(Opcode::CMPS_F, cond, TReg(0), a, b));
    i.Emit(Alu2(Opcode::ABSNEG_S, i.Out(c), Neg(TReg(0))));
  });
}

void Clamp(Inst& i) {
  ForEachChannel(i, [&](int c) {
    auto [a, b] = i.Src2(0, 1, c, kUseCat2Float);
    i.Emit(Cmp(Opcode::CMPS_F, Cond::kLt, TReg(0), a, b));
    auto [a2, cc] = i.Src2(0, 2, c, kUseCat2Float);
    i.Emit(Cmp(Opcode::CMPS_F, Cond::kGt, TReg(1), a2, cc));
    // Bit copies of the chosen words.
    const Operand va = i.Src(0, c, kUseCat3IntOuter);
    const Operand vc = i.Src(2, c, kUseCat3IntOuter);
    i.Emit(Alu3(Opcode::SEL_B32, TReg(2), vc, TReg(1), va));  // a > c ? c : a
    const Operand vb = i.Src(1, c, kUseCat3IntOuter);
    i.Emit(Alu3(Opcode::SEL_B32, i.Out(c), vb, TReg(0), TReg(2)));
  });
}

void Cnd(Inst& i) {
  ForEachChannel(i, [&](int c) {
    LoadWord(i, TReg(1), kOneHalf);
    i.Emit(Cmp(Opcode::CMPS_F, Cond::kGt, TReg(0), i.Src(2, c, kUseCat2Float), TReg(1)));
    const Operand a = i.Src(0, c, kUseCat3IntOuter);
    const Operand b = i.Src(1, c, kUseCat3IntOuter);
    i.Emit(Alu3(Opcode::SEL_B32, i.Out(c), a, TReg(0), b));
  });
}

// dsx/dsy write four consecutive scalars whatever the write mask (docs
// §4.3): into T2, dead between channels, then copied out.
void Derivative(Inst& i) {
  const Opcode op = i.in.opcode == T::Opcode::DDX ? Opcode::DSX : Opcode::DSY;
  ForEachChannel(i, [&](int c) {
    Instr d;
    d.opcode = op;
    d.type = Type::kF32;
    d.wrmask = 0x1;
    d.dst = TReg(8);
    d.src[0] = i.Src(0, c, kUseTex);
    i.Emit(d);
    i.Emit(Mov(i.Out(c), TReg(8)));
  });
}

// ---- replicated scalar results ----

void SfuUnary(Inst& i) {
  Opcode op = Opcode::RCP;
  switch (i.in.opcode) {
    case T::Opcode::RCP: op = Opcode::RCP; break;
    case T::Opcode::RSQ: op = Opcode::RSQ; break;
    case T::Opcode::SQRT: op = Opcode::SQRT; break;
    case T::Opcode::EX2: op = Opcode::EXP2; break;
    case T::Opcode::LG2: op = Opcode::LOG2; break;
    default: break;
  }
  i.Emit(Sfu(op, i.Out(i.FirstChannel()), i.Src(0, 0, kUseSfu)));
  i.Replicate();
}

// sin/cos of `x` into dst, after reducing x to [-pi, pi]. Uses T0.x..T0.z.
void Trig(Inst& i, Opcode op, const Operand& dst, const Operand& x) {
  LoadWord(i, TReg(1), kInvTwoPi);
  i.Emit(Alu2(Opcode::MUL_F, TReg(0), x, TReg(1)));          // turns
  i.Emit(Alu2(Opcode::RNDNE_F, TReg(2), TReg(0)));
  i.Emit(Alu2(Opcode::ADD_F, TReg(0), TReg(0), Neg(TReg(2))));  // [-0.5, 0.5]
  LoadWord(i, TReg(1), kTwoPi);
  i.Emit(Alu2(Opcode::MUL_F, TReg(0), TReg(0), TReg(1)));    // [-pi, pi]
  i.Emit(Sfu(op, dst, TReg(0)));
}

void SinCos(Inst& i) {
  const Opcode op = i.in.opcode == T::Opcode::SIN ? Opcode::SIN : Opcode::COS;
  Trig(i, op, i.Out(i.FirstChannel()), i.Src(0, 0, kUseCat2Float));
  i.Replicate();
}

void Pow(Inst& i) {
  i.Emit(Sfu(Opcode::LOG2, TReg(0), i.Src(0, 0, kUseSfu)));
  i.Emit(Alu2(Opcode::MUL_F, TReg(0), TReg(0), i.Src(1, 0, kUseCat2Float)));
  i.Emit(Sfu(Opcode::EXP2, i.Out(i.FirstChannel()), TReg(0)));
  i.Replicate();
}

// The dot product of `n` components into dst: mul, then mad per component.
void DotInto(Inst& i, int n, const Operand& dst) {
  auto [a, b] = i.Src2(0, 1, 0, kUseCat2Float);
  i.Emit(Alu2(Opcode::MUL_F, TReg(0), a, b));
  for (int s = 1; s < n; ++s) MadInto(i, s == n - 1 ? dst : TReg(0), 0, 1, s, TReg(0));
}

void Dot(Inst& i) {
  int n = 4;
  if (i.in.opcode == T::Opcode::DP2) n = 2;
  if (i.in.opcode == T::Opcode::DP3) n = 3;
  DotInto(i, n, i.Out(i.FirstChannel()));
  i.Replicate();
}

// DPH = DP3 + b.w, DP2A = DP2 + c.x.
void DotPlus(Inst& i) {
  const bool dph = i.in.opcode == T::Opcode::DPH;
  DotInto(i, dph ? 3 : 2, TReg(0));
  const Operand add = dph ? i.Src(1, 3, kUseCat2Float) : i.Src(2, 0, kUseCat2Float);
  i.Emit(Alu2(Opcode::ADD_F, i.Out(i.FirstChannel()), TReg(0), add));
  i.Replicate();
}

// ---- channel-specific ----

// XPD: x = a.y*b.z - a.z*b.y; y = a.z*b.x - a.x*b.z; z = a.x*b.y - a.y*b.x; w = 1.
void Xpd(Inst& i) {
  // Per channel: the swizzle slots of a and b in the first product, then in
  // the second.
  static constexpr int kSlots[3][4] = {{1, 2, 2, 1}, {2, 0, 0, 2}, {0, 1, 1, 0}};
  for (int c = 0; c < 3; ++c) {
    if (!i.Writes(c)) continue;
    const int* s = kSlots[c];
    auto [a1, b1] = i.Src2(0, s[0], 1, s[1], kUseCat2Float);
    i.Emit(Alu2(Opcode::MUL_F, TReg(0), a1, b1));
    auto [a2, b2] = i.Src2(0, s[2], 1, s[3], kUseCat2Float);
    i.Emit(Alu2(Opcode::MUL_F, TReg(1), a2, b2));
    i.Emit(Alu2(Opcode::ADD_F, i.Out(c), TReg(0), Neg(TReg(1))));
  }
  if (i.Writes(3)) i.Emit(Mov(i.Out(3), KReg(kKOne)));
}

// DST: x = 1; y = a.y*b.y; z = a.z; w = b.w.
void Dst(Inst& i) {
  if (i.Writes(0)) i.Emit(Mov(i.Out(0), KReg(kKOne)));
  if (i.Writes(1)) {
    auto [a, b] = i.Src2(0, 1, 1, kUseCat2Float);
    i.Emit(Alu2(Opcode::MUL_F, i.Out(1), a, b));
  }
  if (i.Writes(2)) i.Emit(Mov(i.Out(2), i.Src(0, 2, kUseMov)));
  if (i.Writes(3)) i.Emit(Mov(i.Out(3), i.Src(1, 3, kUseMov)));
}

// SCS: x = cos(a.x); y = sin(a.x); z = 0; w = 1.
void Scs(Inst& i) {
  if (i.Writes(0)) Trig(i, Opcode::COS, i.Out(0), i.Src(0, 0, kUseCat2Float));
  if (i.Writes(1)) Trig(i, Opcode::SIN, i.Out(1), i.Src(0, 0, kUseCat2Float));
  if (i.Writes(2)) i.Emit(Mov(i.Out(2), KReg(kKZero)));
  if (i.Writes(3)) i.Emit(Mov(i.Out(3), KReg(kKOne)));
}

// LIT: x = 1; y = max(a.x, 0); z = a.x > 0 ? exp2(clamp(a.w, -128, 128) *
// log2(max(a.y, 0))) : 0; w = 1.
void Lit(Inst& i) {
  if (i.Writes(0)) i.Emit(Mov(i.Out(0), KReg(kKOne)));
  if (i.Writes(1)) i.Emit(Alu2(Opcode::MAX_F, i.Out(1), i.Src(0, 0, kUseCat2Float), KReg(kKZero)));
  if (i.Writes(2)) {
    const Operand base = TReg(0), e = TReg(1), bound = TReg(2), p = TReg(3), positive = TReg(4);
    i.Emit(Alu2(Opcode::MAX_F, base, i.Src(0, 1, kUseCat2Float), KReg(kKZero)));
    LoadWord(i, bound, 0x43000000);  // 128.0f
    i.Emit(Alu2(Opcode::MIN_F, e, i.Src(0, 3, kUseCat2Float), bound));
    LoadWord(i, bound, 0xc3000000);  // -128.0f
    i.Emit(Alu2(Opcode::MAX_F, e, e, bound));
    i.Emit(Sfu(Opcode::LOG2, p, base));
    i.Emit(Alu2(Opcode::MUL_F, p, p, e));
    i.Emit(Sfu(Opcode::EXP2, p, p));
    i.Emit(Cmp(Opcode::CMPS_F, Cond::kGt, positive, i.Src(0, 0, kUseCat2Float), KReg(kKZero)));
    i.Emit(Alu3(Opcode::SEL_B32, i.Out(2), p, positive, KReg(kKZero)));
  }
  if (i.Writes(3)) i.Emit(Mov(i.Out(3), KReg(kKOne)));
}

// EXP: f = floor(a.x); x = exp2(f); y = a.x - f; z = exp2(a.x); w = 1.
void Exp(Inst& i) {
  const Operand a = i.Src(0, 0, kUseSfu);
  const Operand f = TReg(0);
  i.Emit(Alu2(Opcode::FLOOR_F, f, a));
  if (i.Writes(0)) i.Emit(Sfu(Opcode::EXP2, i.Out(0), f));
  if (i.Writes(1)) i.Emit(Alu2(Opcode::ADD_F, i.Out(1), a, Neg(f)));
  if (i.Writes(2)) i.Emit(Sfu(Opcode::EXP2, i.Out(2), a));
  if (i.Writes(3)) i.Emit(Mov(i.Out(3), KReg(kKOne)));
}

// LOG: l = log2(|a.x|); x = floor(l); y = |a.x| * rcp(exp2(floor(l))); z = l; w = 1.
void Log(Inst& i) {
  Operand a = i.Src(0, 0, kUseSfu);
  a.neg = false;  // |-v| = |v|
  a.abs = true;
  const Operand l = TReg(0), f = TReg(1), p = TReg(2);
  i.Emit(Sfu(Opcode::LOG2, l, a));
  i.Emit(Alu2(Opcode::FLOOR_F, f, l));
  if (i.Writes(0)) i.Emit(Mov(i.Out(0), f));
  if (i.Writes(1)) {
    i.Emit(Sfu(Opcode::EXP2, p, f));
    i.Emit(Sfu(Opcode::RCP, p, p));
    i.Emit(Alu2(Opcode::MUL_F, i.Out(1), a, p));
  }
  if (i.Writes(2)) i.Emit(Mov(i.Out(2), l));
  if (i.Writes(3)) i.Emit(Mov(i.Out(3), KReg(kKOne)));
}

// NRM (3 components, w = 1) / NRM4: c * rsq(x*x + y*y [+ z*z [+ w*w]]),
// products and sums rounded separately as the reference computes them.
void Nrm(Inst& i) {
  const int n = i.in.opcode == T::Opcode::NRM ? 3 : 4;
  const Operand d = TReg(0), t = TReg(1), r = TReg(2);
  for (int s = 0; s < n; ++s) {
    auto [a, b] = i.Src2(0, s, 0, s, kUseCat2Float);
    i.Emit(Alu2(Opcode::MUL_F, s == 0 ? d : t, a, b));
    if (s > 0) i.Emit(Alu2(Opcode::ADD_F, d, d, t));
  }
  i.Emit(Sfu(Opcode::RSQ, r, d));
  for (int c = 0; c < n; ++c) {
    if (i.Writes(c)) i.Emit(Alu2(Opcode::MUL_F, i.Out(c), i.Src(0, c, kUseCat2Float), r));
  }
  if (n == 3 && i.Writes(3)) i.Emit(Mov(i.Out(3), KReg(kKOne)));
}

// RCC: r = rcp(a.x), clamped to [5.42101e-20, 1.84467e19] when positive and
// to [-1.84467e19, -5.42101e-20] when negative (NaN passes).
void Rcc(Inst& i) {
  const Operand r = TReg(0), pos = TReg(1), neg = TReg(2), bound = TReg(3), cond = TReg(4), t = TReg(5);
  i.Emit(Sfu(Opcode::RCP, r, i.Src(0, 0, kUseSfu)));
  LoadWord(i, bound, 0x5f7fffd8);  // 1.84467e19f
  i.Emit(Alu2(Opcode::MIN_F, pos, r, bound));
  i.Emit(Alu2(Opcode::MAX_F, neg, r, Neg(bound)));
  LoadWord(i, bound, 0x1f7ffffd);  // 5.42101e-20f
  i.Emit(Alu2(Opcode::MAX_F, pos, pos, bound));
  i.Emit(Alu2(Opcode::MIN_F, neg, neg, Neg(bound)));
  i.Emit(Cmp(Opcode::CMPS_F, Cond::kGt, cond, r, KReg(kKZero)));
  i.Emit(Alu3(Opcode::SEL_B32, t, pos, cond, r));
  i.Emit(Cmp(Opcode::CMPS_F, Cond::kLt, cond, r, KReg(kKZero)));
  i.Emit(Alu3(Opcode::SEL_B32, i.Out(i.FirstChannel()), neg, cond, t));
  i.Replicate();
}

// SFL: 0.0, STR: 1.0 in every written channel.
void Fill(Inst& i) {
  const Operand v = KReg(i.in.opcode == T::Opcode::STR ? kKOne : kKZero);
  ForEachChannel(i, [&](int c) { i.Emit(Mov(i.Out(c), v)); });
}

}  // namespace

void AddFloatTemplates(TemplateTable& t) {
  auto set = [&](T::Opcode op, Template f) { t[static_cast<size_t>(op)] = f; };
  for (auto op : {T::Opcode::ADD, T::Opcode::SUB, T::Opcode::MUL, T::Opcode::MIN, T::Opcode::MAX}) set(op, Binary);
  set(T::Opcode::MAD, Mad);
  set(T::Opcode::FMA, Mad);
  set(T::Opcode::LRP, Lrp);
  set(T::Opcode::DIV, Div);
  set(T::Opcode::LDEXP, Ldexp);
  for (auto op : {T::Opcode::FLR, T::Opcode::CEIL, T::Opcode::TRUNC, T::Opcode::ROUND, T::Opcode::SSG}) {
    set(op, Unary);
  }
  set(T::Opcode::FRC, Frc);
  set(T::Opcode::ABS, Abs);
  set(T::Opcode::CMP, CmpSelect);
  for (auto op : {T::Opcode::SLT, T::Opcode::SGE, T::Opcode::SEQ, T::Opcode::SNE, T::Opcode::SGT,
                  T::Opcode::SLE}) {
    set(op, SetOnCompare);
  }
  for (auto op : {T::Opcode::FSLT, T::Opcode::FSGE, T::Opcode::FSEQ, T::Opcode::FSNE}) set(op, FloatSetMask);
  set(T::Opcode::CLAMP, Clamp);
  set(T::Opcode::CND, Cnd);
  set(T::Opcode::DDX, Derivative);
  set(T::Opcode::DDY, Derivative);
  for (auto op : {T::Opcode::RCP, T::Opcode::RSQ, T::Opcode::SQRT, T::Opcode::EX2, T::Opcode::LG2}) {
    set(op, SfuUnary);
  }
  set(T::Opcode::SIN, SinCos);
  set(T::Opcode::COS, SinCos);
  set(T::Opcode::POW, Pow);
  for (auto op : {T::Opcode::DP2, T::Opcode::DP3, T::Opcode::DP4}) set(op, Dot);
  set(T::Opcode::DPH, DotPlus);
  set(T::Opcode::DP2A, DotPlus);
  set(T::Opcode::XPD, Xpd);
  set(T::Opcode::DST, Dst);
  set(T::Opcode::SCS, Scs);
  set(T::Opcode::LIT, Lit);
  set(T::Opcode::EXP, Exp);
  set(T::Opcode::LOG, Log);
  set(T::Opcode::NRM, Nrm);
  set(T::Opcode::NRM4, Nrm);
  set(T::Opcode::RCC, Rcc);
  set(T::Opcode::SFL, Fill);
  set(T::Opcode::STR, Fill);
}

}  // namespace shaderdiff::naive
