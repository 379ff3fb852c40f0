// Test helper: loads compiler/tgsi/testdata/*.tgsi from the runfiles tree.
#include "compiler/tgsi/testdata_util.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace shaderdiff::tgsi::testing {

std::vector<std::pair<std::string, std::string>> LoadTestdata() {
  namespace fs = std::filesystem;
  std::vector<fs::path> candidates = {"compiler/tgsi/testdata"};
  if (const char* srcdir = std::getenv("TEST_SRCDIR")) {
    candidates.push_back(fs::path(srcdir) / "shaderdiff/compiler/tgsi/testdata");
  }
  std::vector<std::pair<std::string, std::string>> files;
  for (const fs::path& dir : candidates) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) continue;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      if (entry.path().extension() != ".tgsi") continue;
      std::ifstream in(entry.path(), std::ios::binary);
      std::ostringstream text;
      text << in.rdbuf();
      files.emplace_back(entry.path().filename().string(), text.str());
    }
    if (!files.empty()) break;
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace shaderdiff::tgsi::testing
