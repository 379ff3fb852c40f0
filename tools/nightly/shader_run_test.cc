// Tests of one shader's report entry (shader_run.h) and of the summary
// totals built from entries (report_json.h): branch coverage, flagged
// components by reason, relative addressing.
#include "tools/nightly/shader_run.h"

#include <gtest/gtest.h>

#include <memory>

#include "tools/harness/corpus.h"
#include "tools/nightly/report_json.h"

namespace shaderdiff::nightly {
namespace {

using nlohmann::json;

harness::CorpusEntry Entry(const std::string& name, const std::string& text) {
  return {name, name, text, harness::HashText(text)};
}

ShaderRunOptions Options(uint32_t vectors, uint64_t budget = 100'000) {
  harness::CheckOptions base;
  base.vectors = vectors;
  base.lanes = 8;
  base.seed = 3;
  base.interpreter_budget = budget;
  ShaderRunOptions o{base, DefaultPlans(base),
                     [](const harness::CorpusEntry&, const harness::CheckOptions& c, const harness::CheckOutcome&) {
                       return "repro --seed " + std::to_string(c.seed);
                     },
                     "corpus", std::nullopt};
  return o;
}

// UIF on an input read as an integer; the generator draws -4..16 for it, so
// over 8 vectors of 8 lanes both ways are all but certain. The SWITCH's
// CASE 1000 is matched only by the shader's dictionary (CASE values are
// boundaries of the selector). The UIF on an immediate goes one way only.
// (Canonical tgsi_dump text: the printer must reproduce it.)
constexpr const char* kBranchy = R"(VERT
DCL IN[0]
DCL OUT[0]
DCL TEMP[0]
IMM[0] UINT32 {1000, 1, 0, 0}
  0: MOV TEMP[0], IMM[0].zzzz
  1: USLT TEMP[0].x, IN[0].xxxx, IMM[0].yyyy
  2: UIF TEMP[0].xxxx
  3:   MOV TEMP[0].y, IMM[0].yyyy
  4: ENDIF
  5: SWITCH IN[0].yyyy
  6: CASE IMM[0].xxxx
  7: MOV TEMP[0].z, IMM[0].yyyy
  8: BRK
  9: ENDSWITCH
 10: UIF IMM[0].yyyy
 11:   UMUL TEMP[0].w, IN[0].yyyy, IMM[0].yyyy
 12: ENDIF
 13: MOV OUT[0], TEMP[0]
 14: END
)";

TEST(ShaderRun, EntryCountsBranchesAndReasons) {
  const ShaderRun run = RunShader(Entry("shaders/branchy.tgsi", kBranchy), Options(8));
  const json& s = run.shader;
  ASSERT_EQ(s["verdict"], "pass") << s.dump();
  EXPECT_EQ(s["branches"]["total"], 3u);      // the two UIFs and the CASE
  EXPECT_EQ(s["branches"]["both_ways"], 2u);  // not the UIF on an immediate
  EXPECT_FALSE(s.contains("relative_addressing"));
  EXPECT_FALSE(s.contains("reasons")) << s.dump();  // nothing flagged
  EXPECT_EQ(s["checks"]["a3xx/naive"]["verdict"], "pass") << s.dump();
}

TEST(ShaderRun, RelativeAddressingAndIndexOutOfRangeAreCounted) {
  // CONST[ADDR[0].x] over CONST[0..1] with ADDR from IN[0].x: the generator
  // keeps IN[0].x in 0..1 in 7 lanes of 8 and puts it just outside in the
  // others, flagged index-out-of-range.
  const ShaderRun run = RunShader(Entry("shaders/rel.tgsi", R"(VERT
DCL IN[0]
DCL OUT[0]
DCL CONST[0..1]
DCL ADDR[0]
  0: ARL ADDR[0].x, IN[0].xxxx
  1: MOV OUT[0], CONST[ADDR[0].x]
  2: END
)"),
                                  Options(16));
  const json& s = run.shader;
  EXPECT_EQ(s["relative_addressing"], true);
  EXPECT_EQ(s["branches"]["total"], 0u);
  ASSERT_TRUE(s.contains("reasons")) << s.dump();
  const uint64_t out_of_range = s["reasons"].value("index-out-of-range", uint64_t{0});
  EXPECT_GT(out_of_range, 0u) << s.dump();
  EXPECT_LT(out_of_range * 4, s["components"].get<uint64_t>()) << s.dump();
  uint64_t flagged = 0;
  for (const auto& [code, n] : s["reasons"].items()) flagged += n.get<uint64_t>();
  EXPECT_EQ(flagged, s["undefined"].get<uint64_t>() + s["inexact"].get<uint64_t>());

  const json summary = Summarize({s, RunShader(Entry("shaders/branchy.tgsi", kBranchy), Options(8)).shader});
  EXPECT_EQ(summary["branches"]["total"], 3u);
  EXPECT_EQ(summary["branches"]["both_ways"], 2u);
  EXPECT_EQ(summary["relative_addressing"]["shaders"], 1u);
  EXPECT_EQ(summary["relative_addressing"]["output_components"], s["components"]);
  EXPECT_EQ(summary["relative_addressing"]["index_out_of_range"], out_of_range);
  EXPECT_EQ(summary["reasons"]["index-out-of-range"], out_of_range);
}

// Loops while counter < IN[0].x, adding IN[0].y: forever in a lane whose
// step is 0 and bound positive, which some vectors have and others not.
constexpr const char* kSometimesForever = R"(VERT
DCL IN[0]
DCL OUT[0]
DCL TEMP[0..1]
IMM[0] UINT32 {0, 0, 0, 0}
  0: MOV TEMP[0].x, IMM[0].xxxx
  1: BGNLOOP
  2:   ISGE TEMP[1].x, TEMP[0].xxxx, IN[0].xxxx
  3:   UIF TEMP[1].xxxx
  4:     BRK
  5:   ENDIF
  6:   UADD TEMP[0].x, TEMP[0].xxxx, IN[0].yyyy
  7: ENDLOOP
  8: MOV OUT[0], TEMP[0].xxxx
  9: END
)";

TEST(ShaderRun, AVectorThatLoopsForeverIsRecordedAndSkipped) {
  const ShaderRunOptions options = Options(16, 2000);
  const ShaderRun run = RunShader(Entry("shaders/loop.tgsi", kSometimesForever), options);
  const json& s = run.shader;
  ASSERT_TRUE(s.contains("timeouts")) << s.dump();
  const uint64_t count = s["timeouts"]["count"];
  EXPECT_GT(count, 0u);
  EXPECT_LT(count, 16u) << "some vector must terminate for this test to mean anything";
  EXPECT_EQ(s["timeouts"]["vectors"].size(), count);
  EXPECT_EQ(s["verdict"], "pass") << s.dump();
  EXPECT_FALSE(s.contains("detail"));
  for (const char* config : {"a3xx/naive", "a3xx/opt"}) {
    EXPECT_EQ(s["checks"][config]["verdict"], "pass") << config << ": " << s.dump();
    EXPECT_EQ(s["checks"][config]["vectors_run"].get<uint64_t>() + count, 16u) << config;
  }
  // The recorded command names the first timed-out vector.
  const uint32_t first = s["timeouts"]["vectors"][0];
  const harness::VectorChoice choice =
      harness::ChooseVector(options.reference, harness::HashText(kSometimesForever), first, tgsi::Shader{});
  EXPECT_EQ(s["timeouts"]["reproduce"],
            "shaderdiff interp corpus/shaders/loop.tgsi --seed " + std::to_string(choice.seed) + " --lanes 8" +
                (choice.edges ? " --edges" : ""));
}

TEST(ShaderRun, EveryVectorLoopingForeverIsUntestedNotPass) {
  const ShaderRun run = RunShader(Entry("shaders/forever.tgsi", R"(VERT
DCL IN[0]
DCL OUT[0]
  0: BGNLOOP
  1: ENDLOOP
  2: MOV OUT[0], IN[0]
  3: END
)"),
                                  Options(4, 500));
  const json& s = run.shader;
  EXPECT_EQ(s["verdict"], "untested") << s.dump();
  EXPECT_NE(s.value("detail", "").find("every vector (4) exhausted the interpreter budget"), std::string::npos);
  EXPECT_EQ(s["timeouts"]["count"], 4u);
  for (const char* config : {"a3xx/naive", "a3xx/opt"}) {
    EXPECT_EQ(s["checks"][config]["verdict"], "untested") << config << ": " << s.dump();
    EXPECT_EQ(s["checks"][config]["vectors_run"], 0u);
    EXPECT_FALSE(s["checks"][config].contains("reproduce"));
  }
  EXPECT_FALSE(IsFailure(harness::Verdict::kUntested));
  EXPECT_TRUE(IsFailure(harness::Verdict::kTimeout));
}

TEST(ShaderRun, ExplorationLeavesTheStableEntryAloneAndAddsCoverage) {
  const ShaderRunOptions stable = Options(4);
  ShaderRunOptions explore = stable;
  explore.explore_seed = 77;
  const json a = RunShader(Entry("shaders/branchy.tgsi", kBranchy), stable).shader;
  json b = RunShader(Entry("shaders/branchy.tgsi", kBranchy), explore).shader;
  ASSERT_TRUE(b.contains("explore")) << b.dump();
  const json x = b["explore"];
  EXPECT_EQ(x["findings"], json::array());  // a correct compiler: nothing found
  EXPECT_EQ(x["branches"]["total"], a["branches"]["total"]);
  EXPECT_GE(x["branches"]["both_ways"], a["branches"]["both_ways"]);
  b.erase("explore");
  EXPECT_EQ(a, b);  // the stable entry is the same with or without exploration
}

TEST(ShaderRun, AFailureOnlyTheExplorationShowsIsAFinding) {
  // A test fault that breaks the optimizing build's program from its second
  // compile on: the stable check compiles first and passes, the
  // exploration's compile is broken, as a bug only its vectors reach would.
  ShaderRunOptions options = Options(4);
  options.explore_seed = 77;
  for (CheckPlan& plan : options.checks) {
    if (plan.options.build != harness::Build::kOptimizing) continue;
    plan.options.post_compile = [calls = std::make_shared<int>(0)](a3xx::Program& p) {
      if (++*calls > 1) p.instrs.clear();
    };
  }
  const json s = RunShader(Entry("shaders/branchy.tgsi", kBranchy), options).shader;
  EXPECT_EQ(s["checks"]["a3xx/opt"]["verdict"], "pass") << s.dump();
  const json& findings = s["explore"]["findings"];
  ASSERT_EQ(findings.size(), 1u) << s.dump();
  EXPECT_EQ(findings[0]["config"], "a3xx/opt");
  EXPECT_NE(findings[0]["verdict"], "pass");
  EXPECT_EQ(findings[0]["reproduce"], "repro --seed 77");  // the exploration seed's command
  EXPECT_EQ(Summarize({s})["explore"]["findings"], 1u);
  EXPECT_FALSE(Summarize({RunShader(Entry("shaders/branchy.tgsi", kBranchy), Options(4)).shader}).contains("explore"));
}

}  // namespace
}  // namespace shaderdiff::nightly
