// Regression test for a GCC 12.2 miscompile (see .bazelrc): a function that
// stores through one loop index into arrays of different element types, in a
// struct held by a std::vector, is treated as side-effect free at -O1/-O2 and
// its call is dropped. The project's copts work around it; this test fails
// if they are removed or stop working. Every executor's register file has
// this shape, so a silent recurrence would corrupt results everywhere.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <vector>

// The shape matters: an `inline` (header-style, vague linkage) function shows
// the bug even under -fPIC, which Bazel uses; a static or anonymous-namespace
// one, or a plain external one under -fPIC, does not.
namespace shaderdiff::toolchain_test {

enum class Flag : uint8_t { kClear, kSet };
struct Value {
  uint32_t word;
  Flag a;
  Flag b;
};
struct Lanes {
  uint32_t word[64];
  Flag a[64];
  Flag b[64];
  void Set(int lane, Value v) {
    word[lane] = v.word;
    a[lane] = v.a;
    b[lane] = v.b;
  }
};

inline __attribute__((noinline)) void CopyInputs(std::vector<Lanes>& file, size_t reg,
                                          const std::vector<std::array<uint32_t, 4>>& src, uint32_t first,
                                          int lanes, Flag flag) {
  for (int c = 0; c < 4; ++c) {
    Lanes& channel = file[reg * 4 + c];
    for (int l = 0; l < lanes; ++l) channel.Set(l, Value{src[first + l][c], flag, Flag::kClear});
  }
}

}  // namespace shaderdiff::toolchain_test

namespace {

using shaderdiff::toolchain_test::CopyInputs;
using shaderdiff::toolchain_test::Flag;
using shaderdiff::toolchain_test::Lanes;

TEST(GccLaneStore, StoresAreNotDropped) {
  std::vector<Lanes> file(12);
  CopyInputs(file, 0, {{0x3f800000, 1, 2, 3}}, 0, 1, Flag::kClear);
  EXPECT_EQ(file[0].word[0], 0x3f800000u);
  EXPECT_EQ(file[1].word[0], 1u);
  EXPECT_EQ(file[3].word[0], 3u);
  EXPECT_EQ(file[0].a[0], Flag::kClear);
}

}  // namespace
