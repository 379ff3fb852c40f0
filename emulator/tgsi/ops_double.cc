// Double (D) and 64-bit integer (I64/U64) opcodes (docs/tgsi.md 2.10).
//
// A 64-bit value occupies a channel pair, low word in x (z), high word in y
// (w); `src.xy` is the pair formed by the words of swizzle slots 0 and 1
// (zw: slots 2 and 3). tgsi_exec's writemask rules are followed:
// - unary ops, DMAD/DFMA and 32->64 conversions process a pair only when
//   both of its channels are written;
// - binary ops and the 64-op-32 forms (DLDEXP, shifts) process a pair when
//   either channel is written and store both words;
// - comparisons write ~0/0 to the first written channel of each pair;
// - 64->32 conversions write the xy result to the first written channel and
//   the zw result to the second;
// - the xy pair is stored before the zw pair's sources are read (the
//   aliasing hazard of 2.10 is reproduced).
// A channel that tgsi_exec writes or skips only because of these pair rules
// is flagged double-partial-pair (tgsi.rst leaves partial pairs undefined).
//
// Flags: NaN results (nan-result), subnormal double inputs or results
// (denormal), DMIN/DMAX/DABS/DSSG NaN and signed-zero cases, -0 from
// DTRUNC/DCEIL/DROUND, division by zero, domain errors, out-of-range
// conversions, I64DIV/I64MOD by zero and INT64_MIN / -1; DRCP/DSQRT/DRSQ/
// DDIV and fused-vs-unfused DMAD/DFMA are inexact.
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "compiler/tgsi/opcode.h"
#include "emulator/tgsi/ops.h"

namespace shaderdiff::tgsi_exec {
namespace {

using tgsi::Opcode;

inline double Dbl(uint64_t b) { return std::bit_cast<double>(b); }
inline uint64_t Bits(double d) { return std::bit_cast<uint64_t>(d); }
inline bool IsNanD(uint64_t b) { return std::isnan(Dbl(b)); }

struct Pair {
  uint64_t b = 0;
  InFlags f;
};

inline Pair GetPair(const Lanes& lo, const Lanes& hi, int l) {
  Pair p;
  p.b = uint64_t{lo.w[l]} | (uint64_t{hi.w[l]} << 32);
  p.f.Add(lo, l);
  p.f.Add(hi, l);
  return p;
}

// Result of one 64-bit computation for one lane.
struct R64 {
  uint64_t b = 0;
  Reason u = Reason::kNone;
  Reason x = Reason::kNone;
};

// Value kinds: how NaN / denormal checks apply to inputs and results.
enum class K : uint8_t { kDouble, kInt };

inline void DoubleChecks(const uint64_t* in, int n, K in_kind, R64& r, K out_kind) {
  if (r.u != Reason::kNone) return;
  if (in_kind == K::kDouble) {
    for (int i = 0; i < n; ++i) {
      if (IsDenormD(Dbl(in[i]))) {
        r.u = Reason::kDenormal;
        return;
      }
    }
  }
  if (out_kind == K::kDouble) {
    if (IsNanD(r.b)) r.u = Reason::kNanResult;
    else if (IsDenormD(Dbl(r.b))) r.u = Reason::kDenormal;
  }
}

inline Val MakeVal(Word w, const InFlags& f, const R64& r) { return Finish(w, f, r.u, r.x); }

inline void PutPair(Exec& ex, int c0, int l, const R64& r, const InFlags& f) {
  ex.Result(0, c0).Set(l, MakeVal(static_cast<Word>(r.b), f, r));
  ex.Result(0, c0 + 1).Set(l, MakeVal(static_cast<Word>(r.b >> 32), f, r));
}

// Marks channel c of the result as written-but-undefined (partial pair).
inline void PartialChannel(Exec& ex, int c, LaneMask m, bool keep_value) {
  Lanes& r = ex.Result(0, c);
  ForLanes(m, [&](int l) {
    if (!keep_value) r.w[l] = 0;
    r.u[l] = Reason::kDoublePartialPair;
  });
}

inline uint64_t SatDouble(uint64_t b) {
  const double d = Dbl(b);
  if (std::isnan(d) || d < 0.0) return Bits(0.0);
  if (d > 1.0) return Bits(1.0);
  return b;
}

// ------------------------------------------------------------- operations

using Fn1 = R64 (*)(uint64_t);
using Fn2 = R64 (*)(uint64_t, uint64_t);
using Fn3 = R64 (*)(uint64_t, uint64_t, uint64_t);
using FnShift = R64 (*)(uint64_t, Word);

R64 D(double v) { return R64{Bits(v)}; }
R64 U64(uint64_t v) { return R64{v}; }

R64 DAbs(uint64_t a) {  // tgsi_exec: d >= 0 ? d : -d
  R64 r = D(Dbl(a) >= 0.0 ? Dbl(a) : -Dbl(a));
  if (std::isnan(Dbl(a))) r.u = Reason::kNanOperand;
  else if (a == 0x8000000000000000ull) r.u = Reason::kSignedZero;
  return r;
}
R64 DNeg(uint64_t a) { return U64(a ^ 0x8000000000000000ull); }
R64 DRcp(uint64_t a) {
  R64 r = D(1.0 / Dbl(a));
  r.x = Reason::kRcp;
  return r;
}
R64 DSqrt(uint64_t a) {
  R64 r = D(std::sqrt(Dbl(a)));
  r.x = Reason::kSqrt;
  if (Dbl(a) < 0.0) r.u = Reason::kSqrtDomain;
  return r;
}
R64 DRsq(uint64_t a) {
  R64 r = D(1.0 / std::sqrt(Dbl(a)));
  r.x = Reason::kRsq;
  if (!(Dbl(a) > 0.0) && !std::isnan(Dbl(a))) r.u = Reason::kRsqDomain;
  return r;
}
R64 DFrac(uint64_t a) { return D(Dbl(a) - std::floor(Dbl(a))); }
R64 DFlr(uint64_t a) { return D(std::floor(Dbl(a))); }
R64 NegZeroFlag(R64 r) {
  if (r.b == 0x8000000000000000ull) r.u = Reason::kSignedZero;
  return r;
}
R64 DTrunc(uint64_t a) { return NegZeroFlag(D(std::trunc(Dbl(a)))); }
R64 DCeil(uint64_t a) { return NegZeroFlag(D(std::ceil(Dbl(a)))); }
R64 DRound(uint64_t a) {
  const double v = Dbl(a);
  double r = std::round(v);
  if (std::isfinite(v) && std::fabs(r - v) == 0.5) {
    const double t = std::trunc(v);
    r = (std::fmod(t, 2.0) == 0.0) ? t : r;
  }
  return NegZeroFlag(D(r));
}
R64 DSsg(uint64_t a) {
  const double v = Dbl(a);
  R64 r = D(v < 0.0 ? -1.0 : (v > 0.0 ? 1.0 : 0.0));
  if (std::isnan(v)) r.u = Reason::kNanOperand;
  else if (a == 0x8000000000000000ull) r.u = Reason::kSignedZero;
  return r;
}
R64 I64Abs(uint64_t a) { return U64(static_cast<int64_t>(a) < 0 ? 0 - a : a); }
R64 I64Neg(uint64_t a) { return U64(0 - a); }
R64 I64Ssg(uint64_t a) {
  const int64_t v = static_cast<int64_t>(a);
  return U64(static_cast<uint64_t>(v < 0 ? -1 : (v > 0 ? 1 : 0)));
}
template <bool Signed>
R64 D2Int64(uint64_t a) {
  const double t = std::trunc(Dbl(a));
  R64 r;
  const bool ok = Signed ? (t >= -9223372036854775808.0 && t < 9223372036854775808.0)
                         : (Dbl(a) > -1.0 && t < 18446744073709551616.0);
  if (!ok) {
    r.u = Reason::kFloatToIntRange;
    r.b = 0x8000000000000000ull;
  } else {
    r.b = Signed ? static_cast<uint64_t>(static_cast<int64_t>(t)) : static_cast<uint64_t>(t + 0.0);
  }
  return r;
}
template <bool Signed>
R64 Int642D(uint64_t a) {
  const double d = Signed ? static_cast<double>(static_cast<int64_t>(a)) : static_cast<double>(a);
  R64 r = D(d);
  // Exactness: convert back through long double (64-bit mantissa on x86-64)
  // would be host dependent; compare integer magnitudes instead.
  const bool exact = Signed ? (d >= -9223372036854775808.0 && d < 9223372036854775808.0 &&
                               static_cast<int64_t>(d) == static_cast<int64_t>(a))
                            : (d < 18446744073709551616.0 && static_cast<uint64_t>(d) == a);
  if (!exact) r.x = Reason::kConversionRounding;
  return r;
}

R64 DAdd(uint64_t a, uint64_t b) { return D(Dbl(a) + Dbl(b)); }
R64 DMul(uint64_t a, uint64_t b) { return D(Dbl(a) * Dbl(b)); }
R64 DDiv(uint64_t a, uint64_t b) {
  R64 r = D(Dbl(a) / Dbl(b));
  if (Dbl(b) == 0.0) r.u = Reason::kDivByZero;
  int e = 0;
  const double m = std::frexp(std::fabs(Dbl(b)), &e);
  if (!(m == 0.5 && std::isfinite(Dbl(b))) || std::fabs(Dbl(b)) > 0x1p1022) r.x = Reason::kDiv;
  return r;
}
R64 DMinMaxFlags(R64 r, uint64_t a, uint64_t b) {
  const double x = Dbl(a), y = Dbl(b);
  if (std::isnan(x) || std::isnan(y)) r.u = Reason::kNanOperand;
  else if (x == 0.0 && y == 0.0 && std::signbit(x) != std::signbit(y)) r.u = Reason::kSignedZero;
  return r;
}
R64 DMax(uint64_t a, uint64_t b) { return DMinMaxFlags(D(std::fmax(Dbl(a), Dbl(b))), a, b); }
R64 DMin(uint64_t a, uint64_t b) { return DMinMaxFlags(D(std::fmin(Dbl(a), Dbl(b))), a, b); }
R64 U64Add(uint64_t a, uint64_t b) { return U64(a + b); }
R64 U64Mul(uint64_t a, uint64_t b) { return U64(a * b); }
R64 U64Div(uint64_t a, uint64_t b) { return U64(b ? a / b : ~0ull); }
R64 U64Mod(uint64_t a, uint64_t b) { return U64(b ? a % b : ~0ull); }
constexpr uint64_t kI64Min = 0x8000000000000000ull;
R64 I64Div(uint64_t a, uint64_t b) {
  R64 r;
  if (b == 0) {
    r.u = Reason::kIdivByZero;
  } else if (a == kI64Min && b == ~0ull) {
    r.u = Reason::kIntDivOverflow;
    r.b = kI64Min;
  } else {
    r.b = static_cast<uint64_t>(static_cast<int64_t>(a) / static_cast<int64_t>(b));
  }
  return r;
}
R64 I64Mod(uint64_t a, uint64_t b) {
  R64 r;
  if (b == 0) {
    r.u = Reason::kModByZero;
    r.b = ~0ull;
  } else if (a == kI64Min && b == ~0ull) {
    r.u = Reason::kIntDivOverflow;
  } else {
    r.b = static_cast<uint64_t>(static_cast<int64_t>(a) % static_cast<int64_t>(b));
  }
  return r;
}
R64 I64Min(uint64_t a, uint64_t b) { return U64(static_cast<int64_t>(a) < static_cast<int64_t>(b) ? a : b); }
R64 I64Max(uint64_t a, uint64_t b) { return U64(static_cast<int64_t>(a) > static_cast<int64_t>(b) ? a : b); }
R64 U64Min(uint64_t a, uint64_t b) { return U64(a < b ? a : b); }
R64 U64Max(uint64_t a, uint64_t b) { return U64(a > b ? a : b); }

// Comparisons return 0 / 1 in b (converted to ~0 / 0 words by the caller).
R64 DSlt(uint64_t a, uint64_t b) { return U64(Dbl(a) < Dbl(b)); }
R64 DSge(uint64_t a, uint64_t b) { return U64(Dbl(a) >= Dbl(b)); }
R64 DSeq(uint64_t a, uint64_t b) { return U64(Dbl(a) == Dbl(b)); }
R64 DSne(uint64_t a, uint64_t b) { return U64(Dbl(a) != Dbl(b)); }
R64 U64Seq(uint64_t a, uint64_t b) { return U64(a == b); }
R64 U64Sne(uint64_t a, uint64_t b) { return U64(a != b); }
R64 I64Slt(uint64_t a, uint64_t b) { return U64(static_cast<int64_t>(a) < static_cast<int64_t>(b)); }
R64 U64Slt(uint64_t a, uint64_t b) { return U64(a < b); }
R64 I64Sge(uint64_t a, uint64_t b) { return U64(static_cast<int64_t>(a) >= static_cast<int64_t>(b)); }
R64 U64Sge(uint64_t a, uint64_t b) { return U64(a >= b); }

R64 DMad(uint64_t a, uint64_t b, uint64_t c) {
  const double p = Dbl(a) * Dbl(b);
  R64 r = D(p + Dbl(c));
  const double fused = std::fma(Dbl(a), Dbl(b), Dbl(c));
  if (Bits(fused) != r.b && !(std::isnan(fused) && IsNanD(r.b))) r.x = Reason::kMadFusion;
  return r;
}
R64 DFma(uint64_t a, uint64_t b, uint64_t c) {
  R64 r = D(std::fma(Dbl(a), Dbl(b), Dbl(c)));
  const double p = Dbl(a) * Dbl(b);
  const double unfused = p + Dbl(c);
  if (Bits(unfused) != r.b && !(std::isnan(unfused) && IsNanD(r.b))) r.x = Reason::kMadFusion;
  return r;
}

R64 DLdexp(uint64_t a, Word e) { return D(std::ldexp(Dbl(a), static_cast<int32_t>(e))); }
R64 U64Shl(uint64_t a, Word n) { return U64(a << (n & 63u)); }
R64 I64Shr(uint64_t a, Word n) { return U64(static_cast<uint64_t>(static_cast<int64_t>(a) >> (n & 63u))); }
R64 U64Shr(uint64_t a, Word n) { return U64(a >> (n & 63u)); }

// ------------------------------------------------------------- handlers

struct Spec {
  K in = K::kDouble;
  K out = K::kDouble;
};

inline bool Both(uint8_t mask, int p) { return ((mask >> (2 * p)) & 3u) == 3u; }
inline bool Either(uint8_t mask, int p) { return ((mask >> (2 * p)) & 3u) != 0; }

// The two writemask shapes of docs/tgsi.md 2.10. Unary-style ops compute a
// pair only when both of its channels are written: a lone written channel
// gets the partial-pair value.
void StoreLoneChannel(Exec& ex, const DInst& in, uint8_t mask, int p, LaneMask m) {
  if (!Either(mask, p)) return;
  const int c = (mask & (1u << (2 * p))) ? 2 * p : 2 * p + 1;
  PartialChannel(ex, c, m, false);
  ex.StoreMask(in, 0, static_cast<uint8_t>(1u << c), false);
}

// Binary-style ops compute and store the whole pair when either channel is
// written: the channel outside the mask is flagged.
void FlagUnmaskedChannel(Exec& ex, uint8_t mask, int p, LaneMask m) {
  const int c = (mask & (1u << (2 * p))) ? 2 * p + 1 : 2 * p;
  PartialChannel(ex, c, m, true);
}

// Stores pair p (channels 2p, 2p+1) now, so later pairs read the new words.
void StorePair(Exec& ex, const DInst& in, int p, uint8_t channels, bool double_result) {
  if (in.saturate && double_result) {
    ForLanes(ex.exec, [&](int l) {
      Lanes& lo = ex.Result(0, 2 * p);
      Lanes& hi = ex.Result(0, 2 * p + 1);
      const uint64_t b = SatDouble(uint64_t{lo.w[l]} | (uint64_t{hi.w[l]} << 32));
      lo.w[l] = static_cast<Word>(b);
      hi.w[l] = static_cast<Word>(b >> 32);
    });
  }
  ex.StoreMask(in, 0, channels, false);
}

template <Fn1 Op, K In, K Out>
void Unary(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const uint8_t mask = in.dst[0].mask;
  for (int p = 0; p < 2; ++p) {
    const LaneMask m = ex.exec;
    if (!Both(mask, p)) {
      StoreLoneChannel(ex, in, mask, p, m);
      continue;
    }
    const Lanes& lo = ex.Fetch(in, 0, 2 * p, m);
    const Lanes& hi = ex.Fetch(in, 0, 2 * p + 1, m);
    ForLanes(m, [&](int l) {
      const Pair a = GetPair(lo, hi, l);
      R64 r = Op(a.b);
      DoubleChecks(&a.b, 1, In, r, Out);
      PutPair(ex, 2 * p, l, r, a.f);
    });
    StorePair(ex, in, p, static_cast<uint8_t>(3u << (2 * p)), Out == K::kDouble);
  }
}

template <Fn2 Op, K In, K Out>
void Binary(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const uint8_t mask = in.dst[0].mask;
  for (int p = 0; p < 2; ++p) {
    if (!Either(mask, p)) continue;
    const LaneMask m = ex.exec;
    const Lanes& a0 = ex.Fetch(in, 0, 2 * p, m);
    const Lanes& a1 = ex.Fetch(in, 0, 2 * p + 1, m);
    const Lanes& b0 = ex.Fetch(in, 1, 2 * p, m);
    const Lanes& b1 = ex.Fetch(in, 1, 2 * p + 1, m);
    ForLanes(m, [&](int l) {
      const Pair a = GetPair(a0, a1, l);
      const Pair b = GetPair(b0, b1, l);
      R64 r = Op(a.b, b.b);
      const uint64_t ins[2] = {a.b, b.b};
      DoubleChecks(ins, 2, In, r, Out);
      InFlags f = a.f;
      f.Add(b.f.u, b.f.x);
      PutPair(ex, 2 * p, l, r, f);
    });
    if (!Both(mask, p)) FlagUnmaskedChannel(ex, mask, p, m);
    StorePair(ex, in, p, static_cast<uint8_t>(3u << (2 * p)), Out == K::kDouble);
  }
}

template <Fn2 Op, K In>
void Compare(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const uint8_t mask = in.dst[0].mask;
  for (int p = 0; p < 2; ++p) {
    if (!Either(mask, p)) continue;
    const LaneMask m = ex.exec;
    const int first = (mask & (1u << (2 * p))) ? 2 * p : 2 * p + 1;
    const Lanes& a0 = ex.Fetch(in, 0, 2 * p, m);
    const Lanes& a1 = ex.Fetch(in, 0, 2 * p + 1, m);
    const Lanes& b0 = ex.Fetch(in, 1, 2 * p, m);
    const Lanes& b1 = ex.Fetch(in, 1, 2 * p + 1, m);
    Lanes& r = ex.Result(0, first);
    ForLanes(m, [&](int l) {
      const Pair a = GetPair(a0, a1, l);
      const Pair b = GetPair(b0, b1, l);
      R64 v = Op(a.b, b.b);
      const uint64_t ins[2] = {a.b, b.b};
      DoubleChecks(ins, 2, In, v, K::kInt);
      InFlags f = a.f;
      f.Add(b.f.u, b.f.x);
      r.Set(l, MakeVal(v.b ? 0xffffffffu : 0u, f, v));
    });
    uint8_t store = static_cast<uint8_t>(1u << first);
    if (Both(mask, p)) {
      PartialChannel(ex, 2 * p + 1, m, false);
      store |= static_cast<uint8_t>(1u << (2 * p + 1));
    }
    ex.StoreMask(in, 0, store, false);
  }
}

template <Fn3 Op>
void Ternary(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const uint8_t mask = in.dst[0].mask;
  for (int p = 0; p < 2; ++p) {
    const LaneMask m = ex.exec;
    if (!Both(mask, p)) {
      StoreLoneChannel(ex, in, mask, p, m);
      continue;
    }
    const Lanes* s[6];
    for (int i = 0; i < 3; ++i) {
      s[2 * i] = &ex.Fetch(in, i, 2 * p, m);
      s[2 * i + 1] = &ex.Fetch(in, i, 2 * p + 1, m);
    }
    ForLanes(m, [&](int l) {
      Pair a[3];
      InFlags f;
      uint64_t ins[3];
      for (int i = 0; i < 3; ++i) {
        a[i] = GetPair(*s[2 * i], *s[2 * i + 1], l);
        ins[i] = a[i].b;
        f.Add(a[i].f.u, a[i].f.x);
      }
      R64 r = Op(ins[0], ins[1], ins[2]);
      DoubleChecks(ins, 3, K::kDouble, r, K::kDouble);
      PutPair(ex, 2 * p, l, r, f);
    });
    StorePair(ex, in, p, static_cast<uint8_t>(3u << (2 * p)), true);
  }
}

// 64-bit src0 pair with a 32-bit src1 (.x for xy, .z for zw).
template <FnShift Op, K Out>
void Shift(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const uint8_t mask = in.dst[0].mask;
  for (int p = 0; p < 2; ++p) {
    if (!Either(mask, p)) continue;
    const LaneMask m = ex.exec;
    const Lanes& a0 = ex.Fetch(in, 0, 2 * p, m);
    const Lanes& a1 = ex.Fetch(in, 0, 2 * p + 1, m);
    const Lanes& n = ex.Fetch(in, 1, 2 * p, m);
    ForLanes(m, [&](int l) {
      const Pair a = GetPair(a0, a1, l);
      R64 r = Op(a.b, n.w[l]);
      DoubleChecks(&a.b, 1, Out, r, Out);
      InFlags f = a.f;
      f.Add(n, l);
      PutPair(ex, 2 * p, l, r, f);
    });
    if (!Both(mask, p)) FlagUnmaskedChannel(ex, mask, p, m);
    StorePair(ex, in, p, static_cast<uint8_t>(3u << (2 * p)), Out == K::kDouble);
  }
}

// 32 -> 64: src.x feeds the xy pair, src.y the zw pair.
enum class From32 { kF2D, kI2D, kU2D, kF2I64, kF2U64, kI2I64, kU2I64 };

template <From32 C>
void To64(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const uint8_t mask = in.dst[0].mask;
  for (int p = 0; p < 2; ++p) {
    const LaneMask m = ex.exec;
    if (!Both(mask, p)) {
      StoreLoneChannel(ex, in, mask, p, m);
      continue;
    }
    const Lanes& s = ex.Fetch(in, 0, p, m);
    ForLanes(m, [&](int l) {
      const Word w = s.w[l];
      const float f = F(w);
      R64 r;
      switch (C) {
        case From32::kF2D:
          r = D(static_cast<double>(f));
          if (IsDenormW(w)) r.u = Reason::kDenormal;
          if (std::isnan(f)) r.u = Reason::kNanResult;
          break;
        case From32::kI2D: r = D(static_cast<double>(static_cast<int32_t>(w))); break;
        case From32::kU2D: r = D(static_cast<double>(w)); break;
        case From32::kF2I64:
        case From32::kF2U64: {
          const bool is_signed = C == From32::kF2I64;
          const double t = std::trunc(static_cast<double>(f));
          const bool ok = is_signed ? (t >= -9223372036854775808.0 && t < 9223372036854775808.0)
                                    : (f > -1.0f && t < 18446744073709551616.0);
          if (!ok) {
            r.u = Reason::kFloatToIntRange;
            r.b = 0x8000000000000000ull;
          } else {
            r.b = is_signed ? static_cast<uint64_t>(static_cast<int64_t>(t)) : static_cast<uint64_t>(t + 0.0);
          }
          break;
        }
        case From32::kI2I64: r = U64(static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(w)))); break;
        case From32::kU2I64: r = U64(uint64_t{w}); break;
      }
      InFlags fl;
      fl.Add(s, l);
      PutPair(ex, 2 * p, l, r, fl);
    });
    StorePair(ex, in, p, static_cast<uint8_t>(3u << (2 * p)), C == From32::kF2D || C == From32::kI2D ||
                                                                    C == From32::kU2D);
  }
}

// 64 -> 32: the xy result goes to the first written channel, zw to the second.
enum class To32 { kD2F, kD2I, kD2U, kU642F, kI642F };

template <To32 C>
void From64(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  uint8_t wm = in.dst[0].mask;
  for (int i = 0; i < 2 && wm; ++i) {
    const int c = std::countr_zero(wm);
    wm &= static_cast<uint8_t>(wm - 1);
    const LaneMask m = ex.exec;
    const Lanes& lo = ex.Fetch(in, 0, 2 * i, m);
    const Lanes& hi = ex.Fetch(in, 0, 2 * i + 1, m);
    Lanes& r = ex.Result(0, c);
    ForLanes(m, [&](int l) {
      const Pair a = GetPair(lo, hi, l);
      const double d = Dbl(a.b);
      Word w = 0;
      Reason u = Reason::kNone, x = Reason::kNone;
      switch (C) {
        case To32::kD2F: {
          const float f = static_cast<float>(d);
          w = W(f);
          if (std::isnan(d)) u = Reason::kNanResult;
          else if (IsDenormD(d) || IsDenormW(w)) u = Reason::kDenormal;
          else if (static_cast<double>(f) != d) x = Reason::kConversionRounding;
          break;
        }
        case To32::kD2I: {
          const double t = std::trunc(d);
          if (t >= -2147483648.0 && t <= 2147483647.0) {
            w = static_cast<Word>(static_cast<int32_t>(t));
          } else {
            w = 0x80000000u;
            u = Reason::kFloatToIntRange;
          }
          break;
        }
        case To32::kD2U: {
          if (d > -1.0 && d < 4294967296.0) {
            w = static_cast<Word>(std::trunc(d) + 0.0);
          } else {
            w = 0x80000000u;
            u = Reason::kFloatToIntRange;
          }
          break;
        }
        case To32::kU642F:
        case To32::kI642F: {
          const bool is_signed = C == To32::kI642F;
          const float f = is_signed ? static_cast<float>(static_cast<int64_t>(a.b)) : static_cast<float>(a.b);
          w = W(f);
          const R64 back = is_signed ? D2Int64<true>(Bits(static_cast<double>(f)))
                                     : D2Int64<false>(Bits(static_cast<double>(f)));
          if (back.u != Reason::kNone || back.b != a.b) x = Reason::kConversionRounding;
          break;
        }
      }
      r.Set(l, Finish(w, a.f, u, x));
    });
    ex.StoreMask(in, 0, static_cast<uint8_t>(1u << c), in.saturate);
  }
  // Channels beyond the second written one are left alone by tgsi_exec.
  if (wm) {
    ForLanes(wm, [&](int c) { PartialChannel(ex, c, ex.exec, false); });
    ex.StoreMask(in, 0, wm, false);
  }
}

// DFRACEXP dst0 (mantissa, xy pair; also zw when written), dst1 (exponent).
void OpDfracexp(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const LaneMask m = ex.exec;
  const Lanes& lo = ex.Fetch(in, 0, 0, m);
  const Lanes& hi = ex.Fetch(in, 0, 1, m);
  const uint8_t m0 = in.dst[0].mask, m1 = in.dst[1].mask;
  ForLanes(m, [&](int l) {
    const Pair a = GetPair(lo, hi, l);
    int e = 0;
    const double d = Dbl(a.b);
    R64 mant = D(std::frexp(d, &e));
    Reason eu = Reason::kNone;
    if (!std::isfinite(d)) eu = mant.u = Reason::kNanOperand;
    if (IsDenormD(d)) eu = mant.u = Reason::kDenormal;
    for (int p = 0; p < 2; ++p) {
      if (Both(m0, p)) PutPair(ex, 2 * p, l, mant, a.f);
    }
    const Val ev = Finish(static_cast<Word>(e), a.f, eu, Reason::kNone);
    for (int c = 0; c < 4; ++c) {
      if (m1 & (1u << c)) ex.Result(1, c).Set(l, ev);
    }
  });
  uint8_t store0 = 0;
  for (int p = 0; p < 2; ++p) {
    if (Both(m0, p)) {
      store0 |= static_cast<uint8_t>(3u << (2 * p));
    } else if (Either(m0, p)) {
      const int c = (m0 & (1u << (2 * p))) ? 2 * p : 2 * p + 1;
      PartialChannel(ex, c, m, false);
      store0 |= static_cast<uint8_t>(1u << c);
    }
  }
  ex.StoreMask(in, 0, store0, false);
  ex.StoreMask(in, 1, m1, in.saturate);
}

}  // namespace

void RegisterDoubleOps(HandlerTable& t) {
  constexpr K d = K::kDouble, i = K::kInt;
  t.Set(Opcode::DABS, Unary<DAbs, d, d>);
  t.Set(Opcode::DNEG, Unary<DNeg, i, i>);  // a sign-bit flip: bit exact
  t.Set(Opcode::DRCP, Unary<DRcp, d, d>);
  t.Set(Opcode::DSQRT, Unary<DSqrt, d, d>);
  t.Set(Opcode::DRSQ, Unary<DRsq, d, d>);
  t.Set(Opcode::DFRAC, Unary<DFrac, d, d>);
  t.Set(Opcode::DFLR, Unary<DFlr, d, d>);
  t.Set(Opcode::DTRUNC, Unary<DTrunc, d, d>);
  t.Set(Opcode::DCEIL, Unary<DCeil, d, d>);
  t.Set(Opcode::DROUND, Unary<DRound, d, d>);
  t.Set(Opcode::DSSG, Unary<DSsg, d, d>);
  t.Set(Opcode::I64ABS, Unary<I64Abs, i, i>);
  t.Set(Opcode::I64NEG, Unary<I64Neg, i, i>);
  t.Set(Opcode::I64SSG, Unary<I64Ssg, i, i>);
  t.Set(Opcode::D2I64, Unary<D2Int64<true>, d, i>);
  t.Set(Opcode::D2U64, Unary<D2Int64<false>, d, i>);
  t.Set(Opcode::I642D, Unary<Int642D<true>, i, d>);
  t.Set(Opcode::U642D, Unary<Int642D<false>, i, d>);
  t.Set(Opcode::DADD, Binary<DAdd, d, d>);
  t.Set(Opcode::DMUL, Binary<DMul, d, d>);
  t.Set(Opcode::DDIV, Binary<DDiv, d, d>);
  t.Set(Opcode::DMAX, Binary<DMax, d, d>);
  t.Set(Opcode::DMIN, Binary<DMin, d, d>);
  t.Set(Opcode::U64ADD, Binary<U64Add, i, i>);
  t.Set(Opcode::U64MUL, Binary<U64Mul, i, i>);
  t.Set(Opcode::U64DIV, Binary<U64Div, i, i>);
  t.Set(Opcode::U64MOD, Binary<U64Mod, i, i>);
  t.Set(Opcode::I64DIV, Binary<I64Div, i, i>);
  t.Set(Opcode::I64MOD, Binary<I64Mod, i, i>);
  t.Set(Opcode::I64MIN, Binary<I64Min, i, i>);
  t.Set(Opcode::I64MAX, Binary<I64Max, i, i>);
  t.Set(Opcode::U64MIN, Binary<U64Min, i, i>);
  t.Set(Opcode::U64MAX, Binary<U64Max, i, i>);
  t.Set(Opcode::DSLT, Compare<DSlt, d>);
  t.Set(Opcode::DSGE, Compare<DSge, d>);
  t.Set(Opcode::DSEQ, Compare<DSeq, d>);
  t.Set(Opcode::DSNE, Compare<DSne, d>);
  t.Set(Opcode::U64SEQ, Compare<U64Seq, i>);
  t.Set(Opcode::U64SNE, Compare<U64Sne, i>);
  t.Set(Opcode::I64SLT, Compare<I64Slt, i>);
  t.Set(Opcode::U64SLT, Compare<U64Slt, i>);
  t.Set(Opcode::I64SGE, Compare<I64Sge, i>);
  t.Set(Opcode::U64SGE, Compare<U64Sge, i>);
  t.Set(Opcode::DMAD, Ternary<DMad>);
  t.Set(Opcode::DFMA, Ternary<DFma>);
  t.Set(Opcode::DLDEXP, Shift<DLdexp, d>);
  t.Set(Opcode::U64SHL, Shift<U64Shl, i>);
  t.Set(Opcode::I64SHR, Shift<I64Shr, i>);
  t.Set(Opcode::U64SHR, Shift<U64Shr, i>);
  t.Set(Opcode::F2D, To64<From32::kF2D>);
  t.Set(Opcode::I2D, To64<From32::kI2D>);
  t.Set(Opcode::U2D, To64<From32::kU2D>);
  t.Set(Opcode::F2I64, To64<From32::kF2I64>);
  t.Set(Opcode::F2U64, To64<From32::kF2U64>);
  t.Set(Opcode::I2I64, To64<From32::kI2I64>);
  t.Set(Opcode::U2I64, To64<From32::kU2I64>);
  t.Set(Opcode::D2F, From64<To32::kD2F>);
  t.Set(Opcode::D2I, From64<To32::kD2I>);
  t.Set(Opcode::D2U, From64<To32::kD2U>);
  t.Set(Opcode::U642F, From64<To32::kU642F>);
  t.Set(Opcode::I642F, From64<To32::kI642F>);
  t.Set(Opcode::DFRACEXP, OpDfracexp);
}

}  // namespace shaderdiff::tgsi_exec
