// Shader I/O and textures: bary.f reproducing fragment inputs bit for bit
// (and what it does when the ij registers were clobbered), in the older
// per-lane vector form and through the shared interpolation model (vertex
// values, the barycentric pair preloaded into the ij registers, per-lane
// inputs delivered flat), preloaded inputs, system values, consts and
// immediates, half outputs, and cat5 ops against the shared texture model
// (TexelValue at texel centres).
#include <gtest/gtest.h>

#include <cmath>

#include "emulator/a3xx/test_util.h"
#include "emulator/common/interpolation.h"
#include "emulator/common/texture.h"

namespace shaderdiff::a3xx {
namespace {

using namespace emutest;
using common::ExecStatus;

const Word kNanPayload = 0x7fc01234u, kDenormal = 0x00000001u;

// A fragment quad with IN[0] fetched by bary.f as varyings 0..3 and
// OUT[0] = r1.
struct Frag {
  ShaderState state = FsState({1});
  common::TestVector vector = FsVector(4);
  Frag() { state.varyings.push_back({0, 0, 0xF, VaryingInterp::kPerspective}); }
  EmulationResult Run(const std::string& text) { return Execute(Asm(text, state), vector); }
};

TEST(Bary, ReproducesInputsExactly) {
  Frag f;
  f.vector.inputs[0] = {{kOne, kNegZero, kInf, kNanPayload},
                        {kDenormal, 0xff800000u, Bits(-3.25f), kZero},
                        {Bits(1e-30f), Bits(3e38f), kHalf, 0xffc00001u},
                        {kTwo, kThree, kFour, kNegZero}};
  const EmulationResult r = f.Run("(rpt3)bary.f r1.x, (r)0, r0.x\nend\n");
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  for (uint32_t l = 0; l < 4; ++l) {
    for (int c = 0; c < 4; ++c) EXPECT_EQ(Out(r, 0, l, c), f.vector.inputs[0][l][c]) << l << "," << c;
  }
  EXPECT_TRUE(r.hazards.empty());
}

TEST(Bary, ClobberedIjInterpolatesGarbage) {
  // i = 1.0: v + 1 * (v - v) + 0 * (v - v): -0 becomes +0, inf becomes NaN,
  // finite values survive.
  Frag f;
  f.vector.inputs[0] = common::LaneVec4s(4, {kNegZero, kInf, Bits(-3.25f), 0});
  const EmulationResult r = f.Run("mov.f32f32 r0.x, (1.000000)\n(rpt2)nop\n(rpt2)bary.f r1.x, (r)0, r0.x\nend\n");
  EXPECT_EQ(Out(r, 0, 0, 0), kZero);
  EXPECT_EQ(Out(r, 0, 0, 1) & 0x7fffffffu, 0x7fc00000u);  // a NaN
  EXPECT_EQ(Out(r, 0, 0, 2), Bits(-3.25f));
}

// ---- fragment inputs through the shared interpolation model

// A small fixed-sequence generator for test data (xorshift32).
struct Bits32 {
  uint32_t s = 0x2545f491u;
  Word Next() {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    return s;
  }
  // A float in [lo, hi) on a 1/1024 grid.
  Word Float(float lo, float hi) { return Bits(lo + (hi - lo) * static_cast<float>(Next() % 1024) / 1024.0f); }
};

// IN[0] per vertex, random pairs in the triangle: 36 lanes, so three waves
// of 16 (the last one partial) each take their own lanes' pairs.
common::TestVector RandomPerVertex(Bits32& g, uint32_t lanes = 36) {
  common::TestVector v = FsVector(lanes);
  for (common::Vec4& vertex : v.vertex_inputs[0]) {
    for (Word& w : vertex) w = g.Float(-8, 8);
  }
  for (uint32_t l = 0; l < lanes; ++l) {
    const Word i = g.Float(0, 1);
    v.barycentrics.push_back({i, g.Float(0, 1 - Flt(i))});
  }
  return v;
}

void ExpectModelInputs(const EmulationResult& r, const common::TestVector& v, uint32_t in, uint32_t out) {
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  for (uint32_t l = 0; l < v.lanes; ++l) {
    for (int c = 0; c < 4; ++c) {
      EXPECT_EQ(Out(r, out, l, c), common::FragmentInputWord(v, in, l, c)) << "lane " << l << " comp " << c;
    }
  }
}

TEST(Bary, InterpolatesPerVertexInputsWithThePreloadedPair) {
  Bits32 g;
  for (int round = 0; round < 20; ++round) {
    Frag f;
    f.vector = RandomPerVertex(g);
    const EmulationResult r = f.Run("(rpt3)bary.f r1.x, (r)0, r0.x\nend\n");
    ExpectModelInputs(r, f.vector, 0, 0);
    // The model is the formula: spot-check one word against Interpolate.
    const common::VertexVec4s& vx = f.vector.vertex_inputs.at(0);
    const common::Barycentric ij = f.vector.barycentrics[35];
    EXPECT_EQ(Out(r, 0, 35, 2), common::Interpolate(vx[0][2], vx[1][2], vx[2][2], ij.i, ij.j));
  }
}

TEST(Bary, EdgeVertexValuesAndPairs) {
  const Word kNan = kNanPayload, kMax = 0x7f7fffffu;
  Frag f;
  f.vector = FsVector(16);
  f.vector.vertex_inputs[0] = {common::Vec4{kNegZero, kInf, kNan, kDenormal},
                               common::Vec4{kOne, kInf, kTwo, kMax},
                               common::Vec4{kNegZero, 0xff800000u, kThree, kMax}};
  f.vector.barycentrics = {{0, 0}, {kNegZero, 0}, {0, kNegZero}, {kOne, 0}, {0, kOne}, {kDenormal, 0},
                           {0x3f7fffffu, 0x33800000u}, {Bits(-0.25f), kHalf}, {Bits(1.25f), Bits(-0.5f)},
                           {kInf, 0}, {0, 0x7fc00000u}, {kHalf, kHalf}, {0, 0}, {0, 0}, {0, 0}, {0, 0}};
  const EmulationResult r = f.Run("(rpt3)bary.f r1.x, (r)0, r0.x\nend\n");
  ExpectModelInputs(r, f.vector, 0, 0);
  // +0/+0 is v0 exactly, sign of zero and NaN payload included.
  EXPECT_EQ(Out(r, 0, 0, 0), kNegZero);
  EXPECT_EQ(Out(r, 0, 0, 2), kNan);
  // -0/+0 goes through the formula: v = (-0, 1, -0) gives (-0 + -0 * 1) + +0 * +0 = +0.
  EXPECT_EQ(Out(r, 0, 1, 0), kZero);
}

TEST(Bary, PerLaneInputsAreFlatOnceTheVectorHasBarycentrics) {
  // IN[1] per lane beside a per-vertex IN[0]: the pair does not touch it,
  // so -0, infinities and NaN payloads arrive exactly.
  Bits32 g;
  Frag f;
  f.vector = RandomPerVertex(g, 4);
  f.state.varyings.push_back({1, 4, 0xF, VaryingInterp::kPerspective});
  f.state.outputs.push_back(Bind(1, IoField::kFsColor, 2));
  f.vector.inputs[1] = common::LaneVec4s(4, {kNegZero, kInf, kNanPayload, 0x80000001u});
  const EmulationResult r = f.Run("(rpt3)bary.f r1.x, (r)0, r0.x\n(rpt3)bary.f r2.x, (r)4, r0.x\nend\n");
  ExpectModelInputs(r, f.vector, 0, 0);
  for (uint32_t l = 0; l < 4; ++l) {
    for (int c = 0; c < 4; ++c) EXPECT_EQ(Out(r, 1, l, c), f.vector.inputs[1][l][c]) << l << c;
  }
}

// The varying binding's interpolation mode is the hardware's
// (VPC_VARYING_INTERP_MODE / SP_FS_FLAT_SHAD_MODE_REG): a flat varying
// delivers the provoking vertex's value (v2) whatever the pair bary.f
// reads; the same input bound smooth is interpolated.
TEST(Bary, FlatBindingTakesTheProvokingVertex) {
  Bits32 g;
  Frag f;
  f.vector = RandomPerVertex(g);
  f.state.varyings[0].interp = VaryingInterp::kFlat;
  const EmulationResult r = f.Run("(rpt3)bary.f r1.x, (r)0, r0.x\nend\n");
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  const common::VertexVec4s& vx = f.vector.vertex_inputs.at(0);
  for (uint32_t l = 0; l < f.vector.lanes; ++l) {
    for (int c = 0; c < 4; ++c) {
      EXPECT_EQ(Out(r, 0, l, c), vx[common::kProvokingVertex][c]) << l << c;
      EXPECT_EQ(Out(r, 0, l, c), common::FragmentInputWord(f.vector, 0, l, c, common::Interp::kFlat));
    }
  }
  // Smooth, the same vector reads the interpolated values, which differ.
  f.state.varyings[0].interp = VaryingInterp::kPerspective;
  const EmulationResult s = f.Run("(rpt3)bary.f r1.x, (r)0, r0.x\nend\n");
  ExpectModelInputs(s, f.vector, 0, 0);
  int differ = 0;
  for (uint32_t l = 0; l < f.vector.lanes; ++l) differ += Out(s, 0, l, 0) != Out(r, 0, l, 0);
  EXPECT_GT(differ, 30);
}

TEST(Bary, TheIjRegistersHoldEachLanesPair) {
  Bits32 g;
  Frag f;
  f.vector = RandomPerVertex(g);
  const EmulationResult r = f.Run("mov.f32f32 r1.x, r0.x\nmov.f32f32 r1.y, r0.y\nend\n");
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  for (uint32_t l = 0; l < f.vector.lanes; ++l) {
    EXPECT_EQ(Out(r, 0, l, 0), f.vector.barycentrics[l].i) << l;
    EXPECT_EQ(Out(r, 0, l, 1), f.vector.barycentrics[l].j) << l;
  }
}

// The centroid pair (HLSQ_CONTROL_3_REG.IJPERSPCENTROIDREGID) is preloaded
// beside the center's; bary.f reading it interpolates at the centroid, and
// one reading the center's pair instead differs wherever a lane is
// partially covered.
TEST(Bary, TheCentroidPairIsPreloadedBesideTheCenters) {
  Bits32 g;
  Frag f;
  f.vector = RandomPerVertex(g, 4);
  f.vector.centroids = f.vector.barycentrics;
  for (common::Barycentric& c : f.vector.centroids) std::swap(c.i, c.j);
  f.state.centroid_ij_preloaded = true;
  f.state.centroid_ij_reg = 2;  // r0.z, r0.w
  const EmulationResult pair = f.Run("mov.f32f32 r1.x, r0.z\nmov.f32f32 r1.y, r0.w\nend\n");
  ASSERT_EQ(pair.result.status, ExecStatus::kOk) << pair.result.detail;
  for (uint32_t l = 0; l < 4; ++l) {
    EXPECT_EQ(Out(pair, 0, l, 0), f.vector.centroids[l].i) << l;
    EXPECT_EQ(Out(pair, 0, l, 1), f.vector.centroids[l].j) << l;
  }
  const EmulationResult at_centroid = f.Run("(rpt3)bary.f r1.x, (r)0, r0.z\nend\n");
  const EmulationResult at_center = f.Run("(rpt3)bary.f r1.x, (r)0, r0.x\nend\n");
  ASSERT_EQ(at_centroid.result.status, ExecStatus::kOk) << at_centroid.result.detail;
  int differ = 0;
  for (uint32_t l = 0; l < 4; ++l) {
    for (int c = 0; c < 4; ++c) {
      const Word want = common::FragmentInputWord(f.vector, 0, l, c, common::Interp::kCentroid);
      EXPECT_EQ(Out(at_centroid, 0, l, c), want) << l << "," << c;
      differ += Out(at_center, 0, l, c) != want;
    }
  }
  EXPECT_GT(differ, 8);
}

// The point of real barycentrics: a program that overwrites r0.x (the i of
// the pair) before its bary.f. With the older per-lane vectors (i = j = +0,
// v0 = v1 = v2) writing 0.0 there changes nothing, so the bug is invisible;
// with per-vertex inputs every lane whose i was not 0 reads a different
// value than the reference model.
TEST(Bary, ClobberedIjIsVisibleWithBarycentrics) {
  const char* kClobber = "mov.f32f32 r0.x, (0.000000)\n(rpt2)nop\n(rpt3)bary.f r1.x, (r)0, r0.x\nend\n";
  Frag old_form;
  old_form.vector.inputs[0] = {{kOne, kNegZero, Bits(-2.5f), kHalf}, {kTwo, kThree, kFour, kZero},
                               {Bits(0.125f), Bits(7.0f), kOne, kOne}, {kHalf, kHalf, kNegZero, Bits(-1.0f)}};
  const EmulationResult before = old_form.Run(kClobber);
  ExpectModelInputs(before, old_form.vector, 0, 0);  // the clobber goes unnoticed

  Bits32 g;
  Frag f;
  f.vector = RandomPerVertex(g, 4);
  const EmulationResult after = f.Run(kClobber);
  ASSERT_EQ(after.result.status, ExecStatus::kOk) << after.result.detail;
  int differ = 0;
  for (uint32_t l = 0; l < 4; ++l) {
    for (int c = 0; c < 4; ++c) differ += Out(after, 0, l, c) != common::FragmentInputWord(f.vector, 0, l, c);
    // What it computed instead: the same vertices with i = 0.
    const common::VertexVec4s& vx = f.vector.vertex_inputs.at(0);
    EXPECT_EQ(Out(after, 0, l, 1), common::Interpolate(vx[0][1], vx[1][1], vx[2][1], 0, f.vector.barycentrics[l].j));
  }
  EXPECT_GT(differ, 8);
  // Unclobbered, the same vector matches the model.
  ExpectModelInputs(f.Run("(rpt3)bary.f r1.x, (r)0, r0.x\nend\n"), f.vector, 0, 0);
}

TEST(Io, PreloadedFragmentInputFromVertices) {
  // A per-vertex input preloaded into registers (gl_FragCoord's field)
  // arrives as the model's value, like a bary.f'd one.
  Bits32 g;
  Frag f;
  f.vector = RandomPerVertex(g);
  f.state.inputs.push_back(Bind(2, IoField::kFragCoord, 3));
  f.vector.vertex_inputs[2] = f.vector.vertex_inputs[0];
  std::swap(f.vector.vertex_inputs[2][0], f.vector.vertex_inputs[2][2]);
  const EmulationResult r = f.Run("mov.f32f32 r1.x, r3.x\nmov.f32f32 r1.y, r3.y\nmov.f32f32 r1.z, r3.z\n"
                                  "mov.f32f32 r1.w, r3.w\nend\n");
  ExpectModelInputs(r, f.vector, 2, 0);
}

TEST(Io, MalformedFragmentInputsAreErrors) {
  auto run = [](common::TestVector v) {
    Frag f;
    f.vector = std::move(v);
    return f.Run("(rpt3)bary.f r1.x, (r)0, r0.x\nend\n").result;
  };
  Bits32 g;
  common::TestVector short_pairs = RandomPerVertex(g, 8);
  short_pairs.barycentrics.pop_back();
  common::ExecResult r = run(short_pairs);
  EXPECT_EQ(r.status, ExecStatus::kError);
  EXPECT_NE(r.detail.find("barycentrics has 7 pairs"), std::string::npos) << r.detail;
  common::TestVector both = RandomPerVertex(g, 4);
  both.inputs[0] = common::LaneVec4s(4, {0, 0, 0, 0});
  r = run(both);
  EXPECT_EQ(r.status, ExecStatus::kError);
  EXPECT_NE(r.detail.find("both per lane and per vertex"), std::string::npos) << r.detail;
  common::TestVector no_pairs = RandomPerVertex(g, 4);
  no_pairs.barycentrics.clear();
  r = run(no_pairs);
  EXPECT_EQ(r.status, ExecStatus::kError);
  EXPECT_NE(r.detail.find("need barycentrics"), std::string::npos) << r.detail;
}

TEST(Bary, PackedLocationsAndMasks) {
  // IN[1].x and .z at packed locations 4 and 6 (mask 0b0101).
  Frag f;
  f.state.varyings.push_back({1, 4, 0x5, VaryingInterp::kFlat});
  f.vector.inputs[0] = common::LaneVec4s(4, {0, 0, 0, 0});
  f.vector.inputs[1] = common::LaneVec4s(4, {kTwo, kThree, kFour, kOne});
  const EmulationResult r = f.Run("bary.f r1.x, 4, r0.x\nbary.f r1.y, 6, r0.x\nbary.f r1.z, 5, r0.x\n"
                                  "bary.f r1.w, 9, r0.x\nend\n");
  EXPECT_EQ(Out(r, 0, 0, 0), kTwo);
  EXPECT_EQ(Out(r, 0, 0, 1), kFour);
  EXPECT_EQ(Out(r, 0, 0, 2), kZero);  // location 5 is not bound
  EXPECT_EQ(Out(r, 0, 0, 3), kZero);  // location 9 is beyond the varyings: out of range
  EXPECT_EQ(r.stats.out_of_range_accesses, 4u);
}

TEST(Io, PreloadedFragmentInputsAndHalfOutputs) {
  // IN[2] (POSITION) preloaded into r3; OUT[1] from half hr2 (a half
  // render target: all four components).
  Frag f;
  f.state.inputs.push_back(Bind(2, IoField::kFragCoord, 3));
  f.state.outputs.push_back(Bind(1, IoField::kFsColor, 2, 0xF, true));
  f.vector.inputs[0] = common::LaneVec4s(4, {0, 0, 0, 0});
  f.vector.inputs[2] = common::LaneVec4s(4, {Bits(10.5f), Bits(-2.0f), kHalf, kOne});
  const EmulationResult r = f.Run("mov.f32f32 r1.x, r3.x\ncov.f32f16 hr2.x, r3.y\ncov.f32f16 hr2.y, r3.z\nend\n");
  EXPECT_EQ(Out(r, 0, 2, 0), Bits(10.5f));
  EXPECT_EQ(Out(r, 1, 2, 0), Bits(-2.0f));
  EXPECT_EQ(Out(r, 1, 2, 1), kHalf);
  EXPECT_EQ(Out(r, 1, 2, 2), kZero);  // hr2.z, never written
}

TEST(Io, SystemValuesConstsAndImmediates) {
  ShaderState s = VsState({1});
  SystemValueBinding sv;
  sv.semantic = "VERTEXID";
  sv.span = {IoField::kVertexId, 8, 0x1};  // r2.x
  s.system_values.push_back(sv);
  s.consts.push_back({1, 3, 5});                                   // CONST[1][3] -> c5
  s.consts.push_back({0, 9, 7});                                   // absent from the vector -> 0
  s.immediates.push_back({6, {0, Bits(2.5f), 0, 0}});              // c6.y = 2.5
  common::TestVector v = VsVector(3);
  v.system_values["VERTEXID"] = {{7, 0, 0, 0}, {8, 0, 0, 0}, {9, 0, 0, 0}};
  v.constants[1][3] = {Bits(4.5f), 0, 0, 0};
  const EmulationResult r = Execute(Asm("mov.u32u32 r1.x, r2.x\nmov.f32f32 r1.y, c5.x\nmov.f32f32 r1.z, c6.y\n"
                                        "mov.f32f32 r1.w, c7.x\nend\n",
                                        s),
                                    v);
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  for (uint32_t l = 0; l < 3; ++l) EXPECT_EQ(Out(r, 0, l, 0), 7u + l);
  EXPECT_EQ(Out(r, 0, 1, 1), Bits(4.5f));
  EXPECT_EQ(Out(r, 0, 1, 2), Bits(2.5f));
  EXPECT_EQ(Out(r, 0, 1, 3), kZero);
  EXPECT_EQ(r.result.Output(0).undefined, std::vector<uint8_t>(3, 0));
  EXPECT_EQ(r.result.killed, std::vector<bool>(3, false));
}

// ---- per-call state: the outputs copied at `end`, and the thread's
// storage (const file, private memory) reused by the next call

// OUT[0] = r1: x = the lane's IN[0].x, y = its IN[0].z, z = 1.0 where the
// lane does not take the branch (IN[0].y <= 0) and 2.0 where it does, so
// the lanes at each `end` form a full wave (no lane takes it) or every
// other lane (the odd lanes take it).
EmulationResult RunTwoEnds(uint32_t lanes, bool odd_lanes_branch) {
  const std::string text =
      "cmps.f.gt p0.x, r0.y, (0.0)\n(rpt5)nop\n"
      "mov.f32f32 r1.x, r0.x\nmov.f32f32 r1.y, r0.z\n"
      "br p0.x, #early\nmov.f32f32 r1.z, (1.0)\nend\n"
      "early:\n(jp)mov.f32f32 r1.z, (2.0)\nend\n";
  common::TestVector v = VsVector(lanes);
  for (uint32_t l = 0; l < lanes; ++l) {
    const Word flag = odd_lanes_branch && (l & 1) ? kOne : kZero;
    v.inputs[0].push_back({Bits(static_cast<float>(l) + 0.25f), flag, Bits(-static_cast<float>(l)), 0});
  }
  return Execute(Asm(text, VsState({1}, {0})), v);
}

TEST(Io, EveryLaneGetsItsOwnOutputsAtFullAndPartialEnds) {
  // More lanes than a wave: full waves, a partial last one, and `end`s
  // reached by every other lane all copy each lane's registers to its
  // own result entry (the full-wave copy is a counted loop, io.cc).
  for (const bool odd_lanes_branch : {false, true}) {
    const uint32_t lanes = 2 * static_cast<uint32_t>(FindTiming("a3xx")->wave_size_vs) + 5;
    const EmulationResult r = RunTwoEnds(lanes, odd_lanes_branch);
    ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
    EXPECT_TRUE(r.hazards.empty()) << ::testing::PrintToString(HazardStrings(r));
    for (uint32_t l = 0; l < lanes; ++l) {
      EXPECT_EQ(Out(r, 0, l, 0), Bits(static_cast<float>(l) + 0.25f)) << l;
      EXPECT_EQ(Out(r, 0, l, 1), Bits(-static_cast<float>(l))) << l;
      EXPECT_EQ(Out(r, 0, l, 2), odd_lanes_branch && (l & 1) ? kTwo : kOne) << l;
      EXPECT_EQ(Out(r, 0, l, 3), kZero) << l;
    }
    EXPECT_EQ(r.result.killed, std::vector<bool>(lanes, false));
  }
}

TEST(Io, AnEarlierCallLeavesNoConstsOrPrivateBytes) {
  // The const file and private memory live in the thread's storage: what
  // one call bound, loaded or stored is 0 again for the next call.
  ShaderState bound = VsState({1}, {0});
  bound.consts.push_back({0, 0, 0});
  bound.consts.push_back({0, 1, 3});
  // The immediate's last word is the highest the call sets: a reset that
  // stops one word short leaves it behind.
  bound.immediates.push_back({9, {0, 0, 0, Bits(2.5f)}});
  bound.pvt_mem_units = 1;
  common::TestVector v = VsVector(2);
  SetInput(v, 0, {kFour, 0, 0, 0});
  v.constants[0][0] = {kOne, kTwo, kThree, kFour};
  v.constants[0][1] = {kTwo, kTwo, kTwo, kTwo};
  const std::string reads = "mov.f32f32 r1.x, c0.y\nmov.f32f32 r1.y, c3.w\nmov.f32f32 r1.z, c9.w\n";
  const EmulationResult first = Execute(Asm("stp.u32 p[r0.y], r0.x, 1\n" + reads + "(sy)end\n", bound), v);
  ASSERT_EQ(first.result.status, ExecStatus::kOk) << first.result.detail;
  EXPECT_EQ(Out(first, 0, 1, 0), kTwo);
  EXPECT_EQ(Out(first, 0, 1, 1), kTwo);
  EXPECT_EQ(Out(first, 0, 1, 2), Bits(2.5f));
  ShaderState unbound = VsState({1}, {0});
  unbound.pvt_mem_units = 1;
  const EmulationResult next = Execute(Asm(reads + "ldp.u32 r1.w, p[r0.y], 1\n(sy)end\n", unbound), v);
  ASSERT_EQ(next.result.status, ExecStatus::kOk) << next.result.detail;
  for (int c = 0; c < 4; ++c) EXPECT_EQ(Out(next, 0, 1, c), kZero) << c;
  EXPECT_EQ(HazardStrings(next), std::vector<std::string>{"instr 3: r1.w pvt-uninit"});
}

// ---- textures

struct Tex {
  ShaderState state;
  common::TestVector vector;
  common::TextureUnit unit;
  explicit Tex(bool fragment) : state(fragment ? FsState({1}) : VsState({1})), vector(fragment ? FsVector(4) : VsVector(1)) {
    unit.seed = 7;
    state.samplers.push_back({3, 1, 2});  // TGSI unit 3 is s#1, t#2
    if (fragment) state.varyings.push_back({0, 0, 0xF, VaryingInterp::kPerspective});
  }
  void SetUnit() { vector.textures[3] = unit; }
  EmulationResult Run(const std::string& text) {
    SetUnit();
    return Execute(Asm(text, state), vector);
  }
  Word Texel(uint32_t level, uint32_t layer, uint32_t x, uint32_t y, int c) const {
    return Bits(common::TexelValue(unit, level, layer, x, y, 0)[c]);
  }
};

// (x, y) texel centres of a w x h level as normalized coordinates.
common::Vec4 Centre(uint32_t x, uint32_t y, uint32_t w, uint32_t h, float z = 0) {
  return {Bits((x + 0.5f) / w), Bits((y + 0.5f) / h), Bits(z), 0};
}

const char* kFragSample =
    "(rpt2)bary.f r2.x, (r)0, r0.x\n"  // coordinates from IN[0]
    "(rpt5)nop\n"
    "sam (f32)(xyzw)r1.x, r2.x, s#1, t#2\n"
    "(sy)end\n";

TEST(Texture, FragmentQuadAtTexelCentres) {
  Tex t(true);
  t.vector.inputs[0] = {Centre(3, 5, 16, 16), Centre(4, 5, 16, 16), Centre(3, 6, 16, 16), Centre(4, 6, 16, 16)};
  const EmulationResult r = t.Run(kFragSample);
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  const uint32_t xy[4][2] = {{3, 5}, {4, 5}, {3, 6}, {4, 6}};
  for (uint32_t l = 0; l < 4; ++l) {
    for (int c = 0; c < 4; ++c) EXPECT_EQ(Out(r, 0, l, c), t.Texel(0, 0, xy[l][0], xy[l][1], c)) << l << c;
  }
}

// A cube binding (SamplerBinding::type = kCube) makes sam.3d a cube lookup:
// each lane's direction hits a texel centre of a different face (the
// expectations are the shared model's face/texel choices, texture_test.cc).
TEST(Texture, CubeSampleAtTexelCentres) {
  Tex t(true);
  t.state.samplers[0].type = TextureType::kCube;
  t.unit.width = t.unit.height = 8;
  struct Lane {
    float dir[3];
    uint32_t face, x, y;
  };
  const Lane lanes[4] = {
      {{1, 0.125f, -0.375f}, 0, 5, 3},      // +X: sc = -rz = 3/8 -> x 5, tc = -ry = -1/8 -> y 3
      {{-1, 0.125f, -0.375f}, 1, 2, 3},     // -X: sc = rz = -3/8 -> x 2, tc = -ry -> y 3
      {{0.375f, 1, -0.125f}, 2, 5, 3},      // +Y: sc = rx -> x 5, tc = rz = -1/8 -> y 3
      {{-0.375f, 0.125f, -1}, 5, 5, 3},     // -Z: sc = -rx = 3/8 -> x 5, tc = -ry -> y 3
  };
  t.vector.inputs[0].clear();
  for (const Lane& l : lanes) t.vector.inputs[0].push_back({Bits(l.dir[0]), Bits(l.dir[1]), Bits(l.dir[2]), 0});
  const EmulationResult r = t.Run("(rpt2)bary.f r2.x, (r)0, r0.x\n(rpt5)nop\n"
                                  "sam.3d (f32)(xyzw)r1.x, r2.x, s#1, t#2\n(sy)end\n");
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  for (uint32_t l = 0; l < 4; ++l) {
    for (int c = 0; c < 4; ++c) {
      EXPECT_EQ(Out(r, 0, l, c), t.Texel(0, lanes[l].face, lanes[l].x, lanes[l].y, c)) << l << c;
    }
  }
  // The same instruction on a 2-D descriptor is a 3-D texture lookup, not a cube one.
  t.state.samplers[0].type = TextureType::k2D;
  const EmulationResult r3 = t.Run("(rpt2)bary.f r2.x, (r)0, r0.x\n(rpt5)nop\n"
                                   "sam.3d (f32)(xyzw)r1.x, r2.x, s#1, t#2\n(sy)end\n");
  ASSERT_EQ(r3.result.status, ExecStatus::kOk) << r3.result.detail;
  EXPECT_NE(Out(r3, 0, 0, 0), Out(r, 0, 0, 0));
}

TEST(Texture, CubeFormsThatA3xxLacks) {
  Tex t(true);
  t.state.samplers[0].type = TextureType::kCube;
  const EmulationResult arr = t.Run("(rpt3)bary.f r2.x, (r)0, r0.x\n(rpt5)nop\n"
                                    "sam.3d.a (f32)(xyzw)r1.x, r2.x, s#1, t#2\n(sy)end\n");
  EXPECT_EQ(arr.result.status, ExecStatus::kUnsupported);
  EXPECT_NE(arr.result.detail.find("a3xx has no cube-map arrays"), std::string::npos) << arr.result.detail;
  const EmulationResult flat = t.Run(kFragSample);
  EXPECT_EQ(flat.result.status, ExecStatus::kUnsupported);
  EXPECT_NE(flat.result.detail.find("without .3d on a cube texture"), std::string::npos) << flat.result.detail;
}

// An unnormalized binding (RECT): sam takes texel coordinates.
TEST(Texture, RectSampleAtTexelCentres) {
  Tex t(true);
  t.state.samplers[0].unnormalized = true;
  t.unit.width = 16;
  t.unit.height = 8;
  const uint32_t xy[4][2] = {{3, 5}, {12, 5}, {3, 7}, {15, 0}};
  t.vector.inputs[0].clear();
  for (const auto& p : xy) t.vector.inputs[0].push_back({Bits(p[0] + 0.5f), Bits(p[1] + 0.5f), 0, 0});
  const EmulationResult r = t.Run(kFragSample);
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  for (uint32_t l = 0; l < 4; ++l) {
    for (int c = 0; c < 4; ++c) EXPECT_EQ(Out(r, 0, l, c), t.Texel(0, 0, xy[l][0], xy[l][1], c)) << l << c;
  }
  // getsize on it is RECT's: width, height, one level.
  const EmulationResult q = t.Run("mov.u32u32 r2.x, 0\n(rpt5)nop\ngetsize (u32)(xyzw)r1.x, r2.x, t#2\n(sy)end\n");
  ASSERT_EQ(q.result.status, ExecStatus::kOk) << q.result.detail;
  EXPECT_EQ(Out(q, 0, 0, 0), 16u);
  EXPECT_EQ(Out(q, 0, 0, 1), 8u);
  EXPECT_EQ(Out(q, 0, 0, 3), 1u);
}

TEST(Texture, FragmentQuadImplicitLodSelectsTheLevel) {
  // Neighbours 4 level-0 texels apart: lambda = 2, nearest mip level 2 (4x4).
  Tex t(true);
  t.unit.levels = 3;
  t.unit.min_filter = common::TexFilter::kNearest;
  t.unit.mip_filter = common::MipFilter::kNearest;
  t.vector.inputs[0] = {Centre(0, 0, 4, 4), Centre(1, 0, 4, 4), Centre(0, 1, 4, 4), Centre(1, 1, 4, 4)};
  const EmulationResult r = t.Run(kFragSample);
  for (uint32_t l = 0; l < 4; ++l) EXPECT_EQ(Out(r, 0, l, 0), t.Texel(2, 0, l & 1, l >> 1, 0)) << l;
}

TEST(Texture, LevelOfDetailQuery) {
  // Neighbours 2^1.3 texels apart: lambda ~ 1.3; nearest mips use level 1.
  Tex t(true);
  t.unit.levels = 4;
  t.unit.min_filter = common::TexFilter::kNearest;
  t.unit.mip_filter = common::MipFilter::kNearest;
  const float d = std::pow(2.0f, 1.3f) / 16;
  t.vector.inputs[0] = {{Bits(0.1f), Bits(0.1f), 0, 0}, {Bits(0.1f + d), Bits(0.1f), 0, 0},
                        {Bits(0.1f), Bits(0.1f + d), 0, 0}, {Bits(0.1f + d), Bits(0.1f + d), 0, 0}};
  const EmulationResult r = t.Run("(rpt2)bary.f r2.x, (r)0, r0.x\n(rpt5)nop\n"
                                  "getlod (f32)(xy)r1.x, r2.x, s#1, t#2\n(sy)end\n");
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  for (uint32_t l = 0; l < 4; ++l) {
    EXPECT_EQ(Out(r, 0, l, 0), kOne) << l;
    EXPECT_NEAR(Flt(Out(r, 0, l, 1)), 1.3f, 1e-4f) << l;
  }
  t.unit.mip_filter = common::MipFilter::kLinear;  // linear mips: the clamped lambda itself
  const EmulationResult lin = t.Run("(rpt2)bary.f r2.x, (r)0, r0.x\n(rpt5)nop\n"
                                    "getlod (f32)(xy)r1.x, r2.x, s#1, t#2\n(sy)end\n");
  EXPECT_NEAR(Flt(Out(lin, 0, 0, 0)), 1.3f, 1e-4f);
}

TEST(Texture, VertexExplicitLodAndArrays) {
  Tex t(false);
  t.unit.levels = 2;
  t.unit.min_filter = common::TexFilter::kNearest;
  t.unit.mip_filter = common::MipFilter::kNearest;
  t.unit.depth = 4;
  t.state.consts.push_back({0, 0, 0});
  t.state.consts.push_back({0, 1, 1});
  t.vector.constants[0][0] = Centre(5, 2, 8, 8, 1.0f);  // level-1 texel (5, 2); z = lod 1
  t.vector.constants[0][1] = Centre(9, 1, 16, 16, 2.0f);  // array layer 2
  const EmulationResult r = t.Run(
      "mov.f32f32 r0.x, c0.x\nmov.f32f32 r0.y, c0.y\nmov.f32f32 r0.z, c0.z\n"
      "mov.f32f32 r3.x, c1.x\nmov.f32f32 r3.y, c1.y\nmov.f32f32 r3.z, c1.z\n(rpt5)nop\n"
      "saml (f32)(x)r1.x, r0.x, r0.z, s#1, t#2\n"
      "sam.a (f32)(x)r1.y, r3.x, s#1, t#2\n"
      "sam (f32)(x)r1.z, r3.x, s#1, t#2\n"
      "(sy)end\n");
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  EXPECT_EQ(Out(r, 0, 0, 0), t.Texel(1, 0, 5, 2, 0));
  EXPECT_EQ(Out(r, 0, 0, 1), t.Texel(0, 2, 9, 1, 0));
  EXPECT_EQ(Out(r, 0, 0, 2), t.Texel(0, 0, 9, 1, 0));  // vertex waves: level 0
}

TEST(Texture, IntegerFetchAndSize) {
  Tex t(false);
  t.unit.width = 32;
  t.unit.height = 8;
  t.unit.levels = 3;
  const EmulationResult r = t.Run(
      "mov.u32u32 r0.x, 3\nmov.u32u32 r0.y, 5\nmov.u32u32 r0.z, 1\n(rpt5)nop\n"
      "isam (f32)(xyzw)r1.x, r0.x, s#1, t#2\n"
      "getsize (u32)(xyzw)r2.x, r0.z, t#2\n"
      "(sy)mov.u32u32 r1.y, r2.x\nmov.u32u32 r1.z, r2.y\nmov.u32u32 r1.w, r2.w\nend\n");
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  EXPECT_EQ(Out(r, 0, 0, 0), t.Texel(0, 0, 3, 5, 0));
  EXPECT_EQ(Out(r, 0, 0, 1), 16u);  // width at lod 1
  EXPECT_EQ(Out(r, 0, 0, 2), 4u);
  EXPECT_EQ(Out(r, 0, 0, 3), 3u);  // levels
}

TEST(Texture, HalfResults) {
  Tex t(false);
  t.state.outputs[0].span.half = true;
  t.state.consts.push_back({0, 0, 0});
  t.vector.constants[0][0] = Centre(1, 1, 16, 16);
  const EmulationResult r = t.Run("mov.f32f32 r0.x, c0.x\nmov.f32f32 r0.y, c0.y\n(rpt5)nop\n"
                                  "sam (f16)(xy)hr1.x, r0.x, s#1, t#2\n(sy)end\n");
  // Texel values are multiples of 1/256: exact in binary16 too.
  EXPECT_EQ(Out(r, 0, 0, 0), t.Texel(0, 0, 1, 1, 0));
  EXPECT_EQ(Out(r, 0, 0, 1), t.Texel(0, 0, 1, 1, 1));
}

TEST(Texture, CoarseDerivatives) {
  Frag f;
  f.vector.inputs[0] = {{kOne, 0, 0, 0}, {kThree, 0, 0, 0}, {Bits(6.0f), 0, 0, 0}, {Bits(10.0f), 0, 0, 0}};
  const EmulationResult r = f.Run("bary.f r2.x, 0, r0.x\n(rpt5)nop\ndsx (f32)(x)r1.x, r2.x\n"
                                  "dsy (f32)(x)r1.y, r2.x\n(sy)end\n");
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  for (uint32_t l = 0; l < 4; ++l) {
    EXPECT_EQ(Out(r, 0, l, 0), kTwo) << l;         // lane 1 - lane 0
    EXPECT_EQ(Out(r, 0, l, 1), Bits(5.0f)) << l;   // lane 2 - lane 0
  }
}

TEST(Texture, DefaultUnitIsSeededWithItsIndex) {
  Tex t(false);
  t.state.consts.push_back({0, 0, 0});
  t.vector.constants[0][0] = Centre(2, 3, 16, 16);
  ShaderState s = t.state;
  common::TestVector v = t.vector;  // no textures: unit 3 is TextureUnit{seed = 3}
  const EmulationResult r = Execute(Asm("mov.f32f32 r0.x, c0.x\nmov.f32f32 r0.y, c0.y\n(rpt5)nop\n"
                                        "sam (f32)(x)r1.x, r0.x, s#1, t#2\n(sy)end\n",
                                        s),
                                    v);
  common::TextureUnit def;
  def.seed = 3;
  EXPECT_EQ(Out(r, 0, 0, 0), Bits(common::TexelValue(def, 0, 0, 2, 3, 0)[0]));
}

// FragSysvalFormat (emulator.h): binary32 preloads gl_FragCoord and FACE as
// the vector has them; ir3 as Mesa's a3xx driver reads them: xy in
// unsigned 1/16 pixel, zw as given, FACE a 16-bit 0 (front) / -1 (back)
// in the half register the field names; an off-grid position is refused.
TEST(Preload, FragSysvalFormats) {
  ShaderState s = FsState({1});
  s.inputs.push_back(Bind(0, IoField::kFragCoord, 2));
  s.inputs.push_back(Bind(1, IoField::kFrontFacing, 3, 0x1));
  common::TestVector v = FsVector(4);
  for (uint32_t l = 0; l < 4; ++l) {
    v.inputs[0].push_back({Bits(static_cast<float>(l) + 0.5f), Bits(2.5f), kHalf, kOne});
    v.inputs[1].push_back({Bits(l % 2 ? -1.0f : 1.0f), 0, 0, kOne});
  }
  const std::string text = "mov.f32f32 r1.x, r2.x\nmov.f32f32 r1.y, r2.z\nmov.f32f32 r1.z, r3.x\n"
                           "cov.s16s32 r1.w, hr3.x\nend\n";
  const EmulationResult b = Emulate(Asm(text, s), v, EmulatorOptions{});
  ASSERT_EQ(b.result.status, ExecStatus::kOk) << b.result.detail;
  EXPECT_EQ(Out(b, 0, 1, 0), Bits(1.5f));
  EXPECT_EQ(Out(b, 0, 1, 2), Bits(-1.0f));
  EmulatorOptions ir3;
  ir3.frag_sysvals = FragSysvalFormat::kIr3;
  const EmulationResult r = Emulate(Asm(text, s), v, ir3);
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  for (uint32_t l = 0; l < 4; ++l) {
    EXPECT_EQ(Out(r, 0, l, 0), 16 * l + 8) << l;  // (l + 0.5) * 16
    EXPECT_EQ(Out(r, 0, l, 1), kHalf) << l;       // z as given
    EXPECT_EQ(Out(r, 0, l, 2), 0u) << l;          // nothing in the full register
    EXPECT_EQ(Out(r, 0, l, 3), l % 2 ? 0xffffffffu : 0u) << l;
  }
  v.inputs[0][2][1] = Bits(2.53f);  // not a multiple of 1/16
  const EmulationResult off = Emulate(Asm(text, s), v, ir3);
  EXPECT_EQ(off.result.status, ExecStatus::kError);
  EXPECT_NE(off.result.detail.find("POSITION.y of lane 2"), std::string::npos) << off.result.detail;
}

}  // namespace
}  // namespace shaderdiff::a3xx
