// The pre-decoded records (decoded.h) against the fields they come from:
// modifier masks against ApplyMod on every sign/pattern, operand channel
// indices against the words they must select, and an assembled instruction's
// record field by field.
#include "emulator/r500/decoded.h"

#include <gtest/gtest.h>

#include "emulator/r500/alu_math.h"
#include "emulator/r500/test_util.h"

namespace shaderdiff::r500 {
namespace {

using namespace test;

TEST(Decoded, ModifierMasksEqualApplyMod) {
  const common::Word words[] = {0u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x7fffffffu, 0xffffffffu, 0x12345678u, 0x7fc00001u};
  for (uint32_t mod = 0; mod < 4; ++mod)
    for (common::Word w : words) EXPECT_EQ(ModifierOf(mod).Apply(w), ApplyMod(w, mod)) << "mod " << mod << " word " << w;
}

TEST(Decoded, RecordOfAnAssembledInstruction) {
  State s = Program(
      "out tex_sem_wait nop rgb_omask=5 rgb_target=2 alpha_omask w_omask rgb_clamp alpha_omod=d4"
      " rgb_addr0=3 rgb_addr1=4 rgb_const1 rgb_rel1 alpha_addr0=137 alpha_addr2=6"
      " rgb_presub=add rgb_sel_a=srcp rgb_swz_a_r=b rgb_swz_a_g=h rgb_swz_a_b=a rgb_mod_a=neg"
      " rgb_sel_b=src1 rgb_swz_b_r=1 rgb_swz_b_g=0 rgb_mod_b=abs rgb_sel_c=src0 rgb_swz_c_g=g"
      " alpha_op=mdh alpha_sel_b=src2 alpha_swz_b=g alpha_mod_c=nab alpha_swz_c=a"
      " rgb_op=cmp alu_result_op=ne alu_result_sel=alpha\n");
  ASSERT_EQ(s.code.size(), 1u);
  const DecodedCode code = DecodeCode(s.code, 0, 0);
  const DecodedInstr& di = code[0];
  EXPECT_EQ(di.type, InstrType::kOut);
  EXPECT_TRUE(di.tex_sem_wait);
  EXPECT_TRUE(di.nop);
  const DecodedAlu& d = di.alu;
  EXPECT_EQ(d.rgb_op, 8u);
  EXPECT_EQ(d.alpha_op, 14u);  // mdh
  EXPECT_TRUE(d.quad_derivative);
  EXPECT_EQ(d.rgb_mdx_pixel, 0);
  EXPECT_EQ(d.alpha_mdx_pixel, 1);
  EXPECT_EQ(d.used, (std::array<bool, 3>{true, true, true}));
  EXPECT_EQ(d.rgb_src[0].kind, SlotAddr::kTemp);
  EXPECT_EQ(d.rgb_src[0].index, 3);
  EXPECT_EQ(d.rgb_src[1].kind, SlotAddr::kConst);
  EXPECT_EQ(d.rgb_src[1].index, 4);
  EXPECT_TRUE(d.rgb_src[1].rel);
  EXPECT_EQ(d.alpha_src[0].kind, SlotAddr::kInline);  // 137 = 0x80 | 9: exponent 1, mantissa 1
  EXPECT_EQ(d.alpha_src[0].index, 9);
  EXPECT_EQ(d.alpha_src[0].inline_word, F(1.125f * 2.0f / 128.0f));
  EXPECT_FALSE(d.alpha_src[0].inline_denormal);
  EXPECT_EQ(d.alpha_src[2].index, 6);
  EXPECT_EQ(d.presub_used, (std::array<bool, 2>{true, false}));
  EXPECT_EQ(d.presub_op[0], 2u);
  EXPECT_EQ(d.presub_slots[0], 2u);
  EXPECT_EQ(d.presub_slots[1], 1u);
  // Channel indices: srcp b, the 0.5 constant, srcp a; src1 1.0, 0, r; src0 r, g, r.
  EXPECT_EQ(d.rgb_arg[0].channel, (std::array<uint8_t, 3>{kSrcpBase + 2, kSwizzleConstBase + 1, kSrcpBase + 3}));
  EXPECT_EQ(d.rgb_arg[1].channel, (std::array<uint8_t, 3>{kSwizzleConstBase + 2, kSwizzleConstBase + 0, 4}));
  EXPECT_EQ(d.rgb_arg[2].channel, (std::array<uint8_t, 3>{0, 1, 0}));
  EXPECT_EQ(d.rgb_arg[0].mod.Apply(F(2)), F(-2));
  EXPECT_EQ(d.rgb_arg[1].mod.Apply(F(-2)), F(2));
  EXPECT_EQ(d.rgb_arg[2].mod.Apply(F(-2)), F(-2));
  EXPECT_EQ(d.alpha_arg[1].channel, 9);  // src2 g
  EXPECT_EQ(d.alpha_arg[2].channel, 3);  // src0 a
  EXPECT_EQ(d.alpha_arg[2].mod.Apply(F(2)), F(-2));
  EXPECT_TRUE(d.rgb_clamp);
  EXPECT_FALSE(d.alpha_clamp);
  EXPECT_EQ(d.alpha_omod, 5u);
  EXPECT_TRUE(d.out_type);
  EXPECT_EQ(d.rgb_omask, 5u);
  EXPECT_EQ(d.rgb_target, 2u);
  EXPECT_EQ(d.alpha_omask, 1u);
  EXPECT_EQ(d.w_omask, 1u);
  EXPECT_EQ(d.stat_we, 0u);
  EXPECT_EQ(d.alu_wmask, 0u);
  EXPECT_EQ(d.alu_result_op, 3u);
  EXPECT_EQ(d.alu_result_sel, 1u);
}

// alu.cc skips the range check of a slot or destination address without
// REL because the encoding cannot exceed it: 8-bit slot addresses (a temp
// has bit 7 clear: below 128; a constant below 256) and 7-bit destinations.
TEST(Decoded, AddressWidthsTheUncheckedPathRelies) {
  EXPECT_EQ(Info(Field::kRgbAddr0).width(), 8);
  EXPECT_EQ(Info(Field::kAlphaAddr2).width(), 8);
  EXPECT_EQ(Info(Field::kRgbDest).width(), 7);
  EXPECT_EQ(Info(Field::kAlphaDest).width(), 7);
  EXPECT_EQ(kTemps, 128);
  EXPECT_EQ(kConsts, 256);
}

TEST(Decoded, OnlyTheExecutedRangeIsDecoded) {
  State s = Program("alu rgb_wmask=1 rgb_op=min\nout tex_sem_wait nop rgb_op=max\n");
  const DecodedCode code = DecodeCode(s.code, 1, 1);
  ASSERT_EQ(code.size(), 2u);
  EXPECT_EQ(code[0].alu.rgb_op, 0u);  // not decoded: left default
  EXPECT_EQ(code[1].alu.rgb_op, 5u);
  EXPECT_TRUE(code[1].nop);
}

}  // namespace
}  // namespace shaderdiff::r500
