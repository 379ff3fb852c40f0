// Tests of the reducer's tree edits, slice and vector edits: labels follow
// removals, renumbering and compaction keep the program, the front door
// refuses unbalanced flow control, the slice keeps exactly what a root
// depends on, and vector edits keep the vector's invariants.
#include <gtest/gtest.h>

#include "compiler/tgsi/parser.h"
#include "compiler/tgsi/printer.h"
#include "compiler/tgsi/validate.h"
#include "tools/harness/vector_gen.h"
#include "tools/reduce/shader_edit.h"
#include "tools/reduce/slice.h"
#include "tools/reduce/vector_edit.h"

namespace shaderdiff::reduce {
namespace {

tgsi::Shader Parse(const std::string& text) {
  tgsi::FrontDoorResult r = tgsi::ParseAndValidate(text);
  EXPECT_TRUE(r.ok()) << (r.errors.empty() ? "" : r.errors.front().ToString("test"));
  return r.shader;
}

constexpr const char* kBranches =
    "FRAG\n"
    "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
    "DCL OUT[0], COLOR\n"
    "DCL OUT[1], COLOR[1]\n"
    "DCL TEMP[0..9]\n"
    "IMM[0] FLT32 {    0.5000,     1.0000,     0.0000,     0.0000}\n"
    "  0: MOV TEMP[3], IN[0]\n"
    "  1: SLT TEMP[4].x, TEMP[3].xxxx, IMM[0].xxxx\n"
    "  2: IF TEMP[4].xxxx :4\n"
    "  3:   MOV TEMP[5], IMM[0].yyyy\n"
    "  4: ELSE :6\n"
    "  5:   MOV TEMP[5], TEMP[3]\n"
    "  6: ENDIF\n"
    "  7: MOV OUT[0], TEMP[5]\n"
    "  8: MUL TEMP[7], TEMP[3], IMM[0].xxxx\n"
    "  9: MOV OUT[1], TEMP[7]\n"
    " 10: END\n";

TEST(ShaderEdit, RemovalRelabelsBranches) {
  const tgsi::Shader s = Parse(kBranches);
  std::vector<bool> remove(s.instructions.size(), false);
  remove[0] = remove[3] = true;  // before the IF and inside its then-branch
  const tgsi::Shader out = RemoveInstructions(s, remove);
  ASSERT_EQ(out.instructions.size(), 9u);
  EXPECT_EQ(out.instructions[1].opcode, tgsi::Opcode::IF);
  EXPECT_EQ(out.instructions[1].label, 2u);  // the ELSE, now instruction 2
  EXPECT_EQ(out.instructions[2].label, 4u);  // the ENDIF
  EXPECT_TRUE(Revalidate(out).has_value());
}

TEST(ShaderEdit, UnbalancedFlowControlFailsTheFrontDoor) {
  const tgsi::Shader s = Parse(kBranches);
  std::vector<bool> remove(s.instructions.size(), false);
  remove[6] = true;  // the ENDIF alone
  EXPECT_FALSE(Revalidate(RemoveInstructions(s, remove)).has_value());
}

TEST(ShaderEdit, FlowConstructs) {
  const std::vector<FlowConstruct> c = FlowConstructs(Parse(kBranches));
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].open, 2u);
  EXPECT_EQ(c[0].middle, 4u);
  EXPECT_EQ(c[0].close, 6u);
}

TEST(ShaderEdit, RenumberAndCompact) {
  tgsi::Shader s = Parse(kBranches);
  AddImmediate(s, {1, 2, 3, 4});  // unused
  EXPECT_EQ(AddImmediate(s, {1, 2, 3, 4}), 1u);  // the same words: the same immediate
  const std::optional<tgsi::Shader> out = Revalidate(CompactImmediates(RenumberTemporaries(s)));
  ASSERT_TRUE(out.has_value());
  EXPECT_EQ(out->immediates.size(), 1u);
  const std::string text = tgsi::PrintShader(*out);
  EXPECT_NE(text.find("DCL TEMP[0..3]\n"), std::string::npos) << text;
  EXPECT_NE(text.find("MOV TEMP[0], IN[0]"), std::string::npos) << text;
  EXPECT_NE(text.find("MUL TEMP[3], TEMP[0], IMM[0].xxxx"), std::string::npos) << text;
}

TEST(Slice, KeepsWhatTheRootReads) {
  const tgsi::Shader s = Parse(kBranches);
  const std::vector<bool> dead = DeadInstructions(s, {{1, 0}});  // OUT[1].x
  // Live: 0 (TEMP[3]), flow control 2/4/6 and END, 8 and 9; dead: the
  // SLT's result is read by the IF, so it is live too; OUT[0]'s chain is not.
  const std::vector<bool> expected = {false, false, false, true, false, true, false, true, false, false, false};
  EXPECT_EQ(dead, expected);
  const std::vector<bool> none = DeadInstructions(s, {});
  EXPECT_EQ(std::count(none.begin(), none.end(), true), 0);
}

TEST(VectorEdit, LanesWordsAndPruning) {
  const tgsi::Shader s = Parse(kBranches);
  common::TestVector v;
  std::string error;
  ASSERT_TRUE(harness::GenerateVector(s, {.seed = 3, .lanes = 16}, &v, &error)) << error;
  const common::TestVector quad = SelectLanes(v, {8, 9, 10, 11});
  EXPECT_EQ(quad.lanes, 4u);
  ASSERT_EQ(quad.barycentrics.size(), 4u);
  EXPECT_EQ(quad.barycentrics[0], v.barycentrics[8]);
  ASSERT_GT(WordCount(quad), 0u);
  common::TestVector copy = quad;
  WordAt(copy, 0) = 0x12345678;
  EXPECT_NE(copy.vertex_inputs, quad.vertex_inputs);
  EXPECT_EQ(SimplerWords(0x3f800000u), std::vector<common::Word>{0u});
  EXPECT_TRUE(SimplerWords(0u).empty());
  tgsi::Shader without_inputs = s;
  without_inputs.declarations.erase(without_inputs.declarations.begin());
  const common::TestVector pruned = PruneToShader(quad, without_inputs);
  EXPECT_TRUE(pruned.vertex_inputs.empty());
  EXPECT_TRUE(pruned.inputs.empty());
}

}  // namespace
}  // namespace shaderdiff::reduce
