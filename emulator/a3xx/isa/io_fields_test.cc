// The I/O field table: every field has a row, the mask rules per field kind
// (masked, vec4, scalar, paired), half bits, and 8-bit register fields.
#include "emulator/a3xx/isa/io_fields.h"

#include <gtest/gtest.h>

namespace shaderdiff::a3xx {
namespace {

constexpr IoField kAll[] = {IoField::kVsAttribute, IoField::kVertexId,   IoField::kInstanceId,
                            IoField::kVsVarying,   IoField::kVsPosition, IoField::kVsPointSize,
                            IoField::kFragCoord,   IoField::kFrontFacing, IoField::kFsColor,
                            IoField::kFsDepth};

RegisterSpan Span(IoField f, int base, uint8_t mask, bool half = false) {
  return RegisterSpan{f, static_cast<int16_t>(base), mask, half};
}

TEST(IoFields, EveryFieldHasItsRow) {
  for (IoField f : kAll) {
    EXPECT_EQ(FieldInfo(f).field, f) << FieldInfo(f).name;
    EXPECT_NE(FieldInfo(f).components, 0);
  }
}

TEST(IoFields, ProgrammedMasks) {
  EXPECT_EQ(ProgrammedMask(IoField::kVsAttribute, 0x5), 0x5);  // WRITEMASK: any subset
  EXPECT_EQ(ProgrammedMask(IoField::kVsVarying, 0x8), 0x8);     // COMPMASK
  EXPECT_EQ(ProgrammedMask(IoField::kVsPosition, 0x1), 0xF);    // POSREGID: the whole vec4
  EXPECT_EQ(ProgrammedMask(IoField::kFsColor, 0x2), 0xF);
  EXPECT_EQ(ProgrammedMask(IoField::kFragCoord, 0x1), 0x3);     // the xy pair
  EXPECT_EQ(ProgrammedMask(IoField::kFragCoord, 0x9), 0xF);     // both pairs
  EXPECT_EQ(ProgrammedMask(IoField::kFragCoord, 0x4), 0xC);
  EXPECT_EQ(ProgrammedMask(IoField::kFsDepth, 0x4), 0x4);
  EXPECT_EQ(ProgrammedMask(IoField::kFsColor, 0x0), 0x0);
  EXPECT_EQ(ProgrammedMask(IoField::kFrontFacing, 0x2), std::nullopt);  // FACENESSREGID holds x only
  EXPECT_EQ(ProgrammedMask(IoField::kVsPointSize, 0x3), std::nullopt);
  EXPECT_EQ(ProgrammedMask(IoField::kFsDepth, 0x1), std::nullopt);
}

TEST(IoFields, SpanShapes) {
  EXPECT_EQ(CheckSpanShape(Span(IoField::kVsAttribute, 4, 0xB)), std::nullopt);
  EXPECT_EQ(CheckSpanShape(Span(IoField::kFsColor, 8, 0xF, true)), std::nullopt);
  EXPECT_EQ(CheckSpanShape(Span(IoField::kFsDepth, -2, 0x4)), std::nullopt);  // z in r0.x
  EXPECT_EQ(CheckSpanShape(Span(IoField::kFragCoord, 0, 0x0)), std::nullopt);  // nothing bound
  EXPECT_EQ(*CheckSpanShape(Span(IoField::kFsColor, 8, 0x7)),
            "SP_FS_MRT_REG programs xyzw together; the span binds xyz");
  EXPECT_EQ(*CheckSpanShape(Span(IoField::kFragCoord, 8, 0x7)),
            "HLSQ_CONTROL_1_REG.FRAGCOORD programs zw together; the span binds xyz");
  EXPECT_EQ(*CheckSpanShape(Span(IoField::kFrontFacing, 8, 0x3)),
            "HLSQ_CONTROL_2_REG.FACENESSREGID cannot carry component(s) y (it holds x)");
  EXPECT_EQ(*CheckSpanShape(Span(IoField::kVsAttribute, 4, 0xF, true)),
            "VFD_DECODE_INSTR has no half-precision bit; the span is half");
  // REGID names x's register even when x is not written: y in r0.x needs REGID -1.
  EXPECT_EQ(*CheckSpanShape(Span(IoField::kVsVarying, -1, 0x2)),
            "SP_VS_OUT_REG.REGID would hold -1 (the register of component x), outside its 8-bit range");
  EXPECT_EQ(*CheckSpanShape(Span(IoField::kFsDepth, 254, 0x4)),
            "SP_FS_OUTPUT_REG.DEPTH_REGID would hold 256 (the register of component z), outside its 8-bit range");
}

TEST(IoFields, FirstNamedComponents) {
  EXPECT_EQ(FirstNamedComponent(IoField::kVsVarying, 0x2), 0);  // REGID names x even when x is unbound
  EXPECT_EQ(FirstNamedComponent(IoField::kFsDepth, 0x4), 2);    // DEPTH_REGID names z
  EXPECT_EQ(FirstNamedComponent(IoField::kFragCoord, 0xC), 2);  // FRAGCOORDZWREGID alone
  EXPECT_EQ(FirstNamedComponent(IoField::kFragCoord, 0xF), 0);
  EXPECT_EQ(FirstNamedComponent(IoField::kFsColor, 0x0), 0);
}

TEST(IoFields, MaskNames) {
  EXPECT_EQ(MaskName(0x0), "none");
  EXPECT_EQ(MaskName(0x5), "xz");
  EXPECT_EQ(MaskName(0xF), "xyzw");
}

}  // namespace
}  // namespace shaderdiff::a3xx
