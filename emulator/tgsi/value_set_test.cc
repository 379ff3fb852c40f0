// The denormal-flush readings of the sums of products (value_set.h
// SumOfProducts, DifferenceMayBeDenormal, WithFlushedDifference): docs/tgsi.md
// 5 item 7 lets an implementation flush a denormal input or result, so the
// allowed set must hold the flushed value on every path, and nothing wider
// where no denormal is involved. Each expected set is derived beside it.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <limits>

#include "emulator/tgsi/value_set.h"

namespace shaderdiff::tgsi_exec {
namespace {

Word Fw(float f) { return std::bit_cast<Word>(f); }
constexpr Word kNegZero = 0x80000000u;
constexpr Word kQuietNan = 0x7fc00000u;
constexpr float kInf = std::numeric_limits<float>::infinity();

Val Interval(float lo, float hi) {
  Val v;
  v.w = Fw(lo);
  v.inexact = Reason::kInexactOperand;
  v.set = kSetInterval;
  v.lo = Fw(lo);
  v.hi = Fw(hi);
  return v;
}

TEST(SumOfProducts, ExactDenormalSumMayBeFlushed) {
  // (-2^-126) * 0.5 = -2^-127 exactly, in every order: a denormal result,
  // which may be flushed to -0 (by value [-2^-127, 0], cause denormal).
  const ProductTerm p[1] = {{Val::Exact(Fw(-0x1p-126f)), Val::Exact(Fw(0.5f)), false}};
  const Word r = Fw(-0x1p-127f);
  const Val v = SumOfProducts(p, 1, nullptr, 0, r, Reason::kDotRounding);
  const common::AllowedSet s = ToAllowedSet(v);
  EXPECT_EQ(v.inexact, Reason::kDenormal);
  EXPECT_TRUE(s.Contains(r));
  EXPECT_TRUE(s.Contains(kNegZero));
  EXPECT_TRUE(s.Contains(0u));
  EXPECT_FALSE(s.Contains(Fw(-0x1p-126f)));
  EXPECT_FALSE(s.nan);
  // The same sum at a normal scale stays one word.
  const ProductTerm q[1] = {{Val::Exact(Fw(-1.0f)), Val::Exact(Fw(0.5f)), false}};
  EXPECT_TRUE(SumOfProducts(q, 1, nullptr, 0, Fw(-0.5f), Reason::kDotRounding).exact());
}

TEST(SumOfProducts, InfiniteTermWithAFlushedFactorMayBeNan) {
  // inf * d + 1 with d a positive denormal: +inf, or NaN where d is read as
  // zero (inf * 0). Nothing else: the set is {+inf} and any NaN.
  const Word d = 0x00000100u;
  const ProductTerm p[1] = {{Val::Exact(Fw(kInf)), Val::Exact(d), false}};
  const Val one = Val::Exact(Fw(1.0f));
  const Val v = SumOfProducts(p, 1, &one, 1, Fw(kInf), Reason::kDotRounding);
  const common::AllowedSet s = ToAllowedSet(v);
  EXPECT_EQ(v.inexact, Reason::kDenormal);
  EXPECT_TRUE(s.Contains(Fw(kInf)));
  EXPECT_TRUE(s.Contains(kQuietNan));
  EXPECT_FALSE(s.Contains(Fw(1.0f)));
  EXPECT_FALSE(s.Contains(Fw(-kInf)));
  // A normal factor: inf * 2 + 1 is +inf in every reading.
  const ProductTerm q[1] = {{Val::Exact(Fw(kInf)), Val::Exact(Fw(2.0f)), false}};
  EXPECT_TRUE(SumOfProducts(q, 1, &one, 1, Fw(kInf), Reason::kDotRounding).exact());
  // A flushed addend beside an infinite term changes nothing.
  const Val dz = Val::Exact(d);
  EXPECT_TRUE(SumOfProducts(q, 1, &dz, 1, Fw(kInf), Reason::kDotRounding).exact());
}

TEST(DifferenceMayBeDenormal, ExactWordsAndSets) {
  // 2^-125 - (2^-125 - 2^-140) = 2^-140: denormal. 1 - 0.5: not.
  EXPECT_TRUE(DifferenceMayBeDenormal(Val::Exact(Fw(0x1p-125f)), Val::Exact(Fw(0x1p-125f - 0x1p-140f))));
  EXPECT_FALSE(DifferenceMayBeDenormal(Val::Exact(Fw(1.0f)), Val::Exact(Fw(0.5f))));
  // Equal words differ by an exact zero, not a denormal.
  EXPECT_FALSE(DifferenceMayBeDenormal(Val::Exact(Fw(0x1p-125f)), Val::Exact(Fw(0x1p-125f))));
  // 0 - (-d) = d, a denormal.
  EXPECT_TRUE(DifferenceMayBeDenormal(Val::Exact(0u), Val::Exact(0x80000100u)));
  // Sets: [1, 2] - [1, 2] meets zero, but floats that large differ by a
  // multiple of 2^-23; [2^-120, 2^-119] - [2^-120, 2^-119] may be denormal.
  EXPECT_FALSE(DifferenceMayBeDenormal(Interval(1.0f, 2.0f), Interval(1.0f, 2.0f)));
  EXPECT_TRUE(DifferenceMayBeDenormal(Interval(0x1p-120f, 0x1p-119f), Interval(0x1p-120f, 0x1p-119f)));
  EXPECT_FALSE(DifferenceMayBeDenormal(Interval(0x1p-120f, 0x1p-119f), Interval(1.0f, 2.0f)));
  EXPECT_FALSE(DifferenceMayBeDenormal(Val::Any(0, Reason::kUninitialized), Val::Exact(0u)));
}

TEST(WithFlushedDifference, AddsCOrNanByTheFactor) {
  // a finite: the reading a * 0 + c = c joins the set; a infinite: NaN does.
  const Val sum = Val::Exact(Fw(4.0f));
  const common::AllowedSet f = ToAllowedSet(WithFlushedDifference(sum, Val::Exact(Fw(3.0f)), Val::Exact(Fw(1.0f))));
  EXPECT_TRUE(f.Contains(Fw(4.0f)));
  EXPECT_TRUE(f.Contains(Fw(1.0f)));
  EXPECT_FALSE(f.Contains(Fw(0.5f)));
  EXPECT_FALSE(f.nan);
  const common::AllowedSet i = ToAllowedSet(WithFlushedDifference(Val::Exact(Fw(kInf)), Val::Exact(Fw(kInf)), Val::Exact(Fw(1.0f))));
  EXPECT_TRUE(i.Contains(Fw(kInf)));
  EXPECT_TRUE(i.nan);
  EXPECT_FALSE(i.Contains(Fw(1.0f)));
}

}  // namespace
}  // namespace shaderdiff::tgsi_exec
