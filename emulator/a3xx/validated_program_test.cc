// ValidatedProgram (isa/validated_program.h) and the emulator's Prepare of
// one: Check refuses exactly what Validate refuses, naming the first
// refused instruction; a validated program prepares and runs as the same
// plain Program does; its program cannot be edited in place (an edited
// copy is a plain Program, and Prepare validates it again); copies keep
// their read-only views bound to themselves.
#include <type_traits>

#include <gtest/gtest.h>

#include "emulator/a3xx/isa/instr_memo.h"
#include "emulator/a3xx/isa/validated_program.h"
#include "emulator/a3xx/test_util.h"

namespace shaderdiff::a3xx::emutest {
namespace {

using common::ExecStatus;

// Nothing but Check makes a non-empty one, and nothing edits it in place.
static_assert(!std::is_constructible_v<ValidatedProgram, Program>);
static_assert(!std::is_convertible_v<Program, ValidatedProgram>);
static_assert(!std::is_assignable_v<decltype((std::declval<ValidatedProgram&>().instrs)), std::vector<Instr>>);
static_assert(!std::is_assignable_v<decltype((std::declval<ValidatedProgram&>().state)), ShaderState>);
static_assert(std::is_same_v<decltype((std::declval<ValidatedProgram&>().program())), const Program&>);

EmulatorOptions Options() {
  EmulatorOptions o;
  o.timing = FindTiming("a3xx");
  return o;
}

Program Sample() { return Asm("mov.f32f32 r1.x, c0.x\nmov.f32f32 r1.y, c0.y\nend\n", VsState({1})); }

TEST(ValidatedProgram, CheckRefusesWhatValidateRefuses) {
  Program bad = Sample();
  bad.instrs[1].nop = 5;  // mov takes no (nopN)
  const std::optional<std::string> why = Validate(bad.instrs[1]);
  ASSERT_TRUE(why.has_value());
  ValidatedProgram::Refusal refusal;
  EXPECT_FALSE(ValidatedProgram::Check(bad, &refusal).has_value());
  EXPECT_EQ(refusal.index, 1u);
  EXPECT_EQ(refusal.why, *why);
  EXPECT_EQ(refusal.instr, bad.instrs[1]);
  EXPECT_FALSE(ValidatedProgram::Check(bad).has_value());  // no refusal asked for
}

// Check runs Validate once per distinct remembered instruction (repeats of an
// accepted one are accepted): an instruction that differs from an accepted
// one in a single member is still validated, and refused at its own index.
TEST(ValidatedProgram, RepeatsAreCheckedAsTheirFirst) {
  Program p = Asm("nop\nmov.f32f32 r1.x, c0.x\nnop\nmov.f32f32 r1.x, c0.x\nnop\nmov.f32f32 r1.x, c0.x\nend\n",
                  VsState({1}));
  ASSERT_TRUE(ValidatedProgram::Check(p).has_value());
  p.instrs[5].nop = 5;  // instruction 1 but for (nopN), which mov does not take
  const std::optional<std::string> why = Validate(p.instrs[5]);
  ASSERT_TRUE(why.has_value());
  ValidatedProgram::Refusal refusal;
  EXPECT_FALSE(ValidatedProgram::Check(p, &refusal).has_value());
  EXPECT_EQ(refusal.index, 5u);
  EXPECT_EQ(refusal.why, *why);
  p.instrs[1] = p.instrs[5];  // the same refused instruction twice: the first is named
  EXPECT_FALSE(ValidatedProgram::Check(p, &refusal).has_value());
  EXPECT_EQ(refusal.index, 1u);
}

// Check remembers accepted instructions across programs (isa/instr_memo.h):
// a later program's instruction that differs from a remembered one only in
// a member the slot hash leaves out (here `samp`, which mov must leave at
// its default: both land in one slot) is still validated and refused, and
// an instruction accepted earlier is accepted again.
TEST(ValidatedProgram, RememberedInstructionsDoNotAcceptTheirNeighbours) {
  const Program first = Sample();
  ASSERT_TRUE(ValidatedProgram::Check(first).has_value());
  Program second = Sample();
  second.instrs[0].samp = 3;
  ASSERT_EQ(HashInstr(second.instrs[0]), HashInstr(first.instrs[0]));
  const std::optional<std::string> why = Validate(second.instrs[0]);
  ASSERT_TRUE(why.has_value());
  ValidatedProgram::Refusal refusal;
  EXPECT_FALSE(ValidatedProgram::Check(second, &refusal).has_value());
  EXPECT_EQ(refusal.index, 0u);
  EXPECT_EQ(refusal.why, *why);
  EXPECT_TRUE(ValidatedProgram::Check(first).has_value());
}

TEST(ValidatedProgram, PreparesAndRunsAsThePlainProgram) {
  const Program plain = Sample();
  const std::optional<ValidatedProgram> valid = ValidatedProgram::Check(plain);
  ASSERT_TRUE(valid.has_value());
  EXPECT_EQ(valid->instrs, plain.instrs);
  EXPECT_EQ(valid->state, plain.state);
  const EmulatorOptions o = Options();
  const EmulationResult a = Emulate(*Prepare(*valid, o), VsVector(1), o);
  const EmulationResult b = Emulate(*Prepare(plain, o), VsVector(1), o);
  ASSERT_EQ(a.result.status, ExecStatus::kOk) << a.result.detail;
  EXPECT_TRUE(a.result.outputs == b.result.outputs);
  EXPECT_EQ(a.stats, b.stats);
}

TEST(ValidatedProgram, AnEditedCopyIsValidatedAgain) {
  const std::optional<ValidatedProgram> valid = ValidatedProgram::Check(Sample());
  ASSERT_TRUE(valid.has_value());
  Program edited = valid->program();  // the only way to change its words
  edited.instrs[1].nop = 5;
  const EmulatorOptions o = Options();
  const EmulationResult r = Emulate(*Prepare(edited, o), VsVector(1), o);
  EXPECT_EQ(r.result.status, ExecStatus::kError);
  EXPECT_NE(r.result.detail.find("instruction 1 is not a valid a3xx instruction"), std::string::npos)
      << r.result.detail;
}

TEST(ValidatedProgram, CopiesAndMovesKeepTheirOwnViews) {
  std::optional<ValidatedProgram> a = ValidatedProgram::Check(Sample());
  ASSERT_TRUE(a.has_value());
  ValidatedProgram copy = *a;
  EXPECT_EQ(&copy.instrs, &copy.program().instrs);
  EXPECT_EQ(&copy.state, &copy.program().state);
  ValidatedProgram assigned;
  EXPECT_TRUE(assigned.instrs.empty());
  assigned = copy;
  EXPECT_EQ(&assigned.instrs, &assigned.program().instrs);
  EXPECT_EQ(assigned.instrs, a->instrs);
  ValidatedProgram moved = std::move(*a);
  EXPECT_EQ(&moved.instrs, &moved.program().instrs);
  EXPECT_EQ(moved.instrs, copy.instrs);
  assigned = ValidatedProgram();  // replaced whole: now empty, the copy unchanged
  EXPECT_TRUE(assigned.instrs.empty());
  EXPECT_EQ(copy.instrs.size(), 3u);
}

}  // namespace
}  // namespace shaderdiff::a3xx::emutest
