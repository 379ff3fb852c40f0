// The r500 target through the differential check: TGSI shaders compiled by
// the naive r500 translator (compiler/targets/r500/naive) and run on the
// R500 emulator quad by quad (emulator/r500/run_vector) against the
// reference interpreter, 32 vectors each (edge values and the dictionary
// included). Each shader exercises templates whose R500 form is not the
// TGSI opcode itself (MUL's -0, CMP's NaN side, the set ops, FLR, KILL_IF's
// -0 rule, the transcendentals' broadcast, a destination that is also a
// source), so a broken template is a mismatch here. Unsupported shaders
// (an opcode without a template, a depth output's x/y/w, the opt build) are
// the unsupported verdict with the reason, a vertex shader not-applicable
// (r500 is the fragment processor); never a pass.
#include <gtest/gtest.h>

#include "compiler/support/mutant_activation.h"

#include <cstdio>
#include <initializer_list>

#include "compiler/tgsi/parser.h"
#include "tools/harness/check.h"

namespace shaderdiff::harness {
namespace {

CheckOutcome Check(const char* text, Build build = Build::kNaive) {
  tgsi::ParseResult p = tgsi::ParseShader(text);
  EXPECT_TRUE(p.ok());
  CheckOptions o;
  o.target = "r500";
  o.build = build;
  o.vectors = 32;
  return CheckShader(p.shader, 0x500, o);
}

void ExpectPass(const char* text) {
  const CheckOutcome o = Check(text);
  EXPECT_EQ(o.verdict, Verdict::kPass) << VerdictName(o.verdict) << ": " << o.detail;
  EXPECT_EQ(o.vectors_run, 32u);
  EXPECT_GT(o.totals.compared, 0u);
}

TEST(R500Check, Arithmetic) {
  ExpectPass(R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL IN[1], GENERIC[1], CONSTANT
DCL OUT[0], COLOR
DCL CONST[0..1]
DCL TEMP[0..1]
IMM[0] FLT32 { 0.5, -2.0, 0.0, 1.0 }
  0: MUL TEMP[0], IN[0], -IN[1].yxwz
  1: ADD TEMP[1], TEMP[0], CONST[0]
  2: MAD TEMP[0].xz, |TEMP[1]|, IMM[0].xyxy, -CONST[1]
  3: MIN TEMP[1].yw, TEMP[0].xxyy, IN[1]
  4: MAX_SAT TEMP[0].y, TEMP[1].wwww, IMM[0].zzzz
  5: MOV OUT[0], TEMP[0].wzyx
  6: END
)");
}

TEST(R500Check, SelectsAndSetOps) {
  ExpectPass(R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL IN[1], GENERIC[1], PERSPECTIVE
DCL OUT[0], COLOR
DCL OUT[1], COLOR[1]
DCL TEMP[0..2]
  0: CMP TEMP[0], IN[0], IN[1], -IN[1]
  1: SLT TEMP[1], IN[0], IN[1].wzyx
  2: SGE TEMP[2].xy, IN[0], IN[1]
  3: SEQ TEMP[2].zw, IN[0], IN[0].xxyy
  4: ADD OUT[0], TEMP[0], TEMP[1]
  5: FLR TEMP[0], IN[0]
  6: FRC TEMP[1], IN[1]
  7: ADD TEMP[0], TEMP[0], TEMP[1]
  8: ADD OUT[1], TEMP[0], TEMP[2]
  9: END
)");
}

TEST(R500Check, ScalarOpsAliasingAndKill) {
  ExpectPass(R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
DCL TEMP[0]
  0: RCP TEMP[0].x, IN[0].xxxx
  1: RSQ TEMP[0].y, IN[0].yyyy
  2: EX2 TEMP[0].z, IN[0].zzzz
  3: LG2 TEMP[0].w, IN[0].wwww
  4: MUL TEMP[0], TEMP[0].wzyx, TEMP[0]
  5: KILL_IF IN[0].yzwx
  6: SQRT TEMP[0].y, IN[0].xxxx
  7: MOV OUT[0], TEMP[0]
  8: END
)");
}

TEST(R500Check, RoundTruncCeil) {
  // TEMP[0] holds multiples of 1/2 (ties for ROUND's even rule); IN[0]
  // brings the edge values (+-inf, NaN, -0, |a| >= 2^23, denormals).
  ExpectPass(R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
DCL OUT[1], COLOR[1]
DCL OUT[2], COLOR[2]
DCL OUT[3], COLOR[3]
DCL TEMP[0..1]
IMM[0] FLT32 { 8.0, 0.5, 0.0, 0.0 }
  0: MUL TEMP[0], IN[0], IMM[0].xxxx
  1: FLR TEMP[0], TEMP[0]
  2: MUL TEMP[0], TEMP[0], IMM[0].yyyy
  3: ROUND OUT[0], TEMP[0]
  4: ROUND TEMP[1], IN[0].wzyx
  5: ROUND TEMP[1].xz, TEMP[1]
  6: MOV OUT[1], TEMP[1]
  7: TRUNC OUT[2], IN[0]
  8: TRUNC TEMP[0].yw, TEMP[0]
  9: CEIL TEMP[0].xz, -IN[0]
 10: ADD OUT[3], TEMP[0], TEMP[0]
 11: END
)");
}

TEST(R500Check, Derivatives) {
  // DDY is exact (the left column in both); DDX is free where the quad's
  // rows differ, compared where they agree.
  ExpectPass(R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
DCL OUT[1], COLOR[1]
DCL TEMP[0..1]
  0: MUL TEMP[0], IN[0], IN[0].yxwz
  1: DDY TEMP[1], TEMP[0].wzyx
  2: DDX TEMP[1].yw, -|TEMP[1]|
  3: DDY OUT[0].xzw, IN[0]
  4: DDX OUT[0].y, IN[0].zzzz
  5: ADD OUT[1], TEMP[1], TEMP[0]
  6: END
)");
}

TEST(R500Check, IfElseNested) {
  // IF on x != 0 (NaN true, -0 false), ELSE, an IF nested in each side, a
  // KILL_IF inside one: pixels of a quad take different sides.
  ExpectPass(R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
DCL TEMP[0..1]
IMM[0] FLT32 { 0.5, 2.0, 0.0, 1.0 }
  0: MOV TEMP[0], IN[0].wzyx
  1: SLT TEMP[1], IN[0], IMM[0].xxxx
  2: IF TEMP[1].xxxx
  3:   ADD TEMP[0].xy, TEMP[0], IMM[0].yyyy
  4:   IF IN[0].zzzz
  5:     MUL TEMP[0].z, TEMP[0].zzzz, IMM[0].yyyy
  6:     KILL_IF -TEMP[1].wwww
  7:   ENDIF
  8: ELSE
  9:   IF TEMP[1].yyyy
 10:     MOV TEMP[0].w, IMM[0].wwww
 11:   ELSE
 12:     MOV TEMP[0].x, -TEMP[0].xxxx
 13:   ENDIF
 14:   IF IN[0].xxxx
 15:   ENDIF
 16: ENDIF
 17: MOV OUT[0], TEMP[0]
 18: END
)");
}

TEST(R500Check, LoopWithBreakAndContinue) {
  // Up to 8 iterations (n = MIN(8 |x|, 8); NaN gives 8), a BRK in an ELSE,
  // a BRK in an IF, a CONT on odd counts, an IF after them (guarded).
  ExpectPass(R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
DCL TEMP[0..2]
IMM[0] FLT32 { 0.0, 1.0, 8.0, 0.5 }
  0: MOV TEMP[0], IMM[0].xxxx
  1: MUL TEMP[1].x, |IN[0].xxxx|, IMM[0].zzzz
  2: MIN TEMP[1].x, TEMP[1].xxxx, IMM[0].zzzz
  3: BGNLOOP
  4:   SLT TEMP[2].x, TEMP[0].xxxx, TEMP[1].xxxx
  5:   IF TEMP[2].xxxx
  6:     ADD TEMP[0].y, TEMP[0].yyyy, IN[0].yyyy
  7:   ELSE
  8:     BRK
  9:   ENDIF
 10:   ADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy
 11:   SGE TEMP[2].y, TEMP[0].xxxx, IMM[0].zzzz
 12:   IF TEMP[2].yyyy
 13:     BRK
 14:   ENDIF
 15:   MUL TEMP[2].z, TEMP[0].xxxx, IMM[0].wwww
 16:   FRC TEMP[2].z, TEMP[2].zzzz
 17:   IF TEMP[2].zzzz
 18:     CONT
 19:   ENDIF
 20:   ADD TEMP[0].z, TEMP[0].zzzz, IN[0].zzzz
 21:   IF IN[0].wwww
 22:     ADD TEMP[0].w, TEMP[0].wwww, IMM[0].yyyy
 23:   ENDIF
 24: ENDLOOP
 25: MOV OUT[0], TEMP[0]
 26: END
)");
}

TEST(R500Check, TextureBiasLodAndRect) {
  // TXB's bias and TXL's LOD in w (LODBIAS, LOD), RECT in texels (UNSCALED),
  // TXD's gradients (DXDY) with a partial write mask.
  ExpectPass(R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
DCL OUT[1], COLOR[1]
DCL OUT[2], COLOR[2]
DCL SAMP[0]
DCL SAMP[1]
DCL SAMP[2]
DCL SVIEW[0], 2D, FLOAT
DCL SVIEW[1], CUBE, FLOAT
DCL SVIEW[2], RECT, FLOAT
IMM[0] FLT32 { 8.0, 0.5, 0.0, 1.0 }
IMM[1] FLT32 { 0.0625, 0.015625, 0.0, 0.0 }
DCL TEMP[0..2]
  0: MUL TEMP[0], IN[0], IMM[0].wwwx
  1: TXB OUT[0], TEMP[0], SAMP[0], 2D
  2: TXL OUT[1], IN[0].yxzw, SAMP[1], CUBE
  3: MUL TEMP[0], IN[0], IMM[0].xxxx
  4: TEX OUT[2], TEMP[0], SAMP[2], RECT
  5: MUL TEMP[1], IN[0].wzyx, IMM[1].xxxx
  6: MUL TEMP[2], IN[0].zwxy, IMM[1].yyyy
  7: MOV TEMP[0].zw, IN[0]
  8: TXD TEMP[0].xy, IN[0], TEMP[1], TEMP[2], SAMP[0], 2D
  9: ADD OUT[0].y, TEMP[0].xxxx, TEMP[0].wwww
 10: END
)");
}

TEST(R500Check, SetOpsAtInfinityAndNearZero) {
  // Equal infinities compare equal (inf - inf is NaN), and two small
  // operands one ulp apart are not equal (their difference is a denormal,
  // which OMOD flushes): both found by a fuzz of float-only shaders.
  ExpectPass(R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
DCL OUT[1], COLOR[1]
DCL TEMP[0..2]
IMM[0] FLT32 { 1.00000012, 0.5, 0.0, 1.0 }
IMM[1] FLT32 { 1.17549435e-38, 1.17549449e-38, -1.17549435e-38, 0.0 }
  0: SEQ TEMP[1], IN[0], IN[0]
  1: SGE TEMP[2], IN[0], IN[0]
  2: SNE TEMP[1].zw, IN[0].wzyx, IN[0].wzyx
  3: ADD OUT[0], TEMP[1], TEMP[2]
  4: MUL TEMP[0], IN[0], IMM[0].xxxx
  5: SGE TEMP[1], IN[0], TEMP[0]
  6: SEQ TEMP[2].xy, TEMP[0], IN[0]
  7: SNE TEMP[2].zw, TEMP[0], IN[0]
  8: SLE TEMP[1].w, TEMP[0], IN[0]
  9: MAD OUT[1], TEMP[1], IMM[0].yyyy, TEMP[2]
 10: SGE TEMP[1], IMM[1].xyzw, IMM[1].yxwz
 11: SNE TEMP[2], IMM[1].xyzw, IMM[1].yxwz
 12: MAD OUT[1].xy, TEMP[1].xzxz, IMM[0].yyyy, TEMP[2].ywyw
 13: END
)");
}

// Integer booleans (compiler/passes/lower_int_booleans): each float
// compare to 0 / ~0 on the edge vectors (NaN on either side: FSNE true, the
// others false; -0 == +0 where IN[0] is a zero), consumed by AND with a
// float (b ? x : 0) and by UCMP, whose results are stored as floats.
TEST(R500Check, IntegerBooleanComparesWithNaN) {
  // The arms are float copies (MUL by 1): an input UCMP or AND read
  // directly would get small-integer vectors (vector_gen.h), and the
  // compares would never see NaN, infinities or -0.
  ExpectPass(R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL IN[1], GENERIC[1], PERSPECTIVE
DCL OUT[0], COLOR
DCL OUT[1], COLOR[1]
DCL OUT[2], COLOR[2]
DCL OUT[3], COLOR[3]
DCL TEMP[0..5]
IMM[0] FLT32 { 1.0, 0.0, 0.5, -2.0 }
  0: FSLT TEMP[0], IN[0], IN[1]
  1: FSGE TEMP[1], IN[0], IN[1].wzyx
  2: FSEQ TEMP[2].xy, IN[0], -IN[0]
  3: FSEQ TEMP[2].zw, IN[0], IN[1]
  4: FSNE TEMP[3].xy, IN[0], IN[0]
  5: FSNE TEMP[3].zw, IN[0], -IN[1]
  6: MUL TEMP[4], IN[0], IMM[0].xxxx
  7: MUL TEMP[5], IN[1], IMM[0].xxxx
  8: AND OUT[0], TEMP[0], IMM[0].xxxx
  9: UCMP OUT[1], TEMP[1], TEMP[5], IMM[0].wwww
 10: AND OUT[2], TEMP[5], TEMP[2]
 11: UCMP OUT[3], TEMP[3], IMM[0].zzzz, TEMP[4]
 12: END
)");
}

// Booleans combined (AND, OR, XOR, NOT), copied, selecting constants
// (inputs read only as floats keep float vectors), tested by UIF and by a
// loop's break; TEMP[1] holds a boolean, then a float; the loop counter is
// a float the boolean compares.
TEST(R500Check, IntegerBooleanLogicAndFlow) {
  ExpectPass(R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL IN[1], GENERIC[1], PERSPECTIVE
DCL OUT[0], COLOR
DCL OUT[1], COLOR[1]
DCL OUT[2], COLOR[2]
DCL OUT[3], COLOR[3]
DCL TEMP[0..4]
IMM[0] FLT32 { 1.0, 0.0, 0.5, -2.0 }
IMM[1] FLT32 { 3.0, 0.0, 0.0, 0.0 }
  0: FSLT TEMP[0], IN[0], IN[1]
  1: FSGE TEMP[1], IN[0], IMM[0].zzzz
  2: AND TEMP[2], TEMP[0], TEMP[1].yzwx
  3: OR TEMP[3], TEMP[0], TEMP[1]
  4: XOR TEMP[3].xy, TEMP[3], TEMP[2]
  5: NOT TEMP[3].w, TEMP[3].zzzz
  6: MOV TEMP[1], TEMP[3].wzyx
  7: UCMP OUT[0], TEMP[2], IMM[0].xxxx, IMM[0].yyyy
  8: UCMP OUT[1], TEMP[1], IMM[0].zzzz, IMM[0].wwww
  9: UIF TEMP[1].xxxx
 10:   MUL TEMP[1], IN[0], IN[1]
 11: ELSE
 12:   ADD TEMP[1], IN[0], IMM[0].wwww
 13: ENDIF
 14: MOV OUT[2], TEMP[1]
 15: MOV TEMP[4].x, IMM[0].yyyy
 16: BGNLOOP
 17:   FSGE TEMP[4].y, TEMP[4].xxxx, IMM[1].xxxx
 18:   UIF TEMP[4].yyyy
 19:     BRK
 20:   ENDIF
 21:   ADD TEMP[4].x, TEMP[4].xxxx, IMM[0].xxxx
 22: ENDLOOP
 23: MUL OUT[3], IN[0], TEMP[4].xxxx
 24: END
)");
}

// Where a boolean's every use is not provably boolean, the shader keeps its
// first integer opcode as the reason: stored to OUT, read as a float, fed
// to integer arithmetic.
TEST(R500Check, IntegerBooleanNotProvenIsUnsupported) {
  const char* kShaders[] = {
      "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\n  0: FSLT OUT[0], IN[0], IN[0].yxwz\n  1: END\n",
      "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL TEMP[0]\n"
      "  0: FSLT TEMP[0], IN[0], IN[0].yxwz\n  1: ADD OUT[0], TEMP[0], IN[0]\n  2: END\n",
      "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL TEMP[0]\n"
      "  0: FSLT TEMP[0], IN[0], IN[0].yxwz\n  1: UADD TEMP[0], TEMP[0], TEMP[0]\n  2: AND OUT[0], TEMP[0], IN[0]\n"
      "  3: END\n",
  };
  for (const char* text : kShaders) {
    const CheckOutcome o = Check(text);
    EXPECT_EQ(o.verdict, Verdict::kUnsupported) << text;
    EXPECT_EQ(o.detail, "integer opcode FSLT on r500") << text;
  }
}

// The hardware has no vertex stage: not a gap of ours (unsupported), not
// applicable, in every build (before the missing opt build is named).
TEST(R500Check, VertexShaderIsNotApplicable) {
  const CheckOutcome o = Check("VERT\nDCL IN[0]\nDCL OUT[0], POSITION\n  0: MOV OUT[0], IN[0]\n  1: END\n");
  EXPECT_EQ(o.verdict, Verdict::kNotApplicable);
  EXPECT_EQ(VerdictName(o.verdict), "not-applicable");
  EXPECT_EQ(o.detail, "the r500 target is the fragment processor");
  EXPECT_EQ(NotApplicableReason("r500", tgsi::Processor::kGeometry), "the r500 target is the fragment processor");
  EXPECT_EQ(NotApplicableReason("r500", tgsi::Processor::kFragment), "");
  EXPECT_EQ(NotApplicableReason("a3xx", tgsi::Processor::kVertex), "");
}

// R500's depth output is POSITION.z alone: a write of .x, .y or .w is
// refused (the fuzz campaign found them dropped: a naive-mismatch), while
// POSITION.z passes.
TEST(R500Check, DepthOutputIsItsZAlone) {
  const char* kDepth = "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], POSITION\n  0: MOV OUT[0]%s, IN[0]\n  1: END\n";
  char text[160];
  std::snprintf(text, sizeof text, kDepth, ".z");
  EXPECT_EQ(Check(text).verdict, Verdict::kPass) << Check(text).detail;
  for (const char* mask : {"", ".x", ".yz", ".w"}) {
    std::snprintf(text, sizeof text, kDepth, mask);
    const CheckOutcome o = Check(text);
    EXPECT_EQ(o.verdict, Verdict::kUnsupported) << mask << ": " << o.detail;
    EXPECT_EQ(o.detail, "output POSITION.x, .y or .w on r500 (its depth output is POSITION.z alone)") << mask;
  }
}

TEST(R500Check, OpcodeWithoutTemplateIsUnsupported) {
  const CheckOutcome o =
      Check("FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\n  0: DDX_FINE OUT[0], IN[0]\n  1: END\n");
  EXPECT_EQ(o.verdict, Verdict::kUnsupported);
  EXPECT_EQ(o.detail, "DDX_FINE (MDH/MDV give one difference per quad) on r500");
}

// The optimizing build (compiler/targets/r500/opt) checked three ways:
// against the reference and word for word against the naive build.
constexpr char kPairAndGroup[] =
    "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL IN[1], GENERIC[1], PERSPECTIVE\nDCL OUT[0], COLOR\n"
    "DCL SAMP[0]\nDCL SAMP[1]\nDCL SVIEW[0], 2D, FLOAT\nDCL SVIEW[1], 2D, FLOAT\nDCL TEMP[0..3]\n"
    "  0: TEX TEMP[0], IN[0], SAMP[0], 2D\n  1: TEX TEMP[1], IN[1], SAMP[1], 2D\n  2: MUL TEMP[2], IN[0], IN[1]\n"
    "  3: ADD TEMP[3], IN[1], IN[0].wzyx\n  4: MAD TEMP[2], TEMP[0], TEMP[1].xxxx, TEMP[2]\n"
    "  5: MUL OUT[0], TEMP[2], TEMP[3]\n  6: END\n";

// An Alpha half reading what an RGB half computed just before: pairing the
// two reads the old value. (pair_and_group stopped catching the pairing
// mutant once r500-rename took the false dependences away: the halves it
// paired there became independent.)
constexpr char kDependentHalves[] =
    "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL IN[1], GENERIC[1], PERSPECTIVE\nDCL OUT[0], COLOR\n"
    "DCL TEMP[0..1]\n  0: MUL TEMP[0].xyz, IN[0], IN[1]\n  1: ADD TEMP[1].w, TEMP[0].xxxx, IN[0]\n"
    "  2: MOV TEMP[1].xyz, TEMP[0]\n  3: MOV OUT[0], TEMP[1]\n  4: END\n";

// A destination that is also a source: r500-coalesce makes the RGB
// half's producer write TEMP[0] itself only if nothing reads TEMP[0].xyz
// before the copy; the Alpha half does (TEMP[0].wzyx's w lane reads x).
constexpr char kCopyReadBetween[] =
    "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL IN[1], GENERIC[1], PERSPECTIVE\nDCL OUT[0], COLOR\n"
    "DCL TEMP[0]\n  0: MUL TEMP[0], IN[0], IN[1]\n  1: ADD TEMP[0], TEMP[0].wzyx, IN[1]\n"
    "  2: MOV OUT[0], TEMP[0]\n  3: END\n";

// A one-channel value read on three lanes: r500-alpha moves it to the
// Alpha unit, and every lane must read it there.
constexpr char kScalarReadOnThreeLanes[] =
    "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL IN[1], GENERIC[1], PERSPECTIVE\nDCL OUT[0], COLOR\n"
    "DCL TEMP[0..1]\n  0: MUL TEMP[0].x, IN[0].xxxx, IN[1].yyyy\n  1: ADD TEMP[1].xyz, IN[0], IN[1]\n"
    "  2: MAD OUT[0].xyz, TEMP[0].xxxx, TEMP[1], IN[1]\n  3: MOV OUT[0].w, IN[0]\n  4: END\n";

// Two saturated scalars side by side (one height in the run's dependence
// graph): r500-alpha's balance moves one to the Alpha unit, clamp and all.
constexpr char kTwoSaturatedScalars[] =
    "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL IN[1], GENERIC[1], PERSPECTIVE\nDCL OUT[0], COLOR\n"
    "DCL TEMP[0]\n  0: MUL_SAT TEMP[0].x, IN[0].xxxx, IN[1].yyyy\n  1: ADD_SAT TEMP[0].y, IN[0].yyyy, IN[1].xxxx\n"
    "  2: MAD OUT[0].xyz, TEMP[0].xxxx, TEMP[0].yyyy, IN[1]\n  3: MOV OUT[0].w, IN[0]\n  4: END\n";

// A copy that stays (TEMP[0] is read after it is copied to TEMP[1]): no
// coalescing or renaming removes it, and r500-dead's self-copy rule must
// not take it for a copy onto one register.
constexpr char kCopyThatStays[] =
    "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL IN[1], GENERIC[1], PERSPECTIVE\nDCL OUT[0], COLOR\n"
    "DCL TEMP[0..1]\n  0: ADD TEMP[0], IN[0], IN[1]\n  1: MOV TEMP[1], TEMP[0]\n  2: MUL TEMP[0], TEMP[0], IN[0]\n"
    "  3: MAD OUT[0], TEMP[1], TEMP[0], IN[1]\n  4: END\n";

// Nested IFs that end together inside an outer IF with code after them:
// r500-fc joins the two inner ENDIFs, and the inner ELSE's jump into the
// middle of that run must pop past it.
constexpr char kNestedEndifs[] =
    "FRAG\n"
    "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
    "DCL OUT[0], COLOR\n"
    "DCL TEMP[0..1]\n"
    "IMM[0] FLT32 {    0.5000,     0.2500,     2.0000,     1.0000}\n"
    "  0: MOV TEMP[0], IN[0]\n"
    "  1: SLT TEMP[1].x, IN[0].xxxx, IMM[0].xxxx\n"
    "  2: IF TEMP[1].xxxx\n"
    "  3:   SLT TEMP[1].y, IN[0].yyyy, IMM[0].xxxx\n"
    "  4:   IF TEMP[1].yyyy\n"
    "  5:     SLT TEMP[1].z, IN[0].zzzz, IMM[0].xxxx\n"
    "  6:     IF TEMP[1].zzzz\n"
    "  7:       MUL TEMP[0], TEMP[0], IMM[0].zzzz\n"
    "  8:     ELSE\n"
    "  9:       ADD TEMP[0], TEMP[0], IMM[0].yyyy\n"
    " 10:     ENDIF\n"
    " 11:   ENDIF\n"
    " 12:   ADD TEMP[0].w, TEMP[0].wwww, IMM[0].wwww\n"
    " 13: ENDIF\n"
    " 14: MOV OUT[0], TEMP[0]\n"
    " 15: END\n";

// A one-channel value broadcast to three lanes: r500-coalesce widens its
// producer to write them all, each lane reading what lane x read.
constexpr char kBroadcast[] =
    "FRAG\n"
    "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
    "DCL OUT[0], COLOR\n"
    "DCL TEMP[0..1]\n"
    "IMM[0] FLT32 {    0.5000,     2.0000,     1.0000,     0.2500}\n"
    "  0: MAD TEMP[0].x, IN[0], IMM[0].yyyy, IN[0].yzwx\n"
    "  1: MOV TEMP[1].xyz, TEMP[0].xxxx\n"
    "  2: MOV TEMP[1].w, IN[0].wwww\n"
    "  3: MOV OUT[0], TEMP[1]\n"
    "  4: END\n";

// Checks `shader`'s optimizing build with `mutant` planted: a
// build-mismatch or mismatch, never a pass.
void ExpectOptimizingBuildCaught(compiler::Mutant mutant, const char* shader) {
  compiler::ActivateMutant(mutant);
  const CheckOutcome o = Check(shader, Build::kOptimizing);
  compiler::ActivateMutant(compiler::Mutant::kNone);
  EXPECT_TRUE(o.verdict == Verdict::kBuildMismatch || o.verdict == Verdict::kMismatch)
      << VerdictName(o.verdict) << ": " << o.detail;
}

TEST(R500Check, OptimizingBuildPasses) {
  for (const char* shader :
       {kPairAndGroup, kDependentHalves, kCopyReadBetween, kScalarReadOnThreeLanes, kTwoSaturatedScalars, kCopyThatStays,
        kNestedEndifs, kBroadcast}) {
    const CheckOutcome o = Check(shader, Build::kOptimizing);
    EXPECT_EQ(o.verdict, Verdict::kPass) << VerdictName(o.verdict) << ": " << o.detail;
  }
}

// The seeded fault: the pairing scheduler pairing dependent halves is a
// build-mismatch or mismatch, never a pass.
TEST(R500Check, PairingDependentHalvesIsCaught) {
  ExpectOptimizingBuildCaught(compiler::Mutant::kR500OptPairDependent, kDependentHalves);
}

// The seeded fault: the renaming colouring webs without looking at their
// neighbours puts interfering values in one register: never a pass.
TEST(R500Check, RenamingInterferingWebsIsCaught) {
  ExpectOptimizingBuildCaught(compiler::Mutant::kR500OptRenameInterfering, kPairAndGroup);
}

// The seeded fault: coalescing a copy without looking for reads of its
// destination before it lets the Alpha half read the new TEMP[0].x.
TEST(R500Check, CoalescingPastAReadIsCaught) {
  ExpectOptimizingBuildCaught(compiler::Mutant::kR500OptCoalesceReadBetween, kCopyReadBetween);
}

// The seeded fault: the RGB -> Alpha move redirecting only the first lane
// of the reader's operand: lanes y and z read the old register.
TEST(R500Check, AlphaMoveMissingALaneIsCaught) {
  ExpectOptimizingBuildCaught(compiler::Mutant::kR500OptAlphaFirstLaneOnly, kScalarReadOnThreeLanes);
}

// The seeded fault: the balance move losing its clamp: the moved MUL_SAT
// or ADD_SAT comes out above 1.
TEST(R500Check, BalanceMoveDroppingTheClampIsCaught) {
  ExpectOptimizingBuildCaught(compiler::Mutant::kR500OptBalanceDropsClamp, kTwoSaturatedScalars);
}

// The seeded fault: r500-fc sending the jump into the middle of the joined
// ENDIFs to the joined FC with its own pop kept: pixels the outer IF
// disabled wake up and run its ADD.
TEST(R500Check, JoinPopsEnteringAtTheStartIsCaught) {
  ExpectOptimizingBuildCaught(compiler::Mutant::kR500OptJoinPopsEnterAtStart, kNestedEndifs);
}

// The seeded fault: the broadcast's widened producer reading the new lanes
// with their old swizzles.
TEST(R500Check, BroadcastKeepingTheSwizzlesIsCaught) {
  ExpectOptimizingBuildCaught(compiler::Mutant::kR500OptBroadcastKeepsSwizzles, kBroadcast);
}

// The seeded fault: r500-dead taking any copy for a copy onto one register:
// TEMP[1] is never written.
TEST(R500Check, SelfCopyRuleOnAnotherRegisterIsCaught) {
  ExpectOptimizingBuildCaught(compiler::Mutant::kR500OptSelfCopyOtherRegister, kCopyThatStays);
}

// Set ops against awkward immediates (r500-select's imm-compare,
// compiler/targets/r500/naive/set_ops.cc): +0 and -0 (the operand itself),
// 2^-102 (the smallest the difference form takes) and large ones (the
// difference form), 2^-103, FLT_MIN, a denormal, +-inf and NaN (the full
// template); the immediate on either side. The edge vectors draw the
// immediates +-1 ulp, NaN, infinities and zeros of both signs as inputs.
constexpr char kAwkwardImmediates[] =
    "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL OUT[1], COLOR[1]\nDCL OUT[2], COLOR[2]\n"
    "DCL OUT[3], COLOR[3]\nDCL TEMP[0..3]\n"
    "IMM[0] FLT32 { 0.0, -0.0, 1.97215226e-31, 9.86076132e-32 }\n"
    "IMM[1] FLT32 { 1.17549435e-38, 1.4e-45, 3.40282347e+38, 1.0e30 }\n"
    "IMM[2] UINT32 { 2139095040, 4286578688, 2143289344, 1 }\n"
    "  0: SGE TEMP[0].x, IN[0].xxxx, IMM[0].xxxx\n  1: SLT TEMP[0].y, IN[0].yyyy, IMM[0].yyyy\n"
    "  2: SEQ TEMP[0].z, IN[0].zzzz, IMM[0].zzzz\n  3: SNE TEMP[0].w, IN[0].wwww, -IMM[0].zzzz\n"
    "  4: SGE TEMP[1].x, IN[0].xxxx, IMM[0].wwww\n  5: SLT TEMP[1].y, IN[0].yyyy, IMM[1].xxxx\n"
    "  6: SEQ TEMP[1].z, IN[0].zzzz, IMM[1].yyyy\n  7: SLE TEMP[1].w, IN[0].wwww, IMM[1].zzzz\n"
    "  8: SGT TEMP[2].x, IN[0].xxxx, -IMM[1].wwww\n  9: SNE TEMP[2].y, IMM[1].wwww, IN[0].yyyy\n"
    " 10: SGE TEMP[2].z, IN[0].zzzz, IMM[2].xxxx\n 11: SLT TEMP[2].w, IN[0].wwww, IMM[2].yyyy\n"
    " 12: SEQ TEMP[3].x, IN[0].xxxx, IMM[2].zzzz\n 13: SNE TEMP[3].y, IN[0].yyyy, IMM[2].wwww\n"
    " 14: SLT TEMP[3].z, IMM[0].xxxx, IN[0].zzzz\n 15: SGE TEMP[3].w, IMM[0].yyyy, IN[0].wwww\n"
    " 16: MOV OUT[0], TEMP[0]\n 17: MOV OUT[1], TEMP[1]\n 18: MOV OUT[2], TEMP[2]\n 19: MOV OUT[3], TEMP[3]\n"
    " 20: END\n";

// A compare against FLT_MIN: the difference form would let OMOD flush the
// denormal difference of FLT_MIN and its neighbours (the mutant's shape).
constexpr char kTinyImmediate[] =
    "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL TEMP[0]\n"
    "IMM[0] FLT32 { 1.17549435e-38, 0.0, 0.0, 0.0 }\n"
    "  0: SGE TEMP[0], IN[0], IMM[0].xxxx\n  1: MOV OUT[0], TEMP[0]\n  2: END\n";

// Each shader passes in both builds, every vector run.
void ExpectBothBuildsPass(std::initializer_list<const char*> shaders) {
  for (Build build : {Build::kNaive, Build::kOptimizing}) {
    for (const char* shader : shaders) {
      const CheckOutcome o = Check(shader, build);
      EXPECT_EQ(o.verdict, Verdict::kPass) << VerdictName(o.verdict) << ": " << o.detail;
      EXPECT_EQ(o.vectors_run, 32u);
    }
  }
}

TEST(R500Check, ImmediateComparesOnEdgeVectors) { ExpectBothBuildsPass({kAwkwardImmediates, kTinyImmediate}); }

// The seeded fault: the short compare taken for any finite immediate, the
// 2^-102 bound forgotten: SGE(FLT_MIN - 1 ulp, FLT_MIN) comes out true.
TEST(R500Check, ImmCompareTinyImmediateIsCaught) {
  ExpectOptimizingBuildCaught(compiler::Mutant::kR500OptImmCompareTinyImmediate, kTinyImmediate);
}

// Selects on set-op results (r500-select's bool-select: CMP without the
// NaN guard): the compares see NaN, infinities and zeros of both signs on
// the edge vectors, their results feed UCMP, AND with 1.0 and CMP; the
// CMP on a sum (may be NaN) keeps the guard.
constexpr char kSelectsOnSetOps[] =
    "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL IN[1], GENERIC[1], PERSPECTIVE\nDCL OUT[0], COLOR\n"
    "DCL OUT[1], COLOR[1]\nDCL OUT[2], COLOR[2]\nDCL TEMP[0..5]\nIMM[0] FLT32 { 1.0, 0.5, 0.0, -2.0 }\n"
    "  0: MUL TEMP[4], IN[0], IMM[0].xxxx\n  1: MUL TEMP[5], IN[1], IMM[0].xxxx\n"
    "  2: FSLT TEMP[0], TEMP[4], TEMP[5]\n  3: UCMP OUT[0], TEMP[0], TEMP[4], TEMP[5].wzyx\n"
    "  4: FSEQ TEMP[1].xy, TEMP[4], IMM[0].zwzw\n  5: AND OUT[1].xy, TEMP[1], IMM[0].xxxx\n"
    "  6: SNE TEMP[2].zw, TEMP[4], TEMP[5]\n  7: CMP OUT[1].zw, -TEMP[2], TEMP[4], TEMP[5]\n"
    "  8: ADD TEMP[3], TEMP[4], TEMP[5]\n  9: CMP OUT[2], TEMP[3], TEMP[4], TEMP[5]\n 10: END\n";

// The bool-select mutant's shape: a CMP on an ADD's result (NaN where an
// input is NaN or the sum is inf - inf).
constexpr char kCmpOnSum[] =
    "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL IN[1], GENERIC[1], PERSPECTIVE\nDCL OUT[0], COLOR\n"
    "DCL TEMP[0]\n  0: ADD TEMP[0], IN[0], IN[1]\n  1: CMP OUT[0], TEMP[0], IN[0], IN[1]\n  2: END\n";

TEST(R500Check, SelectsOnSetOpResults) { ExpectBothBuildsPass({kSelectsOnSetOps, kCmpOnSum}); }

// The seeded fault: bool-select taking any last writer for a set op: the
// CMP on a NaN sum picks src1.
TEST(R500Check, BoolSelectOnAnyWriterIsCaught) {
  ExpectOptimizingBuildCaught(compiler::Mutant::kR500OptBoolSelectAnyWriter, kCmpOnSum);
}

// Set ops folded into their selects (r500-select's set-fold: the set op
// stores the difference, each UCMP/AND/CMP tests it): SGE, SNE against 0,
// SEQ against 0.5 under AND, SLT with the immediate on the left read by
// two UCMPs, float SGT; the edge vectors bring NaN, infinities and zeros
// of both signs to every compare (the arms are float copies).
constexpr char kSetFolds[] =
    "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL IN[1], GENERIC[1], PERSPECTIVE\nDCL OUT[0], COLOR\n"
    "DCL OUT[1], COLOR[1]\nDCL OUT[2], COLOR[2]\nDCL TEMP[0..7]\nIMM[0] FLT32 { 1.0, 0.5, 0.0, -2.0 }\n"
    "  0: MUL TEMP[6], IN[0], IMM[0].xxxx\n  1: MUL TEMP[7], IN[1], IMM[0].xxxx\n"
    "  2: FSGE TEMP[0], TEMP[6], TEMP[7]\n  3: UCMP OUT[0].xy, TEMP[0], TEMP[6], TEMP[7]\n"
    "  4: FSNE TEMP[1], TEMP[6], IMM[0].zzzz\n  5: UCMP OUT[0].zw, TEMP[1], TEMP[7], TEMP[6]\n"
    "  6: FSEQ TEMP[2], TEMP[6].wzyx, IMM[0].yyyy\n  7: AND OUT[1], TEMP[2], IMM[0].xxxx\n"
    "  8: FSLT TEMP[3], IMM[0].wwww, TEMP[7]\n  9: UCMP OUT[2].xy, TEMP[3], TEMP[6], TEMP[7].yxwz\n"
    " 10: UCMP TEMP[3].xy, TEMP[3], TEMP[7], TEMP[6]\n 11: SGT TEMP[4], TEMP[6], TEMP[7]\n"
    " 12: CMP OUT[2].zw, -TEMP[4], TEMP[3].xyxy, TEMP[6]\n 13: END\n";

// The set-fold mutant's shape: FSLT of two inputs (the full template;
// NaN on the edge vectors) read by one UCMP.
constexpr char kFoldedLess[] =
    "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL IN[1], GENERIC[1], PERSPECTIVE\nDCL OUT[0], COLOR\n"
    "DCL TEMP[0..2]\nIMM[0] FLT32 { 1.0, 0.5, 0.0, -2.0 }\n"
    "  0: MUL TEMP[1], IN[0], IMM[0].xxxx\n  1: MUL TEMP[2], IN[1], IMM[0].xxxx\n"
    "  2: FSLT TEMP[0], TEMP[1], TEMP[2]\n  3: UCMP OUT[0], TEMP[0], TEMP[1], TEMP[2]\n  4: END\n";

TEST(R500Check, SetOpsFoldedIntoSelects) { ExpectBothBuildsPass({kSetFolds, kFoldedLess}); }

// The seeded fault: SLT's fold without the MIN: a NaN difference picks
// the true arm.
TEST(R500Check, SetFoldWithoutMinIsCaught) {
  ExpectOptimizingBuildCaught(compiler::Mutant::kR500OptSetFoldNoMin, kFoldedLess);
}

}  // namespace
}  // namespace shaderdiff::harness
