// The set ops SLT/SGE/SEQ/SNE/SGT/SLE on R500 (it has none; Mesa compares
// a difference with 0 too): the naive build's full template, and the
// optimizing build's short forms against an immediate (rewrite
// `r500-select/imm-compare`, asked once per TGSI instruction, only with
// Ctx::select).
//
// The full template (SetOp) computes t = a - b with the sign and zero-ness
// of the IEEE comparison (SignedDifference: scaled by 2^24 against OMOD's
// denormal flush; EqualInfinities: inf - inf), then selects 1.0 or +0.0.
//
// The short forms, where b (or a) is an immediate c whose every channel in
// the write mask (after the operand's swizzle and modifier) is:
//   * a zero (+0 or -0): t is the other operand itself (a, or -b), read by
//     CMP/MIN with no arithmetic, so nothing rounds or flushes: t < 0, = 0
//     (either sign), > 0 or NaN exactly as a compares with 0;
//   * finite with |c| >= 2^-102: t = a - c by one MAD (OMOD x1). Proof that
//     t compares with 0 as a compares with c:
//     - a NaN: t is NaN (OMOD canonicalises it; still NaN). a = +-inf:
//       t = +-inf (c is finite, so no inf - inf: that NaN needs an
//       infinite immediate).
//     - a finite, a = c (also -0 vs +0 cannot arise: c is not zero): t = +0.
//     - a finite, a != c: IEEE subtraction of unequal finite floats is
//       never 0, keeps the sign, and may overflow only to a signed inf.
//       OMOD x1 flushes a denormal result, so |t| < 2^-126 must be
//       impossible: if |a - c| < 2^-126 then |a| > 2^-102 - 2^-126 > 2^-103,
//       and every float of magnitude >= 2^-103 is a multiple of
//       2^(-103-23) = 2^-126, so a - c is a nonzero multiple of 2^-126,
//       a contradiction; and a difference of magnitude >= 2^-126 rounds to
//       at least 2^-126 (representable, rounding is monotone).
//     Denormal, tiny (FLT_MIN: FLT_MIN + 1 ulp - FLT_MIN is a denormal)
//     and infinite or NaN immediates, and a write mask mixing zero and
//     nonzero channels, take the full template.
// Then, with t sign-faithful and NaN exactly where an operand is NaN, the
// selection (every CMP/MIN with OMOD disable, bit-exact; IEEE compares,
// NaN false):
//   SGE: CMP(1, 0, t)           t >= 0 (NaN: 0)
//   SEQ: CMP(1, 0, -|t|)        -|t| >= 0 only for t = +-0 (NaN: 0)
//   SNE: CMP(0, 1, -|t|)        (NaN: 1, as TGSI's SNE)
//   SLT: MIN(t, 0); CMP(0, 1, that)   the MIN sends NaN to 0 (not less)
// SGT/SLE swap the operands first. Results are 1.0 or +0.0 as the full
// template's, so the two agree word for word on every input: both are the
// IEEE comparison. Saturate (OMOD x1, clamp) leaves 1.0 and +0.0 alone.
// Cost: SGE/SEQ/SNE 2 instructions (1 against a zero), SLT 3 (2), where
// the full template takes 8 (SLT), 14 (SGE) and 15 (SEQ/SNE).
//
// r500-select/set-fold (asked once per set op that set_fold.h's plan
// admits: every reader of its result is a select `CMP -b, x, y`, i.e.
// b ? x : y, possibly with y = b itself, AND's lowering): the set op
// stores, instead of 1.0 / +0.0, the condition c its selects test, and
// each select is one R500 CMP(A, B, c) = c >= 0 ? A : B (OMOD disable: a
// bit-exact choice of A's or B's word; NaN >= 0 is false, so NaN picks B):
//   SLT (SGT): c = MIN(t, 0) (NaN -> 0, c never NaN); CMP(y, x, c): c < 0
//              exactly where t < 0, true; t >= 0 or NaN gives c = +-0: y.
//   SGE (SLE): c = t;      CMP(x, y, t): t >= 0 (either zero) true; t < 0
//              and NaN (unordered, false) pick y.
//   SEQ:       c = t;      CMP(x, y, -|t|): -|t| >= 0 only at t = +-0; NaN y.
//   SNE:       c = t;      CMP(y, x, -|t|): t = +-0 picks y; nonzero and
//              NaN (SNE's unordered answer, true) pick x.
// t is the same sign-faithful difference the unfolded forms select on
// (full template or short form, so infinities, -0 and OMOD's flush are
// settled by the proofs above), and each select picks the arm the
// unfolded set op's 1.0 / +0.0 would have picked through `CMP -b, x, y`:
// -1.0 < 0 picks x, -0.0 < 0 does not. Where y is b itself, y is only
// picked where b is false, +0.0, which the fold reads as the inline 0
// (+0.0). No other read of the stored c exists (the plan's scan, in
// straight-line code to the end of c's life), so no instruction sees c
// where it expected a boolean. The saturate modifier (clamp) would change
// c, so a saturated set op is not folded. Cost: the selection CMP (two for
// the full SEQ/SNE) goes, a copy of t may come (SGE/SEQ/SNE against a zero,
// and the full template's t in S1: r500-coalesce folds the latter).
#include <optional>

#include "compiler/support/mutant.h"
#include "compiler/targets/r500/naive/templates.h"

namespace shaderdiff::r500naive {
namespace {

using tgsi::Opcode;

// S1 = a value with the sign (and zero-ness) of a - b. OMOD flushes a
// denormal result, so a - b of two close small operands would read as 0
// (SGE(FLT_MIN, FLT_MIN + 1 ulp) true); scaled by 2^24 first, a nonzero
// difference is at least 2^-125, a normal number. Where max(|a|, |b|) >=
// 2^104 the scaled operands could overflow, and there a - b itself is
// used (a nonzero difference of such operands is far from denormal).
// Uses S2 and the destination's own register (never a source).
void SignedDifference(Ctx& ctx, const Dest& d, const Operand& a, const Operand& b) {
  const int s1 = S(ctx, 1), s2 = S(ctx, 2), w = d.write;
  Operand abs_a = a, abs_b = b;
  abs_a.mod = kModAbs;
  abs_b.mod = kModAbs;
  Componentwise(ctx, AluOp::kMad, a, One(), Negated(b), s1, d.mask);                       // a - b
  Componentwise(ctx, AluOp::kMad, b, Splat(ctx, 16777216.0f), NegZero(), s2, d.mask);  // b * 2^24
  Componentwise(ctx, AluOp::kMad, a, Splat(ctx, 16777216.0f), TempOperand(s2, kModNeg), s2, d.mask);
  Componentwise(ctx, AluOp::kMax, abs_a, abs_b, Zero(), w, d.mask);
  Componentwise(ctx, AluOp::kMad, TempOperand(w), One(), Splat(ctx, 0x1p104f, kModNeg), w,
                d.mask);                                                                     // max - 2^104
  Componentwise(ctx, AluOp::kCmp, TempOperand(s1), TempOperand(s2), TempOperand(w), s1, d.mask);
}

// a - b is NaN where a and b are the same infinity, which are equal (TGSI
// compares them); only a NaN operand is unordered. S1 = a - b (t) becomes
// t where t is a number, else 0 where neither operand is NaN (equal
// infinities) and NaN where one is. isnan(x) is CMP(0, p, -p) with
// p = CMP(0, x, x): p is 0 for x >= 0, else x; the second CMP sends a
// number p <= 0 to 0 and keeps a NaN. Uses S2 and the destination's own
// register (never a source, see Destination). SLT/SGT need none of this: a
// NaN difference is "not less" either way.
void EqualInfinities(Ctx& ctx, const Dest& d, const Operand& a, const Operand& b) {
  const int s1 = S(ctx, 1), s2 = S(ctx, 2), w = d.write;
  const Operand t = TempOperand(s1), q = TempOperand(s2), r = TempOperand(w);
  Componentwise(ctx, AluOp::kCmp, Zero(), a, a, s2, d.mask);
  Componentwise(ctx, AluOp::kCmp, Zero(), q, Negated(q), s2, d.mask);  // NaN where a is
  Componentwise(ctx, AluOp::kCmp, Zero(), b, b, w, d.mask);
  Componentwise(ctx, AluOp::kCmp, Zero(), r, Negated(r), w, d.mask);  // NaN where b is
  Componentwise(ctx, AluOp::kMad, q, One(), r, s2, d.mask);           // 0, or NaN if either is
  Componentwise(ctx, AluOp::kCmp, t, q, t, w, d.mask);                // t >= 0 ? t : that
  Componentwise(ctx, AluOp::kCmp, t, r, Negated(t), s1, d.mask);      // t <= 0 ? t : that
}

// The word channel `c` of operand o reads, when o is an immediate (IMM's
// constant slots; CONST and the translator's own constants are not), with
// o's modifier applied.
std::optional<common::Word> ImmediateWord(const Ctx& ctx, const Operand& o, int c) {
  const int imm_end = ctx.map.imm_base + static_cast<int>(ctx.shader.immediates.size());
  if (o.kind != Operand::Kind::kConst || o.index < ctx.map.imm_base || o.index >= imm_end || o.swz[c] > 3)
    return std::nullopt;
  const common::Word w = ctx.program.state.consts[o.index][o.swz[c]];
  switch (o.mod) {
    case kModNeg: return w ^ 0x80000000u;
    case kModAbs: return w & 0x7fffffffu;
    case kModNab: return w | 0x80000000u;
    default: return w;
  }
}

// What the short forms may take an immediate operand for (the proof at the
// top): every channel of the mask a zero, or every one finite and far
// enough from the denormals.
enum class ImmClass : uint8_t { kNone, kZero, kFar };

ImmClass Classify(const Ctx& ctx, const Operand& o, uint8_t mask) {
  constexpr uint32_t kExpMin = 127 - 102;  // |c| >= 2^-102
  bool zero = true, far = true;
  for (int c = 0; c < 4; ++c) {
    if (!(mask & (1u << c))) continue;
    const std::optional<common::Word> w = ImmediateWord(ctx, o, c);
    if (!w) return ImmClass::kNone;
    const uint32_t mag = *w & 0x7fffffffu, exp = mag >> 23;
    zero = zero && mag == 0;
    // The seeded fault (test-only, mutant.h): the 2^-102 bound forgotten,
    // any finite nonzero immediate taken.
    const bool far_enough = compiler::MutantActive(compiler::Mutant::kR500OptImmCompareTinyImmediate)
                                ? mag != 0
                                : exp >= kExpMin;
    far = far && far_enough && exp != 0xff;
  }
  return zero ? ImmClass::kZero : far ? ImmClass::kFar : ImmClass::kNone;
}

// t for the short forms (the proof at the top) of a OP b, OP one of SLT,
// SGE, SEQ, SNE (SGT/SLE already swapped), when one operand is an
// immediate it holds for: the operand itself against a zero, else a - b by
// one MAD into `scratch`; nullopt (nothing emitted) otherwise.
std::optional<Operand> ImmediateDifference(Ctx& ctx, const Dest& d, const Operand& a, const Operand& b, int scratch) {
  const ImmClass cb = Classify(ctx, b, d.mask), ca = cb != ImmClass::kNone ? ImmClass::kNone : Classify(ctx, a, d.mask);
  if (cb == ImmClass::kNone && ca == ImmClass::kNone) return std::nullopt;
  if (!compiler::ShouldRewrite(ctx.select, "imm-compare")) return std::nullopt;
  if (cb == ImmClass::kZero) return a;  // a - (+-0) compares with 0 as a does
  if (ca == ImmClass::kZero) return Negated(b);
  Componentwise(ctx, AluOp::kMad, a, One(), Negated(b), scratch, d.mask);  // t = a - b
  return TempOperand(scratch);
}

// The selection of 1.0 or +0.0 on a short form's t (the table at the top).
void SelectOnDifference(Ctx& ctx, const Dest& d, Opcode op, const Operand& t) {
  Operand neg_abs_t = t;
  neg_abs_t.mod = kModNab;
  switch (op) {
    case Opcode::SLT:
      Componentwise(ctx, AluOp::kMin, t, Zero(), Zero(), S(ctx, 1), d.mask);  // NaN -> 0: not less
      Componentwise(ctx, AluOp::kCmp, Zero(), One(), TempOperand(S(ctx, 1)), d.write, d.mask, d.mode);
      break;
    case Opcode::SGE: Componentwise(ctx, AluOp::kCmp, One(), Zero(), t, d.write, d.mask, d.mode); break;
    case Opcode::SEQ: Componentwise(ctx, AluOp::kCmp, One(), Zero(), neg_abs_t, d.write, d.mask, d.mode); break;
    default: Componentwise(ctx, AluOp::kCmp, Zero(), One(), neg_abs_t, d.write, d.mask, d.mode); break;  // SNE
  }
}

// r500-select/set-fold: the destination gets the condition its selects
// read (the proof at the top): MIN(t, 0) for SLT, t itself for the others
// (copied unless it is there already).
void StoreCondition(Ctx& ctx, const Dest& d, Opcode op, const Operand& t) {
  // The seeded fault (test-only, mutant.h): SLT's fold stores t without
  // the MIN, so a NaN t selects the true arm.
  if (op == Opcode::SLT && !compiler::MutantActive(compiler::Mutant::kR500OptSetFoldNoMin)) {
    Componentwise(ctx, AluOp::kMin, t, Zero(), Zero(), d.write, d.mask);  // NaN -> 0: not less
    return;
  }
  const Operand here = TempOperand(d.write);
  if (t.kind == here.kind && t.index == here.index && t.mod == here.mod && t.swz == here.swz) return;
  Componentwise(ctx, AluOp::kMax, t, t, Zero(), d.write, d.mask);  // a bit-exact copy (OMOD disable)
}

bool IsSetOp(Opcode op) {
  return op == Opcode::SLT || op == Opcode::SGE || op == Opcode::SEQ || op == Opcode::SNE || op == Opcode::SGT ||
         op == Opcode::SLE;
}

}  // namespace

// The reaching definition of each component, found by scanning back in
// straight-line code only: the scan gives up at any instruction without a
// destination (flow control, KILL, END: a component could then reach from
// elsewhere) and at a relative TEMP write; every component must be last
// written by a set op writing the register itself. Set ops write 1.0 or
// +0.0 in every template (the short forms too), saturated or not.
bool HoldsSetOpResult(const Ctx& ctx, const tgsi::SrcOperand& src, uint8_t mask) {
  if (src.reg.file != tgsi::File::kTemporary || src.reg.index.indirect) return false;
  uint8_t need = 0;
  for (int c = 0; c < 4; ++c)
    if (mask & (1u << c)) need |= static_cast<uint8_t>(1u << (src.swizzle[c] & 3));
  for (size_t k = ctx.pc; k-- > 0 && need != 0;) {
    const tgsi::Instruction& in = ctx.shader.instructions[k];
    if (in.dst.empty()) return false;
    for (const tgsi::DstOperand& d : in.dst) {
      if (d.reg.file != tgsi::File::kTemporary) continue;
      if (d.reg.index.indirect) return false;
      if (d.reg.index.index != src.reg.index.index || (d.write_mask & need) == 0) continue;
      // The seeded fault (test-only, mutant.h): any writer taken for a set op.
      if (!IsSetOp(in.opcode) && !compiler::MutantActive(compiler::Mutant::kR500OptBoolSelectAnyWriter)) return false;
      need &= static_cast<uint8_t>(~d.write_mask);
    }
  }
  return need == 0;
}

// t = a - b in S1, then the set-op's selection (the comment at the top);
// folded (r500-select/set-fold), the condition its selects read instead.
void SetOp(Ctx& ctx, const Dest& d, Opcode op, Operand a, Operand b) {
  if (op == Opcode::SGT || op == Opcode::SLE) std::swap(a, b);
  const Opcode base = op == Opcode::SGT ? Opcode::SLT : op == Opcode::SLE ? Opcode::SGE : op;
  const bool fold = ctx.select != nullptr && ctx.folds.form[ctx.pc] != FoldForm::kNone && !d.mode.saturate &&
                    compiler::ShouldRewrite(ctx.select, "set-fold");
  if (fold) ctx.folds.folded[ctx.pc] = 1;
  if (ctx.select != nullptr) {
    if (const std::optional<Operand> t = ImmediateDifference(ctx, d, a, b, fold ? d.write : S(ctx, 1))) {
      if (fold) {
        StoreCondition(ctx, d, base, *t);
      } else {
        SelectOnDifference(ctx, d, base, *t);
      }
      return;
    }
  }
  const int s1 = S(ctx, 1), s2 = S(ctx, 2);
  SignedDifference(ctx, d, a, b);
  const Operand t = TempOperand(s1);
  if (base != Opcode::SLT) EqualInfinities(ctx, d, a, b);
  if (fold) {
    StoreCondition(ctx, d, base, t);
    return;
  }
  switch (base) {
    case Opcode::SLT:
      Componentwise(ctx, AluOp::kMin, t, Zero(), Zero(), s1, d.mask);  // NaN -> 0: not less
      Componentwise(ctx, AluOp::kCmp, Zero(), One(), t, d.write, d.mask, d.mode);
      break;
    case Opcode::SGE: Componentwise(ctx, AluOp::kCmp, One(), Zero(), t, d.write, d.mask, d.mode); break;
    case Opcode::SEQ:
      Componentwise(ctx, AluOp::kCmp, One(), Zero(), t, s2, d.mask);
      Componentwise(ctx, AluOp::kCmp, TempOperand(s2), Zero(), Negated(t), d.write, d.mask, d.mode);
      break;
    default:  // SNE
      Componentwise(ctx, AluOp::kCmp, Zero(), One(), t, s2, d.mask);
      Componentwise(ctx, AluOp::kCmp, TempOperand(s2), One(), Negated(t), d.write, d.mask, d.mode);
      break;
  }
}

// r500-select/set-fold's reader: the select `CMP -b, x, y` (b ? x : y) of
// instruction ctx.pc on its folded set op's condition (the table at the
// top); the AND's src2 that reads b itself reads +0.0, b's false value.
bool FoldedSelect(Ctx& ctx, const Dest& d, const Operand& cond, const Operand& x, const Operand& y) {
  if (ctx.select == nullptr) return false;
  const int32_t i = ctx.folds.reader_of[ctx.pc];
  if (i < 0 || !ctx.folds.folded[static_cast<size_t>(i)]) return false;
  const FoldForm form = ctx.folds.form[static_cast<size_t>(i)];
  const Operand no = ctx.folds.src2_is_cond[ctx.pc] ? Zero() : y;
  Operand c = cond;
  c.mod = form == FoldForm::kEq || form == FoldForm::kNe ? kModNab : kModNop;
  if (form == FoldForm::kMin || form == FoldForm::kNe) {
    Componentwise(ctx, AluOp::kCmp, no, x, c, d.write, d.mask, d.mode);  // c < 0 (or NaN, kNe): true
  } else {
    Componentwise(ctx, AluOp::kCmp, x, no, c, d.write, d.mask, d.mode);  // c >= 0: true
  }
  return true;
}

}  // namespace shaderdiff::r500naive
