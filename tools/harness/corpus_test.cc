// Tests of corpus loading: ordering, hashing, errors.
#include <gtest/gtest.h>

#include <xxhash.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "tools/harness/corpus.h"

namespace shaderdiff::harness {
namespace {

namespace fs = std::filesystem;

fs::path TempDir(const char* name) {
  fs::path dir = fs::path(std::getenv("TEST_TMPDIR") ? std::getenv("TEST_TMPDIR") : "/tmp") / name;
  fs::remove_all(dir);
  fs::create_directories(dir / "sub");
  return dir;
}

void Write(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

TEST(Corpus, LoadsTgsiFilesSortedWithHashes) {
  fs::path dir = TempDir("corpus_sorted");
  Write(dir / "b.tgsi", "FRAG\n  0: END\n");
  Write(dir / "a.tgsi", "VERT\n  0: END\n");
  Write(dir / "sub" / "c.tgsi", "GEOM\n  0: END\n");
  Write(dir / "notes.txt", "ignored");
  Corpus c;
  std::string error;
  ASSERT_TRUE(LoadCorpus(dir.string(), &c, &error)) << error;
  ASSERT_EQ(c.entries.size(), 3u);
  EXPECT_EQ(c.entries[0].name, "a.tgsi");
  EXPECT_EQ(c.entries[1].name, "b.tgsi");
  EXPECT_EQ(c.entries[2].name, "sub/c.tgsi");
  EXPECT_EQ(c.entries[0].text, "VERT\n  0: END\n");
  std::string t = "VERT\n  0: END\n";
  EXPECT_EQ(c.entries[0].hash, XXH64(t.data(), t.size(), 0));
  EXPECT_EQ(HashHex(0x1234), "0000000000001234");

  // The corpus hash changes when any file changes.
  uint64_t before = c.hash;
  Write(dir / "b.tgsi", "FRAG\n  0: NOP\n  1: END\n");
  ASSERT_TRUE(LoadCorpus(dir.string(), &c, &error));
  EXPECT_NE(c.hash, before);
}

TEST(Corpus, MissingFolderIsAnError) {
  Corpus c;
  std::string error;
  EXPECT_FALSE(LoadCorpus("/nonexistent/shaderdiff/corpus", &c, &error));
  EXPECT_NE(error.find("not a directory"), std::string::npos);
}

}  // namespace
}  // namespace shaderdiff::harness
