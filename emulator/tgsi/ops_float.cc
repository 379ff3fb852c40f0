// Float arithmetic, comparisons, selections, dot products, the ARB-style
// multi-result ops, derivatives and the removed float opcodes
// (docs/tgsi.md 2.2-2.4, 2.12), with exactly tgsi_exec V22's formulas:
// MAD = a*b+c unfused, LRP = a*(b-c)+c, DPn = mul then MADs in x,y,z,w
// order, MIN/MAX = fminf/fmaxf, ROUND = half to even, FRC = x - floor(x),
// LG2 = logf(x) * 1.442695f, EX2 = powf(2, x) (release build), SSG/CMP as
// C comparisons.
//
// Allowed sets per op (value_set.h, precision.h): transcendental results
// are intervals of their GLSL precision; MAD/FMA allow the fused and the
// unfused result; DP*/LRP/XPD/X2D are sums of products, exact only when
// their terms sum exactly (fp.h TermsSumExactly); DIV is exact only when the
// divisor is a power of two. Domain edges (RSQ <= 0, SQRT/LG2 < 0, POW, EX2
// range, LIT, LOG) are any value. NaN/-0/denormal freedom follows reasons.h.
#include <utility>

#include "emulator/tgsi/ops_float_kernels.h"

namespace shaderdiff::tgsi_exec {
namespace {

using namespace float_ops;

// INTERP_CENTROID: its operand interpolated at the lane's centroid pair
// (an input declared CONSTANT stays flat). The wave holds the IN file at
// the centroid beside IN (WaveStorage::in_centroid, Program::interp_centroid);
// swapping the two for this one instruction gives it MOV's whole operand
// path (index, relative addressing, swizzle, modifiers) on those values.
// Its destination is never IN, so the store sees the swap not at all.
void InterpCentroid(Exec& ex, const DInst& in) {
  std::swap(ex.storage.in, ex.storage.in_centroid);
  Comp<MovK>(ex, in);
  std::swap(ex.storage.in, ex.storage.in_centroid);
}

template <Word kValue>
void ConstOp(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  for (int c = 0; c < 4; ++c) {
    if (!(in.dst[0].mask & (1u << c))) continue;
    Lanes& r = ex.Result(0, c);
    ForLanes(ex.exec, [&](int l) { r.Set(l, Val::Exact(kValue)); });
  }
  ex.Store(in, 0);
}

// Selections: the result is a copy of the chosen source. When some member
// of the selector's set would choose the other source, the result is the
// set of both (value_set.h Either): a selection can only ever return one of
// its two operands, whatever decided it.
enum class SelKind { kCmp, kUcmp, kCnd };

template <SelKind S>
void Select(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const LaneMask m = ex.exec;
  const bool flush = ex.opt.denormals == common::DenormalMode::kFlushToZero;
  // CMP: src0 < 0 ? src1 : src2;  UCMP: src0 != 0 ? src1 : src2;
  // CND (removed): src2 > 0.5 ? src0 : src1.
  constexpr Pred kPred = S == SelKind::kUcmp  ? Pred::kWordNonZero
                         : S == SelKind::kCmp ? Pred::kFloatNegative
                                              : Pred::kFloatAboveHalf;
  for (int c = 0; c < 4; ++c) {
    if (!(in.dst[0].mask & (1u << c))) continue;
    // In place (all operands are read before the store), as CompOp does.
    const Lanes& s0 = ex.FetchInPlace(in, 0, c, m);
    const Lanes& s1 = ex.FetchInPlace(in, 1, c, m);
    const Lanes& s2 = ex.FetchInPlace(in, 2, c, m);
    Lanes& r = ex.Result(0, c);
    const Lanes& cs = S == SelKind::kCnd ? s2 : s0;
    const Lanes& ta = S == SelKind::kCnd ? s0 : s1;
    const Lanes& fa = S == SelKind::kCnd ? s1 : s2;
    int n = 0;
    if (S == SelKind::kUcmp && IsLowRun(m, &n) && cs.AllExactFirst(n)) {
      // An exact selector read as a word decides every lane one way: each
      // lane is a copy of the chosen operand's lane, words and flags.
      for (int l = 0; l < n; ++l) {
        const bool t = cs.w[l] != 0;
        r.w[l] = t ? ta.w[l] : fa.w[l];
        r.u[l] = t ? ta.u[l] : fa.u[l];
        r.x[l] = t ? ta.x[l] : fa.x[l];
        r.s[l] = t ? ta.s[l] : fa.s[l];
        r.lo[l] = t ? ta.lo[l] : fa.lo[l];
        r.hi[l] = t ? ta.hi[l] : fa.hi[l];
      }
      continue;
    }
    ForLanes(m, [&](int l) {
      const Decision d = Decide(cs.Get(l), kPred, flush);
      const Lanes& chosen = d.taken ? ta : fa;
      if (d.uncertain == Reason::kNone) {
        r.CopyLane(l, chosen);  // the chosen operand's lane as it is
      } else {
        r.Set(l, Either(chosen.Get(l), (d.taken ? fa : ta).Get(l), d.uncertain));
      }
    });
  }
  ex.Store(in, 0);
}

// CLAMP (removed): src0 < src1 ? src1 : (src0 > src2 ? src2 : src0).
struct ClampK : CopyKernel {
  static constexpr int kSrc = 3;
  static Word Eval(Fp& fp, const Word* a, Freedom& f) {
    const float v = fp.In(F(a[0])), lo = fp.In(F(a[1])), hi = fp.In(F(a[2]));
    if (std::isnan(v) || std::isnan(lo) || std::isnan(hi)) f.undef = Reason::kNanOperand;
    auto mixed = [](float p, float q) { return p == 0.0f && q == 0.0f && std::signbit(p) != std::signbit(q); };
    if (mixed(v, lo) || mixed(v, hi)) f.zero_sign = true;
    return W(v < lo ? lo : (v > hi ? hi : v));
  }
};

void OpClamp(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const LaneMask m = ex.exec;
  for (int c = 0; c < 4; ++c) {
    if (!(in.dst[0].mask & (1u << c))) continue;
    const Lanes& s0 = ex.Fetch(in, 0, c, m);
    const Lanes& s1 = ex.Fetch(in, 1, c, m);
    const Lanes& s2 = ex.Fetch(in, 2, c, m);
    ComputeLanes<ClampK>(ex, m, ex.Result(0, c), [&](int l, Val* a) {
      a[0] = s0.Get(l);
      a[1] = s1.Get(l);
      a[2] = s2.Get(l);
    });
  }
  ex.Store(in, 0);
}

// ------------------------------------------------------------ derivatives

enum class Deriv { kDdx, kDdy, kDdxFine, kDdyFine };

template <Deriv D>
void OpDeriv(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const LaneMask pot = ex.Potential();
  LaneMask quads = 0;
  for (int q = 0; q < ex.lanes; q += 4) {
    const LaneMask qm = (LaneMask{0xF} << q) & ex.all;
    if (pot & qm) quads |= qm;
  }
  const bool frag = ex.prog.stage == tgsi::Processor::kFragment;
  const LaneMask maybe_killed = ex.killed | ex.kill_unc_u | ex.kill_unc_x;
  for (int c = 0; c < 4; ++c) {
    if (!(in.dst[0].mask & (1u << c))) continue;
    const Lanes& s = ex.Fetch(in, 0, c, quads);
    Lanes& r = ex.Result(0, c);
    ForLanes(ex.exec, [&](int l) {
      const int q = l & ~3;
      const LaneMask qm = (LaneMask{0xF} << q) & ex.all;
      Val v[4];
      for (int i = 0; i < 4; ++i) {
        v[i] = (q + i < ex.lanes) ? s.Get(q + i) : Val::Any(0, Reason::kDerivativeNonFragment);
      }
      // Operand pairs (minuend, subtrahend) per lane position in the quad.
      const int p = l & 3;
      int hi, lo;
      switch (D) {
        case Deriv::kDdx: hi = 3, lo = 2; break;                       // bottom row
        case Deriv::kDdy: hi = 2, lo = 0; break;                       // left column
        case Deriv::kDdxFine: hi = (p < 2) ? 1 : 3, lo = (p < 2) ? 0 : 2; break;
        case Deriv::kDdyFine: hi = (p & 1) ? 3 : 2, lo = (p & 1) ? 1 : 0; break;
      }
      const Val a[2] = {v[hi], v[lo]};
      Val out = EvalKernel<SubK>(ex, a);
      Reason own = Reason::kNone;
      if (!frag) {
        own = Reason::kDerivativeNonFragment;
      } else if ((ex.exec & qm) != qm || (ex.Uncertain() & qm) != 0) {
        own = Reason::kDerivativeDivergent;
      } else if (maybe_killed & qm) {
        own = Reason::kDerivativeAfterKill;
      } else if (D == Deriv::kDdx || D == Deriv::kDdy) {
        // The other row / column must agree, or coarse implementations differ.
        const int ohi = D == Deriv::kDdx ? 1 : 3, olo = D == Deriv::kDdx ? 0 : 1;
        const Val b[2] = {v[ohi], v[olo]};
        const Val other = EvalKernel<SubK>(ex, b);
        if (other.undef != Reason::kNone && out.undef == Reason::kNone) {
          out.undef = other.undef;
        } else if (other.w != out.w && !(IsNanW(other.w) && IsNanW(out.w))) {
          own = Reason::kDerivativeCoarse;
        } else if (!other.exact() || !out.exact()) {
          // Either row / column may be used: the result is in both sets' hull.
          out = Either(out, other, Reason::kInexactOperand);
        }
      }
      if (out.undef == Reason::kNone) out.undef = own;
      r.Set(l, out);
    });
  }
  ex.Store(in, 0);
}

}  // namespace

// MAD's plain-lanes check (ops.h, PlainLanes), a block at a time: the
// fused result is std::fmaf's, correctly rounded (the FMA instruction where
// the library finds one, its software fused multiply-add otherwise), so it
// gives the same bits as Fp::Fma on operands and results that are not
// denormal; -ffp-contract=off keeps the product a separate rounding. A
// fused word that is a denormal (Fp may flush it), an infinity or a NaN goes
// to the general path, so a kPlainAltBit lane's set is the hull of two
// finite words. No target_clones: on a host with AVX2 and FMA, WaveLanes
// (wave_lanes.cc) runs instead, so only hosts without them call this.
void float_ops::MadK::PlainSlow(const float (*a)[kPlainBlock], const Word* r, uint8_t* bad, Word* alt) {
  for (int i = 0; i < kPlainBlock; ++i) {
    const float p = a[0][i] * a[1][i];
    const Word pw = std::bit_cast<Word>(p);
    const Word fused = std::bit_cast<Word>(std::fmaf(a[0][i], a[1][i], a[2][i]));
    alt[i] = fused;
    const bool differs = fused != r[i];
    const bool odd_fused = (fused & 0x7f800000u) == 0x7f800000u || DenormBit(fused);
    bad[i] |= static_cast<uint8_t>(((pw & 0x7f800000u) == 0 && (pw & 0x7fffffu) != 0) || (differs && odd_fused)) *
                  kPlainSlowBit |
              static_cast<uint8_t>(differs) * kPlainAltBit;
  }
}

void RegisterFloatOps(HandlerTable& t) {
  t.Set(Opcode::MOV, Comp<MovK>);
  // Fragment inputs are interpolated once per call, at the pixel's pair
  // and, for INTERP_CENTROID, at the centroid pair too
  // (emulator/common/interpolation.h). The model is single-sample: sample
  // re-interpolation reads the input as is (what tgsi_exec does).
  // INTERP_OFFSET needs interpolation coefficients and stays unsupported.
  t.Set(Opcode::INTERP_CENTROID, InterpCentroid);
  t.Set(Opcode::INTERP_SAMPLE, Comp<MovK>);
  t.Set(Opcode::ABS, Comp<AbsK>);
  t.Set(Opcode::ADD, Comp<AddK>);
  t.Set(Opcode::SUB, Comp<SubK>);
  t.Set(Opcode::MUL, Comp<MulK>);
  t.Set(Opcode::MAD, Comp<MadK>);
  t.Set(Opcode::FMA, Comp<FmaK>);
  t.Set(Opcode::LRP, Comp<LrpK>);
  t.Set(Opcode::DIV, Comp<DivK>);
  t.Set(Opcode::RCP, Repl<RcpK>);
  t.Set(Opcode::RSQ, Repl<RsqK>);
  t.Set(Opcode::SQRT, Repl<SqrtK>);
  t.Set(Opcode::EX2, Repl<Ex2K>);
  t.Set(Opcode::LG2, Repl<Lg2K>);
  t.Set(Opcode::POW, Repl<PowK>);
  t.Set(Opcode::SIN, Repl<SinK>);
  t.Set(Opcode::COS, Repl<CosK>);
  t.Set(Opcode::RCC, Repl<RccK>);
  t.Set(Opcode::MIN, Comp<MinK>);
  t.Set(Opcode::MAX, Comp<MaxK>);
  t.Set(Opcode::SLT, Comp<SetK<Cmp::kLt>>);
  t.Set(Opcode::SGE, Comp<SetK<Cmp::kGe>>);
  t.Set(Opcode::SEQ, Comp<SetK<Cmp::kEq>>);
  t.Set(Opcode::SGT, Comp<SetK<Cmp::kGt>>);
  t.Set(Opcode::SLE, Comp<SetK<Cmp::kLe>>);
  t.Set(Opcode::SNE, Comp<SetK<Cmp::kNe>>);
  t.Set(Opcode::FSLT, Comp<FSetK<Cmp::kLt>>);
  t.Set(Opcode::FSGE, Comp<FSetK<Cmp::kGe>>);
  t.Set(Opcode::FSEQ, Comp<FSetK<Cmp::kEq>>);
  t.Set(Opcode::FSNE, Comp<FSetK<Cmp::kNe>>);
  t.Set(Opcode::FRC, Comp<FrcK>);
  t.Set(Opcode::FLR, Comp<FlrK>);
  t.Set(Opcode::CEIL, Comp<CeilK>);
  t.Set(Opcode::TRUNC, Comp<TruncK>);
  t.Set(Opcode::ROUND, Comp<RoundK>);
  t.Set(Opcode::SSG, Comp<SsgK>);
  t.Set(Opcode::LDEXP, Comp<LdexpK>);
  t.Set(Opcode::SFL, ConstOp<0u>);
  t.Set(Opcode::STR, ConstOp<0x3f800000u>);
  t.Set(Opcode::CMP, Select<SelKind::kCmp>);
  t.Set(Opcode::UCMP, Select<SelKind::kUcmp>);
  t.Set(Opcode::CND, Select<SelKind::kCnd>);
  t.Set(Opcode::CLAMP, OpClamp);
  t.Set(Opcode::DDX, OpDeriv<Deriv::kDdx>);
  t.Set(Opcode::DDY, OpDeriv<Deriv::kDdy>);
  t.Set(Opcode::DDX_FINE, OpDeriv<Deriv::kDdxFine>);
  t.Set(Opcode::DDY_FINE, OpDeriv<Deriv::kDdyFine>);
  RegisterFloatVectorOps(t);
  RegisterFloatArbOps(t);
}

}  // namespace shaderdiff::tgsi_exec
