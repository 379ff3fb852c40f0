// The lowering rules, grouped like docs/tgsi.md §2. Each rule states its
// formula and how it relates to the reference interpreter
// (emulator/tgsi/ops_float.cc):
//   "exact"   — same operations in the same order, so the same bits
//               whenever the interpreter defines the result exactly;
//   "differs" — only where the interpreter flags the component inexact or
//               undefined (the comparator then allows it).
// Conventions: s0..s2 are the original sources (with their swizzles and
// modifiers), T0..T1 scratch temps, K = IMM {0.0, 1.0, 128.0, 0.5};
// a - b is always written ADD a, -b (IEEE defines subtraction as exactly
// that, including signed zeros).
#include "compiler/passes/lower_tgsi_rules.h"

#include <cstdlib>

#include "compiler/support/mutant.h"

namespace shaderdiff::compiler::lowering {
namespace {

using tgsi::Opcode;
using Op = tgsi::Opcode;

constexpr std::string_view kChan[4] = {"x", "y", "z", "w"};
tgsi::SrcOperand C(const tgsi::SrcOperand& s, int c) { return Swz(s, kChan[c]); }

// ------------------------------------------------------------ dot products
// exact: interpreter DotK = MUL x, then MAD y, z, w in order (MADs are
// unfused C expressions; fused/unfused differ only where it flags
// dot-rounding), then DPH adds s1.w, DP2A adds s2.x with a plain ADD.
void LowerDot(SiteBuilder& b, int n, bool extra) {
  const auto s0 = b.Src(0), s1 = b.Src(1);
  b.Emit(Op::MUL, b.TD(0, kX), {C(s0, 0), C(s1, 0)});
  const int last_mad = extra ? n - 1 : n - 2;
  for (int i = 1; i <= last_mad; ++i) b.Emit(Op::MAD, b.TD(0, kX), {C(s0, i), C(s1, i), b.T(0, "x")});
  if (!extra) {
    b.Final(Op::MAD, kXYZW, {C(s0, n - 1), C(s1, n - 1), b.T(0, "x")});
  } else {
    const auto addend = b.original().opcode == Op::DPH ? C(s1, 3) : C(b.Src(2), 0);
    b.Final(Op::ADD, kXYZW, {addend, b.T(0, "x")});
  }
}

// ----------------------------------------------------------- arithmetic

// exact: interpreter LrpK computes s0*(s1-s2)+s2 as SUB, MUL, ADD (the
// documented s0*s1+(1-s0)*s2 and Mesa's MAD form differ in rounding).
void LowerLrp(SiteBuilder& b) {
  const uint8_t m = b.mask();
  if (MutantActive(Mutant::kLowerLrpSwap)) {  // test-only mutant (mutants.def)
    b.Emit(Op::ADD, b.TD(0, m), {b.Src(2), Neg(b.Src(1))});
  } else {
    b.Emit(Op::ADD, b.TD(0, m), {b.Src(1), Neg(b.Src(2))});
  }
  b.Emit(Op::MUL, b.TD(0, m), {b.Src(0), b.T(0)});
  b.Final(Op::ADD, kXYZW, {b.T(0), b.Src(2)});
}

// differs: EX2(s1.x * LG2(s0.x)) vs powf. The interpreter flags every POW
// result inexact ("pow" tolerance) and undefined for a base <= 0, NaN or
// infinite, or an infinite exponent — exactly where the sequence's
// special cases differ (pow(0,0) = 1 vs EX2(0 * -inf) = NaN, negative base).
void EmitPow(SiteBuilder& b, uint32_t t, const tgsi::SrcOperand& base, const tgsi::SrcOperand& exponent) {
  b.Emit(Op::LG2, b.TD(t, kX), {base});
  b.Emit(Op::MUL, b.TD(t, kX), {exponent, b.T(t, "x")});
}
void LowerPow(SiteBuilder& b) {
  EmitPow(b, 0, C(b.Src(0), 0), C(b.Src(1), 0));
  b.Final(Op::EX2, kXYZW, {b.T(0, "x")});
}

// differs: s0 * RCP(s1) vs s0 / s1. The interpreter flags DIV inexact
// ("div", 3 ulp) unless s1 is a power of two no larger than 2^126 (then
// RCP is exact and so is the product) and undefined for s1 = +-0.
void LowerDiv(SiteBuilder& b) {
  const uint8_t m = b.mask();
  for (int c = 0; c < 4; ++c) b.Emit(Op::RCP, b.TD(0, m & (1u << c)), {C(b.Src(1), c)});
  b.Final(Op::MUL, kXYZW, {b.Src(0), b.T(0)});
}

// exact: s<0 ? -1 : (s>0 ? 1 : +0) as two selects; NaN and -0 give +0 as in
// the interpreter (it also flags them undefined).
void LowerSsg(SiteBuilder& b) {
  b.Emit(Op::CMP, b.TD(0, b.mask()), {b.Src(0), Neg(b.Imm("y")), b.Imm("x")});
  b.Final(Op::CMP, kXYZW, {Neg(b.Src(0)), b.Imm("y"), b.T(0)});
}

// exact: the interpreter computes x - floorf(x).
void LowerFrc(SiteBuilder& b) {
  b.Emit(Op::FLR, b.TD(0, b.mask()), {b.Src(0)});
  b.Final(Op::ADD, kXYZW, {b.Src(0), Neg(b.T(0))});
}

void LowerSub(SiteBuilder& b) { b.Final(Op::ADD, kXYZW, {b.Src(0), Neg(b.Src(1))}); }  // exact
void LowerAbs(SiteBuilder& b) { b.Final(Op::MOV, kXYZW, {Abs(b.Src(0))}); }           // exact (bit op)

// exact: s0 < s1 ? s1 : (s0 > s2 ? s2 : s0) with SLT results as CMP
// conditions (-1.0 selects, -0.0 does not); MIN/MAX would differ for s1 > s2.
void LowerClamp(SiteBuilder& b) {
  const uint8_t m = b.mask();
  const auto v = b.Src(0), lo = b.Src(1), hi = b.Src(2);
  b.Emit(Op::SLT, b.TD(0, m), {hi, v});
  b.Emit(Op::CMP, b.TD(0, m), {Neg(b.T(0)), hi, v});
  b.Emit(Op::SLT, b.TD(1, m), {v, lo});
  b.Final(Op::CMP, kXYZW, {Neg(b.T(1)), lo, b.T(0)});
}

// exact: src2 > 0.5 ? src0 : src1.
void LowerCnd(SiteBuilder& b) {
  b.Emit(Op::SLT, b.TD(0, b.mask()), {b.Imm("w"), b.Src(2)});
  b.Final(Op::CMP, kXYZW, {Neg(b.T(0)), b.Src(0), b.Src(1)});
}

void LowerConst(SiteBuilder& b, std::string_view imm) { b.Final(Op::MOV, kXYZW, {b.Imm(imm)}); }  // exact

// exact: xyz = s0.yzx*s1.zxy - s0.zxy*s1.yzx (product, product, subtract as
// in XpdK; each product pair is the interpreter's up to commutation); w = 1.
void LowerXpd(SiteBuilder& b) {
  const uint8_t m = b.mask() & kXYZ;
  b.Emit(Op::MUL, b.TD(0, m), {Swz(b.Src(0), "yzx"), Swz(b.Src(1), "zxy")});
  b.Emit(Op::MUL, b.TD(1, m), {Swz(b.Src(0), "zxy"), Swz(b.Src(1), "yzx")});
  b.Final(Op::ADD, kXYZ, {b.T(0), Neg(b.T(1))});
  b.Final(Op::MOV, kW, {b.Imm("y")});
}

// exact: x = z = s0.x + (s2.x*s1.x + s2.y*s1.y); y = w = s0.y + (s2.z*s1.x +
// s2.w*s1.y), as MUL, MAD, ADD like X2dK.
void LowerX2d(SiteBuilder& b) {
  const uint8_t m = ((b.mask() & (kX | kZ)) ? kX : 0) | ((b.mask() & (kY | kW)) ? kY : 0);
  b.Emit(Op::MUL, b.TD(0, m), {Swz(b.Src(2), "xz"), Swz(b.Src(1), "xx")});
  b.Emit(Op::MAD, b.TD(0, m), {Swz(b.Src(2), "yw"), Swz(b.Src(1), "yy"), b.T(0)});
  b.Final(Op::ADD, kXYZW, {Swz(b.Src(0), "xyxy"), b.T(0, "xyxy")});
}

// exact: s * RSQ(s.x*s.x + s.y*s.y + s.z*s.z [+ s.w*s.w]) with separate MUL
// and ADD as in NrmK (not MADs); NRM writes w = 1.
void LowerNrm(SiteBuilder& b, int n) {
  const auto s = b.Src(0);
  const uint8_t vec = n == 3 ? kXYZ : kXYZW;
  if (b.mask() & vec) {
    b.Emit(Op::MUL, b.TD(0, kX), {C(s, 0), C(s, 0)});
    for (int i = 1; i < n; ++i) {
      b.Emit(Op::MUL, b.TD(0, kY), {C(s, i), C(s, i)});
      b.Emit(Op::ADD, b.TD(0, kX), {b.T(0, "x"), b.T(0, "y")});
    }
    b.Emit(Op::RSQ, b.TD(0, kX), {b.T(0, "x")});
    b.Final(Op::MUL, vec, {s, b.T(0, "x")});
  }
  if (n == 3) b.Final(Op::MOV, kW, {b.Imm("y")});
}

// ------------------------------------------- ARB multi-result (CHAN) ops
// These write the destination more than once and read sources in between,
// so they compute into a scratch temp when the destination may alias a
// source. All are exact except where noted.

void LowerScs(SiteBuilder& b) {  // x = COS(s.x), y = SIN(s.x), z = 0, w = 1
  const auto sx = C(b.Src(0), 0);
  b.Final(Op::COS, kX, {sx});
  b.Final(Op::SIN, kY, {sx});
  b.Final(Op::MOV, kZ | kW, {b.Imm("xxxy")});
}

void LowerDst(SiteBuilder& b) {  // x = 1, y = s0.y*s1.y, z = s0.z, w = s1.w
  b.Final(Op::MUL, kY, {b.Src(0), b.Src(1)});
  b.Final(Op::MOV, kZ, {b.Src(0)});
  b.Final(Op::MOV, kW, {b.Src(1)});
  b.Final(Op::MOV, kX, {b.Imm("y")});
}

// y = max(s.x, 0); z = s.x > 0 ? pow(max(s.y, 0), clamp(s.w, -128, 128)) : 0;
// x = w = 1. With POW kept: exact (same powf). With POW lowered too: differs
// like POW, only where the interpreter flags LIT.z inexact ("lit") or
// undefined (s.y <= 0, |s.w| > 128, s.x = 0 or NaN).
void LowerLit(SiteBuilder& b, const LowerOptions& options) {
  const auto s = b.Src(0);
  if (b.mask() & kZ) {
    b.Emit(Op::MAX, b.TD(0, kX), {C(s, 1), b.Imm("x")});
    b.Emit(Op::MIN, b.TD(0, kY), {C(s, 3), b.Imm("z")});
    b.Emit(Op::MAX, b.TD(0, kY), {b.T(0, "y"), Neg(b.Imm("z"))});
    if (options.Lowers(Op::POW)) {
      EmitPow(b, 1, b.T(0, "x"), b.T(0, "y"));
      b.Emit(Op::EX2, b.TD(0, kX), {b.T(1, "x")});
    } else {
      b.Emit(Op::POW, b.TD(0, kX), {b.T(0, "x"), b.T(0, "y")});
    }
    b.Final(Op::CMP, kZ, {Neg(C(s, 0)), b.T(0, "x"), b.Imm("x")});
  }
  b.Final(Op::MAX, kY, {C(s, 0), b.Imm("x")});
  b.Final(Op::MOV, kX | kW, {b.Imm("y")});
}

// f = FLR(s.x); x = EX2(f); y = s.x - f; z = EX2(s.x); w = 1.
void LowerExp(SiteBuilder& b) {
  const auto sx = C(b.Src(0), 0);
  b.Emit(Op::FLR, b.TD(0, (b.mask() & kXY) ? kX : 0), {sx});
  b.Final(Op::EX2, kX, {b.T(0, "x")});
  b.Final(Op::ADD, kY, {sx, Neg(b.T(0, "x"))});
  b.Final(Op::EX2, kZ, {sx});
  b.Final(Op::MOV, kW, {b.Imm("y")});
}

// a = |s.x|; l = LG2(a); x = FLR(l); y = a / EX2(FLR(l)); z = l; w = 1.
// y with DIV kept: DIV(a, 0) is undefined where LOG gives 0, but EX2(FLR(l))
// is 0 only for a = 2^-149 (LG2 slightly below -149), which the interpreter
// flags (log-near-power-of-two). With DIV lowered: a * RCP(p), p a power of
// two, differs only where the interpreter flags LOG.y (see LowerDiv).
void LowerLog(SiteBuilder& b, const LowerOptions& options) {
  const auto a = Abs(C(b.Src(0), 0));
  const uint8_t m = b.mask();
  b.Emit(Op::LG2, b.TD(0, (m & (kX | kY | kZ)) ? kX : 0), {a});
  b.Emit(Op::FLR, b.TD(0, (m & (kX | kY)) ? kY : 0), {b.T(0, "x")});
  b.Emit(Op::EX2, b.TD(0, (m & kY) ? kZ : 0), {b.T(0, "y")});
  if (options.Lowers(Op::DIV)) {
    b.Emit(Op::RCP, b.TD(0, (m & kY) ? kZ : 0), {b.T(0, "z")});
    b.Final(Op::MUL, kY, {a, b.T(0, "z")});
  } else {
    b.Final(Op::DIV, kY, {a, b.T(0, "z")});
  }
  b.Final(Op::MOV, kX | kZ, {b.T(0, "yyxx")});
  b.Final(Op::MOV, kW, {b.Imm("y")});
}

bool IsMultiWrite(Op op) {
  switch (op) {
    case Op::SCS: case Op::DST: case Op::LIT: case Op::EXP: case Op::LOG: return true;
    default: return false;
  }
}

}  // namespace

void LowerInstruction(SiteBuilder& b, const LowerOptions& options) {
  const Op op = b.original().opcode;
  const bool redirect = IsMultiWrite(op) && b.DstAliasesAnySource();
  if (redirect) b.BeginRedirect();
  switch (op) {
    case Op::DP2: LowerDot(b, 2, false); break;
    case Op::DP3: LowerDot(b, 3, false); break;
    case Op::DP4: LowerDot(b, 4, false); break;
    case Op::DPH: LowerDot(b, 3, true); break;
    case Op::DP2A: LowerDot(b, 2, true); break;
    case Op::LRP: LowerLrp(b); break;
    case Op::POW: LowerPow(b); break;
    case Op::DIV: LowerDiv(b); break;
    case Op::SSG: LowerSsg(b); break;
    case Op::FRC: LowerFrc(b); break;
    case Op::SUB: LowerSub(b); break;
    case Op::ABS: LowerAbs(b); break;
    case Op::CLAMP: LowerClamp(b); break;
    case Op::CND: LowerCnd(b); break;
    case Op::SFL: LowerConst(b, "x"); break;
    case Op::STR: LowerConst(b, "y"); break;
    case Op::XPD: LowerXpd(b); break;
    case Op::X2D: LowerX2d(b); break;
    case Op::NRM: LowerNrm(b, 3); break;
    case Op::NRM4: LowerNrm(b, 4); break;
    case Op::SCS: LowerScs(b); break;
    case Op::DST: LowerDst(b); break;
    case Op::LIT: LowerLit(b, options); break;
    case Op::EXP: LowerExp(b); break;
    case Op::LOG: LowerLog(b, options); break;
    default: std::abort();  // LowerTgsi only calls this for LowerableOpcodes()
  }
  if (redirect) b.EndRedirect();
}

}  // namespace shaderdiff::compiler::lowering
