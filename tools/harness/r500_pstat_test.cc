// CountR500Pstat on hand-written R500 programs whose categories are counted
// here by reading the listing: paired halves, a half that writes nothing,
// an ALU result consumed by flow control, presubtract per half, TEX and FC,
// and the temporaries (sources, written destinations, preloaded inputs).
#include "tools/harness/r500_pstat.h"

#include <gtest/gtest.h>

#include <variant>

#include "emulator/r500/isa/text.h"

namespace shaderdiff::harness {
namespace {

r500::FragmentProgram Program(const char* text) {
  auto assembled = r500::Assemble(text);
  if (const auto* error = std::get_if<r500::AsmError>(&assembled)) ADD_FAILURE() << error->ToString();
  r500::FragmentProgram p;
  if (auto* code = std::get_if<std::vector<r500::Instr>>(&assembled)) p.state.code = std::move(*code);
  return p;
}

TEST(R500Pstat, CountsEachCategoryOfAKnownListing) {
  const r500::FragmentProgram p = Program(
      // 1: both halves write t2 (a pair), the RGB half reads srcp (t5 - t6 presubtracted).
      "alu rgb_wmask=7 alpha_wmask rgb_addr0=5 rgb_addr1=6 alpha_addr0=5 rgb_presub=sub rgb_sel_b=srcp alpha_op=mad "
      "rgb_op=mad rgb_dest=2 alpha_dest=2\n"
      // 2: writes nothing, but its Alpha result feeds the FC after it: scalar only.
      "alu alu_result_sel=alpha alpha_op=mad rgb_op=mad\n"
      // 3: flow control.
      "fc fc_op=jump\n"
      // 4: RGB writes t9.x; its Alpha half selects srcp but has no effect: no presubtract counted.
      "alu rgb_wmask=1 alpha_sel_a=srcp alpha_op=mad rgb_op=mad rgb_dest=9\n"
      // 5: a texkill of t12 (writes nothing).
      "tex tex_op=texkill tex_src=12 tex_src_t=g tex_src_r=b tex_src_q=a\n"
      // 6: writes nothing, no FC after it: neither half counts.
      "alu alpha_op=mad rgb_op=mad\n"
      // 7: both halves to the colour output, the Alpha half through srcp.
      "out rgb_omask=7 alpha_omask rgb_addr0=2 alpha_addr0=2 alpha_sel_c=srcp alpha_op=mad rgb_op=mad\n");
  ASSERT_EQ(p.state.code.size(), 7u);
  const R500Pstat s = CountR500Pstat(p);
  EXPECT_EQ(s.instructions, 7u);
  EXPECT_EQ(s.vector, 3u);       // 1, 4, 7
  EXPECT_EQ(s.scalar, 3u);       // 1, 2, 7
  EXPECT_EQ(s.flow_control, 1u);
  EXPECT_EQ(s.tex, 1u);
  EXPECT_EQ(s.presubtract, 2u);  // 1's RGB, 7's Alpha
  EXPECT_EQ(s.temporaries, 13u); // t12 is the highest
}

TEST(R500Pstat, TemporariesCountWrittenDestinationsInputsAndNotConstants) {
  r500::FragmentProgram p = Program(
      "alu rgb_wmask=7 rgb_addr0=200 rgb_const0 rgb_addr1=130 alpha_op=mad rgb_op=mad rgb_dest=3\n"
      "tex tex_op=ld tex_src=1 tex_dst=7\n");
  EXPECT_EQ(CountR500Pstat(p).temporaries, 8u);  // t7 written by the TEX; c200 and inline 130 are no temporaries
  p.inputs.push_back({0, 20});
  EXPECT_EQ(CountR500Pstat(p).temporaries, 21u);  // IN[0] preloaded into t20
  p.state.code.clear();
  p.inputs.clear();
  EXPECT_EQ(CountR500Pstat(p).temporaries, 0u);
  EXPECT_EQ(CountR500Pstat(p).instructions, 0u);
}

}  // namespace
}  // namespace shaderdiff::harness
