// Tests of seeded vector generation (including the barycentric layout and
// per-vertex fragment inputs) and the vector / result JSON contracts (the
// additions for per-vertex inputs, and the older form reading and writing
// exactly as before).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "emulator/common/interpolation.h"
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
  Declaration int_read = in;  // IN[3], its x read as an integer below: per lane
  int_read.first = int_read.last = 3;
  int_read.interpolation = tgsi::Interpolation::kLinear;
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
  s.declarations = {in, flat, int_read, cst, sv, samp};
  tgsi::Instruction add;  // UADD TEMP[0], IN[3].xxxx, IN[3].xxxx
  add.opcode = tgsi::Opcode::UADD;
  tgsi::SrcOperand src;
  src.reg.file = File::kInput;
  src.reg.index.index = 3;
  src.swizzle = {0, 0, 0, 0};
  add.src = {src, src};
  s.instructions.push_back(add);
  return s;
}

TEST(VectorGen, FillsEveryDeclaredRegister) {
  common::TestVector v;
  std::string error;
  ASSERT_TRUE(GenerateVector(FragShader(), {.seed = 7, .lanes = 8, .edges = false}, &v, &error)) << error;
  EXPECT_EQ(v.lanes, 8u);
  EXPECT_EQ(v.seed, 7u);
  // IN[0..1] (PERSPECTIVE) and IN[2] (CONSTANT: the shader takes the
  // provoking vertex) per vertex; IN[3] (LINEAR, read as an integer) per lane.
  ASSERT_EQ(v.inputs.size(), 1u);
  EXPECT_EQ(v.inputs.at(3).size(), 8u);
  ASSERT_EQ(v.vertex_inputs.size(), 3u);
  EXPECT_EQ(v.vertex_inputs.count(0) + v.vertex_inputs.count(1) + v.vertex_inputs.count(2), 3u);
  EXPECT_EQ(v.barycentrics.size(), 8u);
  EXPECT_EQ(common::CheckFragmentInputs(v), "");
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

TEST(VectorGen, FlatInputsArePerVertexIntegersAreConstantPerQuadFaceIsPlusMinusOne) {
  common::TestVector v;
  std::string error;
  ASSERT_TRUE(GenerateVector(FragShader(), {.seed = 3, .lanes = 16, .edges = false}, &v, &error));
  // The flat input's vertices differ: which one the shader reads is the
  // shader's (or its compiled program's) to say.
  const common::VertexVec4s& flat = v.vertex_inputs.at(2);
  EXPECT_TRUE(flat[0] != flat[2] || flat[1] != flat[2]);
  const auto& ints = v.inputs.at(3);
  const auto& face = v.system_values.at("FACE");
  for (size_t quad = 0; quad < 4; ++quad) {
    for (size_t l = 1; l < 4; ++l) {
      EXPECT_EQ(ints[quad * 4 + l][0], ints[quad * 4][0]);
      EXPECT_EQ(face[quad * 4 + l][0], face[quad * 4][0]);
    }
    EXPECT_TRUE(face[quad * 4][0] == 0x3f800000u || face[quad * 4][0] == 0xbf800000u);
  }
}

TEST(VectorGen, EdgesAppearOnlyWhenAsked) {
  const auto& edges = EdgeValues();
  auto is_edge = [&](Word w) { return std::count(edges.begin(), edges.end(), w) > 0 && w != 0; };
  auto count_edges = [&](const common::TestVector& v) {  // the per-lane input's float components
    size_t n = 0;
    for (const auto& [index, lanes] : v.inputs)
      for (const auto& vec : lanes)
        for (int c = 1; c < 4; ++c) n += is_edge(vec[c]);
    return n;
  };
  common::TestVector with, without;
  std::string error;
  ASSERT_TRUE(GenerateVector(FragShader(), {.seed = 5, .lanes = 512, .edges = true}, &with, &error));
  ASSERT_TRUE(GenerateVector(FragShader(), {.seed = 5, .lanes = 512, .edges = false}, &without, &error));
  // The per-lane input: 512 lanes x 3 float components, about 1/8 edges (most of them nonzero).
  EXPECT_GT(count_edges(with), 120u);
  EXPECT_EQ(count_edges(without), 0u);
  // Every kind of edge value shows up in a vector this size.
  std::set<Word> seen;
  for (const auto& [index, lanes] : with.inputs)
    for (const auto& vec : lanes) seen.insert(vec.begin(), vec.end());
  for (Word e : edges) EXPECT_TRUE(seen.count(e)) << std::hex << e;
  // Vertex values get edges too, over enough seeds; never without `edges`.
  size_t vertex_edges = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    common::TestVector a, b;
    ASSERT_TRUE(GenerateVector(FragShader(), {.seed = seed, .lanes = 4, .edges = true}, &a, &error));
    ASSERT_TRUE(GenerateVector(FragShader(), {.seed = seed, .lanes = 4, .edges = false}, &b, &error));
    for (const auto& [index, vertices] : a.vertex_inputs)
      for (const auto& vec : vertices)
        for (Word w : vec) vertex_edges += is_edge(w);
    for (const auto& [index, vertices] : b.vertex_inputs)
      for (const auto& vec : vertices)
        for (Word w : vec) EXPECT_FALSE(is_edge(w)) << std::hex << w;
  }
  // 40 seeds x 3 inputs x 3 vertices x 4 components, about 1/8 edges.
  EXPECT_GT(vertex_edges, 90u);
}

// The pixel of lane l (vector_gen.h's layout).
std::pair<int, int> Pixel(uint32_t l) {
  const uint32_t q = l / 4;
  return {static_cast<int>(2 * (q % 64) + (l & 1)), static_cast<int>(2 * (q / 64) + ((l >> 1) & 1))};
}

TEST(VectorGen, BarycentricsAreAffineInTheTriangleOnPlainVectors) {
  std::string error;
  for (uint64_t seed = 1; seed <= 50; ++seed) {
    common::TestVector v;
    const uint32_t lanes = seed % 2 ? 16 : 1024;  // one row of quads, and several
    ASSERT_TRUE(GenerateVector(FragShader(), {.seed = seed, .lanes = lanes, .edges = false}, &v, &error));
    ASSERT_EQ(v.barycentrics.size(), lanes);
    for (uint32_t l = 0; l < lanes; ++l) {
      const double i = common::AsFloat(v.barycentrics[l].i), j = common::AsFloat(v.barycentrics[l].j);
      ASSERT_TRUE(i >= 0 && i <= 1 && j >= 0 && j <= 1 && i + j <= 1) << seed << " lane " << l << ": " << i << ", " << j;
      EXPECT_EQ(v.barycentrics[l].i & 0x80000000u, 0u);  // never -0
    }
    // Affine in the pixel: i(x, y) = i(0, 0) + x * di/dx + y * di/dy, up to
    // the rounding of each pair (one division: < 2^-24 relative, so < 6e-8
    // here, and twice that in the slopes measured on the first quad).
    auto at = [&](uint32_t l, bool is_i) {
      return static_cast<double>(common::AsFloat(is_i ? v.barycentrics[l].i : v.barycentrics[l].j));
    };
    for (bool is_i : {true, false}) {
      const double dx = at(1, is_i) - at(0, is_i), dy = at(2, is_i) - at(0, is_i);
      for (uint32_t l = 0; l < lanes; ++l) {
        const auto [x, y] = Pixel(l);
        EXPECT_NEAR(at(l, is_i), at(0, is_i) + x * dx + y * dy, 2e-7 * (1 + x + y)) << seed << " lane " << l;
      }
      // Every quad sees the same derivatives in both rows and columns.
      for (uint32_t q = 0; q < lanes / 4; ++q) {
        EXPECT_NEAR(at(4 * q + 1, is_i) - at(4 * q, is_i), at(4 * q + 3, is_i) - at(4 * q + 2, is_i), 2.5e-7);
        EXPECT_NEAR(at(4 * q + 2, is_i) - at(4 * q, is_i), at(4 * q + 3, is_i) - at(4 * q + 1, is_i), 2.5e-7);
        EXPECT_NEAR(at(4 * q + 1, is_i) - at(4 * q, is_i), dx, 2.5e-7);
      }
    }
  }
}

// Centroid pairs: only for a shader that interpolates at the centroid;
// about half the lanes partially covered (a pair at another point of the
// plane, inside the triangle), the rest equal to the center's.
TEST(VectorGen, CentroidShadersGetCentroidPairs) {
  std::string error;
  common::TestVector plain;
  ASSERT_TRUE(GenerateVector(FragShader(), {.seed = 5, .lanes = 64}, &plain, &error));
  EXPECT_TRUE(plain.centroids.empty());
  tgsi::Shader centroid = FragShader();
  centroid.declarations[0].interp_location = tgsi::InterpLocation::kCentroid;
  int moved = 0, lanes = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    common::TestVector v;
    ASSERT_TRUE(GenerateVector(centroid, {.seed = seed, .lanes = 64}, &v, &error)) << error;
    ASSERT_EQ(v.centroids.size(), 64u);
    EXPECT_EQ(common::CheckFragmentInputs(v), "");
    // Everything else is what the same seed gives a shader without CENTROID.
    common::TestVector center_only;
    ASSERT_TRUE(GenerateVector(FragShader(), {.seed = seed, .lanes = 64}, &center_only, &error));
    EXPECT_EQ(v.barycentrics, center_only.barycentrics);
    EXPECT_EQ(v.vertex_inputs, center_only.vertex_inputs);
    for (uint32_t l = 0; l < 64; ++l, ++lanes) {
      const double i = common::AsFloat(v.centroids[l].i), j = common::AsFloat(v.centroids[l].j);
      ASSERT_TRUE(i >= 0 && j >= 0 && i + j <= 1) << seed << " lane " << l;
      moved += !(v.centroids[l] == v.barycentrics[l]);
    }
  }
  EXPECT_GT(moved, lanes / 4);
  EXPECT_LT(moved, 3 * lanes / 4);
}

TEST(VectorGen, EdgeVectorsCarryZeroAndEdgePairs) {
  std::string error;
  common::TestVector v;
  ASSERT_TRUE(GenerateVector(FragShader(), {.seed = 11, .lanes = 1024, .edges = true}, &v, &error));
  size_t zero_quads = 0;
  std::set<std::pair<Word, Word>> seen;
  for (uint32_t q = 0; q < 256; ++q) {
    bool all_zero = true;
    for (uint32_t l = 0; l < 4; ++l) all_zero &= v.barycentrics[q * 4 + l] == common::Barycentric{0, 0};
    zero_quads += all_zero;
  }
  for (const common::Barycentric& ij : v.barycentrics) seen.insert({ij.i, ij.j});
  EXPECT_GT(zero_quads, 30u);  // about a quarter of 256
  for (const common::Barycentric& e : EdgeBarycentrics()) EXPECT_TRUE(seen.count({e.i, e.j})) << std::hex << e.i << "," << e.j;
  // The shader then reads v0 exactly on those quads.
  for (uint32_t l = 0; l < 1024; ++l) {
    if (!(v.barycentrics[l] == common::Barycentric{0, 0})) continue;
    EXPECT_EQ(common::FragmentInputValues(v, 0)[l], v.vertex_inputs.at(0)[0]);
    break;
  }
}

tgsi::Shader IntegerInputShader() {
  tgsi::Shader s = FragShader();
  // UADD TEMP[0].x, IN[1].yyyy, IN[1].yyyy: IN[1].y is read as an integer.
  tgsi::Instruction add;
  add.opcode = tgsi::Opcode::UADD;
  tgsi::SrcOperand src;
  src.reg.file = File::kInput;
  src.reg.index.index = 1;
  src.swizzle = {1, 1, 1, 1};
  add.src = {src, src};
  s.instructions.push_back(add);
  return s;
}

TEST(VectorGen, IntegerInputsStayPerLane) {
  common::TestVector v;
  std::string error;
  ASSERT_TRUE(GenerateVector(IntegerInputShader(), {.seed = 3, .lanes = 16, .edges = false}, &v, &error)) << error;
  EXPECT_EQ(v.vertex_inputs.count(1), 0u);
  ASSERT_EQ(v.inputs.count(1), 1u);
  EXPECT_EQ(v.vertex_inputs.count(0), 1u);
  for (uint32_t l = 0; l < 16; ++l) {
    const int32_t y = static_cast<int32_t>(v.inputs.at(1)[l][1]);
    EXPECT_TRUE(y >= -4 && y <= 16) << y;                          // a small integer
    EXPECT_EQ(v.inputs.at(1)[l][1], v.inputs.at(1)[l / 4 * 4][1]);  // constant across the quad
  }
}

TEST(VectorGen, OnlyFragmentVectorsHaveBarycentrics) {
  tgsi::Shader s = FragShader();
  s.processor = tgsi::Processor::kVertex;
  for (tgsi::Declaration& d : s.declarations) d.interpolation.reset();
  common::TestVector v;
  std::string error;
  ASSERT_TRUE(GenerateVector(s, {.seed = 3, .lanes = 4, .edges = true}, &v, &error)) << error;
  EXPECT_TRUE(v.barycentrics.empty());
  EXPECT_TRUE(v.vertex_inputs.empty());
  EXPECT_EQ(v.inputs.size(), 4u);
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

TEST(VectorJson, PerVertexInputsRoundTripWithDerivedValues) {
  common::TestVector v, back;
  std::string error;
  ASSERT_TRUE(GenerateVector(FragShader(), {.seed = 21, .lanes = 8, .edges = true}, &v, &error));
  nlohmann::json j = VectorToJson(v);
  // The additions, and the per-lane values of the per-vertex inputs as the
  // shader reads them under "inputs".
  ASSERT_TRUE(j.contains("vertex_inputs") && j.contains("barycentrics"));
  EXPECT_EQ(j["vertex_inputs"]["0"].size(), 3u);
  EXPECT_EQ(j["vertex_inputs"]["0"][2][3], WordToString(v.vertex_inputs.at(0)[2][3]));
  EXPECT_EQ(j["barycentrics"].size(), 8u);
  EXPECT_EQ(j["barycentrics"][5][1], WordToString(v.barycentrics[5].j));
  const common::LaneVec4s reads = common::FragmentInputValues(v, 1);
  for (uint32_t l = 0; l < 8; ++l) EXPECT_EQ(j["inputs"]["1"][l][2], WordToString(reads[l][2]));
  ASSERT_TRUE(VectorFromJson(j, &back, &error)) << error;
  EXPECT_EQ(back.inputs, v.inputs);  // the derived entries are checked and dropped
  EXPECT_EQ(back.vertex_inputs, v.vertex_inputs);
  EXPECT_EQ(back.barycentrics, v.barycentrics);
  EXPECT_EQ(VectorToJson(back).dump(), j.dump());
  // Without the derived entries it reads the same.
  nlohmann::json bare = j;
  bare["inputs"].erase("0");
  bare["inputs"].erase("1");
  ASSERT_TRUE(VectorFromJson(bare, &back, &error)) << error;
  EXPECT_EQ(VectorToJson(back).dump(), j.dump());
}

TEST(VectorJson, OlderFormReadsAndWritesAsBefore) {
  // Final per-lane values only, as `shaderdiff vector` wrote them before:
  // no barycentrics, nothing per vertex; written back byte for byte.
  const char* text =
      R"({"constants":{},"inputs":{"0":[["0x3f800000","0x80000000","0x7f800000","0x7fc01234"],)"
      R"(["0x3f800000","0x80000000","0x7f800000","0x7fc01234"],["0x00000001","0x40000000","0x00000000","0x00000000"],)"
      R"(["0x00000001","0x40000000","0x00000000","0x00000000"]]},"lanes":4,"seed":3,"stage":"FRAG",)"
      R"("system_values":{},"textures":{}})";
  common::TestVector v;
  std::string error;
  ASSERT_TRUE(VectorFromJson(nlohmann::json::parse(text), &v, &error)) << error;
  EXPECT_TRUE(v.barycentrics.empty());
  EXPECT_TRUE(v.vertex_inputs.empty());
  EXPECT_EQ(VectorToJson(v).dump(), text);
  // What the shader reads is each lane's value, bit for bit (i = j = +0).
  EXPECT_EQ(common::FragmentInputValues(v, 0), v.inputs.at(0));
  EXPECT_EQ(common::BarycentricOf(v, 3), (common::Barycentric{0, 0}));
}

TEST(VectorJson, CentroidsRoundTripAndAreChecked) {
  tgsi::Shader centroid = FragShader();
  centroid.declarations[0].interp_location = tgsi::InterpLocation::kCentroid;
  common::TestVector v, back;
  std::string error;
  ASSERT_TRUE(GenerateVector(centroid, {.seed = 9, .lanes = 8}, &v, &error)) << error;
  const nlohmann::json j = VectorToJson(v);
  ASSERT_TRUE(j.contains("centroids"));
  EXPECT_EQ(j["centroids"][3][0], WordToString(v.centroids[3].i));
  ASSERT_TRUE(VectorFromJson(j, &back, &error)) << error;
  EXPECT_EQ(back.centroids, v.centroids);
  EXPECT_EQ(VectorToJson(back).dump(), j.dump());
  // A vector without them has no centroids (full coverage) and writes none.
  nlohmann::json old = j;
  old.erase("centroids");
  ASSERT_TRUE(VectorFromJson(old, &back, &error)) << error;
  EXPECT_TRUE(back.centroids.empty());
  EXPECT_FALSE(VectorToJson(back).contains("centroids"));
  // Wrong shape, a vertex vector, or centroids without center pairs.
  nlohmann::json bad = j;
  bad["centroids"].erase(0);
  EXPECT_FALSE(VectorFromJson(bad, &back, &error));
  EXPECT_NE(error.find("\"centroids\" must hold 8 pairs"), std::string::npos) << error;
  bad = j;
  bad.erase("barycentrics");
  bad.erase("vertex_inputs");
  for (const auto& [key, value] : j["vertex_inputs"].items()) bad["inputs"].erase(key);
  EXPECT_FALSE(VectorFromJson(bad, &back, &error));
  EXPECT_NE(error.find("\"centroids\" need \"barycentrics\""), std::string::npos) << error;
  EXPECT_FALSE(VectorFromJson(nlohmann::json::parse(R"({"stage": "VERT", "lanes": 1, "centroids": [["0x0","0x0"]]})"),
                              &back, &error));
  EXPECT_NE(error.find("FRAG vectors only"), std::string::npos) << error;
}

TEST(VectorJson, RejectsMalformedPerVertexInputs) {
  common::TestVector v;
  std::string error;
  auto parse = [&](const std::string& text) {
    error.clear();
    return VectorFromJson(nlohmann::json::parse(text), &v, &error);
  };
  const std::string vtx = R"("vertex_inputs": {"0": [["0x0","0x0","0x0","0x0"],["0x3f800000","0x0","0x0","0x0"],["0x0","0x0","0x0","0x0"]]})";
  const std::string pairs = R"("barycentrics": [["0x3f000000","0x0"],["0x0","0x0"],["0x0","0x0"],["0x0","0x0"]])";
  EXPECT_TRUE(parse(R"({"stage": "FRAG", "lanes": 4, )" + vtx + ", " + pairs + "}")) << error;
  EXPECT_EQ(common::FragmentInputValues(v, 0)[0][0], 0x3f000000u);  // 0 + 0.5 * (1 - 0)
  EXPECT_FALSE(parse(R"({"stage": "FRAG", "lanes": 4, )" + vtx + "}"));
  EXPECT_NE(error.find("need \"barycentrics\""), std::string::npos) << error;
  EXPECT_FALSE(parse(R"({"stage": "VERT", "lanes": 4, )" + vtx + ", " + pairs + "}"));
  EXPECT_NE(error.find("FRAG vectors only"), std::string::npos) << error;
  EXPECT_FALSE(parse(R"({"stage": "FRAG", "lanes": 4, "barycentrics": [["0x0","0x0"]]})"));
  EXPECT_NE(error.find("must hold 4 pairs"), std::string::npos) << error;
  EXPECT_FALSE(parse(R"({"stage": "FRAG", "lanes": 4, "barycentrics": [["0x0","0x0"],["0x0","0x0"],["0x0","0x0"],["0x0","zero"]]})"));
  EXPECT_NE(error.find("lane 3"), std::string::npos) << error;
  EXPECT_FALSE(parse(R"({"stage": "FRAG", "lanes": 4, "vertex_inputs": {"0": [["0x0","0x0","0x0","0x0"]]}, )" + pairs + "}"));
  EXPECT_NE(error.find("vertex_inputs.0 must hold three vertices"), std::string::npos) << error;
  // A derived "inputs" entry that is not what the model gives.
  const std::string wrong = R"("inputs": {"0": [["0x0","0x0","0x0","0x0"],["0x0","0x0","0x0","0x0"],["0x0","0x0","0x0","0x0"],["0x0","0x0","0x0","0x0"]]})";
  EXPECT_FALSE(parse(R"({"stage": "FRAG", "lanes": 4, )" + wrong + ", " + vtx + ", " + pairs + "}"));
  EXPECT_NE(error.find("inputs.0 is not what vertex_inputs.0"), std::string::npos) << error;
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
  common::OutputLanes& out = r.AddOutput(0, 2, false);
  out.words.assign(2, {0x3f800000, 0, 0, 0});
  out.undefined.assign(2, 0x2);  // y
  out.inexact.assign(2, 0x1);    // x
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
