// ALU semantics, one instruction at a time: cat2, cat3 and the cat1
// conversion table, with the modifiers and edge values they are documented
// to handle (alu.cc, alu3.cc, mov.cc). Sources come preloaded in r2.xyzw
// (IN[0]), the result is r1.x (OUT[0]).
#include <gtest/gtest.h>

#include <limits>

#include "emulator/a3xx/convert.h"
#include "emulator/a3xx/half.h"
#include "emulator/a3xx/test_util.h"

namespace shaderdiff::a3xx {
namespace {

using namespace emutest;
using common::ExecStatus;

const Word kNan = 0x7fc00000u;

Word Alu(const std::string& instr, Word a, Word b = 0, Word c = 0,
         common::DenormalMode denormals = common::DenormalMode::kPreserve,
         ShiftCountMode shift_counts = ShiftCountMode::kHazard) {
  ShaderState s = VsState({1}, {2});
  common::TestVector v = VsVector(1);
  SetInput(v, 0, {a, b, c, 0});
  EmulatorOptions o;
  o.denormals = denormals;
  o.shift_counts = shift_counts;
  const EmulationResult r = Emulate(Asm(instr + "\nend\n", s), v, o);
  EXPECT_EQ(r.result.status, ExecStatus::kOk) << instr << ": " << r.result.detail;
  EXPECT_TRUE(r.hazards.empty()) << instr;
  return Out(r, 0, 0, 0);
}

Word I(int32_t i) { return static_cast<Word>(i); }

TEST(Cat2Float, Arithmetic) {
  EXPECT_EQ(Alu("add.f r1.x, r2.x, r2.y", kOne, kTwo), kThree);
  EXPECT_EQ(Alu("mul.f r1.x, r2.x, r2.y", kTwo, Bits(-1.5f)), Bits(-3.0f));
  EXPECT_EQ(Alu("add.f r1.x, r2.x, (neg)r2.y", kOne, kOne), kZero);  // 1 - 1 = +0
  EXPECT_EQ(Alu("add.f r1.x, (abs)r2.x, r2.y", Bits(-2.0f), kOne), kThree);
  EXPECT_EQ(Alu("add.f r1.x, r2.x, (absneg)r2.y", kOne, Bits(3.0f)), Bits(-2.0f));
  EXPECT_EQ(Alu("add.f r1.x, r2.x, r2.y", kInf, 0xff800000u) & 0x7f800000u, 0x7f800000u);  // NaN
  EXPECT_EQ(Alu("add.f r1.x, r2.x, (0.5)", kOne), Bits(1.5f));      // float LUT immediate
  EXPECT_EQ(Alu("mul.f r1.x, r2.x, (pi)", kOne), Bits(3.14159265358979f));
}

TEST(Cat2Float, MinMaxAreFminFmax) {
  EXPECT_EQ(Alu("min.f r1.x, r2.x, r2.y", kNan, kTwo), kTwo);
  EXPECT_EQ(Alu("max.f r1.x, r2.x, r2.y", kOne, kNan), kOne);
  EXPECT_EQ(Alu("min.f r1.x, r2.x, r2.y", Bits(-1.0f), kTwo), Bits(-1.0f));
  EXPECT_EQ(Alu("max.f r1.x, r2.x, r2.y", Bits(-1.0f), kTwo), kTwo);
}

TEST(Cat2Float, Rounding) {
  EXPECT_EQ(Alu("floor.f r1.x, r2.x", Bits(-2.5f)), Bits(-3.0f));
  EXPECT_EQ(Alu("ceil.f r1.x, r2.x", Bits(-2.5f)), Bits(-2.0f));
  EXPECT_EQ(Alu("ceil.f r1.x, r2.x", Bits(-0.5f)), kNegZero);
  EXPECT_EQ(Alu("trunc.f r1.x, r2.x", Bits(-2.7f)), Bits(-2.0f));
  EXPECT_EQ(Alu("rndne.f r1.x, r2.x", Bits(2.5f)), kTwo);
  EXPECT_EQ(Alu("rndne.f r1.x, r2.x", Bits(3.5f)), kFour);
  EXPECT_EQ(Alu("rndne.f r1.x, r2.x", Bits(-2.5f)), Bits(-2.0f));
  EXPECT_EQ(Alu("rndne.f r1.x, r2.x", Bits(-0.4f)), kNegZero);
  EXPECT_EQ(Alu("rndne.f r1.x, r2.x", Bits(1e20f)), Bits(1e20f));
}

TEST(Cat2Float, SignAndAbsneg) {
  EXPECT_EQ(Alu("sign.f r1.x, r2.x", Bits(-3.0f)), Bits(-1.0f));
  EXPECT_EQ(Alu("sign.f r1.x, r2.x", Bits(0.1f)), kOne);
  EXPECT_EQ(Alu("sign.f r1.x, r2.x", kNegZero), kZero);
  EXPECT_EQ(Alu("sign.f r1.x, r2.x", kNan), kZero);
  EXPECT_EQ(Alu("absneg.f r1.x, (absneg)r2.x", kTwo), Bits(-2.0f));
  EXPECT_EQ(Alu("absneg.f r1.x, (neg)r2.x", 0x7fc01234u), 0xffc01234u);  // sign bit only, payload kept
}

TEST(Cat2Float, Compares) {
  EXPECT_EQ(Alu("cmps.f.lt r1.x, r2.x, r2.y", kOne, kTwo), 1u);
  EXPECT_EQ(Alu("cmps.f.ge r1.x, r2.x, r2.y", kOne, kTwo), 0u);
  EXPECT_EQ(Alu("cmps.f.eq r1.x, r2.x, r2.y", kZero, kNegZero), 1u);
  EXPECT_EQ(Alu("cmps.f.eq r1.x, r2.x, r2.y", kNan, kNan), 0u);
  EXPECT_EQ(Alu("cmps.f.ne r1.x, r2.x, r2.y", kNan, kNan), 1u);
  EXPECT_EQ(Alu("cmps.f.le r1.x, r2.x, r2.y", kNan, kOne), 0u);
}

TEST(Cat2Float, SaturateAndDenormals) {
  EXPECT_EQ(Alu("(sat)add.f r1.x, r2.x, r2.y", kOne, kHalf), kOne);
  EXPECT_EQ(Alu("(sat)add.f r1.x, r2.x, r2.y", Bits(-1.0f), kHalf), kZero);
  EXPECT_EQ(Alu("(sat)add.f r1.x, r2.x, r2.y", kNan, kHalf), kZero);
  EXPECT_EQ(Alu("(sat)mul.f r1.x, r2.x, r2.y", kNegZero, kOne), kZero);
  EXPECT_EQ(Alu("(sat)max.f r1.x, r2.x, r2.x", Bits(0.25f)), Bits(0.25f));
  const Word denormal = 0x00000010u;
  EXPECT_EQ(Alu("add.f r1.x, r2.x, r2.y", denormal, kZero), denormal);
  EXPECT_EQ(Alu("add.f r1.x, r2.x, r2.y", denormal, kZero, 0, common::DenormalMode::kFlushToZero), kZero);
  EXPECT_EQ(Alu("mul.f r1.x, r2.x, r2.y", Bits(0x1p-70f), Bits(0x1p-70f), 0, common::DenormalMode::kFlushToZero),
            kZero);
}

TEST(Cat2Int, Arithmetic) {
  EXPECT_EQ(Alu("add.u r1.x, r2.x, r2.y", 0xffffffffu, 2u), 1u);
  EXPECT_EQ(Alu("add.s r1.x, r2.x, -5", 3u), I(-2));  // integer immediate
  EXPECT_EQ(Alu("sub.u r1.x, r2.x, r2.y", 1u, 2u), 0xffffffffu);
  EXPECT_EQ(Alu("sub.s r1.x, r2.x, r2.y", I(INT32_MIN), 1u), I(INT32_MAX));
  EXPECT_EQ(Alu("min.s r1.x, r2.x, r2.y", I(-1), 1u), I(-1));
  EXPECT_EQ(Alu("min.u r1.x, r2.x, r2.y", I(-1), 1u), 1u);
  EXPECT_EQ(Alu("max.s r1.x, r2.x, r2.y", I(-1), 1u), 1u);
  EXPECT_EQ(Alu("max.u r1.x, r2.x, r2.y", I(-1), 1u), 0xffffffffu);
  EXPECT_EQ(Alu("absneg.s r1.x, (abs)r2.x", I(-7)), 7u);
  EXPECT_EQ(Alu("absneg.s r1.x, (neg)r2.x", 5u), I(-5));
  EXPECT_EQ(Alu("absneg.s r1.x, (abs)r2.x", I(INT32_MIN)), I(INT32_MIN));
  EXPECT_EQ(Alu("cmps.s.lt r1.x, r2.x, r2.y", I(-1), 1u), 1u);
  EXPECT_EQ(Alu("cmps.u.lt r1.x, r2.x, r2.y", I(-1), 1u), 0u);
  EXPECT_EQ(Alu("cmps.u.ne r1.x, r2.x, r2.y", 3u, 3u), 0u);
}

// Every condition of cmps.u / cmps.s on less, equal and greater operands,
// on waves of 1 lane and of 7 (a block of four lanes plus a tail: the
// full-wave kernels of int_lanes.h take both paths), every lane checked.
TEST(Cat2Int, EveryCompareConditionOnFullWaves) {
  const char* conds[] = {"lt", "le", "gt", "ge", "eq", "ne"};
  const auto truth = [](int cond, int order) {  // order: -1 a < b, 0 equal, 1 a > b
    const bool t[6] = {order < 0, order <= 0, order > 0, order >= 0, order == 0, order != 0};
    return t[cond] ? 1u : 0u;
  };
  struct Pair { const char* type; Word a, b; int order; };
  const Pair pairs[] = {{"s", I(-2), 1u, -1}, {"s", I(-2), I(-2), 0}, {"s", 1u, I(-2), 1},
                        {"u", 1u, 0xfffffffeu, -1}, {"u", 7u, 7u, 0}, {"u", 0xfffffffeu, 1u, 1}};
  for (const uint32_t lanes : {1u, 7u}) {
    for (const Pair& pr : pairs) {
      for (int c = 0; c < 6; ++c) {
        const std::string instr = std::string("cmps.") + pr.type + "." + conds[c] + " r1.x, r2.x, r2.y";
        common::TestVector v = VsVector(lanes);
        SetInput(v, 0, {pr.a, pr.b, 0, 0});
        const EmulationResult r = Emulate(Asm(instr + "\nend\n", VsState({1}, {2})), v, EmulatorOptions{});
        ASSERT_EQ(r.result.status, ExecStatus::kOk) << instr << ": " << r.result.detail;
        for (uint32_t l = 0; l < lanes; ++l) {
          EXPECT_EQ(Out(r, 0, l, 0), truth(c, pr.order)) << instr << " lane " << l << " of " << lanes;
        }
      }
    }
  }
}

TEST(Cat2Int, Multiplies) {
  EXPECT_EQ(Alu("mul.u24 r1.x, r2.x, r2.y", 0x01000003u, 2u), 6u);  // bit 24 ignored
  EXPECT_EQ(Alu("mul.u24 r1.x, r2.x, r2.y", 0xffffffu, 0xffffffu), 0xfe000001u);  // low 32 bits
  EXPECT_EQ(Alu("mul.s24 r1.x, r2.x, r2.y", 0x00ffffffu, 3u), I(-3));
  EXPECT_EQ(Alu("mull.u r1.x, r2.x, r2.y", 0x12345678u, 0x00010002u), 0x5678u * 2);
}

TEST(Cat2Int, Bits) {
  EXPECT_EQ(Alu("and.b r1.x, r2.x, r2.y", 0xff00ff00u, 0x0ff00ff0u), 0x0f000f00u);
  EXPECT_EQ(Alu("or.b r1.x, r2.x, r2.y", 0xf0u, 0x0fu), 0xffu);
  EXPECT_EQ(Alu("xor.b r1.x, r2.x, r2.y", 0xffu, 0x0fu), 0xf0u);
  EXPECT_EQ(Alu("not.b r1.x, r2.x", 0x0f0f0f0fu), 0xf0f0f0f0u);
  EXPECT_EQ(Alu("and.b r1.x, r2.x, (neg)r2.y", 0xffu, 0x0fu), 0xf0u);  // (neg) = NOT on bitwise ops
  EXPECT_EQ(Alu("bfrev.b r1.x, r2.x", 1u), 0x80000000u);
  EXPECT_EQ(Alu("clz.b r1.x, r2.x", 1u), 31u);
  EXPECT_EQ(Alu("clz.b r1.x, r2.x", 0u), 32u);
  EXPECT_EQ(Alu("clz.s r1.x, r2.x", 1u), 31u);
  EXPECT_EQ(Alu("clz.s r1.x, r2.x", I(-2)), 31u);
  EXPECT_EQ(Alu("clz.s r1.x, r2.x", I(-1)), 32u);
  EXPECT_EQ(Alu("cbits.b r1.x, r2.x", 0xf0f0u), 8u);
}

TEST(Cat2Int, ShiftCountsBelowTheWidth) {
  EXPECT_EQ(Alu("shr.b r1.x, r2.x, r2.y", 0x80000000u, 31u), 1u);
  EXPECT_EQ(Alu("ashr.b r1.x, r2.x, r2.y", 0x80000000u, 31u), 0xffffffffu);
  EXPECT_EQ(Alu("shl.b r1.x, r2.x, 4", 3u), 48u);
  EXPECT_EQ(Alu("shl.b r1.x, r2.x, r2.y", 1u, 0u), 1u);
}

// ShiftCountMode::kMask: counts are masked to 5 bits, as Mesa's ir3 assumes.
TEST(Cat2Int, ShiftCountsMaskedOnRequest) {
  const auto mask = ShiftCountMode::kMask;
  const auto keep = common::DenormalMode::kPreserve;
  EXPECT_EQ(Alu("shl.b r1.x, r2.x, r2.y", 1u, 33u, 0, keep, mask), 2u);
  EXPECT_EQ(Alu("shr.b r1.x, r2.x, r2.y", 0x80000000u, 32u, 0, keep, mask), 0x80000000u);
  EXPECT_EQ(Alu("ashr.b r1.x, r2.x, r2.y", 0x80000000u, 0xffffffffu, 0, keep, mask), 0xffffffffu);
}

// The default (the stricter reading): a count >= 32 has no documented
// result, so every lane that uses one is a shift-count hazard on the
// destination, for each of the three shifts, and trap mode stops there.
TEST(Cat2Int, ShiftCountOutOfRangeIsAHazard) {
  for (const char* op : {"shl.b", "shr.b", "ashr.b"}) {
    for (Word count : {32u, 33u, 0xffffffffu}) {
      ShaderState s = VsState({1}, {2});
      common::TestVector v = VsVector(4);
      // Lane 2 alone shifts too far.
      for (uint32_t l = 0; l < 4; ++l) v.inputs[0].push_back({5u, l == 2 ? count : 3u, 0u, 0u});
      const std::string text = std::string(op) + " r1.x, r2.x, r2.y\nend\n";
      const EmulationResult r = Emulate(Asm(text, s), v, EmulatorOptions{});
      EXPECT_EQ(r.result.status, ExecStatus::kOk) << op;
      EXPECT_EQ(HazardStrings(r), std::vector<std::string>{"instr 0: r1.x shift-count (a lane shifts by a count >= the source's width; the hardware's result is not documented)"}) << op << " " << count;
      EmulatorOptions trap;
      trap.hazards = HazardMode::kTrap;
      const EmulationResult t = Emulate(Asm(text, s), v, trap);
      EXPECT_EQ(t.result.status, ExecStatus::kError) << op;
      EXPECT_NE(t.result.detail.find("shift-count"), std::string::npos) << t.result.detail;
    }
  }
}

TEST(Cat3, MadIsUnfused) {
  // a*b = 1 + 2^-11 + 2^-24 rounds (tie to even) to 1 + 2^-11; + c = 0.
  // A fused multiply-add would give 2^-24.
  const float a = 1.0f + 0x1p-12f;
  EXPECT_EQ(Alu("mad.f32 r1.x, r2.x, r2.y, r2.z", Bits(a), Bits(a), Bits(-(1.0f + 0x1p-11f))), kZero);
  EXPECT_EQ(Alu("mad.f32 r1.x, (neg)r2.x, r2.y, (neg)r2.z", kTwo, kThree, kOne), Bits(-7.0f));
  EXPECT_EQ(Alu("(sat)mad.f32 r1.x, r2.x, r2.y, r2.z", kTwo, kThree, kOne), kOne);
}

TEST(Cat3, Integer) {
  EXPECT_EQ(Alu("mad.u24 r1.x, r2.x, r2.y, r2.z", 0x01000003u, 5u, 1u), 16u);
  EXPECT_EQ(Alu("mad.s24 r1.x, r2.x, r2.y, r2.z", 0x00ffffffu, 5u, 1u), I(-4));
  EXPECT_EQ(Alu("madsh.m16 r1.x, r2.x, r2.y, r2.z", 0x00030000u, 0xffff0004u, 1u), (12u << 16) + 1);
  EXPECT_EQ(Alu("sel.b32 r1.x, r2.x, r2.y, r2.z", 7u, 1u, 9u), 7u);
  EXPECT_EQ(Alu("sel.b32 r1.x, r2.x, r2.y, r2.z", 7u, 0u, 9u), 9u);
  EXPECT_EQ(Alu("sel.b32 r1.x, r2.x, r2.y, r2.z", 7u, 0x80000000u, 9u), 7u);  // any non-zero bit
}

TEST(Half, AluOnHalfRegisters) {
  // Half registers: convert in, compute, convert out.
  EXPECT_EQ(Alu("cov.f32f16 hr3.x, r2.x\ncov.f32f16 hr3.y, r2.y\n(rpt2)nop\nadd.f hr4.x, hr3.x, hr3.y\n(rpt2)nop\n"
                "cov.f16f32 r1.x, hr4.x",
                kOne, Bits(0.5f)),
            Bits(1.5f));
  // Integer half: 16-bit wrap.
  EXPECT_EQ(Alu("cov.u32u16 hr3.x, r2.x\n(rpt2)nop\nadd.u hr4.x, hr3.x, h(1)\n(rpt2)nop\ncov.u16u32 r1.x, hr4.x",
                0xffffu),
            0u);
  // clz of a 16-bit value.
  EXPECT_EQ(Alu("cov.u32u16 hr3.x, r2.x\n(rpt2)nop\nclz.b hr4.x, hr3.x\n(rpt2)nop\ncov.u16u32 r1.x, hr4.x", 1u),
            15u);
}

TEST(Cat1, MovAndMova) {
  EXPECT_EQ(Alu("mov.f32f32 r1.x, r2.x", 0x7fc01234u), 0x7fc01234u);  // raw copy, payload kept
  EXPECT_EQ(Alu("mov.u32u32 r1.x, 0x12345678", 0), 0x12345678u);
  EXPECT_EQ(Alu("mov.f32f32 r1.x, (1.500000)", 0), Bits(1.5f));
  EXPECT_EQ(Alu("(rpt1)mov.f32f32 r1.x, (r)r2.x\n(rpt2)nop\nadd.f r1.x, r1.x, r1.y", kOne, kTwo), kThree);
  // mova: a0.x = -1 (16 bits, sign-extended); r<a0.x + 9> = r2.x (scalar 8).
  EXPECT_EQ(Alu("mov.s16s16 hr0.x, -1\n(rpt2)nop\nmova a0.x, hr0.x\n(rpt5)nop\nmov.f32f32 r1.x, r<a0.x + 9>",
                Bits(5.0f)),
            Bits(5.0f));
  // Relative destination: r<a0.x + 5> with a0 = 0 is r1.y.
  EXPECT_EQ(Alu("mov.s16s16 hr0.x, 0\n(rpt2)nop\nmova a0.x, hr0.x\n(rpt5)nop\nmov.f32f32 r<a0.x + 4>, r2.x", kTwo),
            kTwo);
}

Word Cov(Word v, Type s, Type d, Round r = Round::kDefault) { return ConvertCat1(v, s, d, r); }

TEST(Cat1, FloatToInt) {
  EXPECT_EQ(Cov(Bits(-2.7f), Type::kF32, Type::kS32), I(-2));
  EXPECT_EQ(Cov(Bits(-2.5f), Type::kF32, Type::kS32, Round::kEven), I(-2));
  EXPECT_EQ(Cov(Bits(-3.5f), Type::kF32, Type::kS32, Round::kEven), I(-4));
  EXPECT_EQ(Cov(Bits(-2.5f), Type::kF32, Type::kS32, Round::kPosInf), I(-2));
  EXPECT_EQ(Cov(Bits(-2.5f), Type::kF32, Type::kS32, Round::kNegInf), I(-3));
  EXPECT_EQ(Cov(kNan, Type::kF32, Type::kS32), 0u);
  EXPECT_EQ(Cov(Bits(1e10f), Type::kF32, Type::kS32), I(INT32_MAX));
  EXPECT_EQ(Cov(Bits(-1e10f), Type::kF32, Type::kS32), I(INT32_MIN));
  EXPECT_EQ(Cov(kInf, Type::kF32, Type::kU32), 0xffffffffu);
  EXPECT_EQ(Cov(Bits(-1.0f), Type::kF32, Type::kU32), 0u);
  EXPECT_EQ(Cov(Bits(300.0f), Type::kF32, Type::kU8), 255u);
  EXPECT_EQ(Cov(Bits(-200.0f), Type::kF32, Type::kS8), 0xff80u);  // -128 in a half register
  EXPECT_EQ(Cov(Bits(40000.0f), Type::kF32, Type::kS16), 0x7fffu);
  EXPECT_EQ(Cov(0xc500u, Type::kF16, Type::kS32), I(-5));  // f16 -5.0
}

TEST(Cat1, IntToFloatAndFloatToFloat) {
  EXPECT_EQ(Cov(16777217u, Type::kS32, Type::kF32), Bits(16777216.0f));  // RNE
  EXPECT_EQ(Cov(0xffffffffu, Type::kU32, Type::kF32), Bits(4294967296.0f));
  EXPECT_EQ(Cov(I(-3), Type::kS32, Type::kF16), 0xc200u);
  EXPECT_EQ(Cov(kOne, Type::kF32, Type::kF16), 0x3c00u);
  EXPECT_EQ(Cov(Bits(65520.0f), Type::kF32, Type::kF16), 0x7c00u);  // rounds to inf
  EXPECT_EQ(Cov(Bits(65519.0f), Type::kF32, Type::kF16), 0x7bffu);
  EXPECT_EQ(Cov(Bits(0x1p-24f), Type::kF32, Type::kF16), 0x0001u);  // smallest subnormal
  EXPECT_EQ(Cov(Bits(1.0f + 0x1p-11f), Type::kF32, Type::kF16), 0x3c00u);  // tie to even
  EXPECT_EQ(Cov(Bits(1.0f + 0x1p-11f), Type::kF32, Type::kF16, Round::kPosInf), 0x3c01u);
  EXPECT_EQ(Cov(Bits(-1.0f - 0x1p-11f), Type::kF32, Type::kF16, Round::kNegInf), 0xbc01u);
  EXPECT_EQ(Cov(0x3c00u, Type::kF16, Type::kF32), kOne);
  EXPECT_EQ(Cov(0x7e01u, Type::kF16, Type::kF32), 0x7fc02000u);  // NaN payload moved up
}

TEST(Cat1, IntToInt) {
  EXPECT_EQ(Cov(0x12345u, Type::kS32, Type::kS16), 0x2345u);
  EXPECT_EQ(Cov(0x8000u, Type::kS16, Type::kS32), 0xffff8000u);
  EXPECT_EQ(Cov(0x8000u, Type::kU16, Type::kU32), 0x8000u);
  EXPECT_EQ(Cov(0x1ffu, Type::kU8, Type::kU32), 0xffu);
  EXPECT_EQ(Cov(0x80u, Type::kS8, Type::kS32), I(-128));
  EXPECT_EQ(Cov(0x1234u, Type::kU16, Type::kU8), 0x34u);
}

TEST(HalfConversions, RoundTripAndEdges) {
  for (uint32_t h = 0; h < 0x10000; ++h) {
    const float f = HalfToFloat(static_cast<uint16_t>(h));
    if (f != f) continue;
    ASSERT_EQ(FloatToHalf(f), h) << h;  // every non-NaN half round-trips
  }
  EXPECT_EQ(FloatToHalf(Flt(0x477fefffu)), 0x7bffu);  // just below 65520, the tie with infinity
  EXPECT_EQ(FloatToHalf(Flt(0x477ff000u)), 0x7c00u);  // 65520: ties to even = infinity
  EXPECT_EQ(FloatToHalf(1e10f, RoundDir::kTowardZero), 0x7bffu);
  EXPECT_EQ(FloatToHalf(-1e10f, RoundDir::kUp), 0xfbffu);
  EXPECT_EQ(FloatToHalf(-1e10f, RoundDir::kDown), 0xfc00u);
  EXPECT_EQ(FloatToHalf(0x1p-26f), 0x0000u);                                // below half the smallest subnormal
  EXPECT_EQ(FloatToHalf(0x1p-25f + 0x1p-30f), 0x0001u);                     // above half: rounds up
  EXPECT_EQ(FloatToHalf(-0.0f), 0x8000u);
}

}  // namespace
}  // namespace shaderdiff::a3xx
