// The allowed-set algebra of the reference interpreter: how an operation
// turns its operands' allowed sets (machine_types.h Val) into its result's.
//
// The method is refinement checking applied per component: the result set
// must contain every result a conforming implementation may return, and as
// little else as the representation allows. An operation is evaluated at
// *candidate* operand values (value_set.cc Candidates): an exact operand is
// its word (plus the zero it may be flushed to when it is a denormal); a set
// operand is its interval's ends, both zeros when the interval contains 0,
// the flushed zero of a denormal end, and a NaN when NaN is allowed. Every
// candidate result, widened by the operation's own permitted error
// (precision.h), the alternatives it reports (a fused or unfused MAD), and
// the zero a denormal result may be flushed to, goes into a SetBuilder,
// which returns the hull.
//
// Soundness: the hull contains every result when the operation is monotone
// in each operand separately on each side of 0 (add, mul, mad, min, max,
// compares, floor, the transcendentals on their domains...), because the
// extremes of such functions over a box lie at its corners, and every pole
// of the TGSI float ops is at 0, which is a candidate whenever it is inside.
// Kernels that are not monotone (FRC, SIN/COS, LOG.y, RFL) give their own
// bound; sums of products (DP*, XPD, X2D, LRP) use SumOfProducts below,
// whose rounding term bounds every evaluation order, fused or not.
// This is interval analysis, a rigorous form of first-order forward error
// analysis: it handles cancellation (a difference of nearly equal inexact
// terms gets a wide interval) and ill-conditioning (an interval around a
// pole becomes [-inf, inf], which is reported as any value).
#pragma once

#include <bit>
#include <cstdint>

#include "emulator/common/allowed_set.h"
#include "emulator/tgsi/fp.h"
#include "emulator/tgsi/machine_types.h"
#include "emulator/tgsi/precision.h"

namespace shaderdiff::tgsi_exec {

// What an operation reports about its own freedom at one evaluation point
// (kernels fill it; Eval may be called many times per lane).
struct Freedom {
  Reason undef = Reason::kNone;    // the result is any value here (a domain edge)
  Reason inexact = Reason::kNone;  // the op's own imprecision, with `tol`
  Tolerance tol;
  bool nan_ok = false;     // an implementation may return NaN instead (MIN/MAX/SAT of NaN)
  bool zero_sign = false;  // the sign of a zero result is open
  Word alt[2] = {0, 0};    // other results an implementation may give
  int n_alt = 0;

  void Inexact(Reason why, Tolerance t) {
    if (inexact == Reason::kNone) inexact = why;
    tol = t;
  }
  void Alt(Reason why, Word w) {
    if (inexact == Reason::kNone) inexact = why;
    if (n_alt < 2) alt[n_alt++] = w;
  }
  bool Trivial() const { return inexact == Reason::kNone && !nan_ok && !zero_sign && n_alt == 0; }
};

// Up to this many candidate values per operand (Candidates).
inline constexpr int kMaxCandidates = 6;
// The candidate values of one operand (see the file comment). `float_in`:
// the operation reads the operand as a float (a denormal may be flushed).
// Requires v not undefined.
int Candidates(const Val& v, bool float_in, Word* out);

// The interval [r - t, r + t] of a tolerance, bounds rounded outward.
void Widen(Word r, const Tolerance& t, Word* lo, Word* hi);

// Collects candidate results into the result's allowed set.
class SetBuilder {
 public:
  // `arith`: the results come from float arithmetic, whose NaNs are any NaN.
  SetBuilder(Word reference, bool arith) : ref_(reference), arith_(arith) {}
  // A result with the op's freedom at that point.
  void Add(Word r, const Freedom& f);
  // Adds [lo, hi] (by value) to the hull.
  void AddInterval(Word lo, Word hi);
  void AddNan();
  // Adds a whole allowed set (any value makes the result any value).
  void AddVal(const Val& v);
  // Makes the result any value.
  void MarkAny(Reason why) {
    if (any_ == Reason::kNone) any_ = why;
  }
  // NaN results stand for any NaN (an operand's set holds any NaN).
  void NanIsAny() { arith_ = true; }
  // Some operand candidate was a flushed denormal (cause: denormal).
  void NoteOperandFlush() { flush_ = true; }
  bool any() const { return any_ != Reason::kNone; }
  // The result: `operand_cause`, when set, is the cause (an operand's set
  // made the result a set); else the op's own cause, else what opened the
  // set (nan-operand, denormal, nan-result, signed-zero). A result that is
  // not a float (`float_result` false) and is not one word becomes any value
  // with `word_cause`.
  Val Finish(bool float_result, Reason operand_cause, Reason word_cause) const;

 private:
  void Include(Word r);
  Word ref_;
  bool arith_;
  Reason any_ = Reason::kNone;
  Reason op_cause_ = Reason::kNone;
  bool open_ = false;  // the set is more than {ref_}
  bool nan_ = false, nan_op_ = false, zero_ = false, flush_ = false;
  bool have_ = false;
  int64_t lo_ = 0, hi_ = 0;  // common::OrderedKey of the hull
  Word lo_w_ = 0, hi_w_ = 0;
};

// A decision on one value: IF/UIF/BREAKC conditions, CMP/UCMP/CND selectors,
// KILL_IF. `taken` is the reference's outcome; `uncertain` is kNone when
// every member of the set decides the same way, else the cause, in `field`
// undefined (true: the value is undefined or its NaN, -0 or denormal reading
// is implementation-defined) or inexact (false).
enum class Pred : uint8_t { kFloatNonZero, kFloatNegative, kFloatAboveHalf, kWordNonZero };
struct Decision {
  bool taken = false;
  Reason uncertain = Reason::kNone;
  bool undefined_cause = false;
};
Decision DecideSet(const Val& v, Pred p, bool flush);  // the general case (value_set.cc)
// An exact word with one reading (read as an integer, or not NaN, -0 or a
// denormal) decides one way, at once; everything else goes to DecideSet.
inline Decision Decide(const Val& v, Pred p, bool flush) {
  const Word w = v.w;
  if (v.undef == Reason::kNone && v.inexact == Reason::kNone) {
    if (p == Pred::kWordNonZero) return Decision{w != 0};
    if ((w & 0x7f800000u) != 0x7f800000u && (w & 0x7f800000u) != 0 ) {  // neither NaN/Inf nor zero/denormal
      switch (p) {
        case Pred::kFloatNonZero: return Decision{true};
        case Pred::kFloatNegative: return Decision{(w & 0x80000000u) != 0};
        case Pred::kFloatAboveHalf: return Decision{std::bit_cast<float>(w) > 0.5f};
        case Pred::kWordNonZero: break;
      }
    }
  }
  return DecideSet(v, p, flush);
}

// The set {chosen} u {other}: `chosen` is the reference's pick (its word is
// the result's word); a set when they differ, with `why` as the cause.
Val Either(const Val& chosen, const Val& other, Reason why);

// The set {chosen, other} of two distinct float words, neither a NaN nor
// both infinities: their hull by value, cause `why`, with chosen's word; what
// SetBuilder makes of an exact result whose op reports `other` as its only
// alternative (a cheap path for MAD's fused form, ops.h PlainLanes).
inline Val PairSet(Word chosen, Word other, Reason why) {
  Val v;
  v.w = chosen;
  v.inexact = why;
  v.set = kSetInterval;
  const int64_t kc = common::OrderedKey(chosen), ko = common::OrderedKey(other);
  v.lo = ko < kc ? other : chosen;
  v.hi = ko > kc ? other : chosen;
  return v;
}

// Source modifiers and saturate applied to a set.
Val NegateFloat(Val v);
Val AbsFloat(Val v);
Val SaturateSet(Val v, bool flush);

// The word r with an op's tolerance around it (exact when it adds nothing).
Val WithTolerance(Word r, Reason why, const Tolerance& t);

// The allowed set of a Val for results (common::AllowedSet); empty for
// exact and undefined values.
common::AllowedSet ToAllowedSet(const Val& v);

// Sum of products sum_k x_k * y_k + sum_j z_j of binary32 values, evaluated
// in any order with or without fusion: the interval of the exact sum over the
// operands' sets, widened by gamma_m * sum |terms| (m = terms counted as
// roundings), with `r` the reference's own result. Used by DP*, XPD, X2D, LRP.
struct ProductTerm {
  Val x, y;
  bool negate = false;
};
Val SumOfProducts(const ProductTerm* products, int n_products, const Val* addends, int n_addends, Word r,
                  Reason own_cause);

// Whether x - y, over the operands' sets (and their flushed denormals), may
// be a nonzero denormal: an intermediate result (LRP's b - c) that an
// implementation may flush to zero. Exact operands: the float difference
// itself; sets: conservative (the range of differences meets the denormal
// range and x may be below 2^-101 in magnitude). False when either is
// undefined.
bool DifferenceMayBeDenormal(const Val& x, const Val& y);

// `sum` (not undefined) united with the reading where the intermediate
// b - c of a * (b - c) + c, or its product with a, is flushed to zero: a * 0
// + c, which is c (a denormal c itself flushed too), or NaN where a may be
// infinite or NaN. Used by LRP.
Val WithFlushedDifference(const Val& sum, const Val& a, const Val& c);

}  // namespace shaderdiff::tgsi_exec
