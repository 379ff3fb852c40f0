// The R500 vector JSON: every field read, and each error with its path.
#include "emulator/r500/vector_json.h"

#include <gtest/gtest.h>

namespace shaderdiff::r500 {
namespace {

TEST(VectorJson, ReadsEveryField) {
  State s;
  Quad q;
  std::string error;
  ASSERT_TRUE(ParseVector(R"({"consts": {"3": ["0x3f800000", 2, 0, -1]},
      "inputs": [{"temp": 1, "pixels": [[1,2,3,4],[0,0,0,0],[0,0,0,0],["0x80000000",0,0,0]]}],
      "covered": [true, false, true, true], "bool_consts": 5, "int_consts": {"0": [3, 0, 1]},
      "full_fc": true, "zero_times_anything": true,
      "textures": {"2": {"seed": 9, "width": 8, "height": 4, "levels": 2, "target": "RECT"}}})",
                          &s, &q, &error))
      << error;
  EXPECT_EQ(s.consts[3][0], 0x3f800000u);
  EXPECT_EQ(s.consts[3][1], common::FromFloat(2));
  EXPECT_EQ(s.consts[3][3], common::FromFloat(-1));
  ASSERT_EQ(q.inputs.size(), 1u);
  EXPECT_EQ(q.inputs[0].temp, 1);
  EXPECT_EQ(q.inputs[0].value[3][0], 0x80000000u);
  EXPECT_FALSE(q.covered[1]);
  EXPECT_EQ(s.bool_consts, 5u);
  EXPECT_EQ(s.int_consts[0].count, 3);
  EXPECT_TRUE(s.full_fc);
  EXPECT_TRUE(s.zero_times_anything);
  EXPECT_TRUE(s.textures[2].bound);
  EXPECT_EQ(s.textures[2].unit.width, 8u);
  EXPECT_EQ(s.textures[2].target, tgsi::TextureTarget::kRect);
}

TEST(VectorJson, ErrorsNameThePath) {
  const std::pair<const char*, const char*> kBad[] = {
      {"[", "$: not valid JSON"},
      {R"({"const": {}})", "$.const: unknown field (consts, inputs, covered, bool_consts, int_consts, full_fc, zero_times_anything, textures)"},
      {R"({"consts": {"256": [0,0,0,0]}})", "$.consts: key '256' is not an index 0..255"},
      {R"({"consts": {"1": [0,0,"0x1",0]}})", "$.consts.1[2]: expected a word (\"0x%08x\") or a number"},
      {R"({"inputs": [{"temp": 0, "pixels": [[0,0,0,0]]}]})", "$.inputs[0].pixels: expected 4 pixels"},
      {R"({"int_consts": {"0": [256, 0, 0]}})", "$.int_consts.0[0]: expected an integer 0..255"},
      {R"({"textures": {"0": {"target": "2D_ARRAYS"}}})", "$.textures.0.target: unknown texture target '2D_ARRAYS'"},
      {R"({"covered": [true]})", "$.covered: expected 4 booleans"},
  };
  for (auto [text, want] : kBad) {
    State s;
    Quad q;
    std::string error;
    EXPECT_FALSE(ParseVector(text, &s, &q, &error)) << text;
    EXPECT_EQ(error, want) << text;
  }
}

}  // namespace
}  // namespace shaderdiff::r500
