// Flow control (A.12): Mesa's IF/ELSE/ENDIF and loop encodings, the
// address stack, predicates, the ALU result's freshness, stack depths.
#include <gtest/gtest.h>

#include "emulator/r500/isa/codec.h"
#include "emulator/r500/test_util.h"

namespace shaderdiff::r500 {
namespace {

using namespace test;

// t1.r = K (inline constant code) as an ALU instruction.
std::string SetT1(const char* inline_code) {
  return std::string("alu rgb_wmask=1 rgb_dest=1 rgb_addr0=") + inline_code + " rgb_swz_b_r=1 rgb_swz_c_r=0 alpha_op=mad rgb_op=mad\n";
}
constexpr const char* kOutT1 =
    "out tex_sem_wait rgb_omask=1 rgb_addr0=1 rgb_swz_b_r=1 rgb_swz_c_r=0 alpha_op=mad rgb_op=mad\n";
// The ALU result := t0.r != 0, nothing else written.
constexpr const char* kCondT0 = "alu alu_wmask alu_result_op=ne rgb_swz_b_r=1 rgb_swz_c_r=0 alpha_op=mad rgb_op=mad\n";

// if (t0.r != 0) t1.r = 1.0 else t1.r = 2.0, as Mesa encodes it.
std::string IfElse() {
  return std::string(kCondT0) +                                                                             // 0
         "fc alu_wait fc_op=jump fc_jump_func=15 fc_b_op0=incr fc_b_op1=incr fc_ignore_uncovered fc_jump_addr=4\n" +  // 1
         SetT1("0xb8") +                                                                                    // 2: 1.0
         "fc alu_wait fc_op=jump fc_b_else fc_b_pop_cnt=1 fc_b_op1=decr fc_jump_addr=6\n" +                // 3 ELSE
         SetT1("0xc0") +                                                                                    // 4: 2.0
         "fc alu_wait fc_op=jump fc_jump_any fc_b_pop_cnt=1 fc_b_op0=decr fc_jump_addr=6\n" +              // 5 ENDIF
         kOutT1;                                                                                            // 6
}

TEST(Flow, IfElseEndifDivergentQuad) {
  RunResult r = RunQuad(Program(IfElse()), QuadWith(0, {V(1, 0, 0, 0), V(0, 0, 0, 0), V(-1, 0, 0, 0), V(0, 0, 0, 0)}));
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.pixels[0].color[0][0], F(1));
  EXPECT_EQ(r.pixels[1].color[0][0], F(2));
  EXPECT_EQ(r.pixels[2].color[0][0], F(1));
  EXPECT_EQ(r.pixels[3].color[0][0], F(2));
  EXPECT_EQ(r.instructions, 7u);
  EXPECT_TRUE(r.hazards.empty());
}

TEST(Flow, IfElseUniformQuadsSkipTheOtherSide) {
  RunResult t = RunQuad(Program(IfElse()), QuadWith(0, {V(1, 0, 0, 0), V(1, 0, 0, 0), V(1, 0, 0, 0), V(1, 0, 0, 0)}));
  for (int p = 0; p < 4; ++p) EXPECT_EQ(t.pixels[p].color[0][0], F(1));
  EXPECT_EQ(t.instructions, 5u);  // 0 1 2 3 6: ELSE finds no active pixel and jumps past ENDIF
  RunResult f = RunQuad(Program(IfElse()), QuadWith(0, {}));
  for (int p = 0; p < 4; ++p) EXPECT_EQ(f.pixels[p].color[0][0], F(2));
  EXPECT_EQ(f.instructions, 5u);  // 0 1 4 5 6
}

TEST(Flow, DecodedWordsRunTheSame) {
  State s = Program(IfElse());
  for (Instr& in : s.code) {
    auto w = Encode(in);
    ASSERT_TRUE(std::holds_alternative<Words>(w));
    auto d = Decode(std::get<Words>(w));
    ASSERT_TRUE(std::holds_alternative<Instr>(d));
    in = std::get<Instr>(d);
  }
  RunResult r = RunQuad(s, QuadWith(0, {V(1, 0, 0, 0), {}, {}, {}}));
  EXPECT_EQ(r.pixels[0].color[0][0], F(1));
  EXPECT_EQ(r.pixels[1].color[0][0], F(2));
}

TEST(Flow, JumpOnAStaleAluResultIsAHazard) {
  State s = Program(IfElse());
  s.code[0].Set(Field::kAluWmask, 0);
  RunResult r = RunQuad(s, QuadWith(0, {}));
  EXPECT_TRUE(HasHazard(r, "alu-result-not-fresh"));
  EXPECT_EQ(r.hazards[0].slot, 1);
}

TEST(Flow, FcWithoutAluWaitIsAHazard) {
  State s = Program(IfElse());
  s.code[1].Set(Field::kAluWait, 0);
  EXPECT_TRUE(HasHazard(RunQuad(s, QuadWith(0, {})), "fc-without-alu-wait"));
}

// t1.r = sum of c[aL].r for aL = 0, 1, 2 (int const 0: count 3, init 0, step 1).
std::string Loop() {
  return std::string("fc alu_wait fc_op=loop fc_jump_addr=3\n") +                                       // 0
         "alu rgb_wmask=1 rgb_dest=1 rgb_addr0=1 rgb_addr2=0 rgb_const2 rgb_rel2 rgb_swz_b_r=1"
         " rgb_sel_c=src2 alpha_op=mad rgb_op=mad\n" +                                                // 1
         "fc alu_wait fc_op=endloop fc_jump_any fc_jump_func=255 fc_jump_addr=1\n" +                   // 2
         kOutT1;                                                                                        // 3
}

TEST(Flow, LoopWithRelativeConstants) {
  State s = Program(Loop());
  s.full_fc = true;
  s.int_consts[0] = {3, 0, 1};
  s.consts[0][0] = F(1);
  s.consts[1][0] = F(10);
  s.consts[2][0] = F(100);
  RunResult r = RunQuad(s, QuadWith(0, {}));
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.pixels[0].color[0][0], F(111));
  EXPECT_EQ(r.instructions, 8u);  // loop, 3 x (body, endloop), out
  s.int_consts[0] = {2, 1, 1};     // aL = 1, 2
  EXPECT_EQ(RunQuad(s, QuadWith(0, {})).pixels[0].color[0][0], F(110));
}

// A zero count: refused by default (UNCERTAIN, Params::zero_count_loop), and
// under each reading the loop body never runs. The LOOP's target is the OUT
// (slot 3) in Loop(); with kPastTarget it must point one before it.
TEST(Flow, ZeroCountLoopIsRefusedUnlessAReadingIsChosen) {
  State s = Program(Loop());
  s.full_fc = true;
  s.int_consts[0] = {0, 0, 0};
  s.consts[0][0] = F(1);
  RunResult r = RunQuad(s, QuadWith(0, {}));
  EXPECT_EQ(r.error.rfind("unsupported: LOOP with count 0 at slot 0", 0), 0u) << r.error;

  RunOptions at;
  at.params.zero_count_loop = Params::ZeroCountLoop::kAtTarget;
  r = RunQuad(s, QuadWith(0, {}), at);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.pixels[0].color[0][0], 0u);
  EXPECT_EQ(r.instructions, 2u);  // loop, out

  std::string past = Loop();
  past.replace(past.find("fc_jump_addr=3"), 14, "fc_jump_addr=2");  // Mesa's form: target = ENDLOOP
  State p = Program(past);
  p.full_fc = true;
  p.int_consts[0] = {0, 0, 0};
  RunOptions after;
  after.params.zero_count_loop = Params::ZeroCountLoop::kPastTarget;
  r = RunQuad(p, QuadWith(0, {}), after);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.instructions, 2u);  // loop, out: ENDLOOP never ran
  // The same program at kAtTarget runs ENDLOOP with no frame: underflow.
  EXPECT_EQ(RunQuad(p, QuadWith(0, {}), at).error, "loop stack underflow at slot 2");
}

TEST(Flow, LoopStackOverflowAndRelativeRangeStop) {
  std::string p;
  for (int i = 0; i < 5; ++i) p += "fc alu_wait fc_op=loop fc_jump_addr=" + std::to_string(11 - i) + "\n";
  for (int i = 0; i < 5; ++i) p += "fc alu_wait fc_op=endloop fc_jump_func=255 fc_jump_addr=" + std::to_string(5 - i) + "\n";
  p += kOutT1;
  State s = Program(p);
  s.full_fc = true;
  s.int_consts[0] = {1, 0, 0};
  RunResult r = RunQuad(s, QuadWith(0, {}));
  EXPECT_EQ(r.error, "loop stack overflow at slot 4");
  EXPECT_TRUE(HasHazard(r, "loop-stack-overflow"));
  RunOptions deep;
  deep.params.loop_stack_depth = 5;
  EXPECT_EQ(RunQuad(s, QuadWith(0, {}), deep).error, "");

  State rel = Program(Loop());
  rel.full_fc = true;
  rel.int_consts[0] = {2, 255, 1};  // c[255 + 1] does not exist
  EXPECT_EQ(RunQuad(rel, QuadWith(0, {})).error, "constant c256 (address + aL) out of range");
}

TEST(Flow, CallAndReturnThroughTheAddressStack) {
  State s = Program(std::string("fc alu_wait fc_op=jump fc_jump_func=255 fc_a_op=push fc_jump_addr=3\n") +  // 0 call 3
                    "alu rgb_wmask=1 rgb_dest=1 rgb_addr0=1 rgb_swz_b_r=1 rgb_swz_c_r=1 alpha_op=mad rgb_op=mad\n" +  // 1 t1 += 1
                    "fc alu_wait fc_op=jump fc_jump_func=255 fc_jump_addr=5\n" +                        // 2
                    SetT1("0xca") +                                                                     // 3: t1 = 5
                    "fc alu_wait fc_op=jump fc_jump_func=255 fc_a_op=pop\n" +                           // 4 ret
                    kOutT1);                                                                            // 5
  RunResult r = RunQuad(s, QuadWith(0, {}));
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.pixels[0].color[0][0], F(6));
  EXPECT_EQ(r.instructions, 6u);
  RunOptions none;
  none.params.address_stack_depth = 0;
  EXPECT_EQ(RunQuad(s, QuadWith(0, {}), none).error, "address stack overflow at slot 0");
  s.code[0].Set(Field::kFcAOp, 0);  // plain jump: the return pops an empty stack
  EXPECT_EQ(RunQuad(s, QuadWith(0, {})).error, "address stack underflow at slot 4");
}

// Five nested IFs that disable pixel 1 at the first: its counter reaches 4.
std::string NestedIfs(int n) {
  std::string p = kCondT0;
  p += "fc alu_wait fc_op=jump fc_jump_func=15 fc_b_op0=incr fc_jump_addr=" + std::to_string(n + 1) + "\n";
  for (int i = 1; i < n; ++i) p += "fc alu_wait fc_op=jump fc_b_op0=incr fc_jump_addr=" + std::to_string(n + 1) + "\n";
  return p + kOutT1;
}

TEST(Flow, BranchDepthIsThePartialOrFullLimit) {
  Quad q = QuadWith(0, {V(1, 0, 0, 0), V(0, 0, 0, 0), V(1, 0, 0, 0), V(1, 0, 0, 0)});
  EXPECT_EQ(RunQuad(Program(NestedIfs(4)), q).error, "");
  RunResult r = RunQuad(Program(NestedIfs(5)), q);
  EXPECT_EQ(r.error, "branch counter overflow at slot 5");
  State full = Program(NestedIfs(5));
  full.full_fc = true;
  EXPECT_EQ(RunQuad(full, q).error, "");
}

TEST(Flow, PredicatesGateWritesAndJumps) {
  // pred.r := t0.r >= 0 (stat_we bit 0); then t1.r = 1 only where pred.r;
  // then a jump over a write of 2 when pred.r is set in every pixel (0xCC).
  State s = Program(std::string("alu stat_we=1 alu_result_op=ge rgb_swz_b_r=1 rgb_swz_c_r=0 alpha_op=mad rgb_op=mad\n") +
                    "alu rgb_wmask=1 rgb_dest=1 rgb_pred_sel=rgba rgb_addr0=0xb8 rgb_swz_b_r=1 rgb_swz_c_r=0 alpha_op=mad rgb_op=mad\n" +
                    "fc alu_wait rgb_pred_sel=rrrr fc_op=jump fc_jump_func=204 fc_jump_addr=4\n" + SetT1("0xc0") +
                    kOutT1);
  RunResult r = RunQuad(s, QuadWith(0, {V(1, 0, 0, 0), V(-1, 0, 0, 0), V(0, 0, 0, 0), V(2, 0, 0, 0)}));
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.pixels[0].color[0][0], F(2));  // not all pixels agree: no jump, 2 written everywhere
  EXPECT_EQ(r.pixels[1].color[0][0], F(2));
  r = RunQuad(s, QuadWith(0, {V(1, 0, 0, 0), V(1, 0, 0, 0), V(0, 0, 0, 0), V(2, 0, 0, 0)}));
  for (int p = 0; p < 4; ++p) EXPECT_EQ(r.pixels[p].color[0][0], F(1)) << p;
  s.code.erase(s.code.begin() + 2, s.code.begin() + 4);  // only the predicated write
  r = RunQuad(s, QuadWith(0, {V(1, 0, 0, 0), V(-1, 0, 0, 0), V(0, 0, 0, 0), V(2, 0, 0, 0)}));
  EXPECT_EQ(r.pixels[0].color[0][0], F(1));
  EXPECT_EQ(r.pixels[1].color[0][0], 0u);
}

TEST(Flow, BreakAndContinueAreUnsupported) {
  State s = Program(std::string("fc alu_wait fc_op=breakloop fc_jump_func=255 fc_jump_addr=1\n") + kOutT1);
  EXPECT_EQ(RunQuad(s, QuadWith(0, {})).error,
            "unsupported: breakloop at slot 0 (break/continue pixel masks are not documented, A.12)");
}

}  // namespace
}  // namespace shaderdiff::r500
