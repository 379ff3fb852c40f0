// BlessOrCompare and GoldenTestMain (golden_bless.h).
#include "compiler/passes/golden_bless.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <fstream>

namespace shaderdiff::compiler {
namespace {

bool g_bless = false;

std::string BlessCommand(std::string_view target) { return "bazel run " + std::string(target) + " -- --bless"; }

// Writes `text` to `path` under the workspace `bazel run` was started in.
void WriteBlessed(const std::string& path, const std::string& text) {
  const char* workspace = std::getenv("BUILD_WORKSPACE_DIRECTORY");
  ASSERT_NE(workspace, nullptr) << "--bless needs `bazel run` (BUILD_WORKSPACE_DIRECTORY is not set)";
  const std::string full = std::string(workspace) + "/" + path;
  std::ofstream out(full);
  out << text;
  out.close();
  ASSERT_TRUE(out.good()) << "cannot write " << full;
}

}  // namespace

bool Blessing() { return g_bless; }

int GoldenTestMain(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--bless") == 0) g_bless = true;
  }
  return RUN_ALL_TESTS();
}

void BlessOrCompare(const GoldenFile& file, std::string_view pass, const std::string& path, const std::string& actual,
                    std::string_view target, std::string_view name) {
  if (g_bless) {
    GoldenFile blessed = file;
    blessed.expected = actual;
    WriteBlessed(path, FormatGolden(blessed, pass));
    return;
  }
  ASSERT_TRUE(file.has_separator) << name << " has no expected output yet; run " << BlessCommand(target);
  EXPECT_EQ(actual, file.expected) << name << ": to accept the new output: " << BlessCommand(target);
}

void BlessOrCompareFile(const std::string& path, const std::string& actual, std::string_view target,
                        std::string_view name) {
  if (g_bless) {
    WriteBlessed(path, actual);
    return;
  }
  EXPECT_EQ(actual, ReadGoldenText(path)) << name << ": to accept the new output: " << BlessCommand(target);
}

}  // namespace shaderdiff::compiler
