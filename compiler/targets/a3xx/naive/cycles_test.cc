// Pinned cycle counts of the naive build: three small TGSI shaders compiled
// by the naive translator and run on the a3xx emulator (hazards trap). Each
// test first pins the emitted program (the listing below is asserted, so
// the derivation cannot drift from the code), then the exact CycleStats,
// derived by hand in the comment from that listing and the a3xx timing row
// (emulator/a3xx/timing.cc: alu 3, non-alu 6, sfu latency 10, tex latency
// 64, non-ALU instructions take no issue slot; docs/isa-a3xx.md §4.1, §4.3).
//
// Counting rules (emulator/a3xx/README.md, emulator.cc):
// - cat0/1/2/3 take 1 + REPEAT issue slots ((rpt5)nop = 6 nop slots;
//   bary.f is cat2, so 1 slot); cat4 (rcp) and cat5 (sam) take 0 slots;
//   end takes 1; the two nops after end are padding and never execute.
// - An SFU op issued at cycle c lands at c + 10; a texture op at c + 64.
//   (ss)/(sy) on an instruction stalls until every outstanding SFU/texture
//   op has landed: stall = landing cycle - current cycle.
// - cycles = issue slots + stall cycles; one wave (1 vertex / 4 fragments).
//
// The prologue (io.cc) common to all three is
//   (sy)(ss)nop                       1 slot, nothing pending: no stall
//   4 x { mov.u32u32 r1.c, K ; (rpt5)nop }    4 x 7 = 28 slots
// plus, in fragment shaders, 4 x { bary.f r10.c, c, r0.x ; (rpt5)nop } = 28.
#include <gtest/gtest.h>

#include <string>

#include "compiler/targets/a3xx/naive/test_util.h"
#include "emulator/a3xx/emulator.h"

namespace shaderdiff::naive {
namespace {

a3xx::CycleStats Stats(uint64_t cycles, uint64_t slots, uint64_t nops, uint64_t stalls, uint64_t instrs,
                       uint64_t ss, uint64_t sy) {
  a3xx::CycleStats s;
  s.cycles = cycles;
  s.issue_slots = slots;
  s.nop_slots = nops;
  s.stall_cycles = stalls;
  s.instructions = instrs;
  s.ss = ss;
  s.sy = sy;
  return s;
}

const char kKPrologue[] =
    "(sy)(ss)nop\n"
    "mov.u32u32 r1.x, 0\n(rpt5)nop\n"
    "mov.u32u32 r1.y, 0x3f800000\n(rpt5)nop\n"
    "mov.u32u32 r1.z, 0x80000000\n(rpt5)nop\n"
    "mov.u32u32 r1.w, 0x7fffffff\n(rpt5)nop\n";
const char kBary[] =
    "bary.f r10.x, 0, r0.x\n(rpt5)nop\n"
    "bary.f r10.y, 1, r0.x\n(rpt5)nop\n"
    "bary.f r10.z, 2, r0.x\n(rpt5)nop\n"
    "bary.f (ei)r10.w, 3, r0.x\n(rpt5)nop\n";
const char kEnd[] = "end\nnop\nnop\n";

// Compiles `tgsi`, checks the listing, runs it with IN[0] = (0.5, 0.5, 0.5,
// 1) in every lane and returns the stats.
a3xx::CycleStats CompileAndRun(const std::string& tgsi, const std::string& listing) {
  const CompileResult r = testing::CompileText(tgsi);
  EXPECT_EQ(r.status, CompileStatus::kOk) << r.detail;
  EXPECT_EQ(testing::Listing(r, tgsi, /*body_only=*/false), listing);
  common::TestVector v;
  const bool vs = r.program.state.stage == a3xx::ShaderStage::kVertex;
  v.stage = vs ? tgsi::Processor::kVertex : tgsi::Processor::kFragment;
  v.lanes = vs ? 1 : 4;
  v.inputs[0] = common::LaneVec4s(v.lanes, common::Vec4{0x3f000000u, 0x3f000000u, 0x3f000000u, 0x3f800000u});
  a3xx::EmulatorOptions options;
  options.hazards = a3xx::HazardMode::kTrap;
  const a3xx::EmulationResult e = a3xx::Emulate(r.program, v, options);
  EXPECT_EQ(e.result.status, common::ExecStatus::kOk) << e.result.detail;
  EXPECT_TRUE(e.hazards.empty());
  return e.stats;
}

TEST(NaiveCycles, VertexMov) {
  // prologue        slots 1 + 28 = 29 (nops 1 + 4*6 = 25), 9 instructions
  // MOV: 4 x { mov.u32u32 r11.c, r10.c ; (rpt5)nop }
  //                 slots 4 * 7 = 28 (nops 24), 8 instructions
  // end             1 slot, 1 instruction
  // => issue_slots 29 + 28 + 1 = 58, nop_slots 25 + 24 = 49, stalls 0,
  //    cycles 58, instructions 18, (ss) 1, (sy) 1 (the first nop).
  const char* tgsi = "VERT\nDCL IN[0]\nDCL OUT[0], POSITION\n  0: MOV OUT[0], IN[0]\n  1: END\n";
  const std::string listing = std::string(kKPrologue) + "; 0: MOV OUT[0], IN[0]\n" +
                              "mov.u32u32 r11.x, r10.x\n(rpt5)nop\nmov.u32u32 r11.y, r10.y\n(rpt5)nop\n"
                              "mov.u32u32 r11.z, r10.z\n(rpt5)nop\nmov.u32u32 r11.w, r10.w\n(rpt5)nop\n" +
                              kEnd;
  EXPECT_EQ(CompileAndRun(tgsi, listing), Stats(58, 58, 49, 0, 18, 1, 1));
}

TEST(NaiveCycles, FragmentMad) {
  // prologue        slots 1 + 28 + 28 = 57 (nops 1 + 8*6 = 49), 17 instructions
  // MAD: 4 x { mad.f32 r11.c, r10.c, r10.c, r10.c ; (rpt5)nop }
  //                 slots 4 * 7 = 28 (nops 24), 8 instructions
  // end             1 slot
  // => issue_slots 57 + 28 + 1 = 86, nop_slots 49 + 24 = 73, stalls 0,
  //    cycles 86, instructions 26, (ss) 1, (sy) 1.
  const char* tgsi =
      "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\n"
      "  0: MAD OUT[0], IN[0], IN[0], IN[0]\n  1: END\n";
  const std::string listing =
      std::string(kKPrologue) + kBary + "; 0: MAD OUT[0], IN[0], IN[0], IN[0]\n" +
      "mad.f32 r11.x, r10.x, r10.x, r10.x\n(rpt5)nop\nmad.f32 r11.y, r10.y, r10.y, r10.y\n(rpt5)nop\n"
      "mad.f32 r11.z, r10.z, r10.z, r10.z\n(rpt5)nop\nmad.f32 r11.w, r10.w, r10.w, r10.w\n(rpt5)nop\n" +
      kEnd;
  EXPECT_EQ(CompileAndRun(tgsi, listing), Stats(86, 86, 73, 0, 26, 1, 1));
}

TEST(NaiveCycles, FragmentRcpAndTex) {
  // cycle  instruction                          slots  stall
  //  0-56  prologue (as FragmentMad)              57      0   17 instrs, 49 nops
  //    57  rcp r12.x, r10.x                        0      -   lands 57 + 10 = 67
  //    57  (ss)(rpt5)nop: waits 57 -> 67           6     10   issues 67-72
  //    73  mov.u32u32 r7.x, r10.x ; (rpt5)nop      7      -   73-79
  //    80  mov.u32u32 r7.y, r10.y ; (rpt5)nop      7      -   80-86
  //    87  sam (f32)(xyzw)r2.x, r7.x, s#0, t#0     0      -   lands 87 + 64 = 151
  //    87  (sy)(rpt5)nop: waits 87 -> 151         6     64   issues 151-156
  //   157  4 x { mov.u32u32 r11.c, r2.c ; (rpt5)nop }  28  -  157-184
  //   185  end                                     1      -
  // => issue_slots 57 + 6 + 14 + 6 + 28 + 1 = 112,
  //    nop_slots 49 + 6 + 12 + 6 + 24 = 97, stall_cycles 10 + 64 = 74,
  //    cycles 112 + 74 = 186 (= 185 + 1), instructions 17 + 2 + 4 + 2 + 8 + 1
  //    = 34, (ss) 2 (prologue nop, rcp's nop), (sy) 2 (prologue nop, sam's nop).
  const char* tgsi =
      "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL SAMP[0]\nDCL TEMP[0]\n"
      "  0: RCP TEMP[0].x, IN[0].xxxx\n  1: TEX OUT[0], IN[0], SAMP[0], 2D\n  2: END\n";
  const std::string listing =
      std::string(kKPrologue) + kBary + "; 0: RCP TEMP[0].x, IN[0].xxxx\n" + "rcp r12.x, r10.x\n(ss)(rpt5)nop\n" +
      "; 1: TEX OUT[0], IN[0], SAMP[0], 2D\n" +
      "mov.u32u32 r7.x, r10.x\n(rpt5)nop\nmov.u32u32 r7.y, r10.y\n(rpt5)nop\n"
      "sam (f32)(xyzw)r2.x, r7.x, s#0, t#0\n(sy)(rpt5)nop\n"
      "mov.u32u32 r11.x, r2.x\n(rpt5)nop\nmov.u32u32 r11.y, r2.y\n(rpt5)nop\n"
      "mov.u32u32 r11.z, r2.z\n(rpt5)nop\nmov.u32u32 r11.w, r2.w\n(rpt5)nop\n" +
      kEnd;
  EXPECT_EQ(CompileAndRun(tgsi, listing), Stats(186, 112, 97, 74, 34, 2, 2));
}

}  // namespace
}  // namespace shaderdiff::naive
