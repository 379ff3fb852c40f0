// Golden text tests of lower_tgsi: for every testdata/lower_tgsi/NAME.tgsi
// (format: golden_file.h) the input is parsed, lowered with the options of
// its "# lower:" line (default: everything), validated, printed, and must
// equal the text after the "=== lower_tgsi ===" line. The printed output
// must also re-parse to itself.
//
// Bless (rewrite the expected halves from the current pass):
//   bazel run //compiler/passes:lower_tgsi_golden_test -- --bless
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "compiler/passes/golden_bless.h"
#include "compiler/passes/golden_file.h"
#include "compiler/passes/lower_tgsi.h"
#include "compiler/passes/run_pass.h"
#include "compiler/tgsi/parser.h"
#include "compiler/tgsi/printer.h"

namespace shaderdiff::compiler {
namespace {

constexpr char kTestdata[] = "compiler/passes/testdata/lower_tgsi";
constexpr char kPass[] = "lower_tgsi";

std::string ReadFile(const std::filesystem::path& path) { return ReadGoldenText(path.string()); }

std::vector<std::string> CaseNames() { return GoldenCaseNames(kTestdata); }

class Golden : public ::testing::TestWithParam<std::string> {};

TEST_P(Golden, OutputMatches) {
  const std::string name = GetParam();
  const GoldenFile golden = ParseGolden(ReadFile(std::filesystem::path(kTestdata) / (name + ".tgsi")), kPass);
  tgsi::ParseResult parsed = tgsi::ParseShader(golden.input);
  ASSERT_TRUE(parsed.ok()) << parsed.error->ToString(name);

  LowerOptions options;
  const std::vector<std::string> only = GoldenDirective(golden, "lower");
  if (!only.empty()) {
    options.lower.clear();
    for (const auto& w : only) {
      auto op = tgsi::FindOpcode(w);
      ASSERT_TRUE(op.has_value()) << "unknown opcode in '# lower:': " << w;
      options.lower.insert(*op);
    }
  }
  tgsi::Shader shader = parsed.shader;
  auto error = RunPass(kPass, &shader, [&](tgsi::Shader* s) {
    LowerResult r = LowerTgsi(*s, options, nullptr);
    *s = std::move(r.shader);
    return r.changed();
  });
  ASSERT_EQ(error, std::nullopt);
  const std::string printed = tgsi::PrintShader(shader);

  tgsi::ParseResult again = tgsi::ParseShader(printed);
  ASSERT_TRUE(again.ok()) << again.error->ToString(name + " (output)");
  EXPECT_EQ(tgsi::PrintShader(again.shader), printed) << "output does not re-print to itself";

  BlessOrCompare(golden, kPass, std::string(kTestdata) + "/" + name + ".tgsi", printed,
                 "//compiler/passes:lower_tgsi_golden_test", name);
}

INSTANTIATE_TEST_SUITE_P(LowerTgsi, Golden, ::testing::ValuesIn(CaseNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

// Every lowerable opcode has at least one golden case.
TEST(GoldenCoverage, EveryLoweredOpcodeHasACase) {
  std::string all;
  for (const auto& n : CaseNames()) all += ParseGolden(ReadFile(std::filesystem::path(kTestdata) / (n + ".tgsi")), kPass).input;
  for (tgsi::Opcode op : LowerableOpcodes()) {
    const std::string name(tgsi::OpcodeName(op));
    EXPECT_TRUE(all.find(" " + name + " ") != std::string::npos || all.find(" " + name + "_SAT ") != std::string::npos)
        << "no golden case uses " << name;
  }
}

}  // namespace
}  // namespace shaderdiff::compiler

int main(int argc, char** argv) { return shaderdiff::compiler::GoldenTestMain(argc, argv); }
