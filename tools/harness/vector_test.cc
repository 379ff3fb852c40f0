// Tests of seeded vector generation and the vector / result JSON contracts.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "tools/harness/vector_gen.h"
#include "tools/harness/vector_json.h"

namespace shaderdiff::harness {
namespace {

using common::Word;
using tgsi::Declaration;
using tgsi::File;

tgsi::Shader FragShader() {
  tgsi::Shader s;
  s.processor = tgsi::Processor::kFragment;
  Declaration in;
  in.file = File::kInput;
  in.first = 0;
  in.last = 1;
  in.semantic = tgsi::SemanticDecl{tgsi::Semantic::kGeneric, 0};
  in.interpolation = tgsi::Interpolation::kPerspective;
  Declaration flat = in;
  flat.first = flat.last = 2;
  flat.interpolation = tgsi::Interpolation::kConstant;
  Declaration cst;
  cst.file = File::kConstant;
  cst.dimension = 1;
  cst.first = 3;
  cst.last = 4;
  Declaration sv;
  sv.file = File::kSystemValue;
  sv.first = sv.last = 0;
  sv.semantic = tgsi::SemanticDecl{tgsi::Semantic::kFace, 0};
  Declaration samp;
  samp.file = File::kSampler;
  samp.first = samp.last = 2;
  s.declarations = {in, flat, cst, sv, samp};
  return s;
}

TEST(VectorGen, FillsEveryDeclaredRegister) {
  common::TestVector v;
  std::string error;
  ASSERT_TRUE(GenerateVector(FragShader(), {.seed = 7, .lanes = 8, .edges = false}, &v, &error)) << error;
  EXPECT_EQ(v.lanes, 8u);
  EXPECT_EQ(v.seed, 7u);
  ASSERT_EQ(v.inputs.size(), 3u);
  for (const auto& [index, lanes] : v.inputs) EXPECT_EQ(lanes.size(), 8u) << index;
  ASSERT_EQ(v.constants.count(1), 1u);
  EXPECT_EQ(v.constants.at(1).size(), 2u);
  EXPECT_EQ(v.constants.at(1).count(3), 1u);
  EXPECT_EQ(v.constants.at(1).count(4), 1u);
  ASSERT_EQ(v.system_values.count("FACE"), 1u);
  ASSERT_EQ(v.textures.count(2), 1u);
}

TEST(VectorGen, SameSeedSameVectorOtherSeedDiffers) {
  common::TestVector a, b, c;
  std::string error;
  ASSERT_TRUE(GenerateVector(FragShader(), {.seed = 42, .lanes = 16, .edges = true}, &a, &error));
  ASSERT_TRUE(GenerateVector(FragShader(), {.seed = 42, .lanes = 16, .edges = true}, &b, &error));
  ASSERT_TRUE(GenerateVector(FragShader(), {.seed = 43, .lanes = 16, .edges = true}, &c, &error));
  EXPECT_EQ(VectorToJson(a).dump(), VectorToJson(b).dump());
  EXPECT_NE(VectorToJson(a).dump(), VectorToJson(c).dump());
}

TEST(VectorGen, FlatInputsAreConstantAcrossEachQuadAndFaceIsPlusMinusOne) {
  common::TestVector v;
  std::string error;
  ASSERT_TRUE(GenerateVector(FragShader(), {.seed = 3, .lanes = 16, .edges = false}, &v, &error));
  const auto& flat = v.inputs.at(2);
  const auto& face = v.system_values.at("FACE");
  for (size_t quad = 0; quad < 4; ++quad) {
    for (size_t l = 1; l < 4; ++l) {
      EXPECT_EQ(flat[quad * 4 + l], flat[quad * 4]);
      EXPECT_EQ(face[quad * 4 + l][0], face[quad * 4][0]);
    }
    EXPECT_TRUE(face[quad * 4][0] == 0x3f800000u || face[quad * 4][0] == 0xbf800000u);
  }
}

TEST(VectorGen, EdgesAppearOnlyWhenAsked) {
  const auto& edges = EdgeValues();
  auto count_edges = [&](const common::TestVector& v) {
    size_t n = 0;
    for (const auto& [index, lanes] : v.inputs)
      for (const auto& vec : lanes)
        for (Word w : vec) n += std::count(edges.begin(), edges.end(), w) > 0 && w != 0;
    return n;
  };
  common::TestVector with, without;
  std::string error;
  ASSERT_TRUE(GenerateVector(FragShader(), {.seed = 5, .lanes = 256, .edges = true}, &with, &error));
  ASSERT_TRUE(GenerateVector(FragShader(), {.seed = 5, .lanes = 256, .edges = false}, &without, &error));
  // 3 inputs x 256 lanes x 4 components, about 1/8 edges (most of them nonzero).
  EXPECT_GT(count_edges(with), 200u);
  EXPECT_EQ(count_edges(without), 0u);
  // Every kind of edge value shows up in a vector this size.
  std::set<Word> seen;
  for (const auto& [index, lanes] : with.inputs)
    for (const auto& vec : lanes) seen.insert(vec.begin(), vec.end());
  for (Word e : edges) EXPECT_TRUE(seen.count(e)) << std::hex << e;
}

TEST(VectorGen, FragmentLaneCountMustBeWholeQuads) {
  common::TestVector v;
  std::string error;
  EXPECT_FALSE(GenerateVector(FragShader(), {.seed = 1, .lanes = 6, .edges = false}, &v, &error));
  EXPECT_NE(error.find("multiple of 4"), std::string::npos);
}

TEST(VectorJson, RoundTripsExactly) {
  common::TestVector v, back;
  std::string error;
  ASSERT_TRUE(GenerateVector(FragShader(), {.seed = 9, .lanes = 4, .edges = true}, &v, &error));
  nlohmann::json j = VectorToJson(v);
  ASSERT_TRUE(VectorFromJson(j, &back, &error)) << error;
  EXPECT_EQ(VectorToJson(back).dump(), j.dump());
  EXPECT_EQ(back.inputs, v.inputs);
  EXPECT_EQ(back.constants, v.constants);
  EXPECT_EQ(back.system_values, v.system_values);
}

TEST(VectorJson, ContractShape) {
  common::TestVector v;
  v.stage = tgsi::Processor::kFragment;
  v.lanes = 4;
  v.inputs[0] = common::LaneVec4s(4, {0x3f800000, 0, 0x80000000, 0xffffffff});
  v.constants[0][3] = {1, 2, 3, 4};
  v.system_values["VERTEXID"] = common::LaneVec4s(4, {5, 5, 5, 5});
  nlohmann::json j = VectorToJson(v);
  EXPECT_EQ(j["stage"], "FRAG");
  EXPECT_EQ(j["lanes"], 4);
  EXPECT_EQ(j["inputs"]["0"][3][0], "0x3f800000");
  EXPECT_EQ(j["inputs"]["0"][3][3], "0xffffffff");
  EXPECT_EQ(j["constants"]["0"]["3"][1], "0x00000002");
  EXPECT_EQ(j["system_values"]["VERTEXID"][0][0], "0x00000005");
}

TEST(VectorJson, RejectsMalformedVectorsWithAMessage) {
  common::TestVector v;
  std::string error;
  auto parse = [&](const char* text) {
    error.clear();
    return VectorFromJson(nlohmann::json::parse(text), &v, &error);
  };
  EXPECT_FALSE(parse(R"({"lanes": 4})"));
  EXPECT_NE(error.find("stage"), std::string::npos);
  EXPECT_FALSE(parse(R"({"stage": "FRAG", "lanes": 3})"));
  EXPECT_NE(error.find("multiple of 4"), std::string::npos);
  EXPECT_FALSE(parse(R"({"stage": "VERT", "lanes": 1, "inputs": {"0": [["0x1", "0x2", "0x3"]]}})"));
  EXPECT_NE(error.find("inputs.0"), std::string::npos);
  EXPECT_FALSE(parse(R"({"stage": "VERT", "lanes": 1, "inputs": {"0": [["1", "0x2", "0x3", "0x4"]]}})"));
  EXPECT_FALSE(parse(R"({"stage": "VERT", "lanes": 1, "inputs": {"x": []}})"));
  EXPECT_NE(error.find("\"x\""), std::string::npos);
  EXPECT_FALSE(parse(R"({"stage": "VERT", "lanes": 1, "system_values": {"BOGUS": [["0x0","0x0","0x0","0x0"]]}})"));
  EXPECT_FALSE(parse(R"({"stage": "VERT", "lanes": 1, "textures": {"0": {"levels": 99}}})"));
  EXPECT_NE(error.find("levels"), std::string::npos);
  EXPECT_TRUE(parse(R"({"stage": "VERT", "lanes": 2, "inputs": {"1": [["0x1","0x2","0x3","0x4"],["0xA","0xb","0xc","0xd"]]}})")) << error;
  EXPECT_EQ(v.inputs.at(1)[1][0], 0xau);
}

TEST(VectorJson, ResultShape) {
  common::ExecResult r;
  r.outputs[0] = common::LaneVec4s(2, {0x3f800000, 0, 0, 0});
  r.undefined[0] = common::LaneMasks(2, {false, true, false, false});
  r.inexact[0] = common::LaneMasks(2, {true, false, false, false});
  r.killed = {false, true};
  nlohmann::json j = ResultToJson(r);
  EXPECT_EQ(j["status"], "ok");
  EXPECT_EQ(j["outputs"]["0"][1][0], "0x3f800000");
  EXPECT_EQ(j["undefined"]["0"][0][1], true);
  EXPECT_EQ(j["inexact"]["0"][0][0], true);
  EXPECT_EQ(j["killed"][1], true);
}

}  // namespace
}  // namespace shaderdiff::harness
