// Golden assembly of the naive translator, so a template change is visible
// in review: for every testdata/NAME.tgsi the whole compiled program, as the
// a3xx disassembler prints it (a3xx::Disassemble), with "; N: <TGSI>" lines
// marking where each TGSI instruction's code starts, must equal
// testdata/NAME.golden.
//
// Bless (rewrite the .golden files from the current translator):
//   bazel run //compiler/targets/a3xx/naive:golden_test -- --bless
//
// Register layout (register_map.h): r0 i/j, r1 K {0.0, 1.0, 0x80000000,
// 0x7fffffff}, r2 R (results), r3..r6 S0..S3 (sources), r7..r9 T0..T2, then
// IN, SV, OUT, TEMP, ADDR from r10; hr0.x feeds mova.
#include <gtest/gtest.h>

#include <string>

#include "compiler/passes/golden_bless.h"
#include "compiler/passes/golden_file.h"
#include "compiler/targets/a3xx/naive/test_util.h"

namespace shaderdiff::naive {
namespace {

constexpr char kTestdata[] = "compiler/targets/a3xx/naive/testdata";

class Golden : public ::testing::TestWithParam<std::string> {};

TEST_P(Golden, ListingMatches) {
  const std::string name = GetParam();
  const std::string tgsi = compiler::ReadGoldenText(std::string(kTestdata) + "/" + name + ".tgsi");
  ASSERT_FALSE(tgsi.empty()) << name;
  const CompileResult r = testing::CompileText(tgsi);
  ASSERT_EQ(r.status, CompileStatus::kOk) << r.detail;
  EXPECT_EQ(testing::CheckProgram(r.program), std::nullopt);
  const std::string listing = testing::Listing(r, tgsi, /*body_only=*/false);
  compiler::BlessOrCompareFile(std::string(kTestdata) + "/" + name + ".golden", listing,
                               "//compiler/targets/a3xx/naive:golden_test", name);
}

INSTANTIATE_TEST_SUITE_P(Templates, Golden,
                         ::testing::Values("mov_swizzle_negate", "mad", "dp3", "uif_else", "loop_brk", "tex_2d", "tex_cube", "tex_rect",
                                           "uarl_relative", "umul_idiv", "kill_if"),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace shaderdiff::naive

int main(int argc, char** argv) { return shaderdiff::compiler::GoldenTestMain(argc, argv); }
