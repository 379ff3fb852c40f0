// The opcode -> handler table and the generic shapes op handlers are built
// from.
//
// A *kernel* computes one lane's result word from source words:
//   struct K : ArithKernel {                  // or another base below
//     static constexpr int kSrc = N;          // number of source words
//     static Word Eval(Fp& fp, const Word* a, Freedom& f);
//   };
// Eval does every float operation through `fp` (the configured denormal
// mode for the reference word, IEEE for the set's candidates) and reports
// the op's own freedom at that point in `f` (a domain edge, its permitted
// error, alternatives, NaN or zero-sign openness: value_set.h). A kernel
// never looks at its operands' sets: EvalKernel evaluates it at their
// candidate values.
//
// Shapes: CompOp<K> (component-wise: dst.c from slot c of every source),
// ReplOp<K> (replicated scalar from slot x of every source); both take a
// whole-instruction fast path when every operand is exact over the active
// lanes (EvalKernelExactLanes: words in, words out, a set built only for a
// lane whose kernel reports freedom), with EvalKernel's results. Everything else
// (dot products, LIT, derivatives, textures, flow, 64-bit pairs) has its own
// handler in the ops_*.cc files.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>

#include <array>

#include "compiler/tgsi/opcode.h"
#include "emulator/tgsi/box_hull.h"
#include "emulator/tgsi/decode.h"
#include "emulator/tgsi/machine.h"
#include "emulator/tgsi/value_set.h"
#include "emulator/tgsi/wave_lanes.h"

namespace shaderdiff::tgsi_exec {

struct HandlerTable {
  std::array<Handler, tgsi::kOpcodeCount> fn{};
  void Set(tgsi::Opcode op, Handler h) { fn[static_cast<size_t>(op)] = h; }
};

// Built once (thread-safe static); opcodes without a handler are reported as
// unsupported by Decode.
const HandlerTable& Handlers();

void RegisterFloatOps(HandlerTable& t);
void RegisterIntOps(HandlerTable& t);
void RegisterConvertOps(HandlerTable& t);
void RegisterFlowOps(HandlerTable& t);
void RegisterTextureOps(HandlerTable& t);
void RegisterDoubleOps(HandlerTable& t);

// Evaluates kernel K for one lane: the reference word under the configured
// denormal mode, and its allowed set (value_set.h). Exact operands whose
// evaluation saw no denormal and whose kernel reported no freedom give an
// exact result at once; otherwise the kernel is evaluated at every
// combination of the operands' candidate values.
// `hull` false: the caller already tried BoxHullLanes (box_hull.h) on this
// lane, which declined; the closed form is not tried again.
template <class K>
Val EvalKernelSet(const Val* v, Word r, const Freedom& f, bool exact, bool hull = true);

template <class K>
inline Val EvalKernel(const Exec& ex, const Val* v, bool hull = true) {
  constexpr int N = K::kSrc;
  Word a[N > 0 ? N : 1];
  Reason src_undef = Reason::kNone;
  bool exact = true;
  for (int i = 0; i < N; ++i) {
    a[i] = v[i].w;
    if (src_undef == Reason::kNone) src_undef = v[i].undef;
    exact = exact && v[i].inexact == Reason::kNone;
  }
  Fp fp = ex.PrimaryFp();
  Freedom f;
  const Word r = K::Eval(fp, a, f);
  if (src_undef != Reason::kNone) return Val::Any(r, src_undef);
  if (f.undef != Reason::kNone) return Val::Any(r, f.undef);
  if (exact && !fp.saw && f.Trivial() && !(K::kArith && IsNanW(r))) return Val::Exact(r);
  return EvalKernelSet<K>(v, r, f, exact, hull);
}

// The general set builder of EvalKernelSet (a kernel without kCustomSet):
// the kernel at every combination of its operands' candidate values.
template <class K>
Val EvalKernelSetEnumerated(const Val* v, Word r, const Freedom& f, bool exact) {
  constexpr int N = K::kSrc;
  {
    // An operation on words cannot carry a set through: any value.
    if (!exact && !K::kFloatIn) return Val::Any(r, Reason::kInexactBits);
    for (int i = 0; i < N; ++i) {
      if (((K::kWordOperands >> i) & 1) && v[i].inexact != Reason::kNone) return Val::Any(r, Reason::kInexactBits);
    }
    Word cand[N > 0 ? N : 1][kMaxCandidates];
    int count[N > 0 ? N : 1];
    long combos = 1;
    bool flushed = false;
    for (int i = 0; i < N; ++i) {
      count[i] = Candidates(v[i], K::kFloatIn, cand[i]);
      combos *= count[i];
      flushed = flushed || (v[i].inexact == Reason::kNone && count[i] > 1);
    }
    constexpr long kMaxCombos = 4096;
    if (combos > kMaxCombos) return Val::Any(r, Reason::kInexactOperand);
    SetBuilder b(r, K::kArith);
    b.Add(r, f);
    if (flushed) b.NoteOperandFlush();
    for (int i = 0; i < N; ++i) {
      if (v[i].inexact != Reason::kNone && (v[i].set & kSetNan)) b.NanIsAny();
    }
    // Every combination, operand 0's candidate varying fastest (a mixed-
    // radix counter over pick[], no division per combination).
    int pick[N > 0 ? N : 1] = {};
    for (long c = 0; c < combos && !b.any(); ++c) {
      Word a[N > 0 ? N : 1];
      for (int i = 0; i < N; ++i) a[i] = cand[i][pick[i]];
      for (int i = 0; i < N; ++i) {
        if (++pick[i] < count[i]) break;
        pick[i] = 0;
      }
      Fp preserve;
      Freedom fc;
      const Word rc = K::Eval(preserve, a, fc);
      b.Add(rc, fc);
    }
    if constexpr (!K::kMonotone) {
      if (!exact) K::Bound(v, b);
    }
    Reason operand_cause = Reason::kNone;
    if (!exact) {
      operand_cause = Reason::kInexactOperand;
      if constexpr (K::kCopy) {
        for (int i = 0; i < N; ++i) {
          if (v[i].inexact != Reason::kNone) {
            operand_cause = v[i].inexact;
            break;
          }
        }
      }
    }
    return b.Finish(K::kFloatOut, operand_cause, K::kFloatIn ? Reason::kInexactComparison : Reason::kInexactBits);
  }
}

// A kernel with kBoxHull takes the closed form of box_hull.h where it
// applies (operands with sets, none undefined or NaN, ...): the same set as
// the enumeration, field by field (box_hull_test).
template <class K>
Val EvalKernelSet(const Val* v, Word r, const Freedom& f, bool exact, bool hull) {
  if constexpr (K::kCustomSet) {
    return K::SetOf(v, r, f, exact);
  } else {
    if constexpr (K::kBoxHull) {
      Val out;
      if (hull && !exact && BoxHullSet<K>(v, r, f, &out)) return out;
    }
    return EvalKernelSetEnumerated<K>(v, r, f, exact);
  }
}

// Whether lanes m of every one of the n operands are exact.
inline bool AllExact(const Lanes* const* s, int n, LaneMask m) {
  int run = 0;
  if (IsLowRun(m, &run)) {  // one branch-free pass per operand
    for (int i = 0; i < n; ++i) {
      if (!s[i]->AllExactFirst(run)) return false;
    }
    return true;
  }
  for (int i = 0; i < n; ++i) {
    const Lanes& v = *s[i];
    bool exact = true;
    ForLanes(m, [&](int l) { exact = exact && v.Exact(l); });
    if (!exact) return false;
  }
  return true;
}

// The plain-lanes fast path of EvalKernelExactLanes, for a kernel with
// `kPlain` (its Eval is K::Plain on floats, reporting no freedom, whenever no
// operand or result is a denormal; or with kPlainWord, K::PlainWord's word
// whenever no operand is a denormal): lanes 0..n-1 (n >= 1) of r = K(s...)
// computed in fixed blocks of 16 lanes the compiler can vectorize (plain
// float operations, -ffp-contract=off kept, so each is one IEEE operation as
// Fp does it). Returns the lanes whose operands or result are denormal or
// whose result is a NaN (and, for a kernel with kPlainCheck, the lanes
// K::PlainSlow(operands, words, bad, alt) marks with kPlainSlowBit in `bad`:
// where Eval would report other freedom or see a denormal inside): for
// those the caller runs the general per-lane evaluation, which gives them
// their flags and sets. A lane PlainSlow marks with kPlainAltBit alone is
// the two-word set {word, alt} (PairSet, cause K::kAltReason): Eval reports
// exactly that alternative there (MAD's fused form), on normal-or-zero
// operands, product, word and alt, which is what the general path builds.
// Every other lane is exact with K::Plain's word, which is Eval's word
// there, in any denormal mode (Fp's In and Out only change denormals).
// Exactly lanes 0..n-1 of r are written; a partial last block reads the
// operands' words of lanes n.. up to the block's end, which StartWave set to
// 0 for every register file and operand scratch of the wave and nothing
// writes while it runs (every write is to a lane of the wave's mask), so no
// word the wave did not write is read, and nothing is copied per operand.
inline constexpr int kPlainBlock = 16;
static_assert(kMaxLanes % kPlainBlock == 0);
// The end of the last block of a wave of `lanes` lanes: the words of lanes
// [lanes, PlainBlockEnd) of every register and operand are 0 for the wave.
inline size_t PlainBlockEnd(int lanes) {
  return static_cast<size_t>((lanes + kPlainBlock - 1) / kPlainBlock * kPlainBlock);
}
inline constexpr uint8_t kPlainSlowBit = 1;
inline constexpr uint8_t kPlainAltBit = 2;
// Whether word w is a denormal (bit test, no branch).
inline uint8_t DenormBit(Word w) { return static_cast<uint8_t>(((w & 0x7f800000u) == 0) & ((w & 0x7fffffu) != 0)); }
inline uint8_t NanBit(Word w) { return static_cast<uint8_t>(((w & 0x7f800000u) == 0x7f800000u) & ((w & 0x7fffffu) != 0)); }

template <class K>
LaneMask PlainLanes(const Lanes* const* s, int n, Lanes& r) {
  constexpr int N = K::kSrc;
  const Word* src[N];
  for (int k = 0; k < N; ++k) src[k] = s[k]->w;
  LaneMask slow = 0;
  for (int b = 0; b < n; b += kPlainBlock) {
    const int len = std::min(kPlainBlock, n - b);
    float av[N][kPlainBlock];
    Word wv[kPlainBlock];
    Word alt[kPlainBlock];  // written by PlainSlow, read only where it set kPlainAltBit
    uint8_t bad[kPlainBlock] = {};
    for (int k = 0; k < N; ++k) {
      const Word* in = src[k] + b;  // lanes n.. of a partial block: 0 (StartWave)
      for (int i = 0; i < kPlainBlock; ++i) {
        const Word w = in[i];
        av[k][i] = std::bit_cast<float>(w);
        bad[i] |= DenormBit(w);
      }
    }
    for (int i = 0; i < kPlainBlock; ++i) {
      float a[N];
      for (int k = 0; k < N; ++k) a[k] = av[k][i];
      if constexpr (K::kPlainWord) {  // a word result (a compare): only operands can be denormal
        wv[i] = K::PlainWord(a);
      } else {
        const Word w = std::bit_cast<Word>(K::Plain(a));
        wv[i] = w;
        bad[i] |= DenormBit(w) | NanBit(w);
      }
    }
    if constexpr (K::kPlainCheck) K::PlainSlow(av, wv, bad, alt);
    std::copy_n(wv, len, r.w + b);
    std::fill_n(r.u + b, len, Reason::kNone);
    std::fill_n(r.x + b, len, Reason::kNone);
    for (int i = 0; i < len; ++i) {
      if constexpr (K::kPlainCheck) {
        if (bad[i] == kPlainAltBit) {
          r.Set(b + i, PairSet(wv[i], alt[i], K::kAltReason));
          continue;
        }
      }
      slow |= static_cast<LaneMask>(bad[i] != 0) << (b + i);
    }
  }
  return slow;
}

// One lane of a kPlainWord kernel (a compare: Eval is K::PlainWord of its
// operands read through Fp::In, no freedom) on exact operand words `a`:
// what EvalKernelExactLanes' per-lane evaluation gives, in closed form. An
// operand that is not a denormal reads one way: the word, exact. A
// denormal operand has the candidates {w, its flushed zero}
// (value_set.cc Candidates), and EvalKernelSetEnumerated evaluates every
// combination: if all give the reference word (the one under `daz`, itself
// a combination), the result is exact; else, for a word result (FSLT..),
// any value (inexact-comparison), and for a float result (SLT..), the
// interval of the words seen, cause denormal (the builder's
// NoteOperandFlush). plain_word_lane_test compares it with the builder.
template <class K>
Val PlainWordLane(bool daz, const Word* a) {
  static_assert(K::kPlainWord && K::kSrc == 2 && !K::kArith);
  const Word flushed[2] = {IsDenormW(a[0]) ? a[0] & 0x80000000u : a[0], IsDenormW(a[1]) ? a[1] & 0x80000000u : a[1]};
  const float raw_f[2] = {std::bit_cast<float>(a[0]), std::bit_cast<float>(a[1])};
  const float flushed_f[2] = {std::bit_cast<float>(flushed[0]), std::bit_cast<float>(flushed[1])};
  const Word r = K::PlainWord(daz ? flushed_f : raw_f);
  if (flushed[0] == a[0] && flushed[1] == a[1]) return Val::Exact(r);
  Word lo = r, hi = r;
  bool open = false;
  for (int i = 0; i < 4; ++i) {
    const float c[2] = {i & 1 ? flushed_f[0] : raw_f[0], i & 2 ? flushed_f[1] : raw_f[1]};
    const Word w = K::PlainWord(c);
    if (w == r) continue;
    open = true;
    if (common::OrderedKey(w) < common::OrderedKey(lo)) lo = w;
    if (common::OrderedKey(w) > common::OrderedKey(hi)) hi = w;
  }
  if (!open) return Val::Exact(r);
  if constexpr (!K::kFloatOut) {
    return Val::Any(r, Reason::kInexactComparison);
  } else {
    return PairSet(r, r == lo ? hi : lo, Reason::kDenormal);  // two words: r is one end
  }
}

// Lanes 0..n-1 of r = K::Words(s...) for a kPureWords kernel, every
// operand exact there: what the per-lane loop of EvalKernelExactLanes gives
// (the word, exact: such a kernel reports no freedom and no float rule), in
// one plain loop.
template <class K>
void WordsLanes(const Lanes* const* s, int n, Lanes& r) {
  constexpr int N = K::kSrc;
  for (int l = 0; l < n; ++l) {
    Word a[N];
    for (int i = 0; i < N; ++i) a[i] = s[i]->w[l];
    r.w[l] = K::Words(a);
  }
  std::fill_n(r.u, n, Reason::kNone);
  std::fill_n(r.x, n, Reason::kNone);
}

// Lanes m of r = K(s...), every operand exact over m: EvalKernel's result
// for exact operands, without reading or writing a Val per lane; only a
// lane whose kernel reports freedom (or saw a denormal, or is a NaN result)
// builds its set. A kPlain kernel on a wave whose lanes 0..n-1 are all
// active takes PlainLanes first and evaluates only its slow lanes here.
template <class K>
void EvalKernelExactLanes(const Exec& ex, const Lanes* const* s, LaneMask m, Lanes& r) {
  constexpr int N = K::kSrc;
  if constexpr (K::kIdentity) {  // the operand's lanes, as they are (all exact)
    r.CopyLanes(m, *s[0]);
    return;
  }
  if constexpr (K::kPureWords) {  // the word of the operand words, exact: one plain pass
    int n = 0;
    if (m != 0 && IsLowRun(m, &n)) {
      WordsLanes<K>(s, n, r);
      return;
    }
  }
  if constexpr (K::kPlain) {
    int n = 0;
    if (m != 0 && IsLowRun(m, &n)) {
      if constexpr (K::kWaveLanes) {
        m = WaveLanes<K>(s, n, r);  // the same lanes, words and flags, vectorized (wave_lanes.h)
      } else {
        m = PlainLanes<K>(s, n, r);
      }
    }
  }
  const Fp primary = ex.PrimaryFp();
  if constexpr (K::kPlainWord) {  // compares: closed form, no set builder
    ForLanes(m, [&](int l) {
      const Word a[2] = {s[0]->w[l], s[1]->w[l]};
      r.Set(l, PlainWordLane<K>(primary.daz, a));
    });
    return;
  }
  ForLanes(m, [&](int l) {
    Word a[N > 0 ? N : 1];
    for (int i = 0; i < N; ++i) a[i] = s[i]->w[l];
    Fp fp = primary;
    Freedom f;
    const Word w = K::Eval(fp, a, f);
    if (f.undef != Reason::kNone) {
      r.Set(l, Val::Any(w, f.undef));
    } else if (!fp.saw && f.Trivial() && !(K::kArith && IsNanW(w))) {
      r.w[l] = w;
      r.u[l] = Reason::kNone;
      r.x[l] = Reason::kNone;
    } else {
      Val v[N > 0 ? N : 1];
      for (int i = 0; i < N; ++i) v[i] = Val::Exact(a[i]);
      r.Set(l, EvalKernelSet<K>(v, w, f, true));
    }
  });
}

// Lanes m of r = K(s...) for any operands: the lanes where every operand
// is exact go through EvalKernelExactLanes (words in, words out, no Val per
// lane), only the others through EvalKernel with their operands' sets. The
// two give the same result for an exact lane (EvalKernel's exact shortcut
// and its set for exact operands are what EvalKernelExactLanes computes), so
// a wave whose operands are exact on some lanes only (a MAD whose fused form
// differs on a few, a branch's uncertainty on a few) builds sets only where
// an operand carries one (mixed_lanes_test).
template <class K>
void EvalKernelLanes(const Exec& ex, const Lanes* const* s, LaneMask m, Lanes& r) {
  constexpr int N = K::kSrc;
  // The lanes of m with a non-exact operand, eight flag bytes at a time
  // over lanes 0 to m's highest (the flags of the lanes outside m are
  // read, all inside the arrays, and masked off).
  const int n = m == 0 ? 0 : kMaxLanes - std::countl_zero(m);
  LaneMask general = 0;
  for (int i = 0; i < N; ++i) general |= s[i]->NotExactFirst(n);
  general &= m;
  if (general == 0) {
    EvalKernelExactLanes<K>(ex, s, m, r);
    return;
  }
  if (m & ~general) EvalKernelExactLanes<K>(ex, s, m & ~general, r);
  // ADD, SUB, MUL, MAD: the closed form first, over the planes; only the
  // lanes it declines build Vals, and they skip it (what EvalKernelSet
  // would do there: BoxHullSet declines the same lanes).
  if constexpr (K::kBoxHull) general = BoxHullLanes<K>(ex.PrimaryFp(), s, general, r);
  ForLanes(general, [&](int l) {
    Val a[N > 0 ? N : 1];
    for (int i = 0; i < N; ++i) a[i] = s[i]->Get(l);
    r.Set(l, EvalKernel<K>(ex, a, !K::kBoxHull));
  });
}

template <class K>
void CompOp(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const LaneMask m = ex.exec;
  constexpr int N = K::kSrc;
  if (ex.CanStoreDirect(in)) {  // each channel computed into its register
    for (int c = 0; c < 4; ++c) {
      if (!(in.dst[0].mask & (1u << c))) continue;
      const Lanes* s[N > 0 ? N : 1];
      for (int i = 0; i < N; ++i) s[i] = &ex.FetchInPlace(in, i, c, m);
      EvalKernelLanes<K>(ex, s, m, ex.DirectDst(in, c));
      ex.DirectStored(in, c);
    }
    return;
  }
  for (int c = 0; c < 4; ++c) {
    if (!(in.dst[0].mask & (1u << c))) continue;
    const Lanes* s[N > 0 ? N : 1];
    for (int i = 0; i < N; ++i) s[i] = &ex.FetchInPlace(in, i, c, m);
    EvalKernelLanes<K>(ex, s, m, ex.Result(0, c));
  }
  ex.Store(in, 0);
}

template <class K>
void ReplOp(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const LaneMask m = ex.exec;
  constexpr int N = K::kSrc;
  const Lanes* s[N];
  for (int i = 0; i < N; ++i) s[i] = &ex.FetchInPlace(in, i, 0, m);
  const uint8_t mask = in.dst[0].mask;
  if (mask != 0 && ex.CanStoreDirect(in)) {  // into the first written channel, copied to the others
    const int first = std::countr_zero(mask);
    Lanes& r = ex.DirectDst(in, first);
    EvalKernelLanes<K>(ex, s, m, r);
    ex.DirectStored(in, first);
    for (int c = first + 1; c < 4; ++c) {
      if (mask & (1u << c)) {
        ex.DirectDst(in, c).CopyLanes(m, r);
        ex.DirectStored(in, c);
      }
    }
    return;
  }
  Lanes& r = ex.Result(0, 0);
  EvalKernelLanes<K>(ex, s, m, r);
  for (int c = 1; c < 4; ++c) {
    if (in.dst[0].mask & (1u << c)) {
      ex.Result(0, c).CopyLanes(m, r);
    }
  }
  ex.Store(in, 0);
}

// Writes `v` (already computed for the lanes in ex.exec) to every channel of
// the first destination's write mask.
inline void StoreReplicated(Exec& ex, const DInst& in, const Lanes& v) {
  for (int c = 0; c < 4; ++c) {
    if (in.dst[0].mask & (1u << c)) {
      Lanes& rc = ex.Result(0, c);
      if (&rc != &v) rc.CopyLanes(ex.exec, v);
    }
  }
  ex.Store(in, 0);
}

// Kernel bases. kFloatIn: operands are read as floats (a set operand is
// evaluated at its candidates; otherwise a set operand makes any value).
// kFloatOut: the result is a float (a set result is an interval; otherwise
// a result that is not one word is any value). kArith: float arithmetic, so
// a NaN result is any NaN. kCopy: the result is one of the operands (it keeps
// the operand's cause). kWordOperands: operands read as integers by a float kernel.
// kMonotone: monotone in each operand on each side of 0, so candidates bound the result; otherwise K::Bound(v, builder) adds the
// rest. kCustomSet: K::SetOf(v, r, f, exact) computes the whole set.
struct KernelBase {
  static constexpr unsigned kWordOperands = 0;  // bit i: operand i is an integer even when kFloatIn
  static constexpr bool kFloatIn = true;
  static constexpr bool kFloatOut = true;
  static constexpr bool kArith = false;
  static constexpr bool kCopy = false;
  static constexpr bool kMonotone = true;
  static constexpr bool kCustomSet = false;
  // K::Hull(lo, hi, out_lo, out_hi) gives the closed-form hull over the
  // operands' box (box_hull.h: ADD, SUB, MUL, MAD); the set builder
  // enumerates only where it does not apply.
  static constexpr bool kBoxHull = false;
  static constexpr bool kPlain = false;  // K::Plain(const float*) exists (PlainLanes)
  // With kPlain: K::PlainWord(const float*) gives the result word instead
  // (compares), which PlainLanes takes as it is; only a denormal operand
  // sends a lane to the general path.
  static constexpr bool kPlainWord = false;
  static constexpr bool kPlainCheck = false;  // K::PlainSlow(operands, words, bad, alt) too (PlainLanes)
  // With kPlain: WaveLanes<K> (wave_lanes.h) computes what PlainLanes<K>
  // does, eight lanes per vector step (ADD, SUB, MUL, MAD).
  static constexpr bool kWaveLanes = false;
  // Eval returns operand 0's word and reports no freedom (MOV): on exact
  // operands the result lanes are a copy of the operand's.
  static constexpr bool kIdentity = false;
  // Eval is K::Words(operand words), exact, with no freedom and no float
  // rule (the integer opcodes): an all-active wave of exact operands takes
  // WordsLanes.
  static constexpr bool kPureWords = false;
  static constexpr Reason kAltReason = Reason::kNone;  // the cause of PlainSlow's two-word sets
};
// Float arithmetic.
struct ArithKernel : KernelBase {
  static constexpr bool kArith = true;
};
// Float comparisons producing a boolean word (FSLT..: ~0/0).
struct CompareKernel : KernelBase {
  static constexpr bool kFloatOut = false;
};
// Integer and bit operations.
struct IntKernel : KernelBase {
  static constexpr bool kFloatIn = false;
  static constexpr bool kFloatOut = false;
};
// Selections / bit copies of float values (MOV, ABS, MIN, MAX).
struct CopyKernel : KernelBase {
  static constexpr bool kCopy = true;
};

}  // namespace shaderdiff::tgsi_exec
