// Multi-wave runs, switch corner cases, uncertain returns, gradient and
// SAMPLE-family texturing, stage/vector mismatches.
#include "emulator/common/texture.h"
#include "emulator/tgsi/test_util.h"

namespace shaderdiff::tgsi_exec::testing {
namespace {

TEST(Waves, LanesBeyondOneWaveRunInLaterWaves) {
  // 70 vertex lanes = a wave of 64 and one of 6; each lane computes
  // IN.x * 2 + 1 exactly.
  const char* text = "VERT\nDCL IN[0]\nDCL OUT[0]\nIMM[0] FLT32 {2.0, 1.0, 0.0, 0.0}\n"
                     "MAD OUT[0], IN[0].xxxx, IMM[0].xxxx, IMM[0].yyyy\nEND\n";
  common::TestVector v = Vector(tgsi::Processor::kVertex, 70);
  std::vector<Vec4> in;
  for (int l = 0; l < 70; ++l) in.push_back(F4(static_cast<float>(l), 0, 0, 0));
  SetInputLanes(v, 0, in);
  const auto o = RunText(text, v);
  for (uint32_t l = 0; l < 70; ++l) {
    EXPECT_EQ(o.W(0, l, 3), Fw(2.0f * l + 1.0f)) << l;
    EXPECT_TRUE(o.Clean(0, l, 3)) << l;
  }
  // 2 waves x 2 instructions.
  EXPECT_EQ(o.r().instructions_executed, 4u);
}

TEST(Waves, FragmentVectorsNeedWholeQuads) {
  const auto o = RunAny("FRAG\nDCL OUT[0], COLOR\nEND\n", Vector(tgsi::Processor::kFragment, 6));
  EXPECT_EQ(o.r().status, common::ExecStatus::kError);
  const auto s = RunAny("FRAG\nDCL OUT[0], COLOR\nEND\n", Vector(tgsi::Processor::kVertex, 4));
  EXPECT_EQ(s.r().status, common::ExecStatus::kError);
}

TEST(Switch, DefaultNotLastFollowsTheSpecAndFlagsTgsiExecsDifference) {
  // DEFAULT before CASE 2: per spec selector 2 runs only CASE 2's body (+100);
  // tgsi_exec would also run the DEFAULT body for it (it had not matched
  // yet), so lane 1 is flagged. Selector 5 runs DEFAULT (+1000) and falls
  // into CASE 2 (+100) = 1100 in both: clean.
  const char* text = R"(VERT
DCL IN[0]
DCL OUT[0]
DCL TEMP[0]
IMM[0] UINT32 {0, 2, 100, 1000}
  0: MOV TEMP[0].x, IMM[0].xxxx
  1: SWITCH IN[0].xxxx
  2: DEFAULT
  3:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].wwww
  4: CASE IMM[0].yyyy
  5:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].zzzz
  6:   BRK
  7: ENDSWITCH
  8: MOV OUT[0], TEMP[0].xxxx
  9: END
)";
  common::TestVector v = Vector(tgsi::Processor::kVertex, 2);
  SetInputLanes(v, 0, {U4(5, 0, 0, 0), U4(2, 0, 0, 0)});
  const auto o = RunText(text, v);
  EXPECT_EQ(o.W(0, 0, 0), 1100u);
  EXPECT_TRUE(o.Clean(0, 0, 0));
  EXPECT_EQ(o.W(0, 1, 0), 100u);
  EXPECT_EQ(o.Why(0, 1, 0), "control-depends-on-undefined");
}

TEST(Switch, BreakInsideAConditionalCaseFlagsTheLanesTgsiExecWouldStop) {
  // Both lanes take CASE 0; only lane 0 (IN.y != 0) breaks. Per spec lane 1
  // continues and adds 10; tgsi_exec's BRK clears the whole switch mask, so
  // lane 1's result differs there: flagged. Lane 0's result is the same in
  // both (it broke before the add): clean.
  const char* text = R"(VERT
DCL IN[0]
DCL OUT[0]
DCL TEMP[0]
IMM[0] UINT32 {0, 10, 0, 0}
  0: MOV TEMP[0].x, IMM[0].xxxx
  1: SWITCH IN[0].xxxx
  2: CASE IMM[0].xxxx
  3:   UIF IN[0].yyyy
  4:     BRK
  5:   ENDIF
  6:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy
  7:   BRK
  8: ENDSWITCH
  9: MOV OUT[0], TEMP[0].xxxx
 10: END
)";
  common::TestVector v = Vector(tgsi::Processor::kVertex, 2);
  SetInputLanes(v, 0, {U4(0, 1, 0, 0), U4(0, 0, 0, 0)});
  const auto o = RunText(text, v);
  EXPECT_EQ(o.W(0, 0, 0), 0u);
  EXPECT_TRUE(o.Clean(0, 0, 0));
  EXPECT_EQ(o.W(0, 1, 0), 10u);
  EXPECT_EQ(o.Why(0, 1, 0), "control-depends-on-undefined");
}

TEST(Switch, ContInsideSwitchInsideLoop) {
  // for (i = 0; i < 3; i++) switch (i) { case 1: continue; default: sum += i; }
  // -> sum = 0 + 2 = 2.
  const char* text = R"(VERT
DCL OUT[0]
DCL TEMP[0..2]
IMM[0] UINT32 {0, 1, 3, 0}
  0: MOV TEMP[0].x, IMM[0].xxxx
  1: MOV TEMP[1].x, IMM[0].xxxx
  2: BGNLOOP
  3:   USGE TEMP[2].x, TEMP[0].xxxx, IMM[0].zzzz
  4:   UIF TEMP[2].xxxx
  5:     BRK
  6:   ENDIF
  7:   MOV TEMP[2].y, TEMP[0].xxxx
  8:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy
  9:   SWITCH TEMP[2].yyyy
 10:   CASE IMM[0].yyyy
 11:     CONT
 12:   DEFAULT
 13:     UADD TEMP[1].x, TEMP[1].xxxx, TEMP[2].yyyy
 14:     BRK
 15:   ENDSWITCH
 16: ENDLOOP
 17: MOV OUT[0], TEMP[1].xxxx
 18: END
)";
  const auto o = RunText(text, Vector(tgsi::Processor::kVertex, 1));
  EXPECT_EQ(o.W(0, 0, 0), 2u);
  EXPECT_TRUE(o.Clean(0, 0, 0));
}

TEST(Flow, UncertainReturnFlagsTheRestOfTheSubroutine) {
  // RET under a NaN-decided IF: the MOV after it may or may not run for
  // this lane elsewhere, so TEMP[0].x is flagged; after the call, OUT[0].y
  // is clean again.
  const char* text = R"(VERT
DCL IN[0]
DCL OUT[0]
DCL TEMP[0..1]
IMM[0] FLT32 {1.0, 2.0, 3.0, 0.0}
  0: MOV TEMP[0].x, IMM[0].xxxx
  1: CAL :5
  2: MOV OUT[0].x, TEMP[0].xxxx
  3: MOV OUT[0].y, IMM[0].zzzz
  4: END
  5: BGNSUB
  6:   SSG TEMP[1].x, IN[0].xxxx
  7:   IF TEMP[1].xxxx
  8:     RET
  9:   ENDIF
 10:   MOV TEMP[0].x, IMM[0].yyyy
 11: ENDSUB
)";
  common::TestVector v = Vector(tgsi::Processor::kVertex, 1);
  SetInput(v, 0, U4(0x80000000u, 0, 0, 0));  // SSG(-0): signed-zero -> IF uncertain
  const auto o = RunText(text, v);
  EXPECT_EQ(o.W(0, 0, 0), Fw(2.0f));  // SSG(-0) = +0: IF not taken, MOV ran
  EXPECT_EQ(o.Why(0, 0, 0), "control-depends-on-undefined");
  EXPECT_TRUE(o.Clean(0, 0, 1));
}

TEST(Texture, TxdUsesExplicitGradients) {
  // TXD with gradients of 1/16 per pixel on a 16x16 texture with 4 levels
  // and nearest mip filtering: rho = 1 texel, lambda = 0 -> level 0
  // (magnification boundary, mag = min = nearest so either side agrees).
  const char* text = R"(VERT
DCL IN[0]
DCL IN[1]
DCL IN[2]
DCL OUT[0]
DCL SAMP[0]
  0: TXD OUT[0], IN[0], IN[1], IN[2], SAMP[0], 2D
  1: END
)";
  common::TestVector v = Vector(tgsi::Processor::kVertex, 1);
  common::TextureUnit u;
  u.seed = 11;
  u.levels = 4;
  u.mip_filter = common::MipFilter::kNearest;
  v.textures[0] = u;
  SetInput(v, 0, F4(5.5f / 16, 7.5f / 16, 0, 0));
  SetInput(v, 1, F4(1.0f / 16, 0, 0, 0));
  SetInput(v, 2, F4(0, 1.0f / 16, 0, 0));
  const auto o = RunText(text, v);
  const auto t = common::TexelValue(u, 0, 0, 5, 7, 0);
  for (int c = 0; c < 4; ++c) {
    EXPECT_EQ(o.W(0, 0, c), Fw(t[c])) << c;
  }
  // Gradients of 4 texels: lambda = 2 -> level 2 (4x4): texel (1, 1).
  SetInput(v, 1, F4(4.0f / 16, 0, 0, 0));
  SetInput(v, 2, F4(0, 4.0f / 16, 0, 0));
  SetInput(v, 0, F4(1.5f / 4, 1.5f / 4, 0, 0));
  const auto m = RunText(text, v);
  const auto t2 = common::TexelValue(u, 2, 0, 1, 1, 0);
  for (int c = 0; c < 4; ++c) EXPECT_EQ(m.W(0, 0, c), Fw(t2[c])) << c;
}

TEST(Texture, SampleFamilyUsesTheViewTargetAndSwizzle) {
  // SAMPLE dst, coord, SVIEW[1].wzyx, SAMP[0]: the unit is SVIEW 1, the
  // target its DCL (2D), and the result is swizzled by the SVIEW operand.
  const char* text = R"(VERT
DCL IN[0]
DCL OUT[0]
DCL SAMP[0]
DCL SVIEW[1], 2D, FLOAT
  0: SAMPLE OUT[0], IN[0], SVIEW[1].wzyx, SAMP[0]
  1: END
)";
  common::TestVector v = Vector(tgsi::Processor::kVertex, 1);
  common::TextureUnit u;
  u.seed = 21;
  v.textures[1] = u;
  SetInput(v, 0, F4(2.5f / 16, 9.5f / 16, 0, 0));
  const auto o = RunText(text, v);
  const auto t = common::TexelValue(u, 0, 0, 2, 9, 0);
  EXPECT_EQ(o.W(0, 0, 0), Fw(t[3]));
  EXPECT_EQ(o.W(0, 0, 1), Fw(t[2]));
  EXPECT_EQ(o.W(0, 0, 2), Fw(t[1]));
  EXPECT_EQ(o.W(0, 0, 3), Fw(t[0]));
  for (int c = 0; c < 4; ++c) EXPECT_TRUE(o.Clean(0, 0, c));
}

TEST(Geometry, EmitUnderDivergentControlFlow) {
  // Only lane 1 emits (IN[0][0].w != 0); lane 0 emits nothing.
  const char* text = R"(GEOM
PROPERTY GS_INPUT_PRIMITIVE POINTS
PROPERTY GS_OUTPUT_PRIMITIVE POINTS
PROPERTY GS_MAX_OUTPUT_VERTICES 1
DCL IN[][0], POSITION
DCL OUT[0], POSITION
IMM[0] INT32 {0, 0, 0, 0}
  0: MOV OUT[0], IN[0][0]
  1: IF IN[0][0].wwww
  2:   EMIT IMM[0].xxxx
  3: ENDIF
  4: END
)";
  common::TestVector v = Vector(tgsi::Processor::kGeometry, 2);
  SetInputLanes(v, 0, {F4(1, 2, 3, 0), F4(4, 5, 6, 1)});
  const auto o = RunText(text, v);
  ASSERT_EQ(o.r().emitted.size(), 1u);
  EXPECT_EQ(o.r().emitted[0].lane, 1u);
  EXPECT_EQ(o.r().emitted[0].outputs.at(0), F4(4, 5, 6, 1));
}

}  // namespace
}  // namespace shaderdiff::tgsi_exec::testing

namespace shaderdiff::tgsi_exec::testing {
namespace {

// A per-primitive GS input read without a vertex index (as Mesa prints and
// runs it) reads vertex 0's value; the indexed read of another vertex still
// reads that vertex.
TEST(Geometry, PerPrimitiveInputWithoutVertexIndexReadsVertexZero) {
  const char* text = R"(GEOM
PROPERTY GS_INPUT_PRIMITIVE TRIANGLES
PROPERTY GS_OUTPUT_PRIMITIVE POINTS
PROPERTY GS_MAX_OUTPUT_VERTICES 1
DCL IN[][0], POSITION
DCL IN[][1], PRIM_ID
DCL OUT[0], POSITION
DCL OUT[1], GENERIC[0]
IMM[0] INT32 {0, 0, 0, 0}
  0: MOV OUT[0], IN[2][0]
  1: MOV OUT[1], IN[1]
  2: EMIT IMM[0].xxxx
  3: END
)";
  common::TestVector v = Vector(tgsi::Processor::kGeometry, 1);
  for (uint32_t vertex = 0; vertex < 3; ++vertex) {
    SetInput(v, vertex * 32 + 0, F4(static_cast<float>(vertex), 0, 0, 1));
    SetInput(v, vertex * 32 + 1, U4(7 + vertex, 7 + vertex, 7 + vertex, 7 + vertex));
  }
  const auto o = RunText(text, v);
  ASSERT_EQ(o.r().emitted.size(), 1u);
  const common::EmittedVertex& e = o.r().emitted[0];
  EXPECT_EQ(e.outputs.at(0)[0], Fw(2.0f));
  EXPECT_EQ(e.outputs.at(1), U4(7, 7, 7, 7));
  EXPECT_FALSE(e.undefined.at(1)[0]);
}

}  // namespace
}  // namespace shaderdiff::tgsi_exec::testing

namespace shaderdiff::tgsi_exec::testing {
namespace {

TEST(RelativeStores, OutOfRangeAgainAfterAnInRangeStoreMarksTheArrayAgain) {
  // A store through ADDR outside TEMP[0..3] makes the whole array any value
  // (index-out-of-range); a direct store then defines TEMP[2].x again, and a
  // second out-of-range store must make it any value again (MarkRange skips
  // lanes it has marked only until a store touches the array). Lane 0 stores
  // out of range, lane 1 in range (TEMP[1]), so only lane 0 loses TEMP[2].
  const char* text = R"(VERT
DCL IN[0]
DCL OUT[0]
DCL OUT[1]
DCL TEMP[0..3], ARRAY(1)
DCL ADDR[0]
IMM[0] FLT32 {1.0, 2.0, 3.0, 0.0}
  0: ARL ADDR[0].x, IN[0].xxxx
  1: MOV TEMP[ADDR[0].x].x, IMM[0].xxxx
  2: MOV TEMP[2].x, IMM[0].yyyy
  3: MOV OUT[0].x, TEMP[2].xxxx
  4: MOV TEMP[ADDR[0].x].x, IMM[0].zzzz
  5: MOV OUT[1].x, TEMP[2].xxxx
  6: END
)";
  common::TestVector v = Vector(tgsi::Processor::kVertex, 2);
  SetInputLanes(v, 0, {F4(9.0f, 0, 0, 0), F4(1.0f, 0, 0, 0)});
  const auto o = RunText(text, v);
  EXPECT_EQ(o.W(0, 0, 0), Fw(2.0f));
  EXPECT_TRUE(o.Clean(0, 0, 0));
  EXPECT_EQ(o.Why(1, 0, 0), "index-out-of-range");
  EXPECT_EQ(o.W(1, 1, 0), Fw(2.0f));
  EXPECT_TRUE(o.Clean(1, 1, 0));
}

TEST(RelativeStores, IndirectInRangeStoreOfALaneMarkedBeforeMarksItAgain) {
  // Lane 0 stores out of range (the array becomes any value), then defines
  // TEMP[1].x through ADDR, stores outside the array (TEMP[4], which must not
  // matter), and stores out of range again: TEMP[1].x must be any value
  // again. Lane 1 always stores in range and keeps its values.
  const char* text = R"(VERT
DCL IN[0]
DCL OUT[0]
DCL OUT[1]
DCL TEMP[0..3], ARRAY(1)
DCL TEMP[4]
DCL ADDR[0]
IMM[0] FLT32 {1.0, 2.0, 3.0, 0.0}
  0: ARL ADDR[0].x, IN[0].xxxx
  1: MOV TEMP[ADDR[0].x](1).x, IMM[0].xxxx
  2: ARL ADDR[0].x, IN[0].yyyy
  3: MOV TEMP[ADDR[0].x](1).x, IMM[0].yyyy
  4: MOV OUT[0].x, TEMP[1].xxxx
  5: MOV TEMP[4].x, IMM[0].zzzz
  6: ARL ADDR[0].x, IN[0].xxxx
  7: MOV TEMP[ADDR[0].x](1).x, IMM[0].zzzz
  8: MOV OUT[1].x, TEMP[1].xxxx
  9: END
)";
  common::TestVector v = Vector(tgsi::Processor::kVertex, 2);
  SetInputLanes(v, 0, {F4(9.0f, 1.0f, 0, 0), F4(3.0f, 1.0f, 0, 0)});
  const auto o = RunText(text, v);
  EXPECT_EQ(o.W(0, 0, 0), Fw(2.0f));
  EXPECT_TRUE(o.Clean(0, 0, 0));
  EXPECT_EQ(o.Why(1, 0, 0), "index-out-of-range");
  EXPECT_EQ(o.W(1, 1, 0), Fw(2.0f));
  EXPECT_TRUE(o.Clean(1, 1, 0));
}

TEST(PartialWaves, StoresOfTheActiveLowLanesLeaveTheOthersAlone) {
  // Lanes 0 and 1 take the IF (the active lanes are a run from lane 0, the
  // lane-copy fast path); lanes 2 and 3 of the same wave must keep what they
  // had, in the register and in the source read.
  const char* text = R"(VERT
DCL IN[0]
DCL OUT[0]
DCL TEMP[0..1]
IMM[0] FLT32 {5.0, 0.0, 0.0, 0.0}
  0: MOV TEMP[1], IMM[0].xxxx
  1: MOV TEMP[0], IN[0]
  2: IF IN[0].yyyy
  3:   MOV TEMP[1], TEMP[0]
  4: ENDIF
  5: MOV OUT[0], TEMP[1]
  6: END
)";
  common::TestVector v = Vector(tgsi::Processor::kVertex, 4);
  SetInputLanes(v, 0, {F4(1, 1, 0, 0), F4(2, 1, 0, 0), F4(3, 0, 0, 0), F4(4, 0, 0, 0)});
  const auto o = RunText(text, v);
  EXPECT_EQ(o.W(0, 0, 0), Fw(1.0f));
  EXPECT_EQ(o.W(0, 1, 0), Fw(2.0f));
  EXPECT_EQ(o.W(0, 2, 0), Fw(5.0f));
  EXPECT_EQ(o.W(0, 3, 0), Fw(5.0f));
  for (uint32_t l = 0; l < 4; ++l) EXPECT_TRUE(o.Clean(0, l, 0)) << l;
}

}  // namespace
}  // namespace shaderdiff::tgsi_exec::testing
