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

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "compiler/targets/a3xx/naive/test_util.h"

namespace shaderdiff::naive {
namespace {

bool g_bless = false;

constexpr char kTestdata[] = "compiler/targets/a3xx/naive/testdata";

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class Golden : public ::testing::TestWithParam<std::string> {};

TEST_P(Golden, ListingMatches) {
  const std::string name = GetParam();
  const std::string tgsi = ReadFile(std::filesystem::path(kTestdata) / (name + ".tgsi"));
  ASSERT_FALSE(tgsi.empty()) << name;
  const CompileResult r = testing::CompileText(tgsi);
  ASSERT_EQ(r.status, CompileStatus::kOk) << r.detail;
  EXPECT_EQ(testing::CheckProgram(r.program), std::nullopt);
  const std::string listing = testing::Listing(r, tgsi, /*body_only=*/false);
  if (g_bless) {
    const char* workspace = std::getenv("BUILD_WORKSPACE_DIRECTORY");
    ASSERT_NE(workspace, nullptr) << "--bless needs `bazel run`";
    std::ofstream(std::filesystem::path(workspace) / kTestdata / (name + ".golden")) << listing;
    return;
  }
  EXPECT_EQ(listing, ReadFile(std::filesystem::path(kTestdata) / (name + ".golden")))
      << "to accept the new output: bazel run //compiler/targets/a3xx/naive:golden_test -- --bless";
}

INSTANTIATE_TEST_SUITE_P(Templates, Golden,
                         ::testing::Values("mov_swizzle_negate", "mad", "dp3", "uif_else", "loop_brk", "tex_2d", "tex_cube", "tex_rect",
                                           "uarl_relative", "umul_idiv", "kill_if"),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace shaderdiff::naive

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--bless") == 0) shaderdiff::naive::g_bless = true;
  }
  return RUN_ALL_TESTS();
}
