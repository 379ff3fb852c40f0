// Double and 64-bit integer opcodes (docs/tgsi.md 2.10): pair layout (low
// word in x/z), writemask pair rules, flags.
#include <bit>
#include <cmath>

#include "emulator/tgsi/test_util.h"

namespace shaderdiff::tgsi_exec::testing {
namespace {

Word Lo(uint64_t b) { return static_cast<Word>(b); }
Word Hi(uint64_t b) { return static_cast<Word>(b >> 32); }
uint64_t Db(double d) { return std::bit_cast<uint64_t>(d); }
Vec4 D2(double a, double b) { return U4(Lo(Db(a)), Hi(Db(a)), Lo(Db(b)), Hi(Db(b))); }
Vec4 Q2(uint64_t a, uint64_t b) { return U4(Lo(a), Hi(a), Lo(b), Hi(b)); }
double Dat(const Outcome& o, int c0) {
  return std::bit_cast<double>(uint64_t{o.W(0, 0, c0)} | (uint64_t{o.W(0, 0, c0 + 1)} << 32));
}
uint64_t Qat(const Outcome& o, int c0) { return uint64_t{o.W(0, 0, c0)} | (uint64_t{o.W(0, 0, c0 + 1)} << 32); }

TEST(DoubleOps, ArithmeticOnPairs) {
  // xy: 1.5 + 2.25 = 3.75; zw: 1e300 * 2 = 2e300 (DMUL below). Exact, clean.
  const auto o = RunOp("DADD OUT[0].xy, IN[0], IN[1]\nDMUL OUT[0].zw, IN[0], IN[1]", D2(1.5, 1e300), D2(2.25, 2.0));
  EXPECT_EQ(Dat(o, 0), 3.75);
  EXPECT_EQ(Dat(o, 2), 2e300);
  for (int c = 0; c < 4; ++c) EXPECT_TRUE(o.Clean(0, 0, c)) << c;
  // DDIV: 1 / 3 inexact (divisor not a power of two); 1 / 0 div-by-zero.
  const auto d = RunOp("DDIV OUT[0], IN[0], IN[1]", D2(1.0, 1.0), D2(3.0, 0.0));
  EXPECT_EQ(Dat(d, 0), 1.0 / 3.0);
  EXPECT_EQ(d.Why(0, 0, 0), "div");
  EXPECT_EQ(d.Why(0, 0, 2), "div-by-zero");
}

TEST(DoubleOps, ComparisonWritesTheFirstChannelOfEachPair) {
  // DSLT dst.xz: x = (1 < 2) = ~0, z = (5 < 4) = 0.
  const auto o = RunOp("MOV OUT[0], IN[2]\nDSLT OUT[0].xz, IN[0], IN[1]", D2(1, 5), D2(2, 4), U4(7, 7, 7, 7));
  EXPECT_EQ(o.W(0, 0, 0), 0xffffffffu);
  EXPECT_EQ(o.W(0, 0, 2), 0u);
  EXPECT_EQ(o.W(0, 0, 1), 7u);  // untouched
  for (int c = 0; c < 4; ++c) EXPECT_TRUE(o.Clean(0, 0, c)) << c;
}

TEST(DoubleOps, PartialPairIsFlagged) {
  // DADD with only .x written: tgsi_exec writes both words of the pair; the
  // y word is not the shader's to rely on: double-partial-pair. x is the low
  // word of 3.75.
  const auto o = RunOp("MOV OUT[0], IN[2]\nDADD OUT[0].x, IN[0], IN[1]", D2(1.5, 0), D2(2.25, 0), U4(7, 7, 7, 7));
  EXPECT_EQ(o.W(0, 0, 0), Lo(Db(3.75)));
  EXPECT_TRUE(o.Clean(0, 0, 0));
  EXPECT_EQ(o.Why(0, 0, 1), "double-partial-pair");
  EXPECT_TRUE(o.Clean(0, 0, 2));
}

TEST(DoubleOps, UnaryWithOneChannelOfAPairIsFlaggedAndLeavesTheRest) {
  // DABS with only .y written: unary double ops process a pair only when both
  // of its channels are written, so y gets the partial-pair treatment
  // (double-partial-pair) and x keeps the MOVed 7; the zw pair, unwritten,
  // keeps 7 too.
  const auto o = RunOp("MOV OUT[0], IN[2]\nDABS OUT[0].y, IN[0]", D2(-1.5, 0), U4(0, 0, 0, 0), U4(7, 7, 7, 7));
  EXPECT_EQ(o.Why(0, 0, 1), "double-partial-pair");
  EXPECT_EQ(o.W(0, 0, 0), 7u);
  EXPECT_TRUE(o.Clean(0, 0, 0));
  EXPECT_EQ(o.W(0, 0, 2), 7u);
  EXPECT_EQ(o.W(0, 0, 3), 7u);
}

TEST(DoubleOps, Conversions) {
  // F2D: xy from src.x, zw from src.y: (0.5, -3) widen exactly.
  const auto f = RunOp("F2D OUT[0], IN[0]", F4(0.5f, -3.0f, 0, 0));
  EXPECT_EQ(Dat(f, 0), 0.5);
  EXPECT_EQ(Dat(f, 2), -3.0);
  // D2F: xy -> first written channel (x), zw -> second (y). 2.5 exact;
  // 1/3 rounds: conversion-rounding.
  const auto d = RunOp("D2F OUT[0].xy, IN[0]", D2(2.5, 1.0 / 3.0));
  EXPECT_EQ(d.W(0, 0, 0), Fw(2.5f));
  EXPECT_TRUE(d.Clean(0, 0, 0));
  EXPECT_EQ(d.W(0, 0, 1), Fw(static_cast<float>(1.0 / 3.0)));
  EXPECT_EQ(d.Why(0, 0, 1), "conversion-rounding");
  // D2I(-7.9) = -7; D2I(3e9): float-to-int-range.
  const auto i = RunOp("D2I OUT[0].xy, IN[0]", D2(-7.9, 3e9));
  EXPECT_EQ(i.W(0, 0, 0), static_cast<Word>(-7));
  EXPECT_TRUE(i.Clean(0, 0, 0));
  EXPECT_EQ(i.Why(0, 0, 1), "float-to-int-range");
  // I2D: src.x as int32 (-2) -> -2.0; U2D: 0xffffffff -> 4294967295.0.
  const auto w = RunOp("I2D OUT[0].xy, IN[0]\nU2D OUT[0].zw, IN[0].yyyy", U4(static_cast<Word>(-2), 0xffffffffu, 0, 0));
  EXPECT_EQ(Dat(w, 0), -2.0);
  EXPECT_EQ(Dat(w, 2), 4294967295.0);
}

TEST(DoubleOps, SixtyFourBitIntegers) {
  // U64ADD carries across words: 0xffffffff + 1 = 0x1_00000000.
  const auto a = RunOp("U64ADD OUT[0], IN[0], IN[1]", Q2(0xffffffffull, 5), Q2(1, 7));
  EXPECT_EQ(Qat(a, 0), 0x100000000ull);
  EXPECT_EQ(Qat(a, 2), 12ull);
  // U64SHL by 33 (count & 63) and I64SHR of -8 by 1 (count from src1.z for zw).
  const auto s = RunOp("U64SHL OUT[0].xy, IN[0], IN[1]\nI64SHR OUT[0].zw, IN[0], IN[1]",
                       Q2(1, static_cast<uint64_t>(-8)), U4(33, 0, 1, 0));
  EXPECT_EQ(Qat(s, 0), 1ull << 33);
  EXPECT_EQ(Qat(s, 2), static_cast<uint64_t>(-4));
  // I64DIV by zero: idiv-by-zero; U64DIV by zero: ~0, specified.
  const auto d = RunOp("I64DIV OUT[0].xy, IN[0], IN[1]\nU64DIV OUT[0].zw, IN[0], IN[1]", Q2(9, 9), Q2(0, 0));
  EXPECT_EQ(d.Why(0, 0, 0), "idiv-by-zero");
  EXPECT_EQ(Qat(d, 2), ~0ull);
  EXPECT_TRUE(d.Clean(0, 0, 2));
}

TEST(DoubleOps, FracexpAndMad) {
  // DFRACEXP(8.0): mantissa 0.5 (dst0.xy), exponent 4 (dst1).
  const char* text = R"(VERT
DCL IN[0]
DCL OUT[0..1]
  0: DFRACEXP OUT[0].xy, OUT[1].x, IN[0]
  1: END
)";
  common::TestVector v = Vector(tgsi::Processor::kVertex, 1);
  SetInput(v, 0, D2(8.0, 0));
  const auto o = RunText(text, v);
  EXPECT_EQ(Dat(o, 0), 0.5);
  EXPECT_EQ(o.W(1, 0, 0), 4u);
  EXPECT_TRUE(o.Clean(1, 0, 0));
  // DMAD(2, 3, 4) = 10 exactly: clean.
  const auto m = RunOp("DMAD OUT[0].xy, IN[0], IN[1], IN[2]", D2(2, 0), D2(3, 0), D2(4, 0));
  EXPECT_EQ(Dat(m, 0), 10.0);
  EXPECT_TRUE(m.Clean(0, 0, 0));
}

}  // namespace
}  // namespace shaderdiff::tgsi_exec::testing
