// The allowed-set algebra (value_set.h).
#include "emulator/tgsi/value_set.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace shaderdiff::tgsi_exec {
namespace {

using common::OrderedKey;
using common::StepFloat;

constexpr Word kSign = 0x80000000u;
constexpr Word kQuietNan = 0x7fc00000u;
constexpr Word kPosInf = 0x7f800000u;
constexpr Word kNegInf = 0xff800000u;

// Binary32 bounds of a double, rounded down / up.
Word FloatDown(double x) {
  float f = static_cast<float>(x);
  if (static_cast<double>(f) > x) f = std::nextafter(f, -std::numeric_limits<float>::infinity());
  return W(f);
}
Word FloatUp(double x) {
  float f = static_cast<float>(x);
  if (static_cast<double>(f) < x) f = std::nextafter(f, std::numeric_limits<float>::infinity());
  return W(f);
}

bool StraddlesZero(Word lo, Word hi) { return OrderedKey(lo) <= 0 && OrderedKey(hi) >= 0; }

}  // namespace

int Candidates(const Val& v, bool float_in, Word* out) {
  int n = 0;
  if (v.inexact == Reason::kNone) {
    out[n++] = v.w;
    if (float_in && IsDenormW(v.w)) out[n++] = v.w & kSign;
    return n;
  }
  if (v.set & kSetInterval) {
    out[n++] = v.lo;
    if (v.hi != v.lo) out[n++] = v.hi;
    if (StraddlesZero(v.lo, v.hi)) {
      out[n++] = kSign;
      out[n++] = 0;
    } else if (float_in) {
      if (IsDenormW(v.lo)) out[n++] = v.lo & kSign;
      if (IsDenormW(v.hi)) out[n++] = v.hi & kSign;
    }
  }
  if (v.set & kSetNan) out[n++] = kQuietNan;
  return n;
}

void Widen(Word r, const Tolerance& t, Word* lo, Word* hi) {
  *lo = *hi = r;
  if (IsNanW(r)) return;
  if (t.ulps > 0) {
    *lo = StepFloat(r, -t.ulps);
    *hi = StepFloat(r, t.ulps);
  }
  const double d = F(r);
  if (!std::isfinite(d)) return;
  const double m = std::max(t.absolute, t.relative * std::fabs(d));
  if (m <= 0) return;
  const Word l = FloatDown(d - m), h = FloatUp(d + m);
  if (OrderedKey(l) < OrderedKey(*lo)) *lo = l;
  if (OrderedKey(h) > OrderedKey(*hi)) *hi = h;
}

// ------------------------------------------------------------ SetBuilder

void SetBuilder::Include(Word r) {
  const int64_t k = OrderedKey(r);
  if (!have_) {
    have_ = true;
    lo_ = hi_ = k;
    lo_w_ = hi_w_ = r;
    return;
  }
  if (k < lo_) lo_ = k, lo_w_ = r;
  if (k > hi_) hi_ = k, hi_w_ = r;
}

void SetBuilder::Add(Word r, const Freedom& f) {
  if (f.undef != Reason::kNone) {
    if (any_ == Reason::kNone) any_ = f.undef;
    return;
  }
  if (f.inexact != Reason::kNone && op_cause_ == Reason::kNone) op_cause_ = f.inexact;
  if (r != ref_) open_ = true;
  if (IsNanW(r)) {
    nan_ = true;
    if (arith_) open_ = true;  // NaN payload and sign are the implementation's
  } else {
    Include(r);
    if (!f.tol.none()) {
      Word l, h;
      Widen(r, f.tol, &l, &h);
      if (l != r || h != r) open_ = true;
      Include(l);
      Include(h);
    }
    if (IsDenormW(r)) {  // a denormal result may be flushed
      Include(r & kSign);
      open_ = flush_ = true;
    }
    if (f.zero_sign && IsZeroW(r)) open_ = zero_ = true;
  }
  for (int i = 0; i < f.n_alt; ++i) {
    if (f.alt[i] != ref_) open_ = true;
    if (IsNanW(f.alt[i])) {
      nan_ = true;
    } else {
      Include(f.alt[i]);
    }
  }
  if (f.nan_ok) nan_ = nan_op_ = open_ = true;
}

void SetBuilder::AddInterval(Word lo, Word hi) {
  open_ = true;
  Include(lo);
  Include(hi);
}

void SetBuilder::AddNan() { nan_ = open_ = true; }

void SetBuilder::AddVal(const Val& v) {
  if (v.undef != Reason::kNone) {
    if (any_ == Reason::kNone) any_ = v.undef;
    return;
  }
  if (v.w != ref_) open_ = true;
  if (v.inexact == Reason::kNone) {
    if (IsNanW(v.w)) {
      nan_ = true;
    } else {
      Include(v.w);
    }
    return;
  }
  open_ = true;
  if (v.set & kSetInterval) {
    Include(v.lo);
    Include(v.hi);
  }
  if (v.set & kSetNan) nan_ = true;
}

Val SetBuilder::Finish(bool float_result, Reason operand_cause, Reason word_cause) const {
  if (any_ != Reason::kNone) return Val::Any(ref_, any_);
  if (!open_) return Val::Exact(ref_);
  if (!float_result) return Val::Any(ref_, word_cause);
  Val v;
  v.w = ref_;
  if (have_) {
    if (lo_w_ == kNegInf && hi_w_ == kPosInf) return Val::Any(ref_, Reason::kIllConditioned);
    v.set |= kSetInterval;
    v.lo = lo_w_;
    v.hi = hi_w_;
  }
  if (nan_ || IsNanW(ref_)) v.set |= kSetNan;
  if (operand_cause != Reason::kNone) {
    v.inexact = operand_cause;
  } else if (op_cause_ != Reason::kNone) {
    v.inexact = op_cause_;
  } else if (nan_op_) {
    v.inexact = Reason::kNanOperand;
  } else if (flush_) {
    v.inexact = Reason::kDenormal;
  } else if (nan_) {
    v.inexact = Reason::kNanResult;
  } else {
    v.inexact = zero_ ? Reason::kSignedZero : Reason::kDenormal;
  }
  return v;
}

// --------------------------------------------------------------- decisions

namespace {

// The outcomes of predicate p on candidate c: bit 0 "not taken" possible,
// bit 1 "taken" possible; `why` names an implementation-defined reading.
int Outcomes(Word c, Pred p, Reason& why) {
  const auto both = [&](Reason r) {
    if (why == Reason::kNone) why = r;
    return 3;
  };
  if (p == Pred::kWordNonZero) return c != 0 ? 2 : 1;
  if (IsNanW(c)) return both(Reason::kNanOperand);
  if (IsDenormW(c)) {
    if (p == Pred::kFloatNonZero || (p == Pred::kFloatNegative && (c & kSign))) return both(Reason::kDenormal);
  }
  if (c == kSign && p != Pred::kFloatAboveHalf) return both(Reason::kSignedZero);
  const float f = F(c);
  switch (p) {
    case Pred::kFloatNonZero: return f != 0.0f ? 2 : 1;
    case Pred::kFloatNegative: return f < 0.0f ? 2 : 1;
    case Pred::kFloatAboveHalf: return f > 0.5f ? 2 : 1;
    case Pred::kWordNonZero: break;
  }
  return 1;
}

}  // namespace

Decision DecideSet(const Val& v, Pred p, bool flush) {
  Decision d;
  const Word w = v.w;
  switch (p) {
    case Pred::kWordNonZero: d.taken = w != 0; break;
    case Pred::kFloatNonZero: d.taken = IsDenormW(w) ? !flush : F(w) != 0.0f; break;
    case Pred::kFloatNegative: d.taken = IsDenormW(w) ? ((w & kSign) && !flush) : F(w) < 0.0f; break;
    case Pred::kFloatAboveHalf: d.taken = F(w) > 0.5f; break;
  }
  if (v.undef != Reason::kNone) {
    d.uncertain = v.undef;
    d.undefined_cause = true;
    return d;
  }
  // An exact word with one reading (not NaN, -0 or a denormal, or read as
  // an integer) decides one way: the candidate loop below would say so.
  if (v.inexact == Reason::kNone && (p == Pred::kWordNonZero || (!IsNanW(w) && !IsDenormW(w) && w != kSign))) {
    return d;
  }
  Word c[kMaxCandidates];
  const int n = Candidates(v, p != Pred::kWordNonZero, c);
  // Ordinary members deciding both ways: the set's spread (inexact); only an
  // implementation-defined reading of NaN, -0 or a denormal: undefined.
  Reason why = Reason::kNone;
  int plain = 0, special = 0;
  for (int i = 0; i < n; ++i) {
    Reason r = Reason::kNone;
    const int o = Outcomes(c[i], p, r);
    if (r == Reason::kNone) {
      plain |= o;
    } else {
      special |= o;
      if (why == Reason::kNone) why = r;
    }
  }
  if (plain == 3 && v.inexact != Reason::kNone) {
    d.uncertain = v.inexact;
  } else if ((plain | special) == 3) {
    d.uncertain = why;
    d.undefined_cause = true;
  }
  return d;
}

Val Either(const Val& chosen, const Val& other, Reason why) {
  if (chosen.undef != Reason::kNone) return chosen;
  if (other.undef != Reason::kNone) return Val::Any(chosen.w, other.undef);
  if (chosen.exact() && other.exact() && chosen.w == other.w) return chosen;
  SetBuilder b(chosen.w, false);
  b.AddVal(chosen);
  b.AddVal(other);
  return b.Finish(true, why, why);
}

// ---------------------------------------------------- modifiers, saturate

Val NegateFloat(Val v) {
  v.w ^= kSign;
  if (v.inexact != Reason::kNone && (v.set & kSetInterval)) {
    const Word lo = v.lo;
    v.lo = v.hi ^ kSign;
    v.hi = lo ^ kSign;
  }
  return v;
}

Val AbsFloat(Val v) {
  v.w &= ~kSign;
  if (v.inexact != Reason::kNone && (v.set & kSetInterval)) {
    const Word a = v.lo & ~kSign, b = v.hi & ~kSign;
    const Word big = OrderedKey(a) > OrderedKey(b) ? a : b;
    const Word small = StraddlesZero(v.lo, v.hi) ? 0u : (OrderedKey(a) < OrderedKey(b) ? a : b);
    v.lo = small;
    v.hi = big;
  }
  return v;
}

namespace {

// V22 saturate of one word: fminf(fmaxf(x, 0), 1): NaN -> 0, -0 -> +0.
Word SatWord(Word w, bool flush) {
  if (IsNanW(w) || IsZeroW(w)) return 0;
  if (IsDenormW(w)) return (w & kSign) || flush ? 0u : w;
  const float f = F(w);
  return W(f < 0.0f ? 0.0f : (f > 1.0f ? 1.0f : f));
}

// Saturate by value (a bound of an interval), keeping a positive denormal.
Word SatBound(Word w) {
  const float f = F(w);
  if (!(f > 0.0f)) return 0;
  return f > 1.0f ? 0x3f800000u : w;
}

}  // namespace

Val SaturateSet(Val v, bool flush) {
  if (v.undef != Reason::kNone) return v;
  const Word w = v.w;
  Val r;
  r.w = SatWord(w, flush);
  if (v.inexact == Reason::kNone) {
    if (IsNanW(w)) {  // V22 gives 0, older tgsi_exec passed NaN through
      r.inexact = Reason::kNanOperand;
      r.set = kSetInterval | kSetNan;
    } else if (w == kSign || (IsDenormW(w) && (w & kSign))) {
      r.inexact = Reason::kSignedZero;  // +0 in V22; -0 where fmaxf keeps it
      r.set = kSetInterval;
    } else if (IsDenormW(w)) {
      r.inexact = Reason::kDenormal;  // kept or flushed
      r.set = kSetInterval;
      r.hi = w;
    } else {
      return r;
    }
    return r;
  }
  r.inexact = v.inexact;
  r.set = kSetInterval | (v.set & kSetNan);
  if (v.set & kSetInterval) {
    r.lo = SatBound(v.lo);
    r.hi = SatBound(v.hi);
    if (IsDenormW(r.lo)) r.lo = 0;
  } else {
    r.lo = r.hi = 0;  // NaN only: saturates to 0 (or stays NaN)
  }
  if (r.set & kSetNan) r.lo = 0;  // a NaN saturates to 0 in V22
  return r;
}

Val WithTolerance(Word r, Reason why, const Tolerance& t) {
  SetBuilder b(r, false);
  Freedom f;
  f.Inexact(why, t);
  b.Add(r, f);
  return b.Finish(true, Reason::kNone, why);
}

common::AllowedSet ToAllowedSet(const Val& v) {
  common::AllowedSet s;
  if (v.undef != Reason::kNone || v.inexact == Reason::kNone) return s;
  s.interval = (v.set & kSetInterval) != 0;
  s.nan = (v.set & kSetNan) != 0;
  s.lo = v.lo;
  s.hi = v.hi;
  return s;
}

// ---------------------------------------------------------- sums of products

Val SumOfProducts(const ProductTerm* products, int n_products, const Val* addends, int n_addends, Word r,
                  Reason own_cause) {
  bool exact = true;
  for (int i = 0; i < n_products; ++i) {
    for (const Val* v : {&products[i].x, &products[i].y}) {
      if (v->undef != Reason::kNone) return Val::Any(r, v->undef);
      exact = exact && v->inexact == Reason::kNone;
    }
  }
  for (int i = 0; i < n_addends; ++i) {
    if (addends[i].undef != Reason::kNone) return Val::Any(r, addends[i].undef);
    exact = exact && addends[i].inexact == Reason::kNone;
  }
  const Reason cause = exact ? own_cause : Reason::kInexactOperand;
  double s_lo = 0, s_hi = 0, finite_mag = 0, mag = 0;
  bool nonfinite = false, flushed = false;
  bool flush_nan = false;  // a flushed operand reading makes some product NaN (0 * inf)
  double exact_terms[16];
  int n_terms = 0;
  bool products_exact = true;
  Word cx[kMaxCandidates], cy[kMaxCandidates];
  for (int i = 0; i < n_products; ++i) {
    const int nx = Candidates(products[i].x, true, cx), ny = Candidates(products[i].y, true, cy);
    flushed = flushed || nx > 1 || ny > 1;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (int a = 0; a < nx; ++a) {
      for (int b = 0; b < ny; ++b) {
        const double p = static_cast<double>(F(cx[a])) * static_cast<double>(F(cy[b]));
        if (!std::isfinite(p)) nonfinite = true;
        // An exact operand's candidates are its word, then its flushed zero.
        if (std::isnan(p) && ((a > 0 && products[i].x.exact()) || (b > 0 && products[i].y.exact()))) {
          flush_nan = true;
        }
        lo = std::min(lo, p);
        hi = std::max(hi, p);
      }
    }
    if (products[i].negate) {
      const double t = -lo;
      lo = -hi;
      hi = t;
    }
    s_lo += lo;
    s_hi += hi;
    const double m = std::max(std::fabs(lo), std::fabs(hi));
    mag += m;
    if (std::isfinite(m)) finite_mag += m;
    if (exact && n_terms < 16) {
      const float x = F(products[i].x.w), y = F(products[i].y.w);
      products_exact = products_exact && ProductIsExact(x, y);
      exact_terms[n_terms++] = (products[i].negate ? -1.0 : 1.0) * static_cast<double>(x) * y;
    }
  }
  for (int i = 0; i < n_addends; ++i) {
    const int nz = Candidates(addends[i], true, cx);
    flushed = flushed || nz > 1;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (int a = 0; a < nz; ++a) {
      const double z = F(cx[a]);
      if (!std::isfinite(z)) nonfinite = true;
      lo = std::min(lo, z);
      hi = std::max(hi, z);
    }
    s_lo += lo;
    s_hi += hi;
    const double m = std::max(std::fabs(lo), std::fabs(hi));
    mag += m;
    if (std::isfinite(m)) finite_mag += m;
    if (exact && n_terms < 16) exact_terms[n_terms++] = F(addends[i].w);
  }
  constexpr double kFltMax = std::numeric_limits<float>::max();
  if (nonfinite || std::isnan(s_lo) || std::isnan(s_hi)) {
    // Infinite or NaN terms: with exact operands and no finite term that
    // could overflow in some order, every order gives the reference's result,
    // except that a denormal operand read as zero can turn a product with an
    // infinite factor into 0 * inf = NaN (a flushed reading: infinities stay,
    // and a flushed addend beside an infinite term changes nothing).
    if (!exact || finite_mag >= kFltMax) return Val::Any(r, cause);
    if (IsNanW(r)) {
      Val v;
      v.w = r;
      v.inexact = Reason::kNanResult;
      v.set = kSetNan;
      return v;
    }
    if (!flush_nan) return Val::Exact(r);
    SetBuilder b(r, true);
    b.Add(r, Freedom{});
    b.AddNan();
    b.NoteOperandFlush();
    return b.Finish(true, Reason::kNone, Reason::kDenormal);
  }
  const int m = n_products + n_addends;
  const double u = 0x1p-24;
  const double gamma = m * u / (1 - m * u);
  const double bound = gamma * mag + mag * 0x1p-50;  // + the error of the double sums here
  if (mag * (1 + gamma) >= kFltMax) return Val::Any(r, cause);  // some order may overflow
  const bool sums_exactly = exact && !flushed && products_exact && TermsSumExactly(exact_terms, n_terms);
  // Every order gives r exactly: one word, unless it is -0 (its sign depends
  // on the order) or a denormal (which may be flushed to a zero of its sign:
  // SetBuilder::Add's reading).
  if (sums_exactly && !IsNegZeroW(r) && !IsDenormW(r)) return Val::Exact(r);
  SetBuilder b(r, true);
  Freedom none;
  b.Add(r, none);
  if (sums_exactly) {
    if (IsDenormW(r)) return b.Finish(true, Reason::kNone, Reason::kDenormal);
    b.AddInterval(0, kSign);  // an exact zero: its sign depends on the order
  } else {
    const Word lo = FloatDown(s_lo - bound), hi = FloatUp(s_hi + bound);
    b.AddInterval(lo, hi);
    // A result in the denormal range may be flushed.
    if (OrderedKey(lo) < 0x00800000 && OrderedKey(hi) > -0x00800000) b.AddInterval(kSign, 0);
  }
  const Reason why = sums_exactly ? Reason::kSignedZero : cause;
  return b.Finish(true, why, why);
}

bool DifferenceMayBeDenormal(const Val& x, const Val& y) {
  if (x.undef != Reason::kNone || y.undef != Reason::kNone) return false;
  Word cx[kMaxCandidates], cy[kMaxCandidates];
  const int nx = Candidates(x, true, cx), ny = Candidates(y, true, cy);
  if (x.inexact == Reason::kNone && y.inexact == Reason::kNone) {
    // Exact words (and their flushed zeros): the difference itself.
    for (int a = 0; a < nx; ++a) {
      for (int b = 0; b < ny; ++b) {
        if (IsDenormF(F(cx[a]) - F(cy[b]))) return true;
      }
    }
    return false;
  }
  // Sets: the differences' range (subtraction is monotone, so the ends are
  // at candidates) meets the denormal range, and x can be small enough for
  // two floats that close to differ by less than 2^-126 without being equal
  // (at |x| >= 2^-101 both are multiples of 2^-125).
  double lo = std::numeric_limits<double>::infinity(), hi = -lo, small = lo;
  for (int a = 0; a < nx; ++a) {
    const double fx = F(cx[a]);
    if (std::isnan(fx)) continue;
    small = std::min(small, std::fabs(fx));
    for (int b = 0; b < ny; ++b) {
      const double d = fx - static_cast<double>(F(cy[b]));
      if (std::isnan(d)) continue;
      lo = std::min(lo, d);
      hi = std::max(hi, d);
    }
  }
  constexpr double kMinNormal = 0x1p-126;
  return lo < kMinNormal && hi > -kMinNormal && !(lo == 0 && hi == 0) && small < 0x1p-101;
}

Val WithFlushedDifference(const Val& sum, const Val& a, const Val& c) {
  if (a.undef != Reason::kNone || c.undef != Reason::kNone) return Val::Any(sum.w, a.undef != Reason::kNone ? a.undef : c.undef);
  SetBuilder b(sum.w, true);
  b.AddVal(sum);
  Word ca[kMaxCandidates];
  const int na = Candidates(a, true, ca);
  bool finite_a = false;
  for (int i = 0; i < na; ++i) {
    if (IsNanW(ca[i]) || IsInfW(ca[i])) {
      b.AddNan();  // inf * 0 or NaN * 0
    } else {
      finite_a = true;
    }
  }
  if (finite_a && c.inexact == Reason::kNone) {
    b.Add(c.w, Freedom{});  // a * 0 + c = c; a denormal c may be flushed as well
  } else if (finite_a) {
    b.AddVal(c);
    if ((c.set & kSetInterval) && (IsDenormW(c.lo) || IsDenormW(c.hi))) b.AddInterval(kSign, 0);
  }
  b.NoteOperandFlush();
  const Reason why = sum.inexact != Reason::kNone ? sum.inexact : Reason::kDenormal;
  return b.Finish(true, why, why);
}

}  // namespace shaderdiff::tgsi_exec
