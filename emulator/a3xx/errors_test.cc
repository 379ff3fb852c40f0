// Every error path: decode errors, registers outside the generation's file,
// r63 reads, bad ShaderStates, missing inputs, unsupported opcodes and
// forms, a missing sampler binding, a stage mismatch, trap mode; and the
// non-errors: out-of-range relative accesses (0 / dropped, counted).
#include <gtest/gtest.h>

#include "emulator/a3xx/isa/codec.h"
#include "emulator/a3xx/test_util.h"

namespace shaderdiff::a3xx {
namespace {

using namespace emutest;
using common::ExecStatus;

EmulationResult Vs(const std::string& text, ShaderState s = VsState({1}), uint32_t lanes = 1,
                   HazardMode mode = HazardMode::kStale) {
  return Execute(Asm(text, s), VsVector(lanes), mode);
}

void ExpectStatus(const EmulationResult& r, ExecStatus status, const std::string& fragment) {
  EXPECT_EQ(r.result.status, status) << r.result.detail;
  EXPECT_NE(r.result.detail.find(fragment), std::string::npos) << r.result.detail;
  EXPECT_TRUE(r.result.outputs.empty());
}

TEST(Errors, DecodeErrorNamesTheWord) {
  const std::vector<uint64_t> words = {*AssembleToWords("nop\n")->begin(), 0xe000000000000000ull};
  const EmulationResult r = EmulateWords(words, VsState({1}), VsVector(1), {});
  ExpectStatus(r, ExecStatus::kError, "word 1 (e0000000_00000000) does not decode: category 7");
}

TEST(Errors, EmulateWordsRunsEncodedPrograms) {
  const auto words = AssembleToWords("mov.f32f32 r1.x, (2.000000)\nend\n");
  ASSERT_TRUE(words);
  const EmulationResult r = EmulateWords(*words, VsState({1}), VsVector(2), {});
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  EXPECT_EQ(Out(r, 0, 1, 0), kTwo);
}

TEST(Errors, RegistersBeyondTheFile) {
  ExpectStatus(Vs("mov.f32f32 r50.x, (1.000000)\nend\n"), ExecStatus::kError,
               "r50.x is beyond the a3xx full register file (48 vec4)");
  ExpectStatus(Vs("add.f r1.x, r48.y, r1.x\nend\n"), ExecStatus::kError, "instruction 0 (add.f r1.x, r48.y, r1.x)");
  ExpectStatus(Vs("(rpt3)mov.f32f32 r47.z, (r)c0.x\nend\n"), ExecStatus::kError, "r48.x is beyond");
  ExpectStatus(Vs("mov.f16f16 hr48.x, hr0.x\nend\n"), ExecStatus::kError, "hr48.x is beyond the a3xx half");
  // Texture vectors and the bary.f ij pair count every scalar they cover.
  ShaderState s = VsState({1});
  s.samplers.push_back({0, 0, 0});
  ExpectStatus(Vs("sam (f32)(xyzw)r46.x, r47.w, s#0, t#0\nend\n", s), ExecStatus::kError, "r48.x is beyond");
  ExpectStatus(Vs("sam (f32)(xyzw)r47.y, r0.x, s#0, t#0\nend\n", s), ExecStatus::kError, "r48.x is beyond");
  ExpectStatus(Vs("bary.f r1.x, 0, r47.w\nend\n"), ExecStatus::kError, "r48.x is beyond");
}

TEST(Errors, NullRegister) {
  ExpectStatus(Vs("mov.f32f32 r1.x, r63.x\nend\n"), ExecStatus::kError, "reads r63.x (r63 is the null register)");
  // Writes to r63 are discarded: ir3's dummy bary.f destination.
  ShaderState fs = FsState({1});
  const EmulationResult r = Execute(Asm("bary.f (ei)r63.x, 0, r0.x\nmov.f32f32 r1.x, (1.000000)\nend\n", fs),
                                    FsVector(4));
  EXPECT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
}

TEST(Errors, NonexistentSpecialRegister) {
  Program p = Asm("end\n", VsState({1}));
  Instr mov = *AssembleInstr("mov.f32f32 r1.x, r0.x");
  mov.src[0].num = kRegA0X + 1;  // a1.x: a5xx+
  p.instrs.insert(p.instrs.begin(), mov);
  ExpectStatus(Execute(p, VsVector(1)), ExecStatus::kError, "a1.x does not exist on a3xx");
}

TEST(Errors, BadShaderState) {
  ShaderState s = VsState({1});
  s.full_regs = 49;
  ExpectStatus(Vs("end\n", s), ExecStatus::kError, "uses 49 full and 0 half vec4 registers; a3xx has 48");
  ExpectStatus(Vs("end\n", VsState({48})), ExecStatus::kError,
               "shader state: OUT[0].x is bound to r48.x, not a GPR of the a3xx full register file (48 vec4)");
  ShaderState c = VsState({1});
  c.consts.push_back({0, 0, 512});
  ExpectStatus(Vs("end\n", c), ExecStatus::kError, "c512 is beyond the const file");
}

// States the a3xx state registers cannot express (docs/isa-a3xx.md §6,
// isa/io_fields.h), each refused with the binding named.
TEST(Errors, StatesTheHardwareCannotExpress) {
  auto vs = [](auto edit) {
    ShaderState s = VsState({1}, {2});
    edit(s);
    common::TestVector v = VsVector(1);
    SetInput(v, 0, {kOne, kTwo, kThree, kFour});
    return Execute(Asm("end\n", s), v);
  };
  auto fs = [](auto edit) {
    ShaderState s = FsState({1});
    edit(s);
    common::TestVector v = FsVector(4);
    SetInput(v, 0, {kOne, kTwo, kThree, kFour});
    return Execute(Asm("end\n", s), v);
  };
  // A span running past the register file: r47.z + 3.
  ExpectStatus(vs([](ShaderState& s) { s.outputs[0].span.base = 4 * 47 + 2; }), ExecStatus::kError,
               "OUT[0].z is bound to r48.x, not a GPR of the a3xx full register file (48 vec4): the span runs past it");
  // ... or into a0/p0: no binding names a special register.
  ExpectStatus(vs([](ShaderState& s) { s.outputs[0].span.base = kRegP0X; }), ExecStatus::kError,
               "OUT[0].x is bound to p0.x, not a GPR");
  ExpectStatus(vs([](ShaderState& s) { s.inputs[0].span.base = 4 * 46; s.inputs[0].span.half = true; }),
               ExecStatus::kError, "IN[0]: VFD_DECODE_INSTR has no half-precision bit; the span is half");
  // A render target is all four components of one REGID.
  ExpectStatus(fs([](ShaderState& s) { s.outputs[0].span.mask = 0x7; }), ExecStatus::kError,
               "OUT[0]: SP_FS_MRT_REG programs xyzw together; the span binds xyz");
  // REGID is 8 bits and names x's register: y in r0.x is not expressible.
  ExpectStatus(vs([](ShaderState& s) { s.outputs[0].span = {IoField::kVsVarying, -1, 0x2}; }), ExecStatus::kError,
               "OUT[0]: SP_VS_OUT_REG.REGID would hold -1");
  // Fields of the other stage or direction.
  ExpectStatus(fs([](ShaderState& s) { s.inputs.push_back(Bind(0, IoField::kVsAttribute, 2)); }), ExecStatus::kError,
               "IN[0] is bound through VFD_DECODE_INSTR, a vertex-shader field");
  ExpectStatus(vs([](ShaderState& s) { s.inputs[0].span.field = IoField::kVsVarying; }), ExecStatus::kError,
               "IN[0] is bound through SP_VS_OUT_REG, which is not an input field");
  ExpectStatus(vs([](ShaderState& s) { s.outputs[0].span.field = IoField::kVsAttribute; }), ExecStatus::kError,
               "OUT[0] is bound through VFD_DECODE_INSTR, which is not an output field");
  // Front-facing holds x only; gl_FragCoord comes in pairs.
  ExpectStatus(fs([](ShaderState& s) { s.inputs.push_back(Bind(0, IoField::kFrontFacing, 2, 0x3)); }),
               ExecStatus::kError, "HLSQ_CONTROL_2_REG.FACENESSREGID cannot carry component(s) y");
  ExpectStatus(fs([](ShaderState& s) { s.inputs.push_back(Bind(0, IoField::kFragCoord, 2, 0x1)); }),
               ExecStatus::kError, "HLSQ_CONTROL_1_REG.FRAGCOORD programs xy together; the span binds x");
  // Two preloaded fields writing one register (here gl_FragCoord and the i/j pair).
  ExpectStatus(fs([](ShaderState& s) { s.inputs.push_back(Bind(0, IoField::kFragCoord, 0)); }), ExecStatus::kError,
               "IN[0] and the i/j pair are both preloaded into r0.x");
  ExpectStatus(vs([](ShaderState& s) { s.inputs.push_back(Bind(1, IoField::kVsAttribute, 2, 0x8)); }),
               ExecStatus::kError, "IN[0] and IN[1] are both preloaded into r2.w");
  // More entries than the generation has: 5 render targets, 2 positions.
  ExpectStatus(fs([](ShaderState& s) {
                 for (uint32_t i = 1; i < 5; ++i) s.outputs.push_back(Bind(i, IoField::kFsColor, 1 + i));
               }),
               ExecStatus::kError, "5 bindings through SP_FS_MRT_REG; a3xx has 4");
  ExpectStatus(vs([](ShaderState& s) {
                 s.outputs.push_back(Bind(1, IoField::kVsPosition, 3));
                 s.outputs.push_back(Bind(2, IoField::kVsPosition, 4));
               }),
               ExecStatus::kError, "2 bindings through SP_VS_PARAM_REG.POSREGID; a3xx has 1");
  // A system value through a field that delivers something else.
  ExpectStatus(vs([](ShaderState& s) { s.system_values.push_back({"INSTANCEID", 0, {IoField::kVertexId, 12, 0x1}}); }),
               ExecStatus::kError, "system value INSTANCEID is bound through VFD_CONTROL_1.REGID4VTX, which delivers VERTEXID");
  // One TGSI register bound twice.
  ExpectStatus(vs([](ShaderState& s) { s.outputs.push_back(Bind(0, IoField::kVsVarying, 3)); }), ExecStatus::kError,
               "OUT[0] is bound twice");
  // A varying component with no interpolation mode.
  ExpectStatus(fs([](ShaderState& s) { s.varyings.push_back({0, 62, 0xF, VaryingInterp::kFlat}); }),
               ExecStatus::kError, "IN[0].z is varying component 64; a3xx has interpolation modes for 64");
  ExpectStatus(fs([](ShaderState& s) { s.ij_reg = 4 * 47 + 3; }), ExecStatus::kError,
               "the i/j pair (HLSQ_CONTROL_3_REG.REGID) is bound to r48.x");
  // The centroid pair: a GPR pair of the file, apart from every other
  // preload, and a fragment-stage field.
  ExpectStatus(fs([](ShaderState& s) {
                 s.centroid_ij_preloaded = true;
                 s.centroid_ij_reg = 4 * 47 + 3;
               }),
               ExecStatus::kError,
               "the centroid i/j pair (HLSQ_CONTROL_3_REG.IJPERSPCENTROIDREGID) is bound to r48.x");
  ExpectStatus(fs([](ShaderState& s) {
                 s.centroid_ij_preloaded = true;
                 s.centroid_ij_reg = 1;
               }),
               ExecStatus::kError, "the i/j pair and the centroid i/j pair are both preloaded into r0.y");
  ExpectStatus(vs([](ShaderState& s) {
                 s.centroid_ij_preloaded = true;
                 s.centroid_ij_reg = 40;
               }),
               ExecStatus::kError, "a centroid i/j pair (HLSQ_CONTROL_3_REG.IJPERSPCENTROIDREGID) in a vertex shader");
}

TEST(Errors, OverlappingPreloadsAreTheTimingRowsChoice) {
  // Refused on a3xx (undocumented which write wins); a row that says they
  // may overlap accepts the same state.
  ShaderState s = VsState({1}, {2});
  s.inputs.push_back(Bind(1, IoField::kVsAttribute, 2, 0x8));
  common::TestVector v = VsVector(1);
  SetInput(v, 0, {kOne, kTwo, kThree, kFour});
  SetInput(v, 1, {kOne, kTwo, kThree, kFour});
  ExpectStatus(Execute(Asm("end\n", s), v), ExecStatus::kError, "both preloaded into r2.w");
  Timing lenient = *FindTiming("a3xx");
  lenient.preloads_may_overlap = true;
  EmulatorOptions o;
  o.timing = &lenient;
  EXPECT_EQ(Emulate(Asm("end\n", s), v, o).result.status, ExecStatus::kOk);
}

TEST(Errors, StatesTheHardwareCanExpress) {
  // Outputs sharing registers (two REGID fields naming r1), depth z in r2.x
  // (base r1.z), gl_FragCoord's zw pair alone, an unbound (empty) span.
  ShaderState s = FsState({1});
  s.outputs.push_back(Bind(1, IoField::kFsColor, 1));
  s.outputs.push_back({2, {IoField::kFsDepth, 6, 0x4}});
  s.inputs.push_back({0, {IoField::kFragCoord, 8, 0xC}});
  s.inputs.push_back({1, {IoField::kFrontFacing, 0, 0x0}});
  common::TestVector v = FsVector(4);
  SetInput(v, 0, {kOne, kTwo, kThree, kFour});
  const EmulationResult r = Execute(Asm("mov.f32f32 r1.x, r2.z\nmov.f32f32 r2.x, r2.w\nend\n", s), v);
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  EXPECT_EQ(Out(r, 0, 3, 0), kThree);
  EXPECT_EQ(Out(r, 1, 3, 0), kThree);
  EXPECT_EQ(Out(r, 2, 3, 2), kFour);
  EXPECT_EQ(Out(r, 2, 3, 0), kZero);  // not in the depth field's mask
}

TEST(Errors, MissingInputs) {
  ExpectStatus(Vs("end\n", VsState({1}, {2})), ExecStatus::kError,
               "IN[0] is bound by the program but missing from the test vector");
  ShaderState s = VsState({1});
  s.system_values.push_back({"INSTANCEID", 0, {IoField::kInstanceId, 0, 0x1}});
  ExpectStatus(Vs("end\n", s), ExecStatus::kError, "system value INSTANCEID");
  ShaderState fs = FsState({1});
  fs.varyings.push_back({4, 0, 0xF, VaryingInterp::kLinear});
  ExpectStatus(Execute(Asm("end\n", fs), FsVector(4)), ExecStatus::kError, "IN[4]");
}

TEST(Errors, UnsupportedOpcodesAndForms) {
  ShaderState s = VsState({1});
  s.samplers.push_back({0, 0, 0});
  const std::pair<const char*, const char*> cases[] = {
      {"cmpv.f.lt r1.x, r0.x, r0.y", "cmpv.f"},
      {"rndaz.f r1.x, r0.x", "rndaz.f"},
      {"sel.f32 r1.x, r0.x, r0.y, r0.z", "sel.f32"},
      {"hrsq r1.x, r0.x", "hrsq"},
      {"call #1", "call"},
      {"sam.s2en (f32)(xyzw)r1.x, r0.x, hr4.x", "sam.s2en"},
      {"sam.3d.s (f32)(xyzw)r1.x, r0.x, s#0, t#0", "on a 3-D texture"},  // a 2-D binding: not a cube
      {"isam.p (f32)(xyzw)r1.x, r0.x, s#0, t#0", "isam with .s/.p"},
      {"gather4r (f32)(xyzw)r1.x, r0.x, s#0, t#0", "gather4r"},
      {"ldlv.f32 r1.x, l[0], 1", "ldlv"},
      {"atomic.inc.untyped.1d.u32.1.l r1.x, l[r0.y], r0.z", "atomic.inc"},
      {"ldl.u32 r1.x, l[r0.x], 9", "9 components"},
  };
  for (const auto& [text, name] : cases) {
    SCOPED_TRACE(text);
    ExpectStatus(Vs(std::string(text) + "\nend\n", s), ExecStatus::kUnsupported, name);
  }
}

TEST(Errors, ProjectedThreeDimensionalSamplingIsRefused) {
  // sam.3d.p: Mesa's ir3 never emits it on a3xx (it divides first), so the
  // a3xx row refuses it as a program the GPU cannot run; a row that says it
  // works accepts it, and the same program without .3d runs.
  ShaderState s = VsState({1});
  s.samplers.push_back({0, 0, 0, TextureType::k3D});
  common::TestVector v = VsVector(1);
  SetInput(v, 0, {kOne, kTwo, kThree, kFour});
  const std::string text = "sam.3d.p (f32)(xyzw)r1.x, r0.x, s#0, t#0\n(sy)end\n";
  ExpectStatus(Execute(Asm(text, s), v), ExecStatus::kError, ".p with .3d");
  Timing lenient = *FindTiming("a3xx");
  lenient.projected_3d = true;
  EmulatorOptions o;
  o.timing = &lenient;
  EXPECT_EQ(Emulate(Asm(text, s), v, o).result.status, ExecStatus::kOk);
  ShaderState flat = VsState({1});
  flat.samplers.push_back({0, 0, 0});
  EXPECT_EQ(Execute(Asm("sam.p (f32)(xyzw)r1.x, r0.x, s#0, t#0\n(sy)end\n", flat), v).result.status,
            ExecStatus::kOk);
}

TEST(Errors, BaryWithoutPreloadedPairIsRefused) {
  // ShaderState::ij_preloaded false (REGID none, as ir3's driver programs a
  // shader that reads no varying): a bary.f has no pair to interpolate with.
  ShaderState s = FsState({1});
  const std::string text = "bary.f (ei)r1.x, 0, r0.x\nend\n";
  EXPECT_NE(Execute(Asm(text, s), FsVector(4)).result.status, ExecStatus::kError);
  s.ij_preloaded = false;
  ExpectStatus(Execute(Asm(text, s), FsVector(4)), ExecStatus::kError, "preloads none");
}

TEST(Errors, MissingSamplerBinding) {
  ExpectStatus(Vs("sam (f32)(x)r1.x, r0.x, s#1, t#2\nend\n"), ExecStatus::kError, "no SamplerBinding for s#1, t#2");
}

TEST(Errors, StageMismatch) {
  ExpectStatus(Execute(Asm("end\n", VsState({1})), FsVector(4)), ExecStatus::kError,
               "vertex shader but the test vector's stage is FRAG");
}

TEST(Errors, ProgramAndOptions) {
  ExpectStatus(Vs(""), ExecStatus::kError, "no instructions");
  Program p = Asm("end\n", VsState({1}));
  p.instrs[0].dst = GprOperand(0);  // end with a destination: not encodable
  ExpectStatus(Execute(p, VsVector(1)), ExecStatus::kError, "instruction 0 is not a valid a3xx instruction");
  EmulatorOptions o;
  o.timing = nullptr;
  ExpectStatus(Emulate(Asm("end\n", VsState({1})), VsVector(1), o), ExecStatus::kError, "no timing row");
  EXPECT_EQ(FindTiming("a9xx"), nullptr);
}

TEST(Errors, TrapModeStopsAtTheFirstHazard) {
  const std::string text = "mov.f32f32 r0.x, (1.000000)\nadd.f r1.x, r0.x, r0.x\nadd.f r1.y, r0.x, r0.x\nend\n";
  const EmulationResult stale = Vs(text);
  EXPECT_EQ(stale.result.status, ExecStatus::kOk);
  EXPECT_EQ(stale.hazards.size(), 2u);
  const EmulationResult trap = Vs(text, VsState({1}), 1, HazardMode::kTrap);
  ExpectStatus(trap, ExecStatus::kError, "hazard (trap mode): instr 1: r0.x alu-delay, 3 cycles short");
  ASSERT_EQ(trap.hazards.size(), 1u);
  EXPECT_EQ(trap.hazards[0], (Hazard{1, 0, 3, "alu-delay", false}));
  EXPECT_EQ(trap.stats.instructions, 2u);  // stopped after the hazardous instruction
}

TEST(Errors, RelativeAccessesOutOfRangeAreNotErrors) {
  // a0.x = 200: r<a0.x + 0> is scalar 200 (>= 192): reads 0, the write to
  // r<a0.x + 0> is dropped; a0.x = 2000: c<a0.x + 100> is beyond the 2048
  // const scalars; a0.x = -300: r<a0.x + 4> is negative.
  const EmulationResult r = Vs(
      "mov.s16s16 hr0.x, 200\n(rpt2)nop\nmova a0.x, hr0.x\n(rpt5)nop\n"
      "mov.f32f32 r1.x, r<a0.x>\n"
      "mov.f32f32 r<a0.x>, (1.000000)\n"
      "mov.s16s16 hr0.x, 2000\n(rpt2)nop\nmova a0.x, hr0.x\n(rpt5)nop\n"
      "mov.f32f32 r1.y, c<a0.x + 100>\n"
      "mov.s16s16 hr0.x, -300\n(rpt2)nop\nmova a0.x, hr0.x\n(rpt5)nop\n"
      "mov.f32f32 r1.z, r<a0.x + 4>\n"
      "end\n",
      VsState({1}), 3);
  ASSERT_EQ(r.result.status, ExecStatus::kOk) << r.result.detail;
  EXPECT_EQ(Out(r, 0, 0, 0), kZero);
  EXPECT_EQ(Out(r, 0, 0, 1), kZero);
  EXPECT_EQ(Out(r, 0, 0, 2), kZero);
  EXPECT_EQ(r.stats.out_of_range_accesses, 4u * 3);  // four accesses, three lanes
  EXPECT_TRUE(r.hazards.empty());
}

}  // namespace
}  // namespace shaderdiff::a3xx
