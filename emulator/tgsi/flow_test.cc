// Control flow, kill, derivatives, relative addressing, geometry emission,
// budget and error handling (docs/tgsi.md 3).
#include <cmath>
#include <limits>

#include "emulator/tgsi/test_util.h"

namespace shaderdiff::tgsi_exec::testing {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

common::TestVector Vert4(std::vector<Vec4> in0, std::vector<Vec4> in1 = {}) {
  common::TestVector v = Vector(tgsi::Processor::kVertex, static_cast<uint32_t>(in0.size()));
  SetInputLanes(v, 0, std::move(in0));
  if (in1.empty()) in1.assign(v.lanes, Vec4{0, 0, 0, 0});
  SetInputLanes(v, 1, std::move(in1));
  return v;
}

TEST(Flow, IfElseDivergesPerLane) {
  // IN[0].x = (1, 0, 1, -0): lanes 0 and 2 take the IF (value != 0.0),
  // lane 1 takes ELSE, lane 3 (-0 == 0.0) takes ELSE but -0 is a divergence
  // point between implementations, so its outputs under the IF are flagged.
  const char* text = R"(VERT
DCL IN[0]
DCL IN[1]
DCL OUT[0]
IMM[0] FLT32 {1.0, 2.0, 3.0, 0.0}
  0: MOV OUT[0].y, IMM[0].zzzz
  1: IF IN[0].xxxx :3
  2:   MOV OUT[0].x, IMM[0].xxxx
  3: ELSE :5
  4:   MOV OUT[0].x, IMM[0].yyyy
  5: ENDIF
  6: MOV OUT[0].zw, IMM[0].zzzz
  7: END
)";
  const auto o = RunText(text, Vert4({F4(1, 0, 0, 0), F4(0, 0, 0, 0), F4(1, 0, 0, 0), U4(0x80000000u, 0, 0, 0)}));
  EXPECT_EQ(o.W(0, 0, 0), Fw(1.0f));
  EXPECT_EQ(o.W(0, 1, 0), Fw(2.0f));
  EXPECT_EQ(o.W(0, 2, 0), Fw(1.0f));
  EXPECT_EQ(o.W(0, 3, 0), Fw(2.0f));
  for (int l = 0; l < 3; ++l) EXPECT_TRUE(o.Clean(0, l, 0)) << l;
  EXPECT_EQ(o.Why(0, 3, 0), "control-depends-on-undefined");
  // Components written outside the IF stay clean in every lane.
  for (int l = 0; l < 4; ++l) {
    EXPECT_TRUE(o.Clean(0, l, 1));
    EXPECT_TRUE(o.Clean(0, l, 2));
  }
}

TEST(Flow, NestedLoopsWithBrkAndCont) {
  // Per lane n = IN[0].x (int): count = sum over i < n of (number of j < i)
  // = n(n-1)/2, and `even` = sum of the even values of i+1 for i < n (the
  // CONT skips odd ones): n = 0, 1, 4, 5 -> count 0, 0, 6, 10; even 0, 0, 6, 6.
  const char* text = R"(VERT
DCL IN[0]
DCL OUT[0]
DCL TEMP[0..4]
IMM[0] UINT32 {0, 1, 2, 0}
  0: MOV TEMP[0].x, IMM[0].xxxx
  1: MOV TEMP[1].x, IMM[0].xxxx
  2: MOV TEMP[3].x, IMM[0].xxxx
  3: BGNLOOP
  4:   USGE TEMP[2].x, TEMP[0].xxxx, IN[0].xxxx
  5:   UIF TEMP[2].xxxx
  6:     BRK
  7:   ENDIF
  8:   MOV TEMP[4].x, IMM[0].xxxx
  9:   BGNLOOP
 10:     USGE TEMP[2].y, TEMP[4].xxxx, TEMP[0].xxxx
 11:     UIF TEMP[2].yyyy
 12:       BRK
 13:     ENDIF
 14:     UADD TEMP[1].x, TEMP[1].xxxx, IMM[0].yyyy
 15:     UADD TEMP[4].x, TEMP[4].xxxx, IMM[0].yyyy
 16:   ENDLOOP
 17:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy
 18:   AND TEMP[2].z, TEMP[0].xxxx, IMM[0].yyyy
 19:   UIF TEMP[2].zzzz
 20:     CONT
 21:   ENDIF
 22:   UADD TEMP[3].x, TEMP[3].xxxx, TEMP[0].xxxx
 23: ENDLOOP
 24: MOV OUT[0].x, TEMP[1].xxxx
 25: MOV OUT[0].y, TEMP[3].xxxx
 26: MOV OUT[0].zw, IMM[0].xxxx
 27: END
)";
  const auto o = RunText(text, Vert4({U4(0, 0, 0, 0), U4(1, 0, 0, 0), U4(4, 0, 0, 0), U4(5, 0, 0, 0)}));
  const Word count[4] = {0, 0, 6, 10};
  const Word even[4] = {0, 0, 6, 6};
  for (int l = 0; l < 4; ++l) {
    EXPECT_EQ(o.W(0, l, 0), count[l]) << l;
    EXPECT_EQ(o.W(0, l, 1), even[l]) << l;
    EXPECT_TRUE(o.Clean(0, l, 0));
    EXPECT_TRUE(o.Clean(0, l, 1));
  }
}

TEST(Flow, SwitchFallthroughAndDefault) {
  // selector (0, 1, 2, 3): CASE 0 falls through into CASE 1 (+1 +10 = 11),
  // CASE 1 -> 10, CASE 2 -> 100, no match -> DEFAULT 1000.
  const char* text = R"(VERT
DCL IN[0]
DCL OUT[0]
DCL TEMP[0]
IMM[0] UINT32 {0, 1, 2, 0}
IMM[1] UINT32 {1, 10, 100, 1000}
  0: MOV TEMP[0].x, IMM[0].xxxx
  1: SWITCH IN[0].xxxx
  2: CASE IMM[0].xxxx
  3:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[1].xxxx
  4: CASE IMM[0].yyyy
  5:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[1].yyyy
  6:   BRK
  7: CASE IMM[0].zzzz
  8:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[1].zzzz
  9:   BRK
 10: DEFAULT
 11:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[1].wwww
 12:   BRK
 13: ENDSWITCH
 14: MOV OUT[0], TEMP[0].xxxx
 15: END
)";
  const auto o = RunText(text, Vert4({U4(0, 0, 0, 0), U4(1, 0, 0, 0), U4(2, 0, 0, 0), U4(3, 0, 0, 0)}));
  const Word want[4] = {11, 10, 100, 1000};
  for (int l = 0; l < 4; ++l) {
    EXPECT_EQ(o.W(0, l, 0), want[l]) << l;
    EXPECT_TRUE(o.Clean(0, l, 0)) << l;
  }
}

TEST(Flow, CallAndReturn) {
  // The subroutine writes 77 and returns early for lanes with IN[0].y != 0,
  // else 55; CAL's label is the BGNSUB's instruction index.
  const char* text = R"(VERT
DCL IN[0]
DCL OUT[0]
DCL TEMP[0]
IMM[0] UINT32 {77, 55, 9, 0}
  0: MOV TEMP[0].x, IMM[0].zzzz
  1: CAL :4
  2: MOV OUT[0], TEMP[0].xxxx
  3: END
  4: BGNSUB
  5:   UIF IN[0].yyyy
  6:     MOV TEMP[0].x, IMM[0].xxxx
  7:     RET
  8:   ENDIF
  9:   MOV TEMP[0].x, IMM[0].yyyy
 10: ENDSUB
)";
  const auto o = RunText(text, Vert4({U4(0, 1, 0, 0), U4(0, 0, 0, 0), U4(0, 1, 0, 0), U4(0, 0, 0, 0)}));
  const Word want[4] = {77, 55, 77, 55};
  for (int l = 0; l < 4; ++l) {
    EXPECT_EQ(o.W(0, l, 0), want[l]) << l;
    EXPECT_TRUE(o.Clean(0, l, 0));
  }
}

TEST(Flow, RetFromMainEndsTheLane) {
  // Lanes with IN[0].x != 0 return from main before OUT[0].y is written:
  // their OUT[0].y is output-not-written; the others get 5.
  const char* text = R"(VERT
DCL IN[0]
DCL OUT[0]
IMM[0] UINT32 {4, 5, 0, 0}
  0: MOV OUT[0].x, IMM[0].xxxx
  1: UIF IN[0].xxxx
  2:   RET
  3: ENDIF
  4: MOV OUT[0].y, IMM[0].yyyy
  5: END
)";
  const auto o = RunText(text, Vert4({U4(1, 0, 0, 0), U4(0, 0, 0, 0)}));
  EXPECT_EQ(o.Why(0, 0, 1), "output-not-written");
  EXPECT_EQ(o.W(0, 1, 1), 5u);
  EXPECT_TRUE(o.Clean(0, 1, 1));
  EXPECT_TRUE(o.Clean(0, 0, 0));
}

TEST(Flow, KillAndKillIf) {
  // FRAG quad, IN[0].x = (-1, 1, 0, -0): KILL_IF kills lane 0 only (< 0);
  // -0 does not kill in tgsi_exec but is an implementation divergence, so
  // lane 3's `killed` is uncertain. Killed lanes keep executing; their
  // outputs are reported undefined (killed-lane).
  const char* text = R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
IMM[0] FLT32 {0.5, 0.0, 0.0, 0.0}
  0: KILL_IF IN[0].xxxx
  1: MOV OUT[0], IMM[0].xxxx
  2: END
)";
  common::TestVector v = Vector(tgsi::Processor::kFragment, 4);
  SetInputLanes(v, 0, {F4(-1, 0, 0, 0), F4(1, 0, 0, 0), F4(0, 0, 0, 0), U4(0x80000000u, 0, 0, 0)});
  const auto o = RunText(text, v);
  EXPECT_TRUE(o.r().killed[0]);
  EXPECT_FALSE(o.r().killed[1]);
  EXPECT_FALSE(o.r().killed[2]);
  EXPECT_FALSE(o.r().killed[3]);
  EXPECT_FALSE(o.d.killed_uncertain[0]);
  EXPECT_FALSE(o.d.killed_uncertain[1]);
  EXPECT_FALSE(o.d.killed_uncertain[2]);
  EXPECT_TRUE(o.d.killed_uncertain[3]);
  EXPECT_EQ(o.Why(0, 0, 0), "killed-lane");
  EXPECT_EQ(o.W(0, 1, 0), Fw(0.5f));
  EXPECT_TRUE(o.Clean(0, 1, 0));
  EXPECT_TRUE(o.Clean(0, 3, 0));  // value defined; only `killed` is uncertain

  // Unconditional KILL inside an IF taken by lanes 1 and 2.
  const char* k2 = R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
IMM[0] FLT32 {0.5, 0.0, 0.0, 0.0}
  0: IF IN[0].yyyy
  1:   KILL
  2: ENDIF
  3: MOV OUT[0], IMM[0].xxxx
  4: END
)";
  SetInputLanes(v, 0, {F4(0, 0, 0, 0), F4(0, 1, 0, 0), F4(0, 2, 0, 0), F4(0, 0, 0, 0)});
  const auto k = RunText(k2, v);
  EXPECT_FALSE(k.r().killed[0]);
  EXPECT_TRUE(k.r().killed[1]);
  EXPECT_TRUE(k.r().killed[2]);
  EXPECT_FALSE(k.r().killed[3]);
  for (int l = 0; l < 4; ++l) EXPECT_FALSE(k.d.killed_uncertain[l]);
}

TEST(Flow, ControlDependingOnUndefinedOrInexact) {
  // TEMP[1] is uninitialized: the IF's decision is undefined, so OUT[0].x
  // (written before, maybe overwritten under the IF) is flagged although the
  // lane did not take the branch; OUT[0].y written after ENDIF is clean.
  const char* text = R"(VERT
DCL IN[0]
DCL OUT[0]
DCL TEMP[0..1]
IMM[0] FLT32 {5.0, 1.0, 2.0, 3.0}
  0: MOV OUT[0].x, IMM[0].xxxx
  1: IF TEMP[1].xxxx
  2:   MOV OUT[0].x, IMM[0].yyyy
  3: ENDIF
  4: MOV OUT[0].y, IMM[0].zzzz
  5: RCP TEMP[0].x, IN[0].xxxx
  6: MAD TEMP[0].x, TEMP[0].xxxx, IN[0].xxxx, -IMM[0].yyyy
  7: MOV OUT[0].z, IMM[0].zzzz
  8: IF TEMP[0].xxxx
  9:   MOV OUT[0].z, IMM[0].wwww
 10: ENDIF
 11: MOV OUT[0].w, IMM[0].wwww
 12: RCP TEMP[0].x, IN[0].xxxx
 13: IF TEMP[0].xxxx
 14:   MOV OUT[0].w, IMM[0].yyyy
 15: ENDIF
 16: END
)";
  const auto o = RunText(text, Vert4({F4(3, 0, 0, 0)}));
  EXPECT_EQ(o.W(0, 0, 0), Fw(5.0f));
  EXPECT_EQ(o.Why(0, 0, 0), "control-depends-on-undefined");
  EXPECT_TRUE(o.Clean(0, 0, 1));
  // 3 * RCP(3) - 1 has an interval around 0: some member takes the IF, so
  // OUT[0].z is any value.
  EXPECT_EQ(o.W(0, 0, 2), Fw(2.0f));  // 3 * fl(1/3) - 1 is 0 here: not taken
  EXPECT_TRUE(o.Undef(0, 0, 2));
  EXPECT_EQ(o.Why(0, 0, 2), "control-depends-on-inexact");
  // RCP(3) alone is inexact, but every member of its set is nonzero: the
  // second IF is certain and OUT[0].w exact.
  EXPECT_EQ(o.W(0, 0, 3), Fw(1.0f));
  EXPECT_TRUE(o.Clean(0, 0, 3)) << o.Why(0, 0, 3);
}

// A loop that breaks when MIN(IN[0].x, 1) is non-zero: for a NaN input the
// exit is decided by an undefined value (nan-operand), for 2 it is certain.
constexpr const char* kMinDecidedLoop = R"(VERT
DCL IN[0]
DCL OUT[0]
DCL TEMP[0..1]
IMM[0] FLT32 {1.0, 0.0, 7.0, 0.0}
  0: MOV TEMP[0].x, IMM[0].yyyy
  1: BGNLOOP
  2:   ADD TEMP[0].x, TEMP[0].xxxx, IMM[0].xxxx
  3:   MIN TEMP[1].x, IN[0].xxxx, IMM[0].xxxx
  4:   IF TEMP[1].xxxx
  5:     BRK
  6:   ENDIF
  7: ENDLOOP
  8: MOV OUT[0].x, TEMP[0].xxxx
  9: MOV OUT[0].yzw, IMM[0].zzzz
 10: END
)";

TEST(Flow, UncertainBreakFlagsLaterIterations) {
  // The loop breaks at once when the NaN-dependent MIN says so; another
  // implementation may iterate longer and change TEMP[0]. The counter is
  // flagged even though this run executed the body once.
  // IN[0].x = NaN: MIN(NaN, 1) = 1 (nan-operand) -> BRK taken, uncertain.
  const auto o = RunText(kMinDecidedLoop, Vert4({F4(kNaN, 0, 0, 0)}));
  EXPECT_EQ(o.W(0, 0, 0), Fw(1.0f));
  EXPECT_EQ(o.Why(0, 0, 0), "control-depends-on-undefined");
  EXPECT_TRUE(o.Clean(0, 0, 1));
}

// ExecResult::control_undefined: set when a decision was undefined (the
// check then accepts a build that loops there), never for inexact-only or
// certain decisions.
TEST(Flow, ControlUndefinedSummarizesTheRun) {
  // MIN(NaN, 1) decides the exit: undefined.
  EXPECT_TRUE(RunText(kMinDecidedLoop, Vert4({F4(kNaN, 0, 0, 0)})).d.control_undefined);
  // MIN(2, 1) = 1 in every implementation: certain.
  EXPECT_FALSE(RunText(kMinDecidedLoop, Vert4({F4(2, 0, 0, 0)})).d.control_undefined);
  // One lane of four is enough.
  EXPECT_TRUE(RunText(kMinDecidedLoop, Vert4({F4(2, 0, 0, 0), F4(2, 0, 0, 0), F4(kNaN, 0, 0, 0), F4(2, 0, 0, 0)}))
                  .d.control_undefined);

  // An inexact decision (3 * RCP(3) - 1 has members on both sides of 0)
  // flags what it controls but does not explain a build that loops.
  const char* inexact = R"(VERT
DCL IN[0]
DCL OUT[0]
DCL TEMP[0]
IMM[0] FLT32 {1.0, 2.0, 3.0, 0.0}
  0: MOV OUT[0], IMM[0].wwww
  1: RCP TEMP[0].x, IN[0].xxxx
  2: MAD TEMP[0].x, TEMP[0].xxxx, IN[0].xxxx, -IMM[0].xxxx
  3: IF TEMP[0].xxxx
  4:   MOV OUT[0].x, IMM[0].yyyy
  5: ENDIF
  6: END
)";
  const auto x = RunText(inexact, Vert4({F4(3, 0, 0, 0)}));
  EXPECT_EQ(x.Why(0, 0, 0), "control-depends-on-inexact");
  EXPECT_FALSE(x.d.control_undefined);

  // A KILL_IF on -0 (undefined: tgsi.md) sets it too.
  const char* kill = R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
IMM[0] FLT32 {0.5, 0.0, 0.0, 0.0}
  0: KILL_IF IN[0].xxxx
  1: MOV OUT[0], IMM[0].xxxx
  2: END
)";
  common::TestVector v = Vector(tgsi::Processor::kFragment, 4);
  SetInputLanes(v, 0, {F4(-1, 0, 0, 0), F4(1, 0, 0, 0), F4(0, 0, 0, 0), U4(0x80000000u, 0, 0, 0)});
  EXPECT_TRUE(RunText(kill, v).d.control_undefined);
  SetInputLanes(v, 0, {F4(-1, 0, 0, 0), F4(1, 0, 0, 0), F4(0, 0, 0, 0), F4(2, 0, 0, 0)});
  EXPECT_FALSE(RunText(kill, v).d.control_undefined);
}

TEST(Flow, RunawayLoopTimesOut) {
  const char* text = "VERT\nDCL OUT[0]\nBGNLOOP\nENDLOOP\nEND\n";
  InterpreterOptions opt;
  opt.instruction_budget = 1000;
  const auto o = RunAny(text, Vector(tgsi::Processor::kVertex, 4), opt);
  EXPECT_EQ(o.r().status, common::ExecStatus::kTimeout);
  EXPECT_NE(o.r().detail.find("budget"), std::string::npos);
  EXPECT_EQ(o.r().instructions_executed, 1000u);
}

TEST(Flow, MalformedProgramsAreErrors) {
  const auto v = Vector(tgsi::Processor::kVertex, 4);
  EXPECT_EQ(RunAny("VERT\nELSE\nEND\n", v).r().status, common::ExecStatus::kError);
  EXPECT_EQ(RunAny("VERT\nIF IMM[0].xxxx\nEND\n", v).r().status, common::ExecStatus::kError);
  EXPECT_EQ(RunAny("VERT\nBGNLOOP\nEND\nENDLOOP\n", v).r().status, common::ExecStatus::kError);
  EXPECT_EQ(RunAny("VERT\nBRK\nEND\n", v).r().status, common::ExecStatus::kError);
  // CAL to something that is not a BGNSUB.
  const auto cal = RunAny("VERT\nCAL :2\nEND\nNOP\n", v);
  EXPECT_EQ(cal.r().status, common::ExecStatus::kError);
  EXPECT_NE(cal.r().detail.find("BGNSUB"), std::string::npos);
  // 33 nested IFs.
  std::string deep = "VERT\nDCL TEMP[0]\n";
  for (int i = 0; i < 33; ++i) deep += "UIF TEMP[0].xxxx\n";
  for (int i = 0; i < 33; ++i) deep += "ENDIF\n";
  deep += "END\n";
  const auto d = RunAny(deep, v);
  EXPECT_EQ(d.r().status, common::ExecStatus::kError);
  EXPECT_NE(d.r().detail.find("32"), std::string::npos);
  // Infinite recursion: call stack deeper than 32.
  const auto rec = RunAny("VERT\nCAL :2\nEND\nBGNSUB\nCAL :2\nENDSUB\n", v);
  EXPECT_EQ(rec.r().status, common::ExecStatus::kError);
  // A declared input the vector lacks.
  const auto in = RunAny("VERT\nDCL IN[0]\nDCL OUT[0]\nMOV OUT[0], IN[0]\nEND\n", v);
  EXPECT_EQ(in.r().status, common::ExecStatus::kError);
  EXPECT_EQ(in.r().detail, "missing input IN[0]");
}

TEST(Flow, UnsupportedOpcodesAreReported) {
  const auto v = Vector(tgsi::Processor::kVertex, 4);
  const auto o = RunAny("VERT\nDCL OUT[0]\nCLOCK OUT[0]\nEND\n", v);
  EXPECT_EQ(o.r().status, common::ExecStatus::kUnsupported);
  EXPECT_EQ(o.r().detail, "opcode CLOCK");
}

TEST(Derivatives, CoarseAndFine) {
  // Quad values (TL, TR, BL, BR) = (1, 3, 11, 13): linear, so the coarse
  // rows/columns agree: DDX = 13 - 11 = 2 (= 3 - 1), DDY = 11 - 1 = 10
  // (= 13 - 3), all lanes, clean.
  const char* text = R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
DCL OUT[1], COLOR[1]
  0: DDX OUT[0].x, IN[0].xxxx
  1: DDY OUT[0].y, IN[0].xxxx
  2: DDX_FINE OUT[0].z, IN[0].yyyy
  3: DDY_FINE OUT[0].w, IN[0].yyyy
  4: DDX OUT[1].x, IN[0].yyyy
  5: DDY OUT[1].y, IN[0].yyyy
  6: MOV OUT[1].zw, IN[0].xxxx
  7: END
)";
  common::TestVector v = Vector(tgsi::Processor::kFragment, 4);
  // y = (1, 2, 4, 8): fine DDX = (1, 1, 4, 4), fine DDY = (3, 6, 3, 6);
  // coarse DDX (8 - 4 = 4) differs from the top row (1): derivative-coarse.
  SetInputLanes(v, 0, {F4(1, 1, 0, 0), F4(3, 2, 0, 0), F4(11, 4, 0, 0), F4(13, 8, 0, 0)});
  const auto o = RunText(text, v);
  const float fdx[4] = {1, 1, 4, 4}, fdy[4] = {3, 6, 3, 6};
  for (int l = 0; l < 4; ++l) {
    EXPECT_EQ(o.W(0, l, 0), Fw(2.0f));
    EXPECT_EQ(o.W(0, l, 1), Fw(10.0f));
    EXPECT_EQ(o.W(0, l, 2), Fw(fdx[l]));
    EXPECT_EQ(o.W(0, l, 3), Fw(fdy[l]));
    for (int c = 0; c < 4; ++c) EXPECT_TRUE(o.Clean(0, l, c)) << l << c;
    EXPECT_EQ(o.W(1, l, 0), Fw(4.0f));  // tgsi_exec: bottom row
    EXPECT_EQ(o.Why(1, l, 0), "derivative-coarse");
    EXPECT_EQ(o.W(1, l, 1), Fw(3.0f));  // left column 4 - 1; right column 8 - 2 = 6
    EXPECT_EQ(o.Why(1, l, 1), "derivative-coarse");
    EXPECT_TRUE(o.Clean(1, l, 2));
  }
}

TEST(Derivatives, UndefinedOutsideUniformFragmentControlFlow) {
  // In a divergent IF (lanes 0, 1 only) the quad is not fully active.
  const char* text = R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
  0: MOV OUT[0], IN[0].xxxx
  1: IF IN[0].yyyy
  2:   DDX_FINE OUT[0].x, IN[0].xxxx
  3: ENDIF
  4: END
)";
  common::TestVector v = Vector(tgsi::Processor::kFragment, 4);
  SetInputLanes(v, 0, {F4(1, 1, 0, 0), F4(2, 1, 0, 0), F4(3, 0, 0, 0), F4(4, 0, 0, 0)});
  const auto o = RunText(text, v);
  EXPECT_EQ(o.Why(0, 0, 0), "derivative-divergent");
  EXPECT_EQ(o.Why(0, 1, 0), "derivative-divergent");
  EXPECT_TRUE(o.Clean(0, 2, 0));  // not written in the IF: keeps IN[0].x
  EXPECT_TRUE(o.Clean(0, 0, 1));
  // After a KILL in the quad: derivative-after-kill.
  const char* k = R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
  0: KILL_IF IN[0].zzzz
  1: DDX_FINE OUT[0], IN[0].xxxx
  2: END
)";
  SetInputLanes(v, 0, {F4(1, 0, 0, 0), F4(2, 0, 0, 0), F4(3, 0, -1, 0), F4(4, 0, 0, 0)});
  const auto kk = RunText(k, v);
  EXPECT_EQ(kk.Why(0, 1, 0), "derivative-after-kill");
  // In a vertex shader: derivative-non-fragment.
  const auto vs = RunOp("DDX OUT[0], IN[0]", F4(1, 2, 3, 4));
  EXPECT_EQ(vs.Why(0, 0, 0), "derivative-non-fragment");
}

TEST(RelativeAddressing, SourcesAndDestinations) {
  // ADDR[0].x = IN[0].x (ARL): CONST[ADDR[0].x] reads CONST[2] = 20 (in
  // range, declared [0..3]); ADDR = 7 is out of range: 0, index-out-of-range.
  const char* text = R"(VERT
DCL IN[0]
DCL OUT[0]
DCL CONST[0..3]
DCL ADDR[0]
DCL TEMP[0..3], ARRAY(1)
DCL TEMP[4]
IMM[0] FLT32 {9.0, 8.0, 0.0, 0.0}
  0: ARL ADDR[0].x, IN[0].xxxx
  1: MOV OUT[0].x, CONST[ADDR[0].x].xxxx
  2: MOV TEMP[ADDR[0].x](1), IMM[0].xxxx
  3: MOV OUT[0].y, TEMP[ADDR[0].x](1).xxxx
  4: MOV OUT[0].zw, IMM[0].yyyy
  5: END
)";
  common::TestVector v = Vector(tgsi::Processor::kVertex, 1);
  SetInput(v, 0, F4(2, 0, 0, 0));
  for (uint32_t i = 0; i < 4; ++i) v.constants[0][i] = F4(10.0f * i, 0, 0, 0);
  const auto o = RunText(text, v);
  EXPECT_EQ(o.W(0, 0, 0), Fw(20.0f));
  EXPECT_TRUE(o.Clean(0, 0, 0));
  EXPECT_EQ(o.W(0, 0, 1), Fw(9.0f));
  EXPECT_TRUE(o.Clean(0, 0, 1));
  // Out of range (7 > 3): reads give 0 flagged, the write is dropped.
  SetInput(v, 0, F4(7, 0, 0, 0));
  const auto r = RunText(text, v);
  EXPECT_EQ(r.W(0, 0, 0), 0u);
  EXPECT_EQ(r.Why(0, 0, 0), "index-out-of-range");
  EXPECT_EQ(r.Why(0, 0, 1), "index-out-of-range");
  EXPECT_TRUE(r.Clean(0, 0, 2));
}

TEST(RelativeAddressing, DivergentDestinationIndex) {
  // Lanes write TEMP[ADDR+0] with ADDR = (0, 1): tgsi_exec would use lane
  // 0's address for both, so both TEMP[0].x and TEMP[1].x are flagged in
  // both lanes; TEMP[2] untouched stays clean.
  const char* text = R"(VERT
DCL IN[0]
DCL OUT[0..2]
DCL ADDR[0]
DCL TEMP[0..2]
IMM[0] FLT32 {1.0, 2.0, 3.0, 5.0}
  0: MOV TEMP[0].x, IMM[0].xxxx
  1: MOV TEMP[1].x, IMM[0].yyyy
  2: MOV TEMP[2].x, IMM[0].zzzz
  3: UARL ADDR[0].x, IN[0].xxxx
  4: MOV TEMP[ADDR[0].x].x, IMM[0].wwww
  5: MOV OUT[0], TEMP[0].xxxx
  6: MOV OUT[1], TEMP[1].xxxx
  7: MOV OUT[2], TEMP[2].xxxx
  8: END
)";
  const auto o = RunText(text, Vert4({U4(0, 0, 0, 0), U4(1, 0, 0, 0)}));
  EXPECT_EQ(o.W(0, 0, 0), Fw(5.0f));
  EXPECT_EQ(o.Why(0, 0, 0), "divergent-dst-index");
  EXPECT_EQ(o.W(1, 0, 0), Fw(2.0f));
  EXPECT_EQ(o.Why(1, 0, 0), "divergent-dst-index");
  EXPECT_EQ(o.W(1, 1, 0), Fw(5.0f));
  EXPECT_EQ(o.Why(1, 1, 0), "divergent-dst-index");
  EXPECT_TRUE(o.Clean(2, 0, 0));
  EXPECT_TRUE(o.Clean(2, 1, 0));
  // Same address in every lane: clean.
  const auto u = RunText(text, Vert4({U4(1, 0, 0, 0), U4(1, 0, 0, 0)}));
  EXPECT_TRUE(u.Clean(1, 0, 0));
  EXPECT_EQ(u.W(1, 1, 0), Fw(5.0f));
}

TEST(Geometry, EmitEndprimAndMaxVertices) {
  // Three input vertices (TRIANGLES); emits v0, v1, ENDPRIM, v2, then a 4th
  // EMIT beyond GS_MAX_OUTPUT_VERTICES 3, which is dropped.
  const char* text = R"(GEOM
PROPERTY GS_INPUT_PRIMITIVE TRIANGLES
PROPERTY GS_OUTPUT_PRIMITIVE TRIANGLE_STRIP
PROPERTY GS_MAX_OUTPUT_VERTICES 3
DCL IN[][0], POSITION
DCL OUT[0], POSITION
IMM[0] INT32 {0, 0, 0, 0}
  0: MOV OUT[0], IN[0][0]
  1: EMIT IMM[0].xxxx
  2: MOV OUT[0], IN[1][0]
  3: EMIT IMM[0].xxxx
  4: ENDPRIM IMM[0].xxxx
  5: MOV OUT[0], IN[2][0]
  6: EMIT IMM[0].xxxx
  7: EMIT IMM[0].xxxx
  8: END
)";
  common::TestVector v = Vector(tgsi::Processor::kGeometry, 2);
  for (uint32_t vert = 0; vert < 3; ++vert) {
    SetInputLanes(v, vert * 32, {F4(vert, 0, 0, 1), F4(vert + 10.0f, 0, 0, 1)});
  }
  const auto o = RunText(text, v);
  ASSERT_EQ(o.r().emitted.size(), 6u);
  for (uint32_t lane = 0; lane < 2; ++lane) {
    for (uint32_t k = 0; k < 3; ++k) {
      const common::EmittedVertex& e = o.r().emitted[lane * 3 + k];
      EXPECT_EQ(e.lane, lane);
      EXPECT_EQ(e.stream, 0u);
      EXPECT_EQ(e.primitive, k < 2 ? 0u : 1u);
      EXPECT_EQ(e.outputs.at(0)[0], Fw(static_cast<float>(k) + 10.0f * lane));
      EXPECT_FALSE(e.undefined.at(0)[0]);
    }
  }
  // After the last EMIT the output registers are undefined.
  EXPECT_EQ(o.Why(0, 0, 0), "gs-output-after-emit");
}

}  // namespace
}  // namespace shaderdiff::tgsi_exec::testing
