// One case per reason code of reasons.h: the flag (with that code) is set on
// the expected component and NOT set on a neighbouring defined component.
// A last test checks that every code in kReasonTable has a case here.
#include <cmath>
#include <functional>
#include <limits>
#include <set>

#include "emulator/tgsi/reasons.h"
#include "emulator/tgsi/test_util.h"

namespace shaderdiff::tgsi_exec::testing {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

struct Loc {
  uint32_t out = 0, lane = 0;
  int comp = 0;
};

struct Case {
  std::string reason;
  std::string text;
  std::function<common::TestVector()> vector;
  Loc flagged;
  Loc clean;
  int kind = -1;  // 1: any value, 0: a set; -1: where kReasonTable says the code usually appears
};

// One-lane VERT with IN[0..2] = a, b, c.
std::function<common::TestVector()> Vec1(Vec4 a, Vec4 b = {}, Vec4 c = {}) {
  return [=] {
    common::TestVector v = Vector(tgsi::Processor::kVertex, 1);
    SetInput(v, 0, a);
    SetInput(v, 1, b);
    SetInput(v, 2, c);
    return v;
  };
}

// A FRAG quad with IN[0] per lane.
std::function<common::TestVector()> Quad(std::vector<Vec4> in0) {
  return [=] {
    common::TestVector v = Vector(tgsi::Processor::kFragment, 4);
    SetInputLanes(v, 0, in0);
    return v;
  };
}

const char* kFragHeader = "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL TEMP[0..1]\nDCL SAMP[0]\n";

std::string Frag(const std::string& body) { return std::string(kFragHeader) + body + "\nEND\n"; }

std::vector<Case> Cases() {
  const Word nz = 0x80000000u;
  std::vector<Case> c;
  auto op = [&](const std::string& reason, const std::string& body, Vec4 a, Vec4 b, Vec4 d, int flagged, int clean) {
    c.push_back({reason, VertShader(body), Vec1(a, b, d), {0, 0, flagged}, {0, 0, clean}});
  };
  // ------------------------------------------------------------ undefined
  op("uninitialized", "MOV OUT[0].x, TEMP[0].xxxx\nMOV OUT[0].y, IN[0].xxxx", F4(1, 0, 0, 0), {}, {}, 0, 1);
  op("output-not-written", "MOV OUT[0].x, IN[0].xxxx", F4(1, 0, 0, 0), {}, {}, 1, 0);
  c.push_back({"gs-output-after-emit",
               "GEOM\nPROPERTY GS_INPUT_PRIMITIVE POINTS\nPROPERTY GS_OUTPUT_PRIMITIVE POINTS\n"
               "PROPERTY GS_MAX_OUTPUT_VERTICES 4\nDCL IN[][0], POSITION\nDCL OUT[0], POSITION\nDCL OUT[1], GENERIC[0]\n"
               "IMM[0] INT32 {0, 0, 0, 0}\nMOV OUT[0], IN[0][0]\nEMIT IMM[0].xxxx\nMOV OUT[1], IN[0][0]\nEND\n",
               [] {
                 common::TestVector v = Vector(tgsi::Processor::kGeometry, 1);
                 SetInput(v, 0, F4(1, 2, 3, 4));
                 return v;
               },
               {0, 0, 0},
               {1, 0, 0}});
  c.push_back({"index-out-of-range",
               "VERT\nDCL IN[0]\nDCL OUT[0]\nDCL CONST[0..3]\nDCL ADDR[0]\nARL ADDR[0].x, IN[0].xxxx\n"
               "MOV OUT[0].x, CONST[ADDR[0].x+2].xxxx\nMOV OUT[0].y, CONST[ADDR[0].x].xxxx\nEND\n",
               Vec1(F4(3, 0, 0, 0)), {0, 0, 0}, {0, 0, 1}});
  c.push_back({"index-inexact",
               "VERT\nDCL IN[0]\nDCL OUT[0]\nDCL CONST[0..3]\nDCL ADDR[0]\nDCL TEMP[0]\nMUL TEMP[0].x, IN[0].xxxx, IN[0].yyyy\n"
               "MOV ADDR[0].x, TEMP[0].xxxx\nMOV OUT[0].x, CONST[ADDR[0].x].xxxx\nMOV OUT[0].y, CONST[1].xxxx\nEND\n",
               // 2^-75 * 2^-74 = 0x00000001, a denormal that may be flushed to
               // 0: an address register holding the set {1, 0}.
               Vec1(F4(0x1p-75f, 0x1p-74f, 0, 0)), {0, 0, 0}, {0, 0, 1}});
  c.push_back({"undeclared-register",
               "VERT\nDCL OUT[0]\nDCL CONST[0..1]\nMOV OUT[0].x, CONST[5].xxxx\nMOV OUT[0].y, CONST[1].xxxx\nEND\n",
               Vec1(F4(0, 0, 0, 0)), {0, 0, 0}, {0, 0, 1}});
  c.push_back({"missing-input",
               "TESS_EVAL\nDCL IN[][0], GENERIC[0]\nDCL OUT[0], POSITION\nMOV OUT[0].x, IN[5][0].xxxx\n"
               "MOV OUT[0].y, IN[0][0].xxxx\nEND\n",
               [] {
                 common::TestVector v = Vector(tgsi::Processor::kTessEval, 1);
                 SetInput(v, 0, F4(1, 2, 3, 4));
                 return v;
               },
               {0, 0, 0},
               {0, 0, 1}});
  c.push_back({"divergent-dst-index",
               "VERT\nDCL IN[0]\nDCL OUT[0..1]\nDCL ADDR[0]\nDCL TEMP[0..1]\nIMM[0] FLT32 {1, 2, 3, 4}\n"
               "MOV TEMP[0], IMM[0].xxxx\nMOV TEMP[1], IMM[0].xxxx\nUARL ADDR[0].x, IN[0].xxxx\n"
               "MOV TEMP[ADDR[0].x].x, IMM[0].yyyy\nMOV OUT[0], TEMP[0]\nMOV OUT[1], TEMP[1]\nEND\n",
               [] {
                 common::TestVector v = Vector(tgsi::Processor::kVertex, 2);
                 SetInputLanes(v, 0, {U4(0, 0, 0, 0), U4(1, 0, 0, 0)});
                 return v;
               },
               {0, 0, 0},
               {0, 0, 1}});
  c.push_back({"divergent-resource-index",
               "VERT\nDCL IN[0]\nDCL OUT[0]\nDCL ADDR[0]\nDCL SAMP[0..1]\nUARL ADDR[0].x, IN[0].zzzz\n"
               "TEX OUT[0].x, IN[0], SAMP[ADDR[0].x], 2D\nMOV OUT[0].y, IN[0].xxxx\nEND\n",
               [] {
                 common::TestVector v = Vector(tgsi::Processor::kVertex, 2);
                 SetInputLanes(v, 0, {U4(0, 0, 0, 0), U4(0, 0, 1, 0)});
                 return v;
               },
               {0, 1, 0},
               {0, 1, 1}});
  op("idiv-by-zero", "IDIV OUT[0], IN[0], IN[1]", U4(5, 5, 0, 0), U4(0, 1, 1, 1), {}, 0, 1);
  op("mod-by-zero", "MOD OUT[0], IN[0], IN[1]", U4(5, 5, 0, 0), U4(0, 2, 1, 1), {}, 0, 1);
  op("int-div-overflow", "IDIV OUT[0], IN[0], IN[1]", U4(0x80000000u, 0x80000000u, 0, 0),
     U4(0xffffffffu, 1, 1, 1), {}, 0, 1);
  op("float-to-int-range", "F2I OUT[0], IN[0]", F4(3e9f, 7.5f, 0, 0), {}, {}, 0, 1);
  op("bitfield-range", "UBFE OUT[0], IN[0], IN[1], IN[2]", U4(0xff, 0xff, 0, 0), U4(30, 0, 0, 0), U4(4, 4, 0, 0),
     0, 1);
  op("div-by-zero", "DIV OUT[0], IN[0], IN[1]", F4(1, 1, 0, 0), F4(0, 4, 1, 1), {}, 0, 1);
  c.push_back({"txp-w-zero", "VERT\nDCL IN[0]\nDCL OUT[0]\nDCL SAMP[0]\nTXP OUT[0].x, IN[0], SAMP[0], 2D\n"
                             "MOV OUT[0].y, IN[0].xxxx\nEND\n",
               Vec1(F4(0.5f, 0.5f, 0, 0)), {0, 0, 0}, {0, 0, 1}});
  op("rsq-domain", "RSQ OUT[0].x, IN[0].xxxx\nMOV OUT[0].y, IN[0].yyyy", F4(-4, 1, 0, 0), {}, {}, 0, 1);
  op("sqrt-domain", "SQRT OUT[0].x, IN[0].xxxx\nMOV OUT[0].y, IN[0].yyyy", F4(-4, 1, 0, 0), {}, {}, 0, 1);
  op("lg2-domain", "LG2 OUT[0].x, IN[0].xxxx\nMOV OUT[0].y, IN[0].yyyy", F4(-4, 1, 0, 0), {}, {}, 0, 1);
  op("pow-domain", "POW OUT[0].x, IN[0].xxxx, IN[0].yyyy\nMOV OUT[0].y, IN[0].yyyy", F4(-4, 2, 0, 0), {}, {}, 0, 1);
  op("lit-edge", "LIT OUT[0], IN[0]", F4(0, 0.5f, 0, 2), {}, {}, 2, 1);
  op("ex2-range", "EX2 OUT[0].x, IN[0].xxxx\nMOV OUT[0].y, IN[0].yyyy", F4(-150, 1, 0, 0), {}, {}, 0, 1);
  op("ldexp-range", "LDEXP OUT[0], IN[0], IN[1]", F4(1, 1, 0, 0), U4(129, 3, 0, 0), {}, 0, 1);
  op("log-range", "LOG OUT[0], IN[0]", F4(0, 0, 0, 0), {}, {}, 0, 3);
  op("log-near-power-of-two", "LOG OUT[0], IN[0]", F4(16, 0, 0, 0), {}, {}, 0, 3);
  op("trig-range", "COS OUT[0].x, IN[0].xxxx\nMOV OUT[0].y, IN[0].yyyy", F4(5000, 1, 0, 0), {}, {}, 0, 1);
  // cos(1.5707964f) is about -4.4e-8 with a 2^-11 tolerance: its set holds
  // 0, so its reciprocal's interval is unbounded both ways.
  op("ill-conditioned", "COS TEMP[0].x, IN[0].xxxx\nRCP OUT[0].x, TEMP[0].xxxx\nMOV OUT[0].y, IN[0].yyyy",
     F4(1.5707964f, 4, 0, 0), {}, {}, 0, 1);
  op("nan-operand", "MAX OUT[0], IN[0], IN[1]", F4(kNaN, 1, 0, 0), F4(2, 2, 0, 0), {}, 0, 1);
  c.back().kind = 0;  // {2} or any NaN
  op("nan-operand", "SSG OUT[0], IN[0]", F4(kNaN, 1, 0, 0), {}, {}, 0, 1);
  c.back().kind = 1;
  op("nan-result", "ADD OUT[0], IN[0], IN[1]", F4(std::numeric_limits<float>::infinity(), 1, 0, 0),
     F4(-std::numeric_limits<float>::infinity(), 2, 0, 0), {}, 0, 1);
  op("signed-zero", "SSG OUT[0], IN[0]", U4(nz, Fw(-2), 0, 0), {}, {}, 0, 1);
  op("signed-zero", "CMP OUT[0], IN[0], IN[1], IN[2]", U4(nz, Fw(-2), 0, 0), F4(1, 1, 1, 1), F4(2, 2, 2, 2), 0, 1);
  c.back().kind = 0;  // a selection decided by -0: {1, 2}
  op("denormal", "MUL OUT[0], IN[0], IN[1]", U4(0x00000010u, Fw(1e-30f), 0, 0), F4(1e20f, 1e20f, 0, 0), {}, 0, 1);
  op("derivative-non-fragment", "DDX OUT[0].x, IN[0].xxxx\nMOV OUT[0].y, IN[0].xxxx", F4(1, 0, 0, 0), {}, {}, 0, 1);
  c.push_back({"derivative-divergent",
               Frag("MOV OUT[0], IN[0].xxxx\nIF IN[0].yyyy\nDDX_FINE OUT[0].x, IN[0].xxxx\nENDIF"),
               Quad({F4(1, 1, 0, 0), F4(2, 1, 0, 0), F4(3, 0, 0, 0), F4(5, 0, 0, 0)}), {0, 0, 0}, {0, 0, 1}});
  c.push_back({"derivative-after-kill", Frag("KILL_IF IN[0].yyyy\nDDX_FINE OUT[0].x, IN[0].xxxx\nMOV OUT[0].y, IN[0].xxxx"),
               Quad({F4(1, 0, 0, 0), F4(2, 0, 0, 0), F4(3, -1, 0, 0), F4(5, 0, 0, 0)}), {0, 0, 0}, {0, 0, 1}});
  c.push_back({"derivative-coarse", Frag("DDX OUT[0].x, IN[0].xxxx\nDDX_FINE OUT[0].y, IN[0].xxxx"),
               Quad({F4(1, 0, 0, 0), F4(2, 0, 0, 0), F4(3, 0, 0, 0), F4(5, 0, 0, 0)}), {0, 0, 0}, {0, 0, 1}});
  c.push_back({"texture-undefined", "VERT\nDCL IN[0]\nDCL OUT[0]\nDCL SAMP[0]\nTXF OUT[0], IN[0], SAMP[0], 2D\nEND\n",
               [] {
                 common::TestVector v = Vector(tgsi::Processor::kVertex, 2);
                 SetInputLanes(v, 0, {U4(99, 0, 0, 0), U4(1, 1, 0, 0)});
                 return v;
               },
               {0, 0, 0},
               {0, 1, 0}});
  c.push_back({"texture-component",
               "VERT\nDCL IN[0]\nDCL OUT[0]\nDCL SAMP[0]\nIMM[0] UINT32 {7, 0, 0, 0}\n"
               "TG4 OUT[0].x, IN[0], IMM[0].xxxx, SAMP[0], 2D\nMOV OUT[0].y, IN[0].xxxx\nEND\n",
               Vec1(F4(0.3f, 0.3f, 0, 0)), {0, 0, 0}, {0, 0, 1}});
  c.push_back({"killed-lane", Frag("KILL_IF IN[0].yyyy\nMOV OUT[0], IN[0].xxxx"),
               Quad({F4(1, -1, 0, 0), F4(2, 0, 0, 0), F4(3, 0, 0, 0), F4(5, 0, 0, 0)}), {0, 0, 0}, {0, 1, 0}});
  c.push_back({"control-depends-on-undefined",
               VertShader("MOV OUT[0], IN[0]\nIF TEMP[3].xxxx\nMOV OUT[0].x, IN[1].xxxx\nENDIF"),
               Vec1(F4(1, 2, 3, 4), F4(9, 9, 9, 9)), {0, 0, 0}, {0, 0, 1}});
  op("inexact-comparison", "RCP TEMP[0].x, IN[0].xxxx\nFSLT OUT[0].x, TEMP[0].xxxx, IN[1].xxxx\n"
     "FSLT OUT[0].y, TEMP[0].xxxx, IN[1].yyyy", F4(4, 0, 0, 0), F4(0.25f, 1, 0, 0), {}, 0, 1);
  op("inexact-bits", "RCP TEMP[0].x, IN[0].xxxx\nAND OUT[0].x, TEMP[0].xxxx, IN[1].xxxx\nAND OUT[0].y, IN[0], IN[1]",
     F4(3, 3, 0, 0), U4(0xffffffffu, 0xffffffffu, 0, 0), {}, 0, 1);
  c.push_back({"inexact-coordinate",
               "VERT\nDCL IN[0]\nDCL OUT[0]\nDCL SAMP[0]\nDCL TEMP[0]\nMOV TEMP[0], IN[0]\nRCP TEMP[0].x, IN[0].xxxx\n"
               "TEX OUT[0].x, TEMP[0], SAMP[0], 2D\nMOV OUT[0].y, IN[0].yyyy\nEND\n",
               Vec1(F4(3, 0.5f, 0, 0)), {0, 0, 0}, {0, 0, 1}});
  op("double-partial-pair", "MOV OUT[0], IN[2]\nDADD OUT[0].x, IN[0], IN[1]", U4(0, 0x3ff00000u, 0, 0),
     U4(0, 0x3ff00000u, 0, 0), U4(1, 1, 1, 1), 1, 0);
  // --------------------------------------------------------------- inexact
  op("rcp", "RCP OUT[0].x, IN[0].xxxx\nMOV OUT[0].y, IN[0].xxxx", F4(3, 0, 0, 0), {}, {}, 0, 1);
  op("ldexp-flush", "LDEXP OUT[0], IN[0], IN[1]", F4(1, 1, 0, 0), U4(static_cast<uint32_t>(-130), 3, 0, 0), {}, 0, 1);
  op("rsq", "RSQ OUT[0].x, IN[0].xxxx\nMOV OUT[0].y, IN[0].xxxx", F4(3, 0, 0, 0), {}, {}, 0, 1);
  op("sqrt", "SQRT OUT[0].x, IN[0].xxxx\nMOV OUT[0].y, IN[0].xxxx", F4(3, 0, 0, 0), {}, {}, 0, 1);
  op("ex2", "EX2 OUT[0].x, IN[0].xxxx\nMOV OUT[0].y, IN[0].xxxx", F4(0.3f, 0, 0, 0), {}, {}, 0, 1);
  op("lg2", "LG2 OUT[0].x, IN[0].xxxx\nMOV OUT[0].y, IN[0].xxxx", F4(3, 0, 0, 0), {}, {}, 0, 1);
  op("pow", "POW OUT[0].x, IN[0].xxxx, IN[0].yyyy\nMOV OUT[0].y, IN[0].xxxx", F4(3, 0.5f, 0, 0), {}, {}, 0, 1);
  op("sin", "SIN OUT[0].x, IN[0].xxxx\nMOV OUT[0].y, IN[0].xxxx", F4(3, 0, 0, 0), {}, {}, 0, 1);
  op("cos", "COS OUT[0].x, IN[0].xxxx\nMOV OUT[0].y, IN[0].xxxx", F4(3, 0, 0, 0), {}, {}, 0, 1);
  op("div", "DIV OUT[0], IN[0], IN[1]", F4(1, 1, 1, 1), F4(3, 4, 1, 1), {}, 0, 1);
  op("exp", "EXP OUT[0], IN[0]", F4(2.5f, 0, 0, 0), {}, {}, 0, 1);
  op("log", "LOG OUT[0], IN[0]", F4(10, 0, 0, 0), {}, {}, 2, 3);
  op("lit", "LIT OUT[0], IN[0]", F4(2, 0.5f, 0, 3), {}, {}, 2, 1);
  op("mad-fusion", "MAD OUT[0], IN[0], IN[0], IN[1]", F4(1.0f + 0x1p-12f, 2, 0, 0), F4(-(1.0f + 0x1p-11f), 1, 0, 0),
     {}, 0, 1);
  op("dot-rounding", "DP2 OUT[0].x, IN[0], IN[1]\nDP2 OUT[0].y, IN[1], IN[1]", F4(0.1f, 0.2f, 0, 0),
     F4(0.5f, 0.25f, 0, 0), {}, 0, 1);
  op("lrp-formula", "LRP OUT[0], IN[0], IN[1], IN[2]", F4(0.1f, 0.5f, 0, 0), F4(0.7f, 1, 0, 0), F4(0.3f, 0, 0, 0),
     0, 1);
  c.push_back({"texture-filter",
               "VERT\nDCL IN[0]\nDCL OUT[0]\nDCL SAMP[0]\nTEX OUT[0], IN[0], SAMP[0], 2D\nEND\n",
               [] {
                 common::TestVector v = Vector(tgsi::Processor::kVertex, 2);
                 common::TextureUnit u;
                 u.seed = 3;
                 u.mag_filter = u.min_filter = common::TexFilter::kLinear;
                 v.textures[0] = u;
                 // lane 0 between texels, lane 1 at a texel centre (exact)
                 SetInputLanes(v, 0, {F4(0.25f, 0.53125f, 0, 0), F4(0.53125f, 0.53125f, 0, 0)});
                 return v;
               },
               {0, 0, 0},
               {0, 1, 0}});
  c.push_back({"lod-query", Frag("MOV OUT[0], IN[0].xxxx\nLODQ OUT[0].xy, IN[0], SAMP[0], 2D"),
               Quad({F4(0.1f, 0.1f, 0, 0), F4(0.2f, 0.1f, 0, 0), F4(0.1f, 0.2f, 0, 0), F4(0.2f, 0.2f, 0, 0)}),
               {0, 0, 0},
               {0, 0, 2}});
  op("conversion-rounding", "I2F OUT[0], IN[0]", U4(16777217u, 16777216u, 0, 0), {}, {}, 0, 1);
  op("inexact-operand", "RCP TEMP[0].x, IN[0].xxxx\nADD OUT[0].x, TEMP[0].xxxx, IN[0].xxxx\nADD OUT[0].y, IN[0], IN[0]",
     F4(3, 3, 0, 0), {}, {}, 0, 1);
  op("control-depends-on-inexact",
     "MOV OUT[0], IN[0]\nRCP TEMP[0].x, IN[0].xxxx\nMAD TEMP[0].x, TEMP[0].xxxx, IN[0].xxxx, -IN[1].yyyy\n"
     "IF TEMP[0].xxxx\nMOV OUT[0].x, IN[1].xxxx\nENDIF",
     F4(3, 3, 3, 3), F4(9, 1, 9, 9), {}, 0, 1);
  return c;
}

class ReasonCase : public ::testing::TestWithParam<Case> {};

TEST_P(ReasonCase, FlaggedWhereExpectedAndNotNextToIt) {
  const Case& k = GetParam();
  const auto o = RunText(k.text, k.vector());
  ASSERT_EQ(o.r().status, common::ExecStatus::kOk) << o.r().detail;
  const Loc f = k.flagged, n = k.clean;
  EXPECT_EQ(o.Why(f.out, f.lane, f.comp), k.reason);
  bool undefined_reason = k.kind == 1;
  for (const auto& info : kReasonTable) {
    if (info.code == k.reason && k.kind < 0) undefined_reason = info.undefined;
  }
  if (undefined_reason) {
    EXPECT_TRUE(o.Undef(f.out, f.lane, f.comp));
  } else {
    EXPECT_TRUE(o.Inexact(f.out, f.lane, f.comp));
    EXPECT_FALSE(o.Undef(f.out, f.lane, f.comp));
  }
  EXPECT_TRUE(o.Clean(n.out, n.lane, n.comp)) << "neighbour reason: " << o.Why(n.out, n.lane, n.comp);
}

INSTANTIATE_TEST_SUITE_P(AllReasons, ReasonCase, ::testing::ValuesIn(Cases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           std::string name = info.param.reason;
                           if (info.param.kind >= 0) name += info.param.kind ? "-as-any" : "-as-set";
                           for (char& ch : name) {
                             if (ch == '-') ch = '_';
                           }
                           return name;
                         });

// Cancellation of an inexact term gives a wide interval, not any value:
// x = RCP(3) may be 3 ulp off, so 3x - 1 lies in an interval around 0 a few
// 1e-7 wide; 3x + 1 a narrow one; 3 * 3 - 9 is exact.
TEST(Intervals, CancellationWidensTheInterval) {
  const std::string text = VertShader(
      "RCP TEMP[0].x, IN[0].xxxx\nMAD OUT[0].x, IN[0].xxxx, TEMP[0].xxxx, -IN[1].xxxx\n"
      "MAD OUT[0].y, IN[0].xxxx, TEMP[0].xxxx, IN[1].xxxx\nMAD OUT[0].z, IN[0].xxxx, IN[0].xxxx, -IN[1].yyyy\n"
      "ADD OUT[0].w, TEMP[0].xxxx, IN[1].xxxx");
  const auto o = RunText(text, Vec1(F4(3, 0, 0, 0), F4(1, 9, 0, 0))());
  ASSERT_EQ(o.r().status, common::ExecStatus::kOk) << o.r().detail;
  ASSERT_TRUE(o.Inexact(0, 0, 0));
  const common::AllowedSet x = o.r().Output(0).Allowed(0, 0);
  ASSERT_TRUE(x.interval);
  EXPECT_LT(Wf(x.lo), 0.0f);
  EXPECT_GT(Wf(x.hi), 0.0f);
  EXPECT_LT(Wf(x.hi) - Wf(x.lo), 1e-6f);
  EXPECT_FALSE(x.Contains(Fw(1e-5f)));
  const common::AllowedSet y = o.r().Output(0).Allowed(0, 1);
  EXPECT_TRUE(y.Contains(Fw(2.0f)));
  EXPECT_FALSE(y.Contains(Fw(2.0001f)));
  EXPECT_TRUE(o.Clean(0, 0, 2)) << o.Why(0, 0, 2);
  EXPECT_EQ(o.Why(0, 0, 3), "inexact-operand");
}

// The examples: a -0 from CEIL fed through arithmetic stays the set
// {+0, -0}, which 0.04 is not in; a denormal product allows only itself and
// the zero it flushes to; a float compare does not see the sign of a zero.
TEST(Intervals, FreedomStopsWhereItCannotChangeTheResult) {
  const std::string text = VertShader(
      "CEIL TEMP[0].x, IN[0].xxxx\nMUL OUT[0].x, TEMP[0].xxxx, IN[0].yyyy\n"
      "MUL OUT[0].y, IN[0].zzzz, IN[0].wwww\nFSEQ OUT[0].z, TEMP[0].xxxx, IN[1].xxxx\n"
      "ADD OUT[0].w, TEMP[0].xxxx, IN[1].yyyy");
  const auto o = RunText(text, Vec1(F4(-0.5f, 3, 1e-20f, 1e-20f), F4(0, 2, 0, 0))());
  ASSERT_TRUE(o.Inexact(0, 0, 0));
  EXPECT_EQ(o.Why(0, 0, 0), "inexact-operand");
  const common::AllowedSet z = o.r().Output(0).Allowed(0, 0);
  EXPECT_EQ(common::ClassifySet(false, true, z, o.Why(0, 0, 0)), common::SetKind::kZero);
  EXPECT_TRUE(z.Contains(0));
  EXPECT_TRUE(z.Contains(0x80000000u));
  EXPECT_FALSE(z.Contains(Fw(0.04f)));
  ASSERT_TRUE(o.Inexact(0, 0, 1));
  EXPECT_EQ(o.Why(0, 0, 1), "denormal");
  const common::AllowedSet d = o.r().Output(0).Allowed(0, 1);
  EXPECT_TRUE(d.Contains(o.W(0, 0, 1)));
  EXPECT_TRUE(d.Contains(0));
  EXPECT_FALSE(d.Contains(0x7f800000u));
  EXPECT_FALSE(d.Contains(Fw(8.2e-9f)));
  EXPECT_TRUE(o.Clean(0, 0, 2)) << o.Why(0, 0, 2);  // -0 == 0 either way
  EXPECT_TRUE(o.Clean(0, 0, 3)) << o.Why(0, 0, 3);  // -0 + 2 == +0 + 2
}

TEST(ReasonTable, EveryCodeHasACase) {
  std::set<std::string> covered;
  for (const Case& k : Cases()) covered.insert(k.reason);
  for (const auto& info : kReasonTable) {
    if (info.reason == Reason::kNone) continue;
    EXPECT_TRUE(covered.count(std::string(info.code))) << "no test case for reason " << info.code;
  }
}

TEST(ReasonTable, CodesAreUniqueKebabCase) {
  std::set<std::string_view> seen;
  for (const auto& info : kReasonTable) {
    if (info.reason == Reason::kNone) continue;
    EXPECT_TRUE(seen.insert(info.code).second) << info.code;
    for (char ch : info.code) EXPECT_TRUE((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-') << info.code;
    EXPECT_FALSE(info.explanation.empty());
  }
}

}  // namespace
}  // namespace shaderdiff::tgsi_exec::testing
