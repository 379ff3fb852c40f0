// Assembly text: a program of every type, comments, and each error with its
// line and column.
#include <gtest/gtest.h>

#include "emulator/r500/isa/text.h"

namespace shaderdiff::r500 {
namespace {

TEST(Text, ProgramWithComments) {
  const char* program =
      "# a texture lookup, then the colour out\n"
      "tex tex_sem_wait rgb_wmask=7 alpha_wmask tex_op=ld tex_sem_acquire tex_src_t=g  ; t0\n"
      "\n"
      "out tex_sem_wait last rgb_omask=7 alpha_op=mad rgb_op=mad rgb_addr0=0x80\n";
  std::variant<std::vector<Instr>, AsmError> a = Assemble(program);
  ASSERT_TRUE((std::holds_alternative<std::vector<Instr>>(a))) << std::get<AsmError>(a).ToString();
  const std::vector<Instr>& v = std::get<std::vector<Instr>>(a);
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0].type(), InstrType::kTex);
  EXPECT_EQ(v[0].Get(Field::kTexSrcT), 1u);
  EXPECT_EQ(v[1].Get(Field::kRgbAddr0), 128u);
  EXPECT_EQ(Disassemble(v[1]),
            "out tex_sem_wait last rgb_omask=7 rgb_addr0=128 alpha_op=mad rgb_op=mad");
}

struct Bad {
  const char* text;
  const char* error;
};

const Bad kBad[] = {
    {"alu\nmov rgb_op=mad", "2:1: error: unknown instruction type 'mov' (alu, out, fc, tex)"},
    {"alu  rgb_opp=mad", "1:6: error: unknown field 'rgb_opp'"},
    {"alu type=fc", "1:5: error: unknown field 'type'"},
    {"fc rgb_op=mad", "1:4: error: field 'rgb_op' does not exist in a fc instruction"},
    {"alu rgb_op=mad rgb_op=dp3", "1:16: error: field 'rgb_op' given twice"},
    {"alu nop=1", "1:5: error: flag 'nop' takes no value"},
    {"alu rgb_dest", "1:5: error: field 'rgb_dest' needs '=VALUE'"},
    {"alu rgb_dest=x", "1:14: error: field 'rgb_dest' takes a number"},
    {"alu rgb_dest=128", "1:14: error: value 128 does not fit field 'rgb_dest' (7 bits)"},
    {"alu rgb_op=add",
     "1:12: error: field 'rgb_op' takes one of: mad, dp3, dp4, d2a, min, max, cnd, cmp, frc, "
     "sop, mdh, mdv"},
    {"\n  alu rgb_op=sop",
     "2:3: error: the hardware cannot run this: rgb_op sop replicates the alpha unit's "
     "transcendental result; alpha_op mad is not ex2/ln2/rcp/rsq/sin/cos (A.4)"},
};

TEST(Text, ErrorsWithLineAndColumn) {
  for (const Bad& b : kBad) {
    SCOPED_TRACE(b.text);
    std::variant<std::vector<Instr>, AsmError> a = Assemble(b.text);
    ASSERT_TRUE(std::holds_alternative<AsmError>(a));
    EXPECT_EQ(std::get<AsmError>(a).ToString(), b.error);
  }
}

}  // namespace
}  // namespace shaderdiff::r500
