// fuzz/mutate: every transform gives a valid shader that differs from its
// input; the semantics-preserving ones pass the metamorphic oracle on
// corpus and generated shaders (no false alarm); and the wrong versions of
// four transforms (x + +0, a branch that is taken, a uniform branch on a
// uniform that is not 0, a join of overlapping TEMPs) are caught by it, at the same sites where the
// right versions pass.
#include <gtest/gtest.h>

#include <map>

#include "compiler/tgsi/parser.h"
#include "compiler/tgsi/printer.h"
#include "fuzz/gen/generator.h"
#include "fuzz/mutate/metamorphic_oracle.h"
#include "fuzz/mutate/mutate.h"
#include "tools/harness/corpus.h"

namespace shaderdiff::fuzz {
namespace {

harness::CheckOptions SmallOptions() {
  harness::CheckOptions o;
  o.vectors = 4;
  o.lanes = 8;
  o.seed = 5;
  return o;
}

tgsi::Shader Parse(const std::string& text) {
  tgsi::ParseResult r = tgsi::ParseShader(text);
  EXPECT_TRUE(r.ok()) << r.error->message;
  return r.shader;
}

std::vector<tgsi::Shader> Sample() {
  std::vector<tgsi::Shader> out;
  harness::Corpus corpus;
  std::string error;
  EXPECT_TRUE(harness::LoadCorpus("corpus", &corpus, &error)) << error;
  for (size_t i = 0; i < corpus.entries.size(); i += 60) out.push_back(Parse(corpus.entries[i].text));
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    GenOptions g;
    g.seed = seed;
    g.stage = StageForSeed(seed);
    g.max_size = 60;
    out.push_back(GenerateShader(g));
  }
  return out;
}

TEST(Mutate, PreservingTransformsPassTheOracle) {
  const std::vector<tgsi::Shader> sample = Sample();
  ASSERT_GT(sample.size(), 70u);
  std::map<std::string, int> applied;
  for (size_t n = 0; n < sample.size(); ++n) {
    const tgsi::Shader& original = sample[n];
    const std::string before = tgsi::PrintShader(original);
    for (Transform t : PreservingTransforms()) {
      const auto mutated = Mutate(original, t, 1000 + n);
      if (!mutated) continue;
      const std::string after = tgsi::PrintShader(*mutated);
      EXPECT_NE(before, after) << TransformName(t);
      ++applied[std::string(TransformName(t))];
      const MetamorphicOutcome o = CheckMetamorphic(original, n, *mutated, SmallOptions());
      EXPECT_FALSE(o.difference) << TransformName(t) << " on sample " << n << ": " << o.difference->ToString()
                                 << "\n--- original\n" << before << "--- transformed\n" << after;
    }
  }
  // Every transform found sites in most shaders, but join-temporaries: it
  // needs two TEMPs whose lifetimes are apart, and nir_to_tgsi's register
  // allocation already reuses TEMPs that way (15 of the 87 here).
  for (Transform t : PreservingTransforms()) {
    EXPECT_GT(applied[std::string(TransformName(t))], t == Transform::kJoinTemporaries ? 10 : 30) << TransformName(t);
  }
}

TEST(Mutate, ChangingTransformsGiveValidDifferentShaders) {
  const std::vector<tgsi::Shader> sample = Sample();
  int changed = 0, texts = 0;
  for (size_t n = 0; n < sample.size(); ++n) {
    for (Transform t : ChangingTransforms()) {
      const auto mutated = Mutate(sample[n], t, 7 + n, &sample[(n + 1) % sample.size()]);
      if (!mutated) continue;  // no site, or the edit did not validate (never kept)
      changed += tgsi::PrintShader(*mutated) != tgsi::PrintShader(sample[n]);
    }
  }
  EXPECT_GT(changed, 200);
  // The text Mutate hands back (the campaign's program text, not printed
  // again) is the result's own printed text, for every transform.
  for (size_t n = 0; n < sample.size(); ++n) {
    for (Transform t : n % 2 ? PreservingTransforms() : ChangingTransforms()) {
      std::string text = "unset";
      const auto mutated = Mutate(sample[n], t, 11 + n, &sample[(n + 1) % sample.size()], &text);
      if (!mutated) continue;
      ++texts;
      EXPECT_EQ(text, tgsi::PrintShader(*mutated)) << TransformName(t) << " on sample " << n;
    }
  }
  EXPECT_GT(texts, 200);
}

// MUL of +0 by -1 is -0 exactly; x + +0 makes it +0, x + -0 keeps it.
constexpr const char* kNegativeZero =
    "VERT\n"
    "DCL OUT[0], POSITION\n"
    "DCL TEMP[0]\n"
    "IMM[0] FLT32 {   -1.0000,     0.0000,     0.0000,     0.0000}\n"
    "  0: MUL TEMP[0], IMM[0].yyyy, IMM[0].xxxx\n"
    "  1: MOV OUT[0], TEMP[0]\n"
    "  2: END\n";

TEST(Mutate, AddPositiveZeroIsCaughtAddNegativeZeroIsNot) {
  const tgsi::Shader s = Parse(kNegativeZero);
  const auto right = Mutate(s, Transform::kIdentityAddNegZero, 1);
  const auto wrong = WrongAddPosZero(s, 1);
  ASSERT_TRUE(right && wrong);
  EXPECT_FALSE(CheckMetamorphic(s, 1, *right, SmallOptions()).difference);
  const MetamorphicOutcome o = CheckMetamorphic(s, 1, *wrong, SmallOptions());
  ASSERT_TRUE(o.difference);
  EXPECT_EQ(o.difference->executor, "reference");
  EXPECT_EQ(o.difference->mismatch.expected, 0x80000000u);
  EXPECT_EQ(o.difference->mismatch.actual, 0u);
}

constexpr const char* kTwoSteps =
    "FRAG\n"
    "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
    "DCL OUT[0], COLOR\n"
    "DCL TEMP[0]\n"
    "IMM[0] FLT32 {    2.0000,     0.0000,     0.0000,     0.0000}\n"
    "  0: MUL TEMP[0], IN[0], IMM[0].xxxx\n"
    "  1: ADD TEMP[0], TEMP[0], IN[0]\n"
    "  2: MOV OUT[0], TEMP[0]\n"
    "  3: END\n";

TEST(Mutate, TakenBranchIsCaughtDeadBranchIsNot) {
  const tgsi::Shader s = Parse(kTwoSteps);
  int caught = 0;
  for (uint64_t seed = 1; seed <= 16; ++seed) {
    const auto right = Mutate(s, Transform::kDeadBranchCompare, seed);
    const auto wrong = WrongLiveBranch(s, seed);
    ASSERT_TRUE(right && wrong);
    EXPECT_FALSE(CheckMetamorphic(s, 1, *right, SmallOptions()).difference) << tgsi::PrintShader(*right);
    const MetamorphicOutcome o = CheckMetamorphic(s, 1, *wrong, SmallOptions());
    caught += o.difference.has_value();
  }
  // The clobber is caught wherever a later instruction reads what it wrote
  // before overwriting it (most of the 16 draws; never all).
  EXPECT_GE(caught, 4);
}

constexpr const char* kUniforms =
    "FRAG\n"
    "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
    "DCL OUT[0], COLOR\n"
    "DCL CONST[0][0..1]\n"
    "DCL TEMP[0]\n"
    "  0: MUL TEMP[0], IN[0], CONST[0][0]\n"
    "  1: ADD TEMP[0], TEMP[0], CONST[0][1]\n"
    "  2: MOV OUT[0], TEMP[0]\n"
    "  3: END\n";

TEST(Mutate, UniformDeadBranchReadsAZeroTheVectorCarriesAndAWrongOneIsCaught) {
  const tgsi::Shader s = Parse(kUniforms);
  int caught = 0;
  for (uint64_t seed = 1; seed <= 16; ++seed) {
    const auto right = Mutate(s, Transform::kDeadBranchUniform, seed);
    const auto wrong = WrongUniformBranch(s, seed);
    ASSERT_TRUE(right && wrong);
    const std::string text = tgsi::PrintShader(*right);
    ASSERT_NE(text.find("DCL CONST[0][2]"), std::string::npos) << text;
    ASSERT_NE(text.find("UIF CONST[0][2].xxxx"), std::string::npos) << text;
    EXPECT_FALSE(CheckMetamorphic(s, 1, *right, SmallOptions()).difference) << text;
    // The pair's vectors: the original's, with the new uniform given as 0.
    PairRuns pair;
    std::string error;
    ASSERT_TRUE(RunPairReference(s, 1, *right, SmallOptions(), &pair, &error)) << error;
    ASSERT_FALSE(pair.transformed.empty());
    for (size_t i = 0; i < pair.transformed.size(); ++i) {
      EXPECT_EQ(pair.original[i].vector.constants.at(0).count(2), 0u);
      EXPECT_EQ(pair.transformed[i].vector.constants.at(0).at(2), (common::Vec4{0, 0, 0, 0}));
      EXPECT_EQ(pair.transformed[i].vector.constants.at(0).at(1), pair.original[i].vector.constants.at(0).at(1));
    }
    const MetamorphicOutcome o = CheckMetamorphic(s, 1, *wrong, SmallOptions());
    caught += o.difference.has_value();
  }
  // The wrong branch reads CONST[0][0] or [1], drawn per vector: taken
  // wherever the word is not 0, and then its clobber is seen when a later
  // instruction reads what it wrote before overwriting it.
  EXPECT_GE(caught, 4);
}

constexpr const char* kThreeTemps =
    "FRAG\n"
    "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
    "DCL OUT[0], COLOR\n"
    "DCL TEMP[0..2]\n"
    "IMM[0] FLT32 {    2.0000,     3.0000,     0.0000,     0.0000}\n"
    "  0: MUL TEMP[0], IN[0], IMM[0].xxxx\n"
    "  1: ADD TEMP[1], TEMP[0], IN[0]\n"
    "  2: MUL TEMP[2], TEMP[1], IMM[0].yyyy\n"
    "  3: ADD TEMP[2], TEMP[2], TEMP[1]\n"
    "  4: MOV OUT[0], TEMP[2]\n"
    "  5: END\n";

TEST(Mutate, JoinedTemporariesApartPassOverlappingOnesAreCaught) {
  const tgsi::Shader s = Parse(kThreeTemps);
  int caught = 0;
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    // Apart: TEMP[0] (last read at 1) and TEMP[2] (first written at 2), the only pair.
    const auto right = Mutate(s, Transform::kJoinTemporaries, seed);
    ASSERT_TRUE(right);
    const std::string text = tgsi::PrintShader(*right);
    EXPECT_EQ(text.find("TEMP[2]", text.find("IMM[0]")), std::string::npos) << text;
    EXPECT_FALSE(CheckMetamorphic(s, 1, *right, SmallOptions()).difference) << text;
    // Overlapping: TEMP[1] is read at 3, after TEMP[2]'s first write at 2.
    const auto wrong = WrongJoinTemporaries(s, seed);
    ASSERT_TRUE(wrong);
    caught += CheckMetamorphic(s, 1, *wrong, SmallOptions()).difference.has_value();
  }
  EXPECT_EQ(caught, 8);
}

TEST(Mutate, SwizzleRoundTripReadsTheSameWords) {
  const tgsi::Shader s = Parse(kTwoSteps);
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    const auto m = Mutate(s, Transform::kSwizzleRoundTrip, seed);
    ASSERT_TRUE(m);
    ASSERT_EQ(m->instructions.size(), s.instructions.size() + 1);
    EXPECT_FALSE(CheckMetamorphic(s, 1, *m, SmallOptions()).difference) << tgsi::PrintShader(*m);
  }
}

}  // namespace
}  // namespace shaderdiff::fuzz
