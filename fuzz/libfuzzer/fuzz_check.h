// FUZZ_CHECK: a property a fuzz target asserts about what it ran. A broken
// property prints the message and aborts, so libFuzzer reports a deadly
// signal and writes the input as crash-<sha1> (and the standalone replay
// driver, standalone_main.cc, dies with it): a finding, like a sanitizer
// report. Refused inputs are results, never FUZZ_CHECK failures.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

namespace shaderdiff::fuzz {

[[noreturn]] inline void PropertyBroken(const char* property, const std::string& detail) {
  std::fprintf(stderr, "fuzz property broken: %s\n%s\n", property, detail.c_str());
  std::fflush(stderr);
  std::abort();
}

}  // namespace shaderdiff::fuzz

#define FUZZ_CHECK(cond, detail)                                          \
  do {                                                                    \
    if (!(cond)) ::shaderdiff::fuzz::PropertyBroken(#cond, (detail));     \
  } while (0)
