// cat5 getbuf (tex.cc, Timing::getbuf): a3xx's row refuses it as an
// instruction no document or driver shows the a3xx has; a row that has it
// returns the texel buffer's element count (the 1-D descriptor's WIDTH) in
// x, and refuses the forms that reading leaves undefined.
#include <gtest/gtest.h>

#include "emulator/a3xx/test_util.h"

namespace shaderdiff::a3xx {
namespace {

using namespace emutest;
using common::ExecStatus;

// OUT[0] = r1.xyzw; TGSI unit 5 is t#2, a texel buffer of 37 elements
// (freedreno's a3xx driver: a 1-D texture of WIDTH = elements).
struct Buf {
  ShaderState state = VsState({1});
  common::TestVector vector = VsVector(1);
  Timing timing = *FindTiming("a3xx");
  Buf() {
    state.samplers.push_back({5, 0, 2, TextureType::k1D});
    vector.textures[5].width = 37;
    vector.textures[5].height = 1;
  }
  EmulationResult Run(const std::string& text) {
    EmulatorOptions o;
    o.timing = &timing;
    return Emulate(Asm(text, state), vector, o);
  }
};

constexpr const char* kGetbuf =
    "mov.u32u32 r1.y, 7\n"
    "getbuf (u32)(x)r1.x, t#2\n"
    "(sy)end\n";

TEST(Getbuf, RefusedOnA3xx) {
  Buf b;
  const EmulationResult r = b.Run(kGetbuf);
  EXPECT_EQ(r.result.status, ExecStatus::kError);
  EXPECT_NE(r.result.detail.find("getbuf: no document or driver shows a3xx has it"), std::string::npos)
      << r.result.detail;
}

TEST(Getbuf, WhereTheRowHasItReturnsTheElementCount) {
  Buf b;
  b.timing.getbuf = true;
  const EmulationResult r = b.Run(kGetbuf);
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  EXPECT_EQ(Out(r, 0, 0, 0), 37u);
  // Like every cat5, it writes all four components: y is no longer 7.
  EXPECT_EQ(Out(r, 0, 0, 1), 0u);
  b.vector.textures[5].width = 8192;
  EXPECT_EQ(Out(b.Run(kGetbuf), 0, 0, 0), 8192u);
}

TEST(Getbuf, FormsTheReadingLeavesUndefinedAreUnsupported) {
  Buf b;
  b.timing.getbuf = true;
  EXPECT_EQ(b.Run("getbuf (f32)(x)r1.x, t#2\n(sy)end\n").result.status, ExecStatus::kUnsupported);
  b.state.samplers[0].type = TextureType::k2D;
  const EmulationResult r = b.Run(kGetbuf);
  EXPECT_EQ(r.result.status, ExecStatus::kUnsupported);
  EXPECT_NE(r.result.detail.find("texel buffer"), std::string::npos) << r.result.detail;
}

}  // namespace
}  // namespace shaderdiff::a3xx
