// Tests of the reduction engine on a planted miscompile (the test-only
// fault that swaps a mad's multiplicands in every compiled program, as the
// nightly's fault-injection tests use it): the result is small, fails with
// the original signature, passes without the fault, passes the front door;
// budgets, interruption and the extra predicate are honoured; a candidate
// that crashes the compiler is set aside, not fatal.
#include <gtest/gtest.h>

#include "compiler/tgsi/printer.h"
#include "compiler/tgsi/validate.h"
#include "emulator/tgsi/interpreter.h"
#include "tools/harness/vector_gen.h"
#include "tools/reduce/reducer.h"
#include "tools/reduce/shader_edit.h"
#include "tools/shaderdiff/fault_injection.h"

namespace shaderdiff::reduce {
namespace {

// A MAD whose multiplicands differ feeds OUT[1].y, between unrelated work,
// flow control and a loop the reducer must take apart.
constexpr const char* kShader =
    "VERT\n"
    "DCL IN[0]\n"
    "DCL IN[1]\n"
    "DCL OUT[0], POSITION\n"
    "DCL OUT[1], GENERIC[0]\n"
    "DCL CONST[0][0..3]\n"
    "DCL TEMP[0..7]\n"
    "IMM[0] FLT32 {    0.5000,     2.0000,     3.0000,     0.0000}\n"
    "IMM[1] INT32 {3, 1, 0, 0}\n"
    "  0: MUL TEMP[0], IN[0], CONST[0][0]\n"
    "  1: ADD TEMP[1], TEMP[0], CONST[0][1]\n"
    "  2: MOV TEMP[6].x, IMM[1].zzzz\n"
    "  3: BGNLOOP :0\n"
    "  4:   ISGE TEMP[7].x, TEMP[6].xxxx, IMM[1].xxxx\n"
    "  5:   UIF TEMP[7].xxxx :7\n"
    "  6:     BRK\n"
    "  7:   ENDIF\n"
    "  8:   ADD TEMP[1], TEMP[1], IMM[0].xxxx\n"
    "  9:   UADD TEMP[6].x, TEMP[6].xxxx, IMM[1].yyyy\n"
    " 10: ENDLOOP :0\n"
    " 11: MOV OUT[0], TEMP[1]\n"
    " 12: SLT TEMP[2].x, IN[1].xxxx, IMM[0].xxxx\n"
    " 13: IF TEMP[2].xxxx :15\n"
    " 14:   MOV TEMP[3], IN[1].wzyx\n"
    " 15: ELSE :17\n"
    " 16:   MOV TEMP[3], IMM[0].yyyy\n"
    " 17: ENDIF\n"
    " 18: MAD TEMP[4], IN[1].yxzw, CONST[0][2], TEMP[3]\n"
    " 19: MUL TEMP[5], TEMP[4], IMM[0].zzzz\n"
    " 20: MOV OUT[1], TEMP[5]\n"
    " 21: END\n";

struct Fixture {
  tgsi::Shader shader;
  common::TestVector vector;
  ReduceOptions options;
};

Fixture Make() {
  Fixture f;
  tgsi::FrontDoorResult r = tgsi::ParseAndValidate(kShader);
  EXPECT_TRUE(r.ok());
  f.shader = r.shader;
  std::string error;
  EXPECT_TRUE(harness::GenerateVector(f.shader, {.seed = 11, .lanes = 8}, &f.vector, &error)) << error;
  f.options.check.build = harness::Build::kNaive;
  f.options.check.post_compile = cli::FindFault("swap-mad-operands");
  return f;
}

TEST(Reducer, ShrinksAPlantedMiscompileKeepingItsSignature) {
  Fixture f = Make();
  std::string error;
  std::optional<ReduceResult> r = Reduce(f.shader, f.vector, f.options, &error);
  ASSERT_TRUE(r.has_value()) << error;
  EXPECT_EQ(r->signature.verdict, harness::Verdict::kNaiveMismatch);
  EXPECT_EQ(r->stopped_by, "done");
  EXPECT_LE(InstructionCount(r->reduced.shader), 4u) << tgsi::PrintShader(r->reduced.shader);
  EXPECT_EQ(r->reduced.vector.lanes, 1u);
  EXPECT_LE(r->oracle_calls, 1000u);
  // The emitted shader passes the front door, though some candidates did not.
  EXPECT_TRUE(tgsi::ParseAndValidate(tgsi::PrintShader(r->reduced.shader)).ok());
  EXPECT_GT(r->invalid_candidates, 0u);
  // Still the same failure; and none without the fault.
  const OracleRun with = CheckOneVector(r->reduced.shader, r->reduced.vector, f.options.check, false);
  EXPECT_EQ(SignatureOf(with.outcome, harness::Build::kNaive), r->signature);
  harness::CheckOptions clean = f.options.check;
  clean.post_compile = nullptr;
  EXPECT_EQ(CheckOneVector(r->reduced.shader, r->reduced.vector, clean, false).outcome.verdict,
            harness::Verdict::kPass);
  // The MAD itself survives: it is the bug.
  bool has_mad = false;
  for (const tgsi::Instruction& i : r->reduced.shader.instructions) has_mad |= i.opcode == tgsi::Opcode::MAD;
  EXPECT_TRUE(has_mad) << tgsi::PrintShader(r->reduced.shader);
}

TEST(Reducer, OracleBudgetStopsWithAReproducingCase) {
  Fixture f = Make();
  f.options.max_oracle_calls = 6;
  std::string error;
  std::optional<ReduceResult> r = Reduce(f.shader, f.vector, f.options, &error);
  ASSERT_TRUE(r.has_value()) << error;
  EXPECT_EQ(r->stopped_by, "oracle-calls");
  EXPECT_LE(r->oracle_calls, 6u);
  const OracleRun again = CheckOneVector(r->reduced.shader, r->reduced.vector, f.options.check, false);
  EXPECT_EQ(SignatureOf(again.outcome, harness::Build::kNaive), r->signature);
}

TEST(Reducer, InterruptKeepsTheBestCaseSoFar) {
  Fixture f = Make();
  int polls = 0;
  f.options.interrupted = [&] { return ++polls > 3; };
  std::string error;
  std::optional<ReduceResult> r = Reduce(f.shader, f.vector, f.options, &error);
  ASSERT_TRUE(r.has_value()) << error;
  EXPECT_EQ(r->stopped_by, "interrupt");
  EXPECT_LE(r->oracle_calls, 4u);
  const OracleRun again = CheckOneVector(r->reduced.shader, r->reduced.vector, f.options.check, false);
  EXPECT_EQ(SignatureOf(again.outcome, harness::Build::kNaive), r->signature);
}

TEST(Reducer, ExtraPredicateConstrainsEveryKeptCase) {
  Fixture f = Make();
  // "The same failure" here also needs the loop: kept candidates have a BGNLOOP.
  f.options.also = [](const tgsi::Shader& s, const common::TestVector&) {
    // Whatever may be kept passed the front door first.
    EXPECT_TRUE(tgsi::ValidateShader(s).empty()) << tgsi::PrintShader(s);
    for (const tgsi::Instruction& i : s.instructions) if (i.opcode == tgsi::Opcode::BGNLOOP) return true;
    return false;
  };
  std::string error;
  std::optional<ReduceResult> r = Reduce(f.shader, f.vector, f.options, &error);
  ASSERT_TRUE(r.has_value()) << error;
  EXPECT_TRUE(f.options.also(r->reduced.shader, r->reduced.vector)) << tgsi::PrintShader(r->reduced.shader);
  f.options.also = [](const tgsi::Shader&, const common::TestVector&) { return false; };
  EXPECT_FALSE(Reduce(f.shader, f.vector, f.options, &error).has_value());
  EXPECT_NE(error.find("extra condition"), std::string::npos) << error;
}

TEST(Reducer, ACandidateThatCrashesTheCompilerDoesNotEndTheReduction) {
  Fixture f = Make();
  // A compiler that also dies on small programs: those candidates crash
  // their (child-process) check; the reduction goes on around them.
  const harness::CheckOptions plain = f.options.check;
  f.options.check.post_compile = [swap = plain.post_compile](a3xx::Program& p) {
    swap(p);
    if (p.instrs.size() < 40) abort();
  };
  std::string error;
  std::optional<ReduceResult> r = Reduce(f.shader, f.vector, f.options, &error);
  ASSERT_TRUE(r.has_value()) << error;
  EXPECT_GT(r->crashed_candidates, 0u);
  ASSERT_TRUE(r->crash.has_value());
  EXPECT_NE(r->crash_how.find("SIGABRT"), std::string::npos) << r->crash_how;
  EXPECT_LT(InstructionCount(r->reduced.shader), InstructionCount(f.shader));
  const OracleRun again = CheckOneVector(r->reduced.shader, r->reduced.vector, plain, false);
  EXPECT_EQ(SignatureOf(again.outcome, harness::Build::kNaive), r->signature);
}

TEST(Reducer, AnyPredicateThroughTheGenericEntry) {
  // No differential signature: "still fails" is whatever the predicate
  // says; here, the reference's OUT[1].y at lane 0 keeps its word and the
  // shader still holds the MAD.
  Fixture f = Make();
  const common::Word want = tgsi_exec::Interpret(f.shader, f.vector, {}).FindOutput(1)->words[0][1];
  uint64_t calls = 0;
  const CasePredicate keeps = [&](const tgsi::Shader& s, const common::TestVector& v) {
    ++calls;
    EXPECT_TRUE(tgsi::ValidateShader(s).empty()) << tgsi::PrintShader(s);
    const common::ExecResult r = tgsi_exec::Interpret(s, v, {});
    const common::OutputLanes* out = r.FindOutput(1);
    bool has_mad = false;
    for (const tgsi::Instruction& i : s.instructions) has_mad |= i.opcode == tgsi::Opcode::MAD;
    return has_mad && r.status == common::ExecStatus::kOk && out && !out->words.empty() && out->words[0][1] == want;
  };
  std::string error;
  std::optional<ReduceResult> r = ReduceWithPredicate(f.shader, f.vector, keeps, f.options, &error);
  ASSERT_TRUE(r.has_value()) << error;
  EXPECT_EQ(r->stopped_by, "done");
  EXPECT_TRUE(keeps(r->reduced.shader, r->reduced.vector));
  EXPECT_LE(InstructionCount(r->reduced.shader), 5u) << tgsi::PrintShader(r->reduced.shader);  // of 22
  EXPECT_EQ(r->reduced.vector.lanes, 1u);
  EXPECT_EQ(r->oracle_calls + 1, calls) << "every predicate call counted (the check above is one more)";
  // A case that does not satisfy it is refused; budgets apply.
  const CasePredicate never = [](const tgsi::Shader&, const common::TestVector&) { return false; };
  EXPECT_FALSE(ReduceWithPredicate(f.shader, f.vector, never, f.options, &error).has_value());
  EXPECT_NE(error.find("does not satisfy"), std::string::npos) << error;
  f.options.max_oracle_calls = 5;
  r = ReduceWithPredicate(f.shader, f.vector, keeps, f.options, &error);
  ASSERT_TRUE(r.has_value()) << error;
  EXPECT_EQ(r->stopped_by, "oracle-calls");
  EXPECT_LE(r->oracle_calls, 5u);
}

TEST(Reducer, APassingCaseIsRefused) {
  Fixture f = Make();
  f.options.check.post_compile = nullptr;
  std::string error;
  EXPECT_FALSE(Reduce(f.shader, f.vector, f.options, &error).has_value());
  EXPECT_NE(error.find("does not fail (verdict pass)"), std::string::npos) << error;
}

}  // namespace
}  // namespace shaderdiff::reduce
