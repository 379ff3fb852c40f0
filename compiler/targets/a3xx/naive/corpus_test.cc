// Every corpus shader compiles to kOk or to kUnsupported naming a feature,
// never kError; every kOk program validates and encodes. The log shows the
// ok/unsupported counts and the most frequent unsupported reasons.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <vector>

#include "compiler/targets/a3xx/naive/test_util.h"
#include "compiler/tgsi/parser.h"

namespace shaderdiff::naive {
namespace {

constexpr char kCorpusDir[] = "corpus/shaders";  // relative to the runfiles root

std::vector<std::filesystem::path> CorpusFiles() {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(kCorpusDir)) {
    if (entry.path().extension() == ".tgsi") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(Corpus, EveryShaderCompilesOrIsUnsupportedByName) {
  const std::vector<std::filesystem::path> files = CorpusFiles();
  ASSERT_GT(files.size(), 1000u) << "the corpus should not be (nearly) empty";
  size_t ok = 0, unsupported = 0, instrs = 0;
  std::map<std::string, size_t> reasons;
  for (const auto& path : files) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    tgsi::ParseResult parsed = tgsi::ParseShader(text.str());
    ASSERT_TRUE(parsed.ok()) << path;
    const CompileResult r = CompileA3xxNaive(parsed.shader);
    switch (r.status) {
      case CompileStatus::kOk:
        ++ok;
        instrs += r.program.instrs.size();
        EXPECT_EQ(testing::CheckProgram(r.program), std::nullopt) << path;
        EXPECT_EQ(r.source_map.size(), r.program.instrs.size()) << path;
        break;
      case CompileStatus::kUnsupported:
        ++unsupported;
        EXPECT_FALSE(r.detail.empty()) << path;
        EXPECT_TRUE(r.program.instrs.empty()) << path;
        ++reasons[r.detail];
        break;
      case CompileStatus::kError:
        ADD_FAILURE() << path << ": " << r.detail;
        break;
    }
  }
  std::vector<std::pair<size_t, std::string>> top;
  for (const auto& [reason, n] : reasons) top.emplace_back(n, reason);
  std::sort(top.rbegin(), top.rend());
  std::cout << "corpus: " << files.size() << " shaders, " << ok << " ok, " << unsupported << " unsupported; "
            << instrs << " a3xx instructions in the ok programs\n";
  for (size_t i = 0; i < top.size() && i < 20; ++i) {
    std::cout << "  unsupported " << top[i].first << "x: " << top[i].second << "\n";
  }
  // The naive build is meant to cover the large majority of the corpus.
  EXPECT_GT(ok, files.size() * 9 / 10);
}

}  // namespace
}  // namespace shaderdiff::naive
