// Provenance of both a3xx builds (compiler/targets/a3xx/naive/provenance.h): every
// machine instruction names the TGSI instruction of the shader as given
// (through lower-tgsi's rewrites) and the destination components whose
// final value it writes; intermediates write none.
#include <gtest/gtest.h>

#include <map>

#include "compiler/pipeline.h"
#include "compiler/tgsi/parser.h"

namespace shaderdiff::compiler {
namespace {

tgsi::Shader Parse(const std::string& text) {
  tgsi::ParseResult r = tgsi::ParseShader(text);
  EXPECT_TRUE(r.ok()) << r.error->ToString("test");
  return r.shader;
}

// DP3 is lowered (MUL, MAD, MAD into the destination) and LRP too (with a
// scratch intermediate); ADD is kept.
constexpr const char* kShader =
    "VERT\n"
    "DCL IN[0]\n"
    "DCL IN[1]\n"
    "DCL OUT[0], GENERIC[0]\n"
    "DCL TEMP[0..1]\n"
    "  0: ADD TEMP[0].xy, IN[0].xyyy, IN[1].yxxx\n"
    "  1: DP3 TEMP[1].z, IN[0].xyzz, IN[1].xyzz\n"
    "  2: LRP TEMP[1].w, IN[0].wwww, IN[1].xxxx, TEMP[0].yyyy\n"
    "  3: MOV OUT[0], TEMP[1].zwzw\n"
    "  4: END\n";

// Per TGSI instruction, the union of the final-write masks of its machine
// instructions, and how many machine instructions carry a non-empty mask.
struct Summary {
  std::map<int32_t, uint8_t> comps;
  std::map<int32_t, int> finals;
};

Summary Summarize(const std::vector<int32_t>& map, const std::vector<uint8_t>& comps) {
  EXPECT_EQ(map.size(), comps.size());
  Summary s;
  for (size_t i = 0; i < map.size() && i < comps.size(); ++i) {
    if (map[i] < 0) {
      EXPECT_EQ(comps[i], 0) << "instruction " << i << " has no TGSI instruction but a final-write mask";
      continue;
    }
    s.comps[map[i]] |= comps[i];
    if (comps[i]) ++s.finals[map[i]];
  }
  return s;
}

void ExpectFinals(const Summary& s, const char* build) {
  // ADD writes x and y; the lowered DP3 (three instructions) writes z once,
  // at its last MAD; LRP's final write is w. Indices are the shader's own.
  EXPECT_EQ(s.comps.at(0), 0x3) << build;
  EXPECT_EQ(s.comps.at(1), 0x4) << build;
  EXPECT_EQ(s.finals.at(1), 1) << build << ": one final write of DP3's .z";
  EXPECT_EQ(s.comps.at(2), 0x8) << build;
  EXPECT_EQ(s.comps.count(5), 0u) << build << ": an index past the shader's instructions";
}

TEST(Provenance, NaiveBuildNamesTheFinalWrites) {
  const naive::CompileResult r = naive::CompileA3xxNaive(Parse(kShader));
  ASSERT_EQ(r.status, naive::CompileStatus::kOk) << r.detail;
  ExpectFinals(Summarize(r.source_map, r.source_comps), "naive");
}

TEST(Provenance, OptimizingBuildWithoutRewrites) {
  OptOptions o;
  o.opt_bisect_limit = 0;  // no rewrite at all (lowering declines too): the selection's order
  OptResult r = CompileA3xxOpt(Parse(kShader), o);
  ASSERT_EQ(r.status, naive::CompileStatus::kOk) << r.detail;
  ExpectFinals(Summarize(r.source_map, r.source_comps), "opt limit 0");
}

TEST(Provenance, OptimizingBuildNamesTheShadersInstructionsThroughLoweringAndEveryPass) {
  const OptResult r = CompileA3xxOpt(Parse(kShader));
  ASSERT_EQ(r.status, naive::CompileStatus::kOk) << r.detail;
  const Summary s = Summarize(r.source_map, r.source_comps);
  // Copy propagation may fold the MOV to OUT away, but the computations
  // stay, each attributed to the instruction of the shader as given.
  EXPECT_EQ(s.comps.at(1), 0x4);
  EXPECT_EQ(s.finals.at(1), 1) << "the lowered DP3's MUL and first MAD are intermediates";
  EXPECT_EQ(s.comps.at(2), 0x8);
  for (const auto& [t, n] : s.finals) EXPECT_LT(t, 5) << "index " << t << " is not one of the shader's";
}

}  // namespace
}  // namespace shaderdiff::compiler
