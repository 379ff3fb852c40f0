// The ir3 dump parser (dump.h) on a real dump of Mesa's ir3 (testdata/
// vs.ir3.txt, from corpus/external/mesa-ir3/) and on broken variants.
#include "tools/ir3_dump/dump.h"

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

namespace shaderdiff::ir3_dump {
namespace {

std::string Read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(Ir3Dump, ParsesARealVertexDump) {
  ParseError error;
  const std::optional<Dump> d = Parse(Read("tools/ir3_dump/testdata/vs.ir3.txt"), &error);
  ASSERT_TRUE(d) << error.line << ": " << error.message;
  EXPECT_EQ(d->stage, "VERT");
  EXPECT_FALSE(d->failed);
  ASSERT_EQ(d->ubo_ranges.size(), 1u);
  EXPECT_EQ(d->ubo_ranges[0].block, 0u);
  EXPECT_EQ(d->ubo_ranges[0].offset_vec4, 0u);
  EXPECT_EQ(d->ubo_ranges[0].end, 128u);
  EXPECT_EQ(d->offsets.at("primitive_params"), 8u);
  ASSERT_EQ(d->instrs.size(), 17u);
  EXPECT_EQ(d->instrs[0].text, "max.s r1.x, c0.x, -1");
  ASSERT_TRUE(d->instrs[0].word);
  EXPECT_EQ(*d->instrs[0].word, 0x4330000427ff1000ull);
  ASSERT_EQ(d->outputs.size(), 2u);
  EXPECT_EQ(d->outputs[1].name, "VARYING_SLOT_VAR0");
  EXPECT_EQ(d->outputs[1].reg, (Reg{4 * 1 + 2, false}));
  ASSERT_EQ(d->inputs.size(), 1u);
  EXPECT_EQ(d->inputs[0].name, "VERT_ATTRIB_GENERIC0");
  EXPECT_EQ(d->inputs[0].compmask, 0xFu);
  EXPECT_EQ(d->full_regs, 3u);
  EXPECT_EQ(d->instr_count, 18u);
  EXPECT_EQ(d->named.at("pos"), (Reg{0, false}));
}

TEST(Ir3Dump, LabelsAndPlainText) {
  ParseError error;
  const std::optional<Dump> d = Parse(
      "l1:\n(jp)end\n; FRAG: outputs: hr0.y (FRAG_RESULT_DATA0)\n"
      "; FRAG: inputs: r0.x (SYSTEM_VALUE_FRAG_COORD slot=19 cm=f,il=0,b=0)\n",
      &error);
  ASSERT_TRUE(d) << error.message;
  ASSERT_EQ(d->instrs.size(), 2u);
  EXPECT_TRUE(d->instrs[0].label);
  EXPECT_FALSE(d->instrs[1].word);
  EXPECT_EQ(d->outputs[0].reg, (Reg{1, true}));
}

TEST(Ir3Dump, FailedCompile) {
  const std::optional<Dump> d = Parse("; ir3-failed: MESA: error: ir3_ra() failed!\n", nullptr);
  ASSERT_TRUE(d);
  EXPECT_EQ(*d->failed, "MESA: error: ir3_ra() failed!");
}

TEST(Ir3Dump, ErrorsNameTheLine) {
  ParseError error;
  EXPECT_FALSE(Parse("; num_ubos: 0\n; what is this\n", &error));
  EXPECT_EQ(error.line, 2u);
  EXPECT_NE(error.message.find("unrecognized"), std::string::npos);
  EXPECT_FALSE(Parse(":0:0000:0000[0000000x_00000000x] nop\n", &error));
  EXPECT_EQ(error.line, 1u);
  EXPECT_FALSE(Parse("@const(c3.x)\t0x1, 0x2\n", &error));
  EXPECT_NE(error.message.find("2 words"), std::string::npos);
  EXPECT_FALSE(Parse("nop\n", &error));  // no trailer: not a dump
  EXPECT_NE(error.message.find("not an ir3 variant dump"), std::string::npos);
}

TEST(Ir3Dump, ConstantData) {
  ParseError error;
  const std::optional<Dump> d =
      Parse("; consts_ubo: 1\n; constant_data: 0x3f800000 0x00000000\nnop\n; FRAG: outputs:\n", &error);
  ASSERT_TRUE(d) << error.message;
  EXPECT_EQ(d->consts_ubo, 1);
  EXPECT_EQ(d->constant_data, (std::vector<uint32_t>{0x3f800000u, 0u}));
  EXPECT_FALSE(Parse("; consts_ubo: 1\n; constant_data: 0x3f800000 0x0000\n", &error));
  EXPECT_EQ(error.line, 2u);
  EXPECT_NE(error.message.find("bad word '0x0000'"), std::string::npos) << error.message;
}

TEST(Ir3Dump, Registers) {
  EXPECT_EQ(ParseReg("r63.w"), (Reg{255, false}));
  EXPECT_EQ(ParseReg("hr2.y"), (Reg{9, true}));
  EXPECT_FALSE(ParseReg("r64.x"));
  EXPECT_FALSE(ParseReg("r1.q"));
  EXPECT_FALSE(ParseReg("c1.x"));
}

}  // namespace
}  // namespace shaderdiff::ir3_dump
