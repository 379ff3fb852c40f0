// Tests of the shader's own dictionary: what the static pass finds
// (shader_dictionary.h), how it is mixed into vectors (dictionary_mix.h),
// and that relative indices then stay in range most of the time when the
// reference interpreter runs them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "compiler/tgsi/parser.h"
#include "emulator/common/interpolation.h"
#include "emulator/tgsi/interpreter.h"
#include "tools/harness/check.h"
#include "tools/harness/shader_dictionary.h"
#include "tools/harness/vector_gen.h"
#include "tools/harness/vector_json.h"

namespace shaderdiff::harness {
namespace {

using common::AsFloat;
using common::FromFloat;
using common::FromInt;
using common::Word;
using tgsi::File;

tgsi::Shader Parse(const char* text) {
  tgsi::ParseResult r = tgsi::ParseShader(text);
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->ToString("test") : "");
  return std::move(r.shader);
}

Slot In(uint32_t index, uint8_t c) { return {File::kInput, 0, index, c}; }
Slot Const(uint32_t index, uint8_t c, uint32_t buffer = 0) { return {File::kConstant, buffer, index, c}; }

bool Has(const std::vector<Word>& words, Word w) { return std::find(words.begin(), words.end(), w) != words.end(); }

float Below(float f) { return std::nextafter(f, -std::numeric_limits<float>::infinity()); }
float Above(float f) { return std::nextafter(f, std::numeric_limits<float>::infinity()); }

TEST(ShaderDictionary, ImmediatesAndTheirNeighboursAreTokens) {
  const ShaderDictionary d = AnalyzeShader(Parse(R"(VERT
DCL IN[0]
DCL OUT[0]
IMM[0] FLT32 {    0.5000,     0.0000,     0.0000,     0.0000}
IMM[1] UINT32 {7, 0, 0, 0}
  0: MUL OUT[0].xz, IN[0].xxxx, IMM[0].xxyy
  1: UADD OUT[0].y, IN[0].yyyy, IMM[1].xxxx
  2: END
)"));
  for (float f : {Below(0.5f), 0.5f, Above(0.5f)}) EXPECT_TRUE(Has(d.float_tokens, FromFloat(f))) << f;
  for (int32_t i : {6, 7, 8}) EXPECT_TRUE(Has(d.int_tokens, FromInt(i))) << i;
  // 0.0 as a float token has normal neighbours, never denormals.
  EXPECT_TRUE(Has(d.float_tokens, FromFloat(std::numeric_limits<float>::min())));
  EXPECT_FALSE(Has(d.float_tokens, 1u));
  // An immediate zero brings both zeros (x + 0.0 keeps x unless x is -0).
  EXPECT_TRUE(Has(d.float_tokens, FromFloat(0.0f)));
  EXPECT_TRUE(Has(d.float_tokens, FromFloat(-0.0f)));
  EXPECT_FALSE(Has(d.float_tokens, FromFloat(-0.5f)));
  EXPECT_TRUE(std::is_sorted(d.float_tokens.begin(), d.float_tokens.end()));
  EXPECT_EQ(d.reads.at(In(0, 0)), SlotRead::kFloat);
  EXPECT_EQ(d.reads.at(In(0, 1)), SlotRead::kInt);
}

TEST(ShaderDictionary, ComparisonsGetValuesOnBothSides) {
  const ShaderDictionary d = AnalyzeShader(Parse(R"(VERT
DCL IN[0]
DCL OUT[0]
DCL CONST[0..1]
DCL TEMP[0..1]
IMM[0] FLT32 {    2.0000,     8.0000,     0.0000,     0.0000}
IMM[1] UINT32 {5, 0, 0, 0}
  0: FSLT TEMP[0].x, IN[0].xxxx, IMM[0].xxxx
  1: ISLT TEMP[0].y, CONST[0].yyyy, IMM[1].xxxx
  2: MUL TEMP[1].x, CONST[1].xxxx, IMM[0].xxxx
  3: FSGE TEMP[0].z, TEMP[1].xxxx, IMM[0].yyyy
  4: MOV OUT[0], TEMP[0]
  5: END
)"));
  const auto& x = d.boundaries.at(In(0, 0));
  for (float f : {Below(2.0f), 2.0f, Above(2.0f)}) EXPECT_TRUE(Has(x, FromFloat(f))) << f;
  const auto& y = d.boundaries.at(Const(0, 1));
  EXPECT_EQ(y, (std::vector<Word>{FromInt(4), FromInt(5), FromInt(6)}));
  // CONST[1].x * 2 >= 8: the boundary is CONST[1].x = 4.
  const auto& scaled = d.boundaries.at(Const(1, 0));
  for (float f : {Below(4.0f), 4.0f, Above(4.0f)}) EXPECT_TRUE(Has(scaled, FromFloat(f))) << f;
  EXPECT_FALSE(d.boundaries.count(In(0, 1)));
}

TEST(ShaderDictionary, BranchesKillsSelectsAndSwitchCompareWithZeroOrTheirCases) {
  const ShaderDictionary d = AnalyzeShader(Parse(R"(FRAG
DCL IN[0], GENERIC[0], CONSTANT
DCL OUT[0], COLOR
DCL CONST[0]
DCL TEMP[0]
IMM[0] UINT32 {3, 9, 0, 0}
  0: MOV TEMP[0], IN[0]
  1: IF CONST[0].xxxx :3
  2:   MOV TEMP[0].x, IN[0].yyyy
  3: ENDIF
  4: KILL_IF TEMP[0].zzzz
  5: UCMP TEMP[0].y, CONST[0].yyyy, IN[0].xxxx, IN[0].yyyy
  6: SWITCH CONST[0].wwww
  7: CASE IMM[0].xxxx
  8: BRK
  9: CASE IMM[0].yyyy
 10: BRK
 11: ENDSWITCH
 12: MOV OUT[0], TEMP[0]
 13: END
)"));
  EXPECT_TRUE(Has(d.boundaries.at(Const(0, 0)), FromFloat(0.0f)));
  EXPECT_TRUE(Has(d.boundaries.at(Const(0, 0)), FromFloat(-std::numeric_limits<float>::min())));
  EXPECT_TRUE(Has(d.boundaries.at(In(0, 2)), FromFloat(0.0f)));  // KILL_IF through the MOV
  EXPECT_TRUE(Has(d.boundaries.at(Const(0, 1)), FromInt(0)));
  EXPECT_TRUE(Has(d.boundaries.at(Const(0, 1)), FromInt(1)));
  for (int32_t v : {3, 9}) EXPECT_TRUE(Has(d.boundaries.at(Const(0, 3)), FromInt(v))) << v;
}

TEST(ShaderDictionary, LoopBoundsAroundTheCounterStart) {
  const ShaderDictionary d = AnalyzeShader(Parse(R"(VERT
DCL IN[0]
DCL OUT[0]
DCL CONST[0]
DCL TEMP[0..1]
IMM[0] UINT32 {0, 1, 0, 0}
  0: MOV TEMP[0].x, IMM[0].xxxx
  1: BGNLOOP :0
  2:   ISGE TEMP[1].x, TEMP[0].xxxx, CONST[0].xxxx
  3:   UIF TEMP[1].xxxx :5
  4:     BRK
  5:   ENDIF
  6:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy
  7: ENDLOOP :0
  8: MOV OUT[0], TEMP[0].xxxx
  9: END
)"));
  // The counter starts at 0: bounds -1 (and below), 0, 1, 2 (and above).
  const auto& bound = d.boundaries.at(Const(0, 0));
  for (int32_t v : {-1, 0, 1, 2}) EXPECT_TRUE(Has(bound, FromInt(v))) << v;
  // The counter is not affine inside the loop: no boundary from the UADD.
  EXPECT_FALSE(d.boundaries.count(In(0, 0)));
}

TEST(ShaderDictionary, LinksAndBooleans) {
  const ShaderDictionary d = AnalyzeShader(Parse(R"(VERT
DCL IN[0]
DCL OUT[0]
DCL CONST[0]
DCL TEMP[0..1]
IMM[0] FLT32 {    0.5000,     0.0000,     0.0000,     0.0000}
  0: MUL TEMP[1].x, CONST[0].xxxx, IMM[0].xxxx
  1: FSLT TEMP[0].x, IN[0].xxxx, TEMP[1].xxxx
  2: AND TEMP[0].x, TEMP[0].xxxx, CONST[0].yyyy
  3: MOV OUT[0], TEMP[0]
  4: END
)"));
  // IN[0].x < CONST[0].x * 0.5: IN[0].x may become CONST[0].x * 0.5, and
  // CONST[0].x may become IN[0].x * 2.
  ASSERT_EQ(d.links.size(), 2u);
  for (const SlotLink& l : d.links) {
    if (l.to == In(0, 0)) {
      EXPECT_EQ(l.from, Const(0, 0));
      EXPECT_EQ(l.scale, 0.5);
    } else {
      EXPECT_EQ(l.to, Const(0, 0));
      EXPECT_EQ(l.scale, 2.0);
    }
    EXPECT_EQ(l.offset, 0.0);
  }
  EXPECT_EQ(d.boundaries.at(Const(0, 1)), (std::vector<Word>{0u, 0xffffffffu}));
}

// UARL index 4 * CONST[0].x + 3 into TEMP[0..11] (ARRAY 1): CONST[0].x in
// 0..2; ARL from IN[0].x into CONST[2..5]: IN[0].x in 0..3 as floats.
constexpr const char* kIndexed = R"(VERT
DCL IN[0]
DCL OUT[0]
DCL CONST[0..1]
DCL CONST[2..5]
DCL TEMP[0..11], ARRAY(1), LOCAL
DCL TEMP[12]
DCL ADDR[0]
IMM[0] UINT32 {2, 3, 0, 0}
  0: SHL TEMP[12].x, CONST[0].xxxx, IMM[0].xxxx
  1: UADD TEMP[12].x, IMM[0].yyyy, TEMP[12].xxxx
  2: UARL ADDR[0].x, TEMP[12].xxxx
  3: MOV TEMP[ADDR[0].x](1), IN[0]
  4: MOV OUT[0], TEMP[ADDR[0].x](1)
  5: ARL ADDR[0].x, IN[0].xxxx
  6: ADD OUT[0].x, CONST[ADDR[0].x+2].xxxx, OUT[0].xxxx
  7: END
)";

TEST(ShaderDictionary, RelativeIndicesGetInRangeIntervals) {
  const ShaderDictionary d = AnalyzeShader(Parse(kIndexed));
  const IndexRange c = d.indices.at(Const(0, 0));
  EXPECT_EQ(c.low, 0);
  EXPECT_EQ(c.high, 2);
  EXPECT_EQ(c.read, SlotRead::kInt);
  const IndexRange in = d.indices.at(In(0, 0));
  EXPECT_EQ(in.low, 0);
  EXPECT_EQ(in.high, 3);
  EXPECT_EQ(in.read, SlotRead::kFloat);
}

TEST(DictionaryMix, IndicesInRangeMostOfTheTimeJustOutsideSometimes) {
  const tgsi::Shader shader = Parse(kIndexed);
  size_t in_range = 0, outside = 0;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    common::TestVector v;
    std::string error;
    ASSERT_TRUE(GenerateVector(shader, {.seed = seed, .lanes = 4, .edges = seed % 2 == 1}, &v, &error)) << error;
    const int32_t c = common::AsInt(v.constants.at(0).at(0)[0]);
    ASSERT_TRUE(c >= -1 && c <= 3) << c;  // never further out than one step
    (c >= 0 && c <= 2 ? in_range : outside)++;
    for (const common::Vec4& lane : v.inputs.at(0)) {
      const float x = AsFloat(lane[0]);
      ASSERT_TRUE(x == -1 || x == 0 || x == 1 || x == 2 || x == 3 || x == 4) << x;
    }
  }
  EXPECT_GT(in_range, 150u);
  EXPECT_GT(outside, 10u);
}

TEST(DictionaryMix, TheInterpreterSeesFewIndicesOutOfRange) {
  const tgsi::Shader shader = Parse(kIndexed);
  size_t components = 0, out_of_range = 0;
  for (uint64_t seed = 1; seed <= 32; ++seed) {
    common::TestVector v;
    std::string error;
    ASSERT_TRUE(GenerateVector(shader, {.seed = seed, .lanes = 16}, &v, &error)) << error;
    const common::ExecResult r = tgsi_exec::Interpret(shader, v, {});
    ASSERT_EQ(r.status, common::ExecStatus::kOk) << r.detail;
    const common::OutputLanes& out0 = r.Output(0);
    for (size_t l = 0; l < out0.lanes(); ++l) {
      for (int c = 0; c < 4; ++c) {
        const std::string_view why = out0.Reason(l, c);
        ++components;
        out_of_range += why == "index-out-of-range";
      }
    }
  }
  // Two relative reads per lane, each out of range about 1 time in 8.
  EXPECT_LT(out_of_range * 3, components) << out_of_range << " of " << components;
  EXPECT_GT(out_of_range, 0u);
}

constexpr const char* kCompared = R"(VERT
DCL IN[0]
DCL OUT[0]
DCL CONST[0]
DCL TEMP[0]
IMM[0] FLT32 {    2.5000,     0.0000,     0.0000,     0.0000}
  0: FSLT TEMP[0].x, IN[0].xxxx, IMM[0].xxxx
  1: FSEQ TEMP[0].y, IN[0].yyyy, CONST[0].xxxx
  2: MOV OUT[0], TEMP[0]
  3: END
)";

TEST(DictionaryMix, DictionaryVectorsCarryBoundariesAndLinksOthersDoNot) {
  const tgsi::Shader shader = Parse(kCompared);
  size_t boundary_with = 0, boundary_without = 0, equal_with = 0, equal_without = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    for (bool dictionary : {false, true}) {
      common::TestVector v;
      std::string error;
      ASSERT_TRUE(GenerateVector(shader, {.seed = seed, .lanes = 8, .dictionary = dictionary}, &v, &error));
      const Word c = v.constants.at(0).at(0)[0];
      for (const common::Vec4& lane : v.inputs.at(0)) {
        const float x = AsFloat(lane[0]);
        const bool boundary = x == 2.5f || x == Below(2.5f) || x == Above(2.5f);
        (dictionary ? boundary_with : boundary_without) += boundary;
        (dictionary ? equal_with : equal_without) += lane[1] == c;
      }
    }
  }
  // 320 lanes: about half get a boundary value, a sixth IN[0].y == CONST[0].x.
  EXPECT_GT(boundary_with, 100u);
  EXPECT_GT(equal_with, 30u);
  EXPECT_LT(boundary_without, 10u);  // 2.5 is on the generator's 1/64 grid
  EXPECT_LT(equal_without, 10u);
}

TEST(DictionaryMix, DeterministicAndOnlyDictionarySlotsChange) {
  const tgsi::Shader shader = Parse(kCompared);
  common::TestVector a, b, plain;
  std::string error;
  ASSERT_TRUE(GenerateVector(shader, {.seed = 9, .lanes = 8, .dictionary = true}, &a, &error));
  ASSERT_TRUE(GenerateVector(shader, {.seed = 9, .lanes = 8, .dictionary = true}, &b, &error));
  ASSERT_TRUE(GenerateVector(shader, {.seed = 9, .lanes = 8}, &plain, &error));
  EXPECT_EQ(VectorToJson(a).dump(), VectorToJson(b).dump());
  EXPECT_NE(VectorToJson(a).dump(), VectorToJson(plain).dump());
  // IN[0].z and .w feed nothing the dictionary knows; they can only get a
  // token (2.5 or a neighbour), else they keep the plain vector's value.
  for (size_t l = 0; l < 8; ++l) {
    for (int c : {2, 3}) {
      const Word w = a.inputs.at(0)[l][c];
      const float f = AsFloat(w);
      EXPECT_TRUE(w == plain.inputs.at(0)[l][c] || f == 2.5f || f == Below(2.5f) || f == Above(2.5f) ||
                  f == 0.0f || f == std::numeric_limits<float>::min())
          << l << " " << c;
    }
  }
}

TEST(DictionaryMix, FragmentPositionShiftsByWholePixelsAcrossTheBoundary) {
  const tgsi::Shader shader = Parse(R"(FRAG
DCL IN[0], POSITION, LINEAR
DCL OUT[0], COLOR
DCL TEMP[0]
IMM[0] FLT32 {   40.0000,     1.0000,     0.0000,     0.0000}
  0: FSLT TEMP[0].x, IN[0].xxxx, IMM[0].xxxx
  1: AND TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy
  2: KILL_IF -TEMP[0].xxxx
  3: MOV OUT[0], IMM[0].yyyy
  4: END
)");
  size_t straddling = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    common::TestVector plain, v;
    std::string error;
    ASSERT_TRUE(GenerateVector(shader, {.seed = seed, .lanes = 16}, &plain, &error));
    ASSERT_TRUE(GenerateVector(shader, {.seed = seed, .lanes = 16, .dictionary = true}, &v, &error));
    const common::LaneVec4s& p = plain.inputs.at(0);
    const common::LaneVec4s& q = v.inputs.at(0);
    const float shift = AsFloat(q[0][0]) - AsFloat(p[0][0]);
    bool below = false, above = false;
    for (size_t l = 0; l < q.size(); ++l) {
      EXPECT_EQ(AsFloat(q[l][0]) - AsFloat(p[l][0]), shift) << "one shift for every lane";
      EXPECT_EQ(shift, std::round(shift));
      EXPECT_EQ(q[l][1], p[l][1]);  // y is not compared
      EXPECT_GE(AsFloat(q[l][0]), 0.5f);
      (AsFloat(q[l][0]) < 40.0f ? below : above) = true;
    }
    straddling += below && above;
  }
  EXPECT_GT(straddling, 5u);  // without a shift the 16 lanes lie in x < 8
}

TEST(VectorChoice, DictionaryOnVectorsOneAndTwoOfEveryFour) {
  const tgsi::Shader shader = Parse(kCompared);
  CheckOptions options;
  for (uint32_t i = 0; i < 8; ++i) {
    const VectorChoice c = ChooseVector(options, 1234, i, shader);
    EXPECT_EQ(c.edges, i % 2 == 1) << i;
    EXPECT_EQ(c.dictionary, i % 4 == 1 || i % 4 == 2) << i;
    EXPECT_EQ(VectorFlags(c).find("--dictionary") != std::string::npos, c.dictionary) << VectorFlags(c);
    EXPECT_EQ(VectorOptionsFor(c).dictionary, c.dictionary);
  }
}

}  // namespace
}  // namespace shaderdiff::harness
