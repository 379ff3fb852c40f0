// Whole-corpus checks of the front end: every shipped shader parses,
// validates (the front door every command applies: the shipped shaders are
// real, valid programs), prints back byte for byte (the files are Mesa's
// canonical dumps), and agrees with its manifest entry (file name = XXH64 of
// the text, stage, instruction count).
#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include <nlohmann/json.hpp>

#include "compiler/tgsi/parser.h"
#include "compiler/tgsi/printer.h"
#include "compiler/tgsi/validate.h"
#include "tools/harness/corpus.h"

namespace shaderdiff {
namespace {

constexpr char kCorpus[] = "corpus";

TEST(Corpus, EveryShaderParsesAndPrintsBackByteForByte) {
  harness::Corpus corpus;
  std::string error;
  ASSERT_TRUE(harness::LoadCorpus(kCorpus, &corpus, &error)) << error;
  ASSERT_GT(corpus.entries.size(), 1000u) << "the corpus should not be (nearly) empty";
  size_t failures = 0;
  for (const harness::CorpusEntry& e : corpus.entries) {
    tgsi::ParseResult r = tgsi::ParseShader(e.text);
    if (!r.ok()) {
      ADD_FAILURE() << r.error->ToString(e.name);
    } else if (tgsi::PrintShader(r.shader) != e.text) {
      ADD_FAILURE() << e.name << ": printing does not reproduce the file";
    } else {
      continue;
    }
    if (++failures > 20) FAIL() << "too many failures";
  }
}

TEST(Corpus, EveryShaderValidates) {
  harness::Corpus corpus;
  std::string error;
  ASSERT_TRUE(harness::LoadCorpus(kCorpus, &corpus, &error)) << error;
  size_t failures = 0;
  for (const harness::CorpusEntry& e : corpus.entries) {
    const tgsi::FrontDoorResult r = tgsi::ParseAndValidate(e.text);
    if (r.ok()) continue;
    ADD_FAILURE() << r.errors.front().ToString(e.name);
    if (++failures > 20) FAIL() << "too many failures";
  }
}

TEST(Corpus, ManifestMatchesTheFiles) {
  std::ifstream in(std::string(kCorpus) + "/manifest.json");
  ASSERT_TRUE(in) << "corpus/manifest.json is missing";
  nlohmann::json manifest = nlohmann::json::parse(in, nullptr, false);
  ASSERT_FALSE(manifest.is_discarded());
  ASSERT_TRUE(manifest["shaders"].is_array());

  harness::Corpus corpus;
  std::string error;
  ASSERT_TRUE(harness::LoadCorpus(kCorpus, &corpus, &error)) << error;
  std::set<std::string> listed;
  for (const auto& s : manifest["shaders"]) {
    const std::string file = s["file"];
    listed.insert(file);
    auto it = std::find_if(corpus.entries.begin(), corpus.entries.end(),
                           [&](const harness::CorpusEntry& e) { return e.name == file; });
    ASSERT_NE(it, corpus.entries.end()) << file << " is in the manifest but not on disk";
    EXPECT_EQ(harness::HashHex(it->hash), s["hash"].get<std::string>()) << file;
    EXPECT_EQ("shaders/" + harness::HashHex(it->hash) + ".tgsi", file);
    tgsi::ParseResult r = tgsi::ParseShader(it->text);
    ASSERT_TRUE(r.ok()) << file;
    EXPECT_EQ(std::string(tgsi::Name(r.shader.processor)), s["stage"].get<std::string>()) << file;
    EXPECT_EQ(r.shader.instructions.size(), s["instructions"].get<size_t>()) << file;
  }
  for (const harness::CorpusEntry& e : corpus.entries)
    EXPECT_TRUE(listed.count(e.name)) << e.name << " is on disk but not in the manifest";
}

}  // namespace
}  // namespace shaderdiff
