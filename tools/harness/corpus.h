// Loading a shader corpus: a folder with manifest.json (as written by
// tools/capture) or, without one, every *.tgsi file below it.
//
// Invariant: entries come back sorted by file path, so every run over the
// same corpus visits shaders in the same order.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace shaderdiff::harness {

struct CorpusEntry {
  std::string path;   // absolute or relative to the current directory
  std::string name;   // path relative to the corpus folder
  std::string text;   // the file's contents
  uint64_t hash = 0;  // XXH64 (seed 0) of the text
};

struct Corpus {
  std::string root;
  std::vector<CorpusEntry> entries;
  uint64_t hash = 0;  // XXH64 over the entries' names and hashes, in order
};

// Returns false with *error set when the folder or a file cannot be read.
bool LoadCorpus(const std::string& root, Corpus* corpus, std::string* error);

uint64_t HashText(const std::string& text);
std::string HashHex(uint64_t hash);  // 16 lowercase hex digits

}  // namespace shaderdiff::harness
