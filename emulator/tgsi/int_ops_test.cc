// 32-bit integer, bit-field and conversion opcodes (docs/tgsi.md 2.5-2.7).
#include <cmath>
#include <limits>

#include "emulator/tgsi/test_util.h"

namespace shaderdiff::tgsi_exec::testing {
namespace {

constexpr Word kIntMin = 0x80000000u;
constexpr Word kMinus1 = 0xffffffffu;
inline Word Iw(int32_t i) { return static_cast<Word>(i); }

TEST(IntOps, DivisionAndModulo) {
  // IDIV(7, -2) = -3 (C truncation); UDIV(7, 2) = 3; MOD(-7, 2) = -1 (sign of
  // the dividend); UMOD(7, 4) = 3. All clean.
  const auto o = RunOp("IDIV OUT[0].x, IN[0].xxxx, IN[1].xxxx\nUDIV OUT[0].y, IN[0].yyyy, IN[1].yyyy\n"
                       "MOD OUT[0].z, IN[0].zzzz, IN[1].zzzz\nUMOD OUT[0].w, IN[0].wwww, IN[1].wwww",
                       U4(7, 7, Iw(-7), 7), U4(Iw(-2), 2, 2, 4));
  EXPECT_EQ(o.W(0, 0, 0), Iw(-3));
  EXPECT_EQ(o.W(0, 0, 1), 3u);
  EXPECT_EQ(o.W(0, 0, 2), kMinus1);
  EXPECT_EQ(o.W(0, 0, 3), 3u);
  for (int c = 0; c < 4; ++c) EXPECT_TRUE(o.Clean(0, 0, c)) << c;
}

TEST(IntOps, DivisionByZero) {
  // IDIV by 0 -> 0 (tgsi_exec), undefined idiv-by-zero; UDIV by 0 ->
  // 0xffffffff, specified: clean; MOD by 0 -> -1, undefined mod-by-zero;
  // UMOD by 0 -> 0xffffffff, clean.
  const auto o = RunOp("IDIV OUT[0].x, IN[0].xxxx, IN[1].xxxx\nUDIV OUT[0].y, IN[0].xxxx, IN[1].xxxx\n"
                       "MOD OUT[0].z, IN[0].xxxx, IN[1].xxxx\nUMOD OUT[0].w, IN[0].xxxx, IN[1].xxxx",
                       U4(9, 0, 0, 0), U4(0, 0, 0, 0));
  EXPECT_EQ(o.W(0, 0, 0), 0u);
  EXPECT_EQ(o.Why(0, 0, 0), "idiv-by-zero");
  EXPECT_EQ(o.W(0, 0, 1), kMinus1);
  EXPECT_TRUE(o.Clean(0, 0, 1));
  EXPECT_EQ(o.W(0, 0, 2), kMinus1);
  EXPECT_EQ(o.Why(0, 0, 2), "mod-by-zero");
  EXPECT_EQ(o.W(0, 0, 3), kMinus1);
  EXPECT_TRUE(o.Clean(0, 0, 3));
}

TEST(IntOps, IntMinByMinusOne) {
  // INT_MIN / -1 and INT_MIN % -1 trap in tgsi_exec: undefined. INT_MIN / 1
  // next to it is defined.
  const auto o = RunOp("IDIV OUT[0].x, IN[0].xxxx, IN[1].xxxx\nMOD OUT[0].y, IN[0].xxxx, IN[1].xxxx\n"
                       "IDIV OUT[0].z, IN[0].xxxx, IN[1].zzzz\nMOV OUT[0].w, IN[0].xxxx",
                       U4(kIntMin, 0, 0, 0), U4(kMinus1, 0, 1, 0));
  EXPECT_EQ(o.Why(0, 0, 0), "int-div-overflow");
  EXPECT_EQ(o.Why(0, 0, 1), "int-div-overflow");
  EXPECT_EQ(o.W(0, 0, 2), kIntMin);
  EXPECT_TRUE(o.Clean(0, 0, 2));
}

TEST(IntOps, NegAbsWrap) {
  // INEG(INT_MIN) = INT_MIN and IABS(INT_MIN) = INT_MIN (wrap, TGSI-defined);
  // ISSG(-5) = -1; UADD with '-' negates two's-complement: 3 + -(5) = -2.
  const auto o = RunOp("INEG OUT[0].x, IN[0].xxxx\nIABS OUT[0].y, IN[0].xxxx\nISSG OUT[0].z, IN[0].zzzz\n"
                       "UADD OUT[0].w, IN[0].wwww, -IN[1].wwww",
                       U4(kIntMin, 0, Iw(-5), 3), U4(0, 0, 0, 5));
  EXPECT_EQ(o.W(0, 0, 0), kIntMin);
  EXPECT_EQ(o.W(0, 0, 1), kIntMin);
  EXPECT_EQ(o.W(0, 0, 2), kMinus1);
  EXPECT_EQ(o.W(0, 0, 3), Iw(-2));
  for (int c = 0; c < 4; ++c) EXPECT_TRUE(o.Clean(0, 0, c)) << c;
  // Integer |x| is integer abs: IMAX(|-7|, 2) = 7.
  const auto a = RunOp("IMAX OUT[0].x, |IN[0].xxxx|, IN[1].xxxx", U4(Iw(-7), 0, 0, 0), U4(2, 0, 0, 0));
  EXPECT_EQ(a.W(0, 0, 0), 7u);
}

TEST(IntOps, ShiftsAreMasked) {
  // SHL(1, 33) = 1 << (33 & 31) = 2; ISHR(-8, 1) = -4; USHR(0x80000000, 31)
  // = 1; USHR(0x80000000, 32) = 0x80000000 (count 0).
  const auto o = RunOp("SHL OUT[0].x, IN[0].xxxx, IN[1].xxxx\nISHR OUT[0].y, IN[0].yyyy, IN[1].yyyy\n"
                       "USHR OUT[0].z, IN[0].zzzz, IN[1].zzzz\nUSHR OUT[0].w, IN[0].zzzz, IN[1].wwww",
                       U4(1, Iw(-8), kIntMin, 0), U4(33, 1, 31, 32));
  EXPECT_EQ(o.W(0, 0, 0), 2u);
  EXPECT_EQ(o.W(0, 0, 1), Iw(-4));
  EXPECT_EQ(o.W(0, 0, 2), 1u);
  EXPECT_EQ(o.W(0, 0, 3), kIntMin);
  for (int c = 0; c < 4; ++c) EXPECT_TRUE(o.Clean(0, 0, c)) << c;
}

TEST(IntOps, MulHiMinMaxCompares) {
  // IMUL_HI(INT_MIN, 2): -2^32 >> 32 = -1; UMUL_HI(0xffffffff, 2) = 1;
  // UMAD(3, 4, 5) = 17; IMIN(-1, 1) = -1.
  const auto o = RunOp("IMUL_HI OUT[0].x, IN[0].xxxx, IN[1].xxxx\nUMUL_HI OUT[0].y, IN[0].yyyy, IN[1].xxxx\n"
                       "UMAD OUT[0].z, IN[0].zzzz, IN[1].zzzz, IN[2].zzzz\nIMIN OUT[0].w, IN[0].wwww, IN[1].wwww",
                       U4(kIntMin, kMinus1, 3, kMinus1), U4(2, 0, 4, 1), U4(0, 0, 5, 0));
  EXPECT_EQ(o.W(0, 0, 0), kMinus1);
  EXPECT_EQ(o.W(0, 0, 1), 1u);
  EXPECT_EQ(o.W(0, 0, 2), 17u);
  EXPECT_EQ(o.W(0, 0, 3), kMinus1);
  // ISLT(-1, 1) = ~0 but USLT(0xffffffff, 1) = 0; USEQ / USNE masks.
  const auto c = RunOp("ISLT OUT[0].x, IN[0].xxxx, IN[1].xxxx\nUSLT OUT[0].y, IN[0].xxxx, IN[1].xxxx\n"
                       "USEQ OUT[0].z, IN[0].xxxx, IN[0].xxxx\nUSNE OUT[0].w, IN[0].xxxx, IN[0].xxxx",
                       U4(kMinus1, 0, 0, 0), U4(1, 0, 0, 0));
  EXPECT_EQ(c.W(0, 0, 0), kMinus1);
  EXPECT_EQ(c.W(0, 0, 1), 0u);
  EXPECT_EQ(c.W(0, 0, 2), kMinus1);
  EXPECT_EQ(c.W(0, 0, 3), 0u);
}

TEST(IntOps, BitfieldExtract) {
  // IBFE(0xf0, 4, 4): field 0xf sign-extended -> -1. UBFE(0xf0, 4, 4) = 15.
  // UBFE(x, 0, 32) = x (19.1 rule). IBFE(x, 4, 28): 4 + 28 = 32, in range,
  // = x >>arith 4.
  const auto o = RunOp("IBFE OUT[0].x, IN[0].xxxx, IN[1].xxxx, IN[2].xxxx\n"
                       "UBFE OUT[0].y, IN[0].xxxx, IN[1].xxxx, IN[2].xxxx\n"
                       "UBFE OUT[0].z, IN[0].zzzz, IN[1].zzzz, IN[2].zzzz\n"
                       "IBFE OUT[0].w, IN[0].wwww, IN[1].wwww, IN[2].wwww",
                       U4(0xf0, 0, 0x12345678u, 0x80000000u), U4(4, 0, 0, 4), U4(4, 0, 32, 28));
  EXPECT_EQ(o.W(0, 0, 0), kMinus1);
  EXPECT_EQ(o.W(0, 0, 1), 15u);
  EXPECT_EQ(o.W(0, 0, 2), 0x12345678u);
  EXPECT_EQ(o.W(0, 0, 3), 0xf8000000u);
  for (int c = 0; c < 4; ++c) EXPECT_TRUE(o.Clean(0, 0, c)) << c;
  // Out of range: IBFE(x, 4, 32) (4 + 32 > 32), UBFE(x, -1, 2), count 0 is
  // in range (result 0, clean).
  const auto r = RunOp("IBFE OUT[0].x, IN[0].xxxx, IN[1].xxxx, IN[2].xxxx\n"
                       "UBFE OUT[0].y, IN[0].xxxx, IN[1].yyyy, IN[2].yyyy\n"
                       "UBFE OUT[0].z, IN[0].xxxx, IN[1].zzzz, IN[2].zzzz",
                       U4(0xf0, 0, 0, 0), U4(4, kMinus1, 3, 0), U4(32, 2, 0, 0));
  EXPECT_EQ(r.Why(0, 0, 0), "bitfield-range");
  EXPECT_EQ(r.Why(0, 0, 1), "bitfield-range");
  EXPECT_EQ(r.W(0, 0, 2), 0u);
  EXPECT_TRUE(r.Clean(0, 0, 2));
}

TEST(IntOps, BitfieldInsertAndBitOps) {
  // BFI(base 0, insert 0xf, offset 4, bits 4) = 0xf0; BFI(_, 0xabc, 0, 32)
  // = 0xabc (bits 32 takes the insert whole); BFI(_, _, 30, 4) is out of range.
  const auto o = RunOp("BFI OUT[0].x, IN[0].xxxx, IN[1].xxxx, IN[2].xxxx, IN[2].yyyy\n"
                       "BFI OUT[0].y, IN[0].xxxx, IN[1].yyyy, IN[2].zzzz, IN[2].wwww\n"
                       "BFI OUT[0].z, IN[0].xxxx, IN[1].xxxx, IN[1].zzzz, IN[2].yyyy",
                       U4(0, 0, 0, 0), U4(0xf, 0xabc, 30, 0), U4(4, 4, 0, 32));
  EXPECT_EQ(o.W(0, 0, 0), 0xf0u);
  EXPECT_TRUE(o.Clean(0, 0, 0));
  EXPECT_EQ(o.W(0, 0, 1), 0xabcu);
  EXPECT_TRUE(o.Clean(0, 0, 1));
  EXPECT_EQ(o.Why(0, 0, 2), "bitfield-range");
  // BREV(1) = 0x80000000; POPC(0xf0f0) = 8; LSB(8) = 3; LSB(0) = -1.
  const auto b = RunOp("BREV OUT[0].x, IN[0].xxxx\nPOPC OUT[0].y, IN[0].yyyy\nLSB OUT[0].z, IN[0].zzzz\n"
                       "LSB OUT[0].w, IN[0].wwww",
                       U4(1, 0xf0f0, 8, 0));
  EXPECT_EQ(b.W(0, 0, 0), 0x80000000u);
  EXPECT_EQ(b.W(0, 0, 1), 8u);
  EXPECT_EQ(b.W(0, 0, 2), 3u);
  EXPECT_EQ(b.W(0, 0, 3), kMinus1);
  // IMSB(-1) = -1, IMSB(0x10) = 4, IMSB(0xfffffff0) = 3 (highest 0 bit), UMSB(0) = -1.
  const auto m = RunOp("IMSB OUT[0].xyz, IN[0]\nUMSB OUT[0].w, IN[0].wwww", U4(kMinus1, 0x10, 0xfffffff0u, 0));
  EXPECT_EQ(m.W(0, 0, 0), kMinus1);
  EXPECT_EQ(m.W(0, 0, 1), 4u);
  EXPECT_EQ(m.W(0, 0, 2), 3u);
  EXPECT_EQ(m.W(0, 0, 3), kMinus1);
  // NOT / AND / OR / XOR.
  const auto l = RunOp("NOT OUT[0].x, IN[0].xxxx\nAND OUT[0].y, IN[0].yyyy, IN[1].yyyy\n"
                       "OR OUT[0].z, IN[0].yyyy, IN[1].yyyy\nXOR OUT[0].w, IN[0].yyyy, IN[1].yyyy",
                       U4(0, 0xff00, 0, 0), U4(0, 0x0ff0, 0, 0));
  EXPECT_EQ(l.W(0, 0, 0), kMinus1);
  EXPECT_EQ(l.W(0, 0, 1), 0x0f00u);
  EXPECT_EQ(l.W(0, 0, 2), 0xfff0u);
  EXPECT_EQ(l.W(0, 0, 3), 0xf0f0u);
}

TEST(Conversions, FloatToInt) {
  // F2I(-1.5) = -1 (truncate); F2I(3e9) and F2I(NaN): undefined, 0x80000000
  // (x86); F2I(-2147483648.0) = INT_MIN is in range: clean.
  const auto o = RunOp("F2I OUT[0], IN[0]",
                       F4(-1.5f, 3e9f, std::numeric_limits<float>::quiet_NaN(), -2147483648.0f));
  EXPECT_EQ(o.W(0, 0, 0), kMinus1);
  EXPECT_TRUE(o.Clean(0, 0, 0));
  EXPECT_EQ(o.W(0, 0, 1), 0x80000000u);
  EXPECT_EQ(o.Why(0, 0, 1), "float-to-int-range");
  EXPECT_EQ(o.Why(0, 0, 2), "float-to-int-range");
  EXPECT_EQ(o.W(0, 0, 3), kIntMin);
  EXPECT_TRUE(o.Clean(0, 0, 3));
  // F2U(-0.5) = 0 (in (-1, UINT_MAX]): clean; F2U(3e9) = 3000000000: clean;
  // F2U(-1) and F2U(5e9): undefined.
  const auto u = RunOp("F2U OUT[0], IN[0]", F4(-0.5f, 3e9f, -1.0f, 5e9f));
  EXPECT_EQ(u.W(0, 0, 0), 0u);
  EXPECT_TRUE(u.Clean(0, 0, 0));
  EXPECT_EQ(u.W(0, 0, 1), 3000000000u);
  EXPECT_TRUE(u.Clean(0, 0, 1));
  EXPECT_EQ(u.W(0, 0, 2), kMinus1);  // GCC x86-64 measured value (docs 2.5)
  EXPECT_EQ(u.Why(0, 0, 2), "float-to-int-range");
  EXPECT_EQ(u.Why(0, 0, 3), "float-to-int-range");
}

TEST(Conversions, ArlArrUarl) {
  // ARL(-0.5) = floor -> -1; ARR(2.5) = floor(3.0) = 3; ARR(-2.5) =
  // floor(-2.0) = -2; UARL copies the word.
  const auto o = RunOp("ARL TEMP[0].x, IN[0].xxxx\nARR TEMP[0].y, IN[0].yyyy\nARR TEMP[0].z, IN[0].zzzz\n"
                       "UARL TEMP[0].w, IN[1].wwww\nMOV OUT[0], TEMP[0]",
                       F4(-0.5f, 2.5f, -2.5f, 0), U4(0, 0, 0, 0x1234));
  EXPECT_EQ(o.W(0, 0, 0), kMinus1);
  EXPECT_EQ(o.W(0, 0, 1), 3u);
  EXPECT_EQ(o.W(0, 0, 2), Iw(-2));
  EXPECT_EQ(o.W(0, 0, 3), 0x1234u);
  for (int c = 0; c < 4; ++c) EXPECT_TRUE(o.Clean(0, 0, c)) << c;
  const auto r = RunOp("ARL OUT[0].x, IN[0].xxxx", F4(1e10f, 0, 0, 0));
  EXPECT_EQ(r.Why(0, 0, 0), "float-to-int-range");
}

TEST(Conversions, IntToFloat) {
  // I2F(-7) = -7.0 exact; U2F(3000000000) = 3e9 exactly representable? 3e9 =
  // 0x4f32d05e (3000000000 = 0xb2d05e00, 24 significant bits): exact.
  // I2F(16777217) rounds to 16777216 (RNE): conversion-rounding (inexact).
  const auto o = RunOp("I2F OUT[0].x, IN[0].xxxx\nU2F OUT[0].y, IN[0].yyyy\nI2F OUT[0].z, IN[0].zzzz\n"
                       "U2F OUT[0].w, IN[0].wwww",
                       U4(Iw(-7), 3000000000u, 16777217u, kMinus1));
  EXPECT_EQ(o.W(0, 0, 0), Fw(-7.0f));
  EXPECT_TRUE(o.Clean(0, 0, 0));
  EXPECT_EQ(o.W(0, 0, 1), Fw(3e9f));
  EXPECT_TRUE(o.Clean(0, 0, 1));
  EXPECT_EQ(o.W(0, 0, 2), Fw(16777216.0f));
  EXPECT_EQ(o.Why(0, 0, 2), "conversion-rounding");
  EXPECT_EQ(o.W(0, 0, 3), Fw(4294967296.0f));
  EXPECT_TRUE(o.Inexact(0, 0, 3));
}

TEST(Conversions, HalfPacking) {
  // PK2H(1.0, -2.0) = half(1) | half(-2) << 16 = 0x3c00 | 0xc000 << 16.
  const auto o = RunOp("PK2H OUT[0], IN[0]", F4(1.0f, -2.0f, 0, 0));
  for (int c = 0; c < 4; ++c) {
    EXPECT_EQ(o.W(0, 0, c), 0xc0003c00u);
    EXPECT_TRUE(o.Clean(0, 0, c));
  }
  // UP2H(0xc0003c00) = (1, -2, 1, -2).
  const auto u = RunOp("UP2H OUT[0], IN[0].xxxx", U4(0xc0003c00u, 0, 0, 0));
  EXPECT_EQ(u.W(0, 0, 0), Fw(1.0f));
  EXPECT_EQ(u.W(0, 0, 1), Fw(-2.0f));
  EXPECT_EQ(u.W(0, 0, 2), Fw(1.0f));
  EXPECT_EQ(u.W(0, 0, 3), Fw(-2.0f));
  // PK2H(0.1): not exactly representable as half -> inexact; half(0.1) RNE = 0x2e66.
  const auto r = RunOp("PK2H OUT[0].x, IN[0]", F4(0.1f, 0, 0, 0));
  EXPECT_EQ(r.W(0, 0, 0) & 0xffffu, 0x2e66u);
  EXPECT_EQ(r.Why(0, 0, 0), "conversion-rounding");
  // PK2H(NaN) -> nan-operand; 65520 rounds to inf (0x7c00).
  const auto n = RunOp("PK2H OUT[0].x, IN[0]", F4(std::numeric_limits<float>::quiet_NaN(), 65520.0f, 0, 0));
  EXPECT_EQ(n.W(0, 0, 0) >> 16, 0x7c00u);
  EXPECT_EQ(n.Why(0, 0, 0), "nan-operand");
}

}  // namespace
}  // namespace shaderdiff::tgsi_exec::testing
