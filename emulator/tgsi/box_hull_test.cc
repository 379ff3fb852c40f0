// The closed-form sets of ADD, SUB, MUL and MAD (box_hull.h) against the
// set builder's enumeration (ops.h EvalKernelSetEnumerated), field by field:
// word, undefined and inexact causes, set bits and bounds. Operands are
// random and edge words (+-0, denormals, the smallest normals, FLT_MAX,
// infinities, NaN, values whose sums cancel) as exact words and as
// intervals (straddling zero, one word wide, with zero ends, with NaN
// allowed), the reference word computed in both denormal modes. Where the
// closed form declines, EvalKernelSet must still give the enumeration's
// set; the test also requires that the closed form applied to many cases of
// every kind it claims (intervals, exact results, zero-straddling operands),
// so a closed form that declined everything would fail it.
// BoxHullLanes (the closed form over a wave's lanes, read from the planes,
// used by EvalKernelLanes) is compared the same way on millions of lanes:
// every lane it takes must hold the enumeration's set, and it must write no
// other lane.
#include <gtest/gtest.h>

#include <cfloat>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "emulator/tgsi/box_hull.h"
#include "emulator/tgsi/ops_float_kernels.h"

namespace shaderdiff::tgsi_exec {
namespace {

using float_ops::AddK;
using float_ops::MadK;
using float_ops::MulK;
using float_ops::SubK;

const std::vector<Word> kEdges = {
    0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x3f000000u, 0x40400000u, 0xc0200000u,
    0x7f7fffffu, 0xff7fffffu, 0x00800000u, 0x80800000u, 0x00c00000u, 0x00000001u, 0x007fffffu,
    0x80400000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x3f800001u, 0xbf800001u, 0x60ad78ecu,
    0x1e3ce508u, 0x5f800000u, 0x1f800000u, 0x20000000u, 0xa0000000u,
};

class Operands {
 public:
  explicit Operands(uint32_t seed) : rng_(seed) {}

  Word RandomWord() {
    switch (Pick(6)) {
      case 0: return kEdges[Pick(static_cast<int>(kEdges.size()))];
      case 1: {  // any exponent
        return static_cast<Word>(rng_());
      }
      case 2: {  // near 1 in magnitude, either sign, so sums cancel
        const Word w = 0x3f800000u + static_cast<Word>(Pick(64)) - 32u;
        return Pick(2) ? w | 0x80000000u : w;
      }
      default: {  // moderate magnitudes
        const float m = std::ldexp(static_cast<float>(Pick(1 << 20)) / (1 << 20) + 0.5f, Pick(40) - 20);
        return W(Pick(2) ? -m : m);
      }
    }
  }

  // An exact word, or an interval with its word inside.
  Val RandomVal(bool inexact) {
    if (!inexact) return Val::Exact(RandomWord());
    Val v;
    v.inexact = Pick(2) ? Reason::kInexactOperand : Reason::kMadFusion;
    Word a = RandomWord();
    if (Pick(8) == 0) {  // NaN only
      v.set = kSetNan;
      v.w = 0x7fc00000u;
      return v;
    }
    while (IsNanW(a)) a = RandomWord();
    Word b = Pick(6) == 0 ? a : RandomWord();
    while (IsNanW(b)) b = RandomWord();
    if (Pick(6) == 0) b = a ^ 0x80000000u;  // straddles zero symmetrically
    if (common::OrderedKey(b) < common::OrderedKey(a)) std::swap(a, b);
    v.set = kSetInterval | (Pick(10) == 0 ? kSetNan : 0);
    v.lo = a;
    v.hi = b;
    switch (Pick(3)) {
      case 0: v.w = a; break;
      case 1: v.w = b; break;
      default: {
        const float mid = F(a) / 2 + F(b) / 2;  // inside by value
        v.w = std::isfinite(mid) && common::OrderedKey(W(mid)) >= common::OrderedKey(a) &&
                      common::OrderedKey(W(mid)) <= common::OrderedKey(b)
                  ? W(mid)
                  : a;
      }
    }
    return v;
  }

  int Pick(int n) { return static_cast<int>(rng_() % static_cast<uint32_t>(n)); }

 private:
  std::mt19937 rng_;
};

bool SameVal(const Val& a, const Val& b) {
  return a.w == b.w && a.undef == b.undef && a.inexact == b.inexact && a.set == b.set && a.lo == b.lo &&
         a.hi == b.hi;
}

std::string Show(const Val& v) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "w=%08x u=%d x=%d set=%d [%08x, %08x]", v.w, static_cast<int>(v.undef),
                static_cast<int>(v.inexact), v.set, v.lo, v.hi);
  return buf;
}

struct Counts {
  int cases = 0, closed = 0, closed_interval = 0, closed_exact = 0, closed_straddling = 0;
};

template <class K>
Counts Compare(uint32_t seed, int n) {
  constexpr int N = K::kSrc;
  Operands gen(seed);
  Counts c;
  for (int t = 0; t < n; ++t) {
    Val v[N];
    bool exact = true;
    for (int i = 0; i < N; ++i) {
      v[i] = gen.RandomVal(gen.Pick(3) != 0);
      exact = exact && v[i].exact();
    }
    if (exact) v[gen.Pick(N)] = gen.RandomVal(true);
    for (const bool flush : {false, true}) {
      Word a[N];
      for (int i = 0; i < N; ++i) a[i] = v[i].w;
      Fp primary;
      primary.daz = primary.ftz = flush;
      Freedom f;
      const Word r = K::Eval(primary, a, f);
      ++c.cases;
      const Val general = EvalKernelSetEnumerated<K>(v, r, f, false);
      const Val dispatched = EvalKernelSet<K>(v, r, f, false);
      std::string ops;
      for (int i = 0; i < N; ++i) ops += " op" + std::to_string(i) + "{" + Show(v[i]) + "}";
      EXPECT_TRUE(SameVal(general, dispatched))
          << "flush " << flush << ops << "\n general " << Show(general) << "\n dispatched " << Show(dispatched);
      Val closed;
      if (!BoxHullSet<K>(v, r, f, &closed)) continue;
      ++c.closed;
      if (closed.inexact != Reason::kNone) ++c.closed_interval;
      if (closed.exact()) ++c.closed_exact;
      for (int i = 0; i < N; ++i) {
        if (v[i].inexact != Reason::kNone && common::OrderedKey(v[i].lo) < 0 && common::OrderedKey(v[i].hi) > 0)
          ++c.closed_straddling;
      }
      EXPECT_TRUE(SameVal(general, closed))
          << "flush " << flush << ops << "\n general " << Show(general) << "\n closed " << Show(closed);
    }
  }
  return c;
}

template <class K>
void CheckKernel(uint32_t seed) {
  const Counts c = Compare<K>(seed, 40000);
  std::printf("cases %d, closed form %d (interval %d, exact %d, straddling operands %d)\n", c.cases, c.closed,
              c.closed_interval, c.closed_exact, c.closed_straddling);
  // The closed form must carry a real share of the cases, of every kind.
  EXPECT_GT(c.closed, c.cases / 10) << "closed " << c.closed << " of " << c.cases;
  EXPECT_GT(c.closed_interval, 1000);
  EXPECT_GT(c.closed_exact, 0);
  EXPECT_GT(c.closed_straddling, 100);
}

TEST(BoxHull, AddMatchesEnumeration) { CheckKernel<AddK>(1); }
TEST(BoxHull, SubMatchesEnumeration) { CheckKernel<SubK>(2); }
TEST(BoxHull, MulMatchesEnumeration) { CheckKernel<MulK>(3); }
TEST(BoxHull, MadMatchesEnumeration) { CheckKernel<MadK>(4); }

// Hand-picked: a MAD whose fused form sets the lower bound, and one whose
// interval reaches a denormal (the closed form declines; the dispatch
// enumerates).
TEST(BoxHull, MadFusedBoundAndDenormalDecline) {
  Val v[3];
  v[0].w = v[0].lo = 0x3f800001u;  // 1 + ulp
  v[0].hi = 0x3f800003u;
  v[0].inexact = Reason::kInexactOperand;
  v[0].set = kSetInterval;
  v[1] = Val::Exact(0x3f7ffffeu);   // 1 - 2 ulp
  v[2] = Val::Exact(0xbf800000u);   // -1: cancellation, the rounding of the product shows
  Fp primary;
  Freedom f;
  Word a[3] = {v[0].w, v[1].w, v[2].w};
  const Word r = MadK::Eval(primary, a, f);
  Val closed;
  ASSERT_TRUE(BoxHullSet<MadK>(v, r, f, &closed));
  const Val general = EvalKernelSetEnumerated<MadK>(v, r, f, false);
  EXPECT_TRUE(SameVal(general, closed)) << Show(general) << " vs " << Show(closed);
  // The fused lower bound is below the unfused one here.
  const float fused_lo = std::fmaf(F(v[0].lo), F(v[1].w), -1.0f);
  EXPECT_EQ(closed.lo, W(fused_lo));

  v[2] = Val::Exact(0x00000001u);  // a denormal addend: declined
  a[2] = v[2].w;
  Freedom f2;
  const Word r2 = MadK::Eval(primary, a, f2);
  EXPECT_FALSE(BoxHullSet<MadK>(v, r2, f2, &closed));
}

// A wave of random operand lanes (some undefined, some exact, the rest
// intervals or NaN sets as RandomVal makes them), a random execution mask
// of lanes with a non-exact operand (what EvalKernelLanes hands it), both
// denormal modes: every lane BoxHullLanes takes must be the enumeration's
// set for the reference word Eval gives under that mode (EvalKernel's
// route), and the lanes it leaves, and those outside the mask, untouched.
template <class K>
void CheckLanes(uint32_t seed, int waves) {
  constexpr int N = K::kSrc;
  Operands gen(seed);
  long taken = 0, left = 0, intervals = 0;
  for (int t = 0; t < waves; ++t) {
    Lanes ops[N];
    LaneMask m = 0;
    for (int l = 0; l < kMaxLanes; ++l) {
      bool exact = true;
      for (int i = 0; i < N; ++i) {
        Val v = gen.RandomVal(gen.Pick(3) != 0);
        if (gen.Pick(40) == 0) v.undef = Reason::kUninitialized;
        exact = exact && v.exact();
        ops[i].Set(l, v);
        if (v.inexact == Reason::kNone) ops[i].s[l] = static_cast<uint8_t>(gen.Pick(4));  // meaningless there
      }
      if (!exact && gen.Pick(8) != 0) m |= LaneMask{1} << l;
    }
    const Lanes* s[N];
    for (int i = 0; i < N; ++i) s[i] = &ops[i];
    for (const bool flush : {false, true}) {
      Fp primary;
      primary.daz = primary.ftz = flush;
      Lanes r, before;
      for (size_t b = 0; b < sizeof r; ++b) reinterpret_cast<unsigned char*>(&r)[b] = static_cast<unsigned char>(gen.Pick(256));
      std::memcpy(&before, &r, sizeof r);
      const LaneMask rest = BoxHullLanes<K>(primary, s, m, r);
      ASSERT_EQ(rest & ~m, 0u);
      for (int l = 0; l < kMaxLanes; ++l) {
        const bool took = ((m & ~rest) >> l) & 1;
        if (!took) {
          ASSERT_EQ(std::memcmp(&r.w[l], &before.w[l], sizeof r.w[l]), 0) << "lane " << l << " written";
          ASSERT_TRUE(r.u[l] == before.u[l] && r.x[l] == before.x[l] && r.s[l] == before.s[l] &&
                      r.lo[l] == before.lo[l] && r.hi[l] == before.hi[l])
              << "lane " << l << " written";
          left += (m >> l) & 1;
          continue;
        }
        ++taken;
        Val v[N];
        Word a[N];
        for (int i = 0; i < N; ++i) {
          v[i] = ops[i].Get(l);
          a[i] = v[i].w;
          ASSERT_EQ(v[i].undef, Reason::kNone) << "an undefined operand taken, lane " << l;
        }
        Fp fp = primary;
        Freedom f;
        const Word w = K::Eval(fp, a, f);
        const Val want = EvalKernelSetEnumerated<K>(v, w, f, false);
        Val got = r.Get(l);
        if (got.inexact == Reason::kNone) got.set = 0, got.lo = got.hi = 0;  // Get leaves them 0 when exact
        intervals += got.inexact != Reason::kNone;
        std::string ops_text;
        for (int i = 0; i < N; ++i) ops_text += " op" + std::to_string(i) + "{" + Show(v[i]) + "}";
        ASSERT_TRUE(SameVal(want, got)) << "flush " << flush << ops_text << "\n want " << Show(want) << "\n got "
                                        << Show(got);
      }
    }
  }
  std::printf("lanes taken %ld (intervals %ld), left to the general path %ld\n", taken, intervals, left);
  // Both ways out occur, and the closed form carries a real share.
  EXPECT_GT(taken, left / 10);
  EXPECT_GT(intervals, taken / 4);
  EXPECT_GT(left, 1000);
}

TEST(BoxHullLanes, AddSameAsEnumeration) { CheckLanes<AddK>(11, 15000); }
TEST(BoxHullLanes, SubSameAsEnumeration) { CheckLanes<SubK>(12, 15000); }
TEST(BoxHullLanes, MulSameAsEnumeration) { CheckLanes<MulK>(13, 15000); }
TEST(BoxHullLanes, MadSameAsEnumeration) { CheckLanes<MadK>(14, 15000); }

}  // namespace
}  // namespace shaderdiff::tgsi_exec
