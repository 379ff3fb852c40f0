// libFuzzer target: TGSI text through the a3xx optimizing build
// (compile_fuzz.h says what is a result and what a finding).
#include "fuzz/libfuzzer/compile_fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  shaderdiff::fuzz::CompileOneInput(data, size, /*optimizing=*/true);
  return 0;
}
