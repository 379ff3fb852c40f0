// Every state CheckState refuses, each with its reason.
#include <gtest/gtest.h>

#include "emulator/r500/test_util.h"

namespace shaderdiff::r500 {
namespace {

using namespace test;

constexpr const char* kEnd = "out tex_sem_wait alpha_op=mad rgb_op=mad\n";

std::string Refused(const State& s, const Quad& q = {}) { return RunQuad(s, q).error; }

TEST(State, AMinimalProgramRuns) {
  RunResult r = RunQuad(Program(kEnd), Quad{});
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.instructions, 1u);
}

TEST(State, ProgramLimits) {
  EXPECT_EQ(Refused(State{}), "refused: empty program");
  std::string big;
  for (int i = 0; i < 513; ++i) big += kEnd;
  EXPECT_EQ(Refused(Program(big)), "refused: program has 513 instructions; the code store holds 512 (A.1)");
  std::string full;
  for (int i = 0; i < 512; ++i) full += kEnd;
  EXPECT_EQ(Refused(Program(full)), "");
  State s = Program(std::string(kEnd) + kEnd);
  s.code_start = 2;
  EXPECT_EQ(Refused(s), "refused: US_CODE_ADDR start 2 / end 1 outside the 2 uploaded slots");
  s.code_start = 0;
  s.code_offset = 512;
  EXPECT_EQ(Refused(s), "refused: US_CODE_OFFSET 512 outside 0..511");
}

TEST(State, CodeRangeRunsOnlyItsSlots) {
  State s = Program(std::string("alu alpha_op=mad rgb_op=mad\n") + kEnd + kEnd);
  s.code_start = 1;
  s.code_end = 1;
  RunResult r = RunQuad(s, Quad{});
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.instructions, 1u);
}

TEST(State, LastInstructionMustBeAWaitingOut) {
  EXPECT_EQ(Refused(Program("alu alpha_op=mad rgb_op=mad\n")),
            "refused: slot 0: the last instruction must be OUT with tex_sem_wait (A.11, A.13 item 6)");
  EXPECT_EQ(Refused(Program("out alpha_op=mad rgb_op=mad\n")),
            "refused: slot 0: the last instruction must be OUT with tex_sem_wait (A.11, A.13 item 6)");
}

TEST(State, InvalidWordsJumpTargetsTexturesLoopsInputs) {
  State s = Program(kEnd);
  s.code[0].Set(Field::kRgbOp, 6);
  EXPECT_NE(Refused(s).find("refused: slot 0: "), std::string::npos);
  EXPECT_EQ(Refused(Program(std::string("fc alu_wait fc_op=jump fc_jump_addr=9\n") + kEnd)),
            "refused: slot 0: jump target 9 outside the program (slots 0..1)");
  EXPECT_EQ(Refused(Program(std::string("tex tex_op=ld tex_id=3\n") + kEnd)),
            "refused: slot 0: samples texture unit 3, which is not bound");
  State loop = Program(std::string("fc alu_wait fc_op=rep fc_jump_addr=2\nfc alu_wait fc_op=endrep fc_jump_addr=1\n") + kEnd);
  EXPECT_EQ(Refused(loop),
            "refused: LOOP/REP need US_FC_CTRL.FULL_FC_EN (stricter reading of A.12: Mesa enables full mode for any loop)");
  loop.full_fc = true;
  loop.int_consts[0].count = 2;
  EXPECT_EQ(RunQuad(loop, Quad{}).instructions, 4u);  // rep, endrep (back to itself), endrep, out
  State tex = Program(kEnd);
  tex.textures[2].bound = true;
  tex.textures[2].target = tgsi::TextureTarget::k2DArray;
  EXPECT_EQ(Refused(tex), "refused: texture unit 2: target 2D_ARRAY is not an R500 texture type");
  Quad q = QuadWith(128, {});
  EXPECT_EQ(Refused(Program(kEnd), q), "refused: input preloaded into t128, outside t0..t127 (A.2)");
  q = QuadWith(3, {});
  q.inputs.push_back({3, {}});
  EXPECT_EQ(Refused(Program(kEnd), q), "refused: two inputs preloaded into t3");
}

TEST(State, RelativeTempOutOfRangeStops) {
  State s = Program(std::string("fc alu_wait fc_op=loop fc_jump_addr=3\n") +
                    "alu rgb_wmask=1 rgb_dest=127 rgb_dest_rel alpha_op=mad rgb_op=mad\n" +
                    "fc alu_wait fc_op=endloop fc_jump_func=255 fc_jump_addr=1\n" + kEnd);
  s.full_fc = true;
  s.int_consts[0] = {2, 1, 1};
  EXPECT_EQ(RunQuad(s, Quad{}).error, "temporary t128 (address + aL) out of range");
  s.int_consts[0] = {2, 0, 0};
  EXPECT_EQ(RunQuad(s, Quad{}).error, "");
}

TEST(State, RunawayProgramsStopAtMaxSteps) {
  State s = Program(std::string("fc alu_wait fc_op=jump fc_jump_func=255 fc_jump_addr=0\n") + kEnd);
  RunOptions o;
  o.params.max_steps = 100;
  EXPECT_EQ(RunQuad(s, Quad{}, o).error, "stopped after 100 instructions (max_steps)");
}

}  // namespace
}  // namespace shaderdiff::r500
