// Golden text tests of the optimizing pipeline: each case in
// compiler/testdata/opt/*.tgsi is a TGSI shader whose '# dump:' directive
// names the passes to show (compile --dump-after); the expected text is the
// IR after each of those passes plus the final program. Cases focus on one
// pass each, so a change to one pass only moves the goldens that show it.
//
// Also checked on every case: the program passes the differential check
// with hazards trapping (so a golden can never bless wrong code).
//
// Bless (after an intended change): bazel run //compiler:opt_golden_test -- --bless
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "compiler/passes/golden_bless.h"
#include "compiler/passes/golden_file.h"
#include "compiler/pipeline.h"
#include "compiler/tgsi/parser.h"
#include "emulator/a3xx/isa/disasm.h"
#include "tools/harness/check.h"
#include "tools/harness/corpus.h"

namespace shaderdiff::compiler {
namespace {

constexpr char kTestdata[] = "compiler/testdata/opt";
constexpr char kPass[] = "opt";

std::string ReadText(const std::filesystem::path& path) { return ReadGoldenText(path.string()); }

std::vector<std::string> CaseNames() { return GoldenCaseNames(kTestdata); }

class OptGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(OptGolden, DumpsMatch) {
  const std::string name = GetParam();
  const GoldenFile golden = ParseGolden(ReadText(std::filesystem::path(kTestdata) / (name + ".tgsi")), kPass);
  tgsi::ParseResult parsed = tgsi::ParseShader(golden.input);
  ASSERT_TRUE(parsed.ok()) << parsed.error->ToString(name);
  OptOptions options;
  options.dump_after = GoldenDirective(golden, "dump");
  ASSERT_FALSE(options.dump_after.empty()) << name << ": needs a '# dump: PASS...' line";
  for (const std::string& p : options.dump_after) {
    const bool known = std::any_of(OptPasses().begin(), OptPasses().end(), [&](const auto& i) { return i.name == p; });
    ASSERT_TRUE(known) << name << ": no pass named " << p;
  }
  OptResult r = CompileA3xxOpt(parsed.shader, options);
  ASSERT_EQ(r.status, naive::CompileStatus::kOk) << r.failed_pass << ": " << r.detail;
  std::string text = r.dumps + "=== program ===\n";
  for (const a3xx::Instr& in : r.program.instrs) text += a3xx::Disassemble(in) + "\n";

  harness::CheckOptions check;
  check.build = harness::Build::kOptimizing;
  check.vectors = 4;
  check.hazards = a3xx::HazardMode::kTrap;
  const harness::CheckOutcome o = harness::CheckShader(parsed.shader, harness::HashText(golden.input), check);
  EXPECT_EQ(o.verdict, harness::Verdict::kPass) << name << ": " << o.detail;

  BlessOrCompare(golden, kPass, std::string(kTestdata) + "/" + name + ".tgsi", text, "//compiler:opt_golden_test", name);
}

INSTANTIATE_TEST_SUITE_P(Pipeline, OptGolden, ::testing::ValuesIn(CaseNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

// Every pass of the pipeline is shown by at least one golden case.
TEST(OptGoldenCoverage, EveryPassHasACase) {
  std::set<std::string> shown;
  for (const auto& n : CaseNames()) {
    for (const std::string& p : GoldenDirective(ParseGolden(ReadText(std::filesystem::path(kTestdata) / (n + ".tgsi")), kPass), "dump")) {
      shown.insert(p);
    }
  }
  for (const OptPassInfo& p : OptPasses()) EXPECT_TRUE(shown.count(p.name)) << "no golden case dumps " << p.name;
}

}  // namespace
}  // namespace shaderdiff::compiler

int main(int argc, char** argv) { return shaderdiff::compiler::GoldenTestMain(argc, argv); }
