// Integer, bitwise, conversion, address and select templates
// (docs/tgsi.md 2.5-2.7). Per written channel c, with a, b, c the sources:
//   UADD/IMAX/IMIN/UMAX/UMIN/AND/OR/XOR   add.u/max.s/min.s/max.u/min.u/and.b/or.b/xor.b o, a, b
//   NOT                    not.b o, a
//   INEG / IABS            absneg.s o, (neg)a / (abs)a
//   ISSG                   cmps.s.gt t0, a, 0; cmps.s.lt t1, a, 0; sub.s o, t0, t1
//   SHL/USHR/ISHR          and.b t, b, 31; shl.b/shr.b/ashr.b o, a, t   (count & 31)
//   ISLT..USNE             cmps.<s|u>.<cond> t, a, b; absneg.s o, (neg)t   (~0/0)
//   UCMP                   sel.b32 o, b, a, c   (a != 0 ? b : c, bit copies)
//   UMUL                   mull.u t0, a, b; madsh.m16 t1, a, b, t0; madsh.m16 o, b, a, t1
//                          = lo(a)*lo(b) + (hi(a)*lo(b) << 16) + (hi(b)*lo(a) << 16)
//   UMAD                   UMUL, then add.u o, t, c
//   UMUL_HI/IMUL_HI        schoolbook product of 16-bit halves with mull.u; the
//                          signed high word subtracts (a < 0 ? b : 0) + (b < 0 ? a : 0)
//   UDIV/UMOD/IDIV/MOD     32-step restoring long division (a loop, below);
//                          UDIV/UMOD by 0 give ~0 as TGSI specifies; the signed
//                          forms divide magnitudes and fix the sign
//   I2F/U2F/F2I/F2U        cov.s32f32/cov.u32f32/cov.f32s32/cov.f32u32 o, a
//   MOV/UARL               mov.u32u32 o, a   (bit copy; MOV's -/|x| act on the sign bit)
//   INTERP_CENTROID        MOV's copy from IN's centroid twin (register_map.h)
//   ARL / ARR              floor.f t, a (ARR: of a + 0.5); cov.f32s32 o, t
//   UBFE/IBFE              (a << ((32 - n - o) & 31)) >> ((32 - n) & 31), 0 when n == 0
//   BFI                    (b << o) & m | a & ~m, m = ((1 << (n & 31)) - 1) << o, ~0 when n == 32
//                          (every shift count is below 32 on every lane: the
//                          hardware's result for larger counts is not
//                          documented, see a3xx::ShiftCountMode)
//   BREV/POPC              bfrev.b / cbits.b o, a
//   PK2H                   cov.f32f16 (even) of a.x and a.y into hr0.y/hr0.z,
//                          cov.u16u32 back, shl.b + or.b; replicated
//   UP2H                   cov.u32u16 of a.x and a.x >> 16, cov.f16f32
//   UMSB/IMSB/LSB          31 - clz.b(x) (IMSB: x = a ^ (a >> 31); LSB: x = bfrev(a)
//                          and clz instead of 31 - clz), ~0 where x == 0
#include "compiler/targets/a3xx/naive/templates.h"

namespace shaderdiff::naive {

using a3xx::Cond;
using a3xx::Opcode;
using a3xx::Type;

namespace {

namespace T = tgsi;

// -(t): 1 -> ~0, 0 -> 0.
void BoolToMask(Inst& i, const Operand& dst, const Operand& t) { i.Emit(Alu2(Opcode::ABSNEG_S, dst, Neg(t))); }

void Binary(Inst& i) {
  Opcode op = Opcode::ADD_U;
  switch (i.in.opcode) {
    case T::Opcode::UADD: op = Opcode::ADD_U; break;
    case T::Opcode::IMAX: op = Opcode::MAX_S; break;
    case T::Opcode::IMIN: op = Opcode::MIN_S; break;
    case T::Opcode::UMAX: op = Opcode::MAX_U; break;
    case T::Opcode::UMIN: op = Opcode::MIN_U; break;
    case T::Opcode::AND: op = Opcode::AND_B; break;
    case T::Opcode::OR: op = Opcode::OR_B; break;
    case T::Opcode::XOR: op = Opcode::XOR_B; break;
    default: break;
  }
  ForEachChannel(i, [&](int c) {
    auto [a, b] = i.Src2(0, 1, c, kUseCat2Int);
    i.Emit(Alu2(op, i.Out(c), a, b));
  });
}

void Not(Inst& i) {
  ForEachChannel(i, [&](int c) { i.Emit(Alu2(Opcode::NOT_B, i.Out(c), i.Src(0, c, kUseCat2Int))); });
}

void NegAbs(Inst& i) {
  const bool neg = i.in.opcode == T::Opcode::INEG;
  ForEachChannel(i, [&](int c) {
    const Operand a = i.Src(0, c, kUseCat2Int);
    i.Emit(Alu2(Opcode::ABSNEG_S, i.Out(c), neg ? Neg(a) : Abs(a)));
  });
}

void Issg(Inst& i) {
  ForEachChannel(i, [&](int c) {
    const Operand a = i.Src(0, c, kUseCat2Int);
    i.Emit(Cmp(Opcode::CMPS_S, Cond::kGt, TReg(0), a, Imm(0)));
    i.Emit(Cmp(Opcode::CMPS_S, Cond::kLt, TReg(1), a, Imm(0)));
    i.Emit(Alu2(Opcode::SUB_S, i.Out(c), TReg(0), TReg(1)));
  });
}

void Shift(Inst& i) {
  Opcode op = Opcode::SHL_B;
  if (i.in.opcode == T::Opcode::USHR) op = Opcode::SHR_B;
  if (i.in.opcode == T::Opcode::ISHR) op = Opcode::ASHR_B;
  ForEachChannel(i, [&](int c) {
    i.Emit(Alu2(Opcode::AND_B, TReg(0), i.Src(1, c, kUseCat2Int), Imm(31)));
    i.Emit(Alu2(op, i.Out(c), i.Src(0, c, kUseCat2Int), TReg(0)));
  });
}

void IntCompare(Inst& i) {
  Opcode op = Opcode::CMPS_U;
  Cond cond = Cond::kEq;
  switch (i.in.opcode) {
    case T::Opcode::ISLT: op = Opcode::CMPS_S; cond = Cond::kLt; break;
    case T::Opcode::ISGE: op = Opcode::CMPS_S; cond = Cond::kGe; break;
    case T::Opcode::USLT: cond = Cond::kLt; break;
    case T::Opcode::USGE: cond = Cond::kGe; break;
    case T::Opcode::USEQ: cond = Cond::kEq; break;
    case T::Opcode::USNE: cond = Cond::kNe; break;
    default: break;
  }
  ForEachChannel(i, [&](int c) {
    auto [a, b] = i.Src2(0, 1, c, kUseCat2Int);
    i.Emit(Cmp(op, cond, TReg(0), a, b));
    BoolToMask(i, i.Out(c), TReg(0));
  });
}

void Ucmp(Inst& i) {
  ForEachChannel(i, [&](int c) {
    const Operand cond = i.Src(0, c, kUseCat3IntMiddle);
    const Operand b = i.Src(1, c, kUseCat3IntOuter);
    const Operand cc = i.Src(2, c, kUseCat3IntOuter);
    i.Emit(Alu3(Opcode::SEL_B32, i.Out(c), b, cond, cc));  // cond != 0 ? b : c
  });
}

// dst = a * b mod 2^32; a and b are GPRs. Uses T0.x, T0.y.
void MulLow(Inst& i, const Operand& dst, const Operand& a, const Operand& b) {
  i.Emit(Alu2(Opcode::MULL_U, TReg(0), a, b));                 // lo(a) * lo(b)
  i.Emit(Alu3(Opcode::MADSH_M16, TReg(1), a, b, TReg(0)));     // + hi(a) * lo(b) << 16
  i.Emit(Alu3(Opcode::MADSH_M16, dst, b, a, TReg(1)));         // + hi(b) * lo(a) << 16
}

void Umul(Inst& i) {
  ForEachChannel(i, [&](int c) {
    const Operand a = i.Src(0, c, kGprOnly);
    const Operand b = i.Src(1, c, kGprOnly);
    MulLow(i, i.Out(c), a, b);
  });
}

void Umad(Inst& i) {
  ForEachChannel(i, [&](int c) {
    const Operand a = i.Src(0, c, kGprOnly);
    const Operand b = i.Src(1, c, kGprOnly);
    MulLow(i, TReg(2), a, b);
    i.Emit(Alu2(Opcode::ADD_U, i.Out(c), TReg(2), i.Src(2, c, kUseCat2Int)));
  });
}

// High 32 bits of the 64-bit product, from 16-bit halves:
//   p0 = al*bl, p1 = al*bh, p2 = ah*bl, p3 = ah*bh (each exact in 32 bits)
//   mid = (p0 >> 16) + lo16(p1) + lo16(p2)          (< 2^18)
//   hi  = p3 + (p1 >> 16) + (p2 >> 16) + (mid >> 16)
// Signed: hi -= (a < 0 ? b : 0) + (b < 0 ? a : 0)  (mod 2^32).
void MulHigh(Inst& i) {
  const bool is_signed = i.in.opcode == T::Opcode::IMUL_HI;
  ForEachChannel(i, [&](int c) {
    const Operand a = i.Src(0, c, kGprOnly);
    const Operand b = i.Src(1, c, kGprOnly);
    const Operand ah = TReg(0), bh = TReg(1), p0 = TReg(2), p1 = TReg(3);
    const Operand p2 = TReg(4), p3 = TReg(5), mid = TReg(6), t = TReg(7), hi = TReg(8);
    i.Emit(Alu2(Opcode::SHR_B, ah, a, Imm(16)));
    i.Emit(Alu2(Opcode::SHR_B, bh, b, Imm(16)));
    i.Emit(Alu2(Opcode::MULL_U, p0, a, b));
    i.Emit(Alu2(Opcode::MULL_U, p1, a, bh));
    i.Emit(Alu2(Opcode::MULL_U, p2, ah, b));
    i.Emit(Alu2(Opcode::MULL_U, p3, ah, bh));
    i.Emit(Alu2(Opcode::SHR_B, mid, p0, Imm(16)));
    for (const Operand& p : {p1, p2}) {
      i.Emit(Alu2(Opcode::SHL_B, t, p, Imm(16)));
      i.Emit(Alu2(Opcode::SHR_B, t, t, Imm(16)));
      i.Emit(Alu2(Opcode::ADD_U, mid, mid, t));
    }
    i.Emit(Alu2(Opcode::SHR_B, t, p1, Imm(16)));
    i.Emit(Alu2(Opcode::ADD_U, hi, p3, t));
    i.Emit(Alu2(Opcode::SHR_B, t, p2, Imm(16)));
    i.Emit(Alu2(Opcode::ADD_U, hi, hi, t));
    i.Emit(Alu2(Opcode::SHR_B, t, mid, Imm(16)));
    if (!is_signed) {
      i.Emit(Alu2(Opcode::ADD_U, i.Out(c), hi, t));
      return;
    }
    i.Emit(Alu2(Opcode::ADD_U, hi, hi, t));
    i.Emit(Alu2(Opcode::ASHR_B, t, a, Imm(31)));
    i.Emit(Alu2(Opcode::AND_B, t, t, b));
    i.Emit(Alu2(Opcode::SUB_U, hi, hi, t));
    i.Emit(Alu2(Opcode::ASHR_B, t, b, Imm(31)));
    i.Emit(Alu2(Opcode::AND_B, t, t, a));
    i.Emit(Alu2(Opcode::SUB_U, i.Out(c), hi, t));
  });
}

// Unsigned restoring long division: on exit q = n / d and n = n % d
// (d == 0: q = ~0, n unchanged). For s = 31 down to 0:
//   if ((n >> s) >= d) { n -= d << s; q |= 1 << s; }
// (n >> s) >= d implies d << s <= n, so nothing overflows.
// Registers: n = T0.x, d = T0.y, q = T0.z, s = T0.w, x = T1.x, m = T1.y.
void DivideLoop(Inst& i) {
  const Operand n = TReg(0), d = TReg(1), q = TReg(2), s = TReg(3), x = TReg(4), m = TReg(5);
  Emitter& e = i.ctx.emit;
  i.Emit(Mov(q, Imm(0)));
  i.Emit(Mov(s, Imm(31)));
  const Label loop = e.NewLabel();
  e.Bind(loop);
  i.Emit(Alu2(Opcode::SHR_B, x, n, s));
  i.Emit(Cmp(Opcode::CMPS_U, Cond::kGe, x, x, d));             // x = (n >> s) >= d
  i.Emit(Alu2(Opcode::SHL_B, m, d, s));
  i.Emit(Alu3(Opcode::SEL_B32, m, m, x, KReg(kKZero)));        // m = x ? d << s : 0
  i.Emit(Alu2(Opcode::SUB_U, n, n, m));
  i.Emit(Alu2(Opcode::SHL_B, x, x, s));
  i.Emit(Alu2(Opcode::OR_B, q, q, x));
  i.Emit(Alu2(Opcode::ADD_S, s, s, Imm(-1)));
  i.Emit(Cmp(Opcode::CMPS_S, Cond::kGe, Gpr(a3xx::kRegP0X), s, Imm(0)));
  e.Branch(loop, /*if_false=*/false);
}

void Divide(Inst& i) {
  const T::Opcode op = i.in.opcode;
  const bool is_signed = op == T::Opcode::IDIV || op == T::Opcode::MOD;
  const bool remainder = op == T::Opcode::UMOD || op == T::Opcode::MOD;
  ForEachChannel(i, [&](int c) {
    auto [a, b] = i.Src2(0, 1, c, kUseCat2Int);
    const Operand n = TReg(0), d = TReg(1), q = TReg(2), sign = TReg(6), t = TReg(7);
    if (is_signed) {
      i.Emit(Alu2(Opcode::ABSNEG_S, n, Abs(a)));  // |INT_MIN| = 2^31 as unsigned: right
      i.Emit(Alu2(Opcode::ABSNEG_S, d, Abs(b)));
    } else {
      i.Emit(Mov(n, a));
      i.Emit(Mov(d, b));
    }
    DivideLoop(i);
    const Operand result = remainder ? n : q;
    if (!is_signed) {
      if (!remainder) {
        i.Emit(Mov(i.Out(c), q));
        return;
      }
      i.Emit(Cmp(Opcode::CMPS_U, Cond::kEq, t, d, Imm(0)));  // x % 0 = ~0 (TGSI)
      BoolToMask(i, t, t);
      i.Emit(Alu2(Opcode::OR_B, i.Out(c), n, t));
      return;
    }
    // Quotient sign: a ^ b; remainder sign: a's. (v ^ s) - s negates v when s = ~0.
    if (remainder) {
      i.Emit(Alu2(Opcode::ASHR_B, sign, a, Imm(31)));
    } else {
      i.Emit(Alu2(Opcode::XOR_B, sign, a, b));
      i.Emit(Alu2(Opcode::ASHR_B, sign, sign, Imm(31)));
    }
    i.Emit(Alu2(Opcode::XOR_B, t, result, sign));
    i.Emit(Alu2(Opcode::SUB_U, i.Out(c), t, sign));
  });
}

void Convert(Inst& i) {
  Type from = Type::kS32, to = Type::kF32;
  switch (i.in.opcode) {
    case T::Opcode::I2F: from = Type::kS32; to = Type::kF32; break;
    case T::Opcode::U2F: from = Type::kU32; to = Type::kF32; break;
    case T::Opcode::F2I: from = Type::kF32; to = Type::kS32; break;
    case T::Opcode::F2U: from = Type::kF32; to = Type::kU32; break;
    default: break;
  }
  ForEachChannel(i, [&](int c) { i.Emit(Cov(from, to, i.Out(c), i.Src(0, c, kUseMov))); });
}

// MOV, UARL: bit copies (MOV's modifiers are sign-bit operations).
void Copy(Inst& i) {
  ForEachChannel(i, [&](int c) { i.Emit(Mov(i.Out(c), i.Src(0, c, kUseMov))); });
}

// INTERP_CENTROID: MOV from IN's centroid twin, which the prologue filled
// with bary.f at the centroid pair (io.cc).
void InterpCentroid(Inst& i) {
  i.ReadInputsAtCentroid();
  Copy(i);
}

// ARL: (int)floor(a); ARR: (int)floor(a + 0.5).
void Arl(Inst& i) {
  const bool round = i.in.opcode == T::Opcode::ARR;
  ForEachChannel(i, [&](int c) {
    Operand a = i.Src(0, c, kUseCat2Float);
    if (round) {
      LoadWord(i, TReg(1), 0x3f000000);  // 0.5f
      i.Emit(Alu2(Opcode::ADD_F, TReg(0), a, TReg(1)));
      a = TReg(0);
    }
    i.Emit(Alu2(Opcode::FLOOR_F, TReg(0), a));
    i.Emit(Cov(Type::kF32, Type::kS32, i.Out(c), TReg(0)));
  });
}

// Half registers for the binary16 conversions (hr0.x feeds mova).
Operand HalfReg(int comp) { return a3xx::GprOperand(static_cast<uint16_t>(comp), /*half=*/true); }

// PK2H: half(a.x) | half(a.y) << 16, rounded to nearest even; replicated.
void Pk2h(Inst& i) {
  i.ctx.uses_half_reg = true;
  const Operand lo = TReg(0), hi = TReg(1);
  i.Emit(Cov(Type::kF32, Type::kF16, HalfReg(1), i.Src(0, 0, kUseMov), a3xx::Round::kEven));
  i.Emit(Cov(Type::kF32, Type::kF16, HalfReg(2), i.Src(0, 1, kUseMov), a3xx::Round::kEven));
  i.Emit(Cov(Type::kU16, Type::kU32, lo, HalfReg(1)));
  i.Emit(Cov(Type::kU16, Type::kU32, hi, HalfReg(2)));
  i.Emit(Alu2(Opcode::SHL_B, hi, hi, Imm(16)));
  i.Emit(Alu2(Opcode::OR_B, i.Out(i.FirstChannel()), lo, hi));
  i.Replicate();
}

// UP2H: x = z = float(half(a.x & 0xffff)), y = w = float(half(a.x >> 16)).
void Up2h(Inst& i) {
  i.ctx.uses_half_reg = true;
  const Operand a = i.Src(0, 0, kUseCat2Int);
  const Operand t = TReg(0), lo = TReg(1), hi = TReg(2);
  i.Emit(Cov(Type::kU32, Type::kU16, HalfReg(1), a));
  i.Emit(Alu2(Opcode::SHR_B, t, a, Imm(16)));
  i.Emit(Cov(Type::kU32, Type::kU16, HalfReg(2), t));
  i.Emit(Cov(Type::kF16, Type::kF32, lo, HalfReg(1)));
  i.Emit(Cov(Type::kF16, Type::kF32, hi, HalfReg(2)));
  ForEachChannel(i, [&](int c) { i.Emit(Mov(i.Out(c), (c & 1) ? hi : lo)); });
}

// UBFE/IBFE: value a, offset b (& 31), count n = c. In range (n + o <= 32)
// the masks change no count but 32, whose lanes the n == 0 select replaces.
void BitfieldExtract(Inst& i) {
  const Opcode shift_right = i.in.opcode == T::Opcode::IBFE ? Opcode::ASHR_B : Opcode::SHR_B;
  ForEachChannel(i, [&](int c) {
    const Operand o = TReg(0), n = TReg(1), left = TReg(2), v = TReg(3), right = TReg(4), zero = TReg(5);
    i.Emit(Alu2(Opcode::AND_B, o, i.Src(1, c, kUseCat2Int), Imm(31)));
    i.Emit(Mov(n, i.Src(2, c, kUseMov)));
    i.Emit(Alu2(Opcode::ADD_U, left, o, n));
    i.Emit(Alu2(Opcode::SUB_U, left, Imm(32), left));           // 32 - n - o
    i.Emit(Alu2(Opcode::AND_B, left, left, Imm(31)));           // 32 only when n == o == 0
    i.Emit(Alu2(Opcode::SHL_B, v, i.Src(0, c, kUseCat2Int), left));
    i.Emit(Alu2(Opcode::SUB_U, right, Imm(32), n));             // 32 - n
    i.Emit(Alu2(Opcode::AND_B, right, right, Imm(31)));         // 32 only when n == 0
    i.Emit(Alu2(shift_right, v, v, right));
    i.Emit(Cmp(Opcode::CMPS_U, Cond::kEq, zero, n, Imm(0)));
    i.Emit(Alu3(Opcode::SEL_B32, i.Out(c), KReg(kKZero), zero, v));  // n == 0 ? 0 : v
  });
}

// BFI: base a, insert b, offset c (& 31), count n = d.
void BitfieldInsert(Inst& i) {
  ForEachChannel(i, [&](int c) {
    const Operand o = TReg(0), n = TReg(1), m = TReg(2), all = TReg(3), ins = TReg(4), keep = TReg(5);
    i.Emit(Alu2(Opcode::AND_B, o, i.Src(2, c, kUseCat2Int), Imm(31)));
    i.Emit(Mov(n, i.Src(3, c, kUseMov)));
    i.Emit(Alu2(Opcode::AND_B, m, n, Imm(31)));                 // n == 32 is handled below
    i.Emit(Alu2(Opcode::SHL_B, m, Imm(1), m));
    i.Emit(Alu2(Opcode::SUB_U, m, m, Imm(1)));                  // (1 << n) - 1
    i.Emit(Alu2(Opcode::SHL_B, m, m, o));
    i.Emit(Cmp(Opcode::CMPS_U, Cond::kEq, all, n, Imm(32)));
    BoolToMask(i, all, all);
    i.Emit(Alu2(Opcode::OR_B, m, m, all));                      // n == 32: every bit
    i.Emit(Alu2(Opcode::SHL_B, ins, i.Src(1, c, kUseCat2Int), o));
    i.Emit(Alu2(Opcode::AND_B, ins, ins, m));
    i.Emit(Alu2(Opcode::NOT_B, keep, m));
    i.Emit(Alu2(Opcode::AND_B, keep, keep, i.Src(0, c, kUseCat2Int)));
    i.Emit(Alu2(Opcode::OR_B, i.Out(c), ins, keep));
  });
}

void BitUnary(Inst& i) {
  const Opcode op = i.in.opcode == T::Opcode::BREV ? Opcode::BFREV_B : Opcode::CBITS_B;
  ForEachChannel(i, [&](int c) { i.Emit(Alu2(op, i.Out(c), i.Src(0, c, kUseCat2Int))); });
}

// UMSB/IMSB: 31 - clz(x); LSB: clz(bfrev(x)); all give -1 (~0) for x == 0.
void FindBit(Inst& i) {
  const T::Opcode op = i.in.opcode;
  ForEachChannel(i, [&](int c) {
    const Operand a = i.Src(0, c, kUseCat2Int);
    const Operand x = TReg(0), z = TReg(1), r = TReg(2);
    if (op == T::Opcode::IMSB) {
      i.Emit(Alu2(Opcode::ASHR_B, x, a, Imm(31)));
      i.Emit(Alu2(Opcode::XOR_B, x, x, a));                  // highest bit != sign bit
    } else if (op == T::Opcode::LSB) {
      i.Emit(Alu2(Opcode::BFREV_B, x, a));
    } else {
      i.Emit(Mov(x, a));
    }
    i.Emit(Alu2(Opcode::CLZ_B, r, x));
    if (op != T::Opcode::LSB) i.Emit(Alu2(Opcode::SUB_S, r, Imm(31), r));
    i.Emit(Cmp(Opcode::CMPS_U, Cond::kEq, z, x, Imm(0)));
    BoolToMask(i, z, z);
    i.Emit(Alu2(Opcode::OR_B, i.Out(c), r, z));
  });
}

}  // namespace

void AddIntTemplates(TemplateTable& t) {
  auto set = [&](T::Opcode op, Template f) { t[static_cast<size_t>(op)] = f; };
  for (auto op : {T::Opcode::UADD, T::Opcode::IMAX, T::Opcode::IMIN, T::Opcode::UMAX, T::Opcode::UMIN,
                  T::Opcode::AND, T::Opcode::OR, T::Opcode::XOR}) {
    set(op, Binary);
  }
  set(T::Opcode::NOT, Not);
  set(T::Opcode::INEG, NegAbs);
  set(T::Opcode::IABS, NegAbs);
  set(T::Opcode::ISSG, Issg);
  for (auto op : {T::Opcode::SHL, T::Opcode::USHR, T::Opcode::ISHR}) set(op, Shift);
  for (auto op : {T::Opcode::ISLT, T::Opcode::ISGE, T::Opcode::USLT, T::Opcode::USGE, T::Opcode::USEQ,
                  T::Opcode::USNE}) {
    set(op, IntCompare);
  }
  set(T::Opcode::UCMP, Ucmp);
  set(T::Opcode::UMUL, Umul);
  set(T::Opcode::UMAD, Umad);
  set(T::Opcode::UMUL_HI, MulHigh);
  set(T::Opcode::IMUL_HI, MulHigh);
  for (auto op : {T::Opcode::UDIV, T::Opcode::UMOD, T::Opcode::IDIV, T::Opcode::MOD}) set(op, Divide);
  for (auto op : {T::Opcode::I2F, T::Opcode::U2F, T::Opcode::F2I, T::Opcode::F2U}) set(op, Convert);
  set(T::Opcode::MOV, Copy);
  set(T::Opcode::UARL, Copy);
  set(T::Opcode::INTERP_CENTROID, InterpCentroid);
  set(T::Opcode::PK2H, Pk2h);
  set(T::Opcode::UP2H, Up2h);
  set(T::Opcode::ARL, Arl);
  set(T::Opcode::ARR, Arl);
  set(T::Opcode::UBFE, BitfieldExtract);
  set(T::Opcode::IBFE, BitfieldExtract);
  set(T::Opcode::BFI, BitfieldInsert);
  set(T::Opcode::BREV, BitUnary);
  set(T::Opcode::POPC, BitUnary);
  for (auto op : {T::Opcode::UMSB, T::Opcode::IMSB, T::Opcode::LSB}) set(op, FindBit);
}

}  // namespace shaderdiff::naive
