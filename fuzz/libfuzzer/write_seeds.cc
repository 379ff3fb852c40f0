// write_seeds: writes one libFuzzer target's seed corpus (seeds.h) into a
// directory, one file per seed (seed-00000, ...), and optionally its
// dictionary. Used by run_libfuzzer.sh and replay_test.sh.
//
//   write_seeds --target NAME --out DIR [--dict FILE] [--max-shaders N] ROOT...
//
// Exit 0 with "N seeds" on stdout; 2 for a bad command line (unknown target,
// no ROOT); 1 when a file cannot be written or no seed came out.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "fuzz/libfuzzer/seeds.h"

namespace {

int Usage(const std::string& why) {
  std::fprintf(stderr, "write_seeds: %s\nusage: write_seeds --target NAME --out DIR [--dict FILE] [--max-shaders N] ROOT...\n",
               why.c_str());
  return 2;
}

bool Write(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
  out.close();
  if (!out) std::fprintf(stderr, "write_seeds: %s: cannot write\n", path.c_str());
  return static_cast<bool>(out);
}

}  // namespace

int main(int argc, char** argv) {
  std::string target, out, dict;
  size_t max_shaders = 0;
  std::vector<std::string> roots;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (a == "--target") target = value();
    else if (a == "--out") out = value();
    else if (a == "--dict") dict = value();
    else if (a == "--max-shaders") max_shaders = std::strtoull(value().c_str(), nullptr, 10);
    else if (a.starts_with("--")) return Usage("unknown option " + a);
    else roots.push_back(a);
  }
  if (target.empty() || out.empty() || roots.empty()) return Usage("--target, --out and a ROOT are required");
  const std::optional<std::vector<std::string>> seeds = shaderdiff::fuzz::MakeSeeds(target, roots, max_shaders);
  if (!seeds) return Usage("unknown target " + target);
  std::filesystem::create_directories(out);
  for (size_t i = 0; i < seeds->size(); ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "seed-%05zu", i);
    if (!Write(std::filesystem::path(out) / name, (*seeds)[i])) return 1;
  }
  if (!dict.empty()) {
    const std::string text = shaderdiff::fuzz::MakeDictionary(target);
    if (!text.empty() && !Write(dict, text)) return 1;
  }
  std::printf("%zu seeds\n", seeds->size());
  if (seeds->empty()) {
    std::fprintf(stderr, "write_seeds: no seed for %s\n", target.c_str());
    return 1;
  }
  return 0;
}
