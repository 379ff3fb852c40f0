// Loading a shader corpus (see corpus.h).
#include "tools/harness/corpus.h"

#include <xxhash.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace shaderdiff::harness {

namespace fs = std::filesystem;

uint64_t HashText(const std::string& text) { return XXH64(text.data(), text.size(), 0); }

std::string HashHex(uint64_t hash) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(hash));
  return buf;
}

bool LoadCorpus(const std::string& root, Corpus* corpus, std::string* error) {
  *corpus = Corpus{};
  corpus->root = root;
  std::error_code ec;
  if (!fs::is_directory(root, ec)) {
    *error = root + ": not a directory";
    return false;
  }
  std::vector<fs::path> files;
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    if (it->is_regular_file(ec) && it->path().extension() == ".tgsi") files.push_back(it->path());
  }
  if (ec) {
    *error = root + ": " + ec.message();
    return false;
  }
  std::sort(files.begin(), files.end());
  XXH64_state_t* state = XXH64_createState();
  XXH64_reset(state, 0);
  for (const fs::path& file : files) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in) {
      XXH64_freeState(state);
      *error = file.string() + ": cannot read";
      return false;
    }
    CorpusEntry e;
    e.path = file.string();
    e.name = file.lexically_relative(root).string();  // lexical: runfiles are symlinks
    e.text = text.str();
    e.hash = HashText(e.text);
    XXH64_update(state, e.name.data(), e.name.size() + 1);
    XXH64_update(state, &e.hash, sizeof e.hash);
    corpus->entries.push_back(std::move(e));
  }
  corpus->hash = XXH64_digest(state);
  XXH64_freeState(state);
  return true;
}

}  // namespace shaderdiff::harness
