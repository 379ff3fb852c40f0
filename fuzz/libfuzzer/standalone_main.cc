// The replay driver linked into a fuzz target when libFuzzer is not
// (every build but --config=fuzz): runs LLVMFuzzerTestOneInput once on each
// file named, or on each file of each directory named (sorted, not
// recursive), as libFuzzer does with file arguments. A crash, sanitizer
// report or FUZZ_CHECK failure ends it as it would end libFuzzer; otherwise
// it prints how many inputs ran and exits 0. Running no input at all is an
// error (exit 1): a replay that checked nothing must not pass.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

bool RunFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "%s: cannot read\n", path.c_str());
    return false;
  }
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  size_t ran = 0;
  for (int i = 1; i < argc; ++i) {
    const std::filesystem::path arg = argv[i];
    if (arg.string().starts_with("-")) continue;  // libFuzzer flags: ignored here
    std::vector<std::filesystem::path> files;
    std::error_code ec;
    if (std::filesystem::is_directory(arg, ec)) {
      for (const auto& entry : std::filesystem::directory_iterator(arg)) {
        if (entry.is_regular_file()) files.push_back(entry.path());
      }
      std::sort(files.begin(), files.end());
    } else {
      files.push_back(arg);
    }
    for (const auto& f : files) {
      if (!RunFile(f)) return 1;
      ++ran;
    }
  }
  std::printf("%zu inputs ran\n", ran);
  if (ran == 0) {
    std::fprintf(stderr, "no input ran: name files or directories\n");
    return 1;
  }
  return 0;
}
