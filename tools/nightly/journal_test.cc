#include "tools/nightly/journal.h"

#include <cstdlib>
#include <fstream>

#include <gtest/gtest.h>

namespace shaderdiff::nightly {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

fs::path TempPath(const std::string& name) {
  const char* dir = std::getenv("TEST_TMPDIR");
  return fs::path(dir ? dir : "/tmp") / name;
}

const json kRun = {{"seed", 7}, {"settings", {{"vectors", 4}}}};

JournalEntry Entry(const std::string& file) { return {file, "00ff", json{{"file", file}, {"verdict", "pass"}}}; }

std::string ReadAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(Journal, RoundTrip) {
  const fs::path path = TempPath("round_trip.jsonl");
  {
    JournalWriter w;
    std::string error;
    ASSERT_TRUE(w.Open(path, kRun, {}, &error)) << error;
    ASSERT_TRUE(w.Append(3, Entry("b.tgsi"), &error)) << error;
    ASSERT_TRUE(w.Append(1, Entry("a.tgsi"), &error)) << error;
  }
  JournalEntries entries;
  bool torn = true;
  std::string error;
  ASSERT_TRUE(LoadJournal(path, kRun, &entries, &torn, &error)) << error;
  EXPECT_FALSE(torn);
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries.at(1).file, "a.tgsi");
  EXPECT_EQ(entries.at(3).shader["file"], "b.tgsi");
}

TEST(Journal, TornLastLineIsDroppedAndRewritten) {
  const fs::path path = TempPath("torn.jsonl");
  std::string error;
  {
    JournalWriter w;
    ASSERT_TRUE(w.Open(path, kRun, {}, &error)) << error;
    ASSERT_TRUE(w.Append(0, Entry("a.tgsi"), &error)) << error;
  }
  { std::ofstream(path, std::ios::app) << R"({"index": 1, "file": "b.t)"; }
  JournalEntries entries;
  bool torn = false;
  ASSERT_TRUE(LoadJournal(path, kRun, &entries, &torn, &error)) << error;
  EXPECT_TRUE(torn);
  EXPECT_EQ(entries.size(), 1u);
  {
    JournalWriter w;  // reopening rewrites without the torn line
    ASSERT_TRUE(w.Open(path, kRun, entries, &error)) << error;
    ASSERT_TRUE(w.Append(1, Entry("b.tgsi"), &error)) << error;
  }
  ASSERT_TRUE(LoadJournal(path, kRun, &entries, &torn, &error)) << error;
  EXPECT_FALSE(torn);
  EXPECT_EQ(entries.size(), 2u);
  EXPECT_EQ(ReadAll(path).find("b.t\""), std::string::npos);
}

TEST(Journal, RefusesAnotherRunsJournal) {
  const fs::path path = TempPath("other.jsonl");
  std::string error;
  {
    JournalWriter w;
    ASSERT_TRUE(w.Open(path, kRun, {}, &error)) << error;
  }
  JournalEntries entries;
  bool torn = false;
  json other = kRun;
  other["seed"] = 8;
  EXPECT_FALSE(LoadJournal(path, other, &entries, &torn, &error));
  EXPECT_NE(error.find("another seed"), std::string::npos) << error;
}

TEST(Journal, RejectsMalformedAndDuplicateLines) {
  const fs::path path = TempPath("bad.jsonl");
  std::string error;
  {
    JournalWriter w;
    ASSERT_TRUE(w.Open(path, kRun, {}, &error)) << error;
    ASSERT_TRUE(w.Append(0, Entry("a.tgsi"), &error)) << error;
    ASSERT_TRUE(w.Append(0, Entry("a.tgsi"), &error)) << error;
  }
  JournalEntries entries;
  bool torn = false;
  EXPECT_FALSE(LoadJournal(path, kRun, &entries, &torn, &error));
  EXPECT_NE(error.find(":3: shader index 0 appears twice"), std::string::npos) << error;
  { std::ofstream(path, std::ios::trunc) << "{\"journal\": 1, \"run\": " << kRun.dump() << "}\nnot json\n"; }
  EXPECT_FALSE(LoadJournal(path, kRun, &entries, &torn, &error));
  EXPECT_NE(error.find(":2: malformed"), std::string::npos) << error;
  { std::ofstream(path, std::ios::trunc) << "hello\n"; }
  EXPECT_FALSE(LoadJournal(path, kRun, &entries, &torn, &error));
  EXPECT_NE(error.find("not a shaderdiff nightly journal"), std::string::npos) << error;
}

}  // namespace
}  // namespace shaderdiff::nightly
