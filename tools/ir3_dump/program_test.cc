// Mesa programs as a3xx::Programs (program.h) and through the differential
// check as the a3xx/mesa build (tools/harness/check.h), on real dumps of
// Mesa's ir3 (testdata/, from corpus/external/mesa-ir3/).
#include "tools/ir3_dump/program.h"

#include <array>
#include <fstream>
#include <map>
#include <sstream>

#include <gtest/gtest.h>

#include "compiler/tgsi/validate.h"
#include "emulator/a3xx/emulator.h"
#include "emulator/tgsi/interpreter.h"
#include "tools/harness/check.h"
#include "tools/harness/vector_gen.h"

namespace shaderdiff::ir3_dump {
namespace {

constexpr const char* kDir = "tools/ir3_dump/testdata/";

tgsi::Shader LoadTgsi(const std::string& name) {
  std::ifstream in(kDir + name);
  std::ostringstream s;
  s << in.rdbuf();
  tgsi::FrontDoorResult r = tgsi::ParseAndValidate(s.str());
  EXPECT_TRUE(r.ok());
  return r.shader;
}

TEST(Ir3Program, VertexShaderIo) {
  const BuildResult r = LoadProgram(std::string(kDir) + "vs.ir3.txt", LoadTgsi("vs.tgsi"));
  ASSERT_EQ(r.status, BuildStatus::kOk) << r.detail;
  EXPECT_TRUE(r.text_disagreements.empty()) << r.text_disagreements.front();
  const a3xx::ShaderState& s = r.program.state;
  EXPECT_EQ(s.stage, a3xx::ShaderStage::kVertex);
  ASSERT_EQ(s.inputs.size(), 1u);
  EXPECT_EQ(s.inputs[0].span, (a3xx::RegisterSpan{a3xx::IoField::kVsAttribute, 0, 0xF, false}));
  ASSERT_EQ(s.outputs.size(), 2u);
  EXPECT_EQ(s.outputs[0].span.field, a3xx::IoField::kVsPosition);
  EXPECT_EQ(s.outputs[1].tgsi_index, 1u);
  EXPECT_EQ(s.outputs[1].span.base, 4 * 1 + 2);  // r1.z
  // UBO 0's pushed range: CONST[0][0..7] at c0..c7.
  ASSERT_EQ(s.consts.size(), 8u);
  EXPECT_EQ(s.consts[1].index, 1u);
  EXPECT_EQ(s.consts[1].const_vec4, 1u);
  EXPECT_EQ(r.program.instrs.size(), 17u);
  EXPECT_EQ(s.full_regs, 3);
}

TEST(Ir3Program, FragmentVaryings) {
  const BuildResult r = LoadProgram(std::string(kDir) + "fs.ir3.txt", LoadTgsi("fs.tgsi"));
  ASSERT_EQ(r.status, BuildStatus::kOk) << r.detail;
  const a3xx::ShaderState& s = r.program.state;
  ASSERT_EQ(s.varyings.size(), 1u);
  EXPECT_EQ(s.varyings[0].inloc, 0);
  EXPECT_EQ(s.varyings[0].mask, 0x7);
  EXPECT_TRUE(s.ij_preloaded);
  EXPECT_EQ(s.ij_reg, 0);
  ASSERT_EQ(s.outputs.size(), 1u);
  EXPECT_EQ(s.outputs[0].span, (a3xx::RegisterSpan{a3xx::IoField::kFsColor, 2, 0xF, false}));
}

TEST(Ir3Program, RefusesWhatDoesNotFit) {
  // A vertex program for a fragment shader.
  BuildResult r = LoadProgram(std::string(kDir) + "vs.ir3.txt", LoadTgsi("fs.tgsi"));
  EXPECT_EQ(r.status, BuildStatus::kError);
  EXPECT_NE(r.detail.find("VERT program"), std::string::npos);
  // ir3 compiled nothing.
  ParseError e;
  r = BuildProgram(*Parse("; ir3-failed: MESA: error: ir3_ra() failed!\n", &e), LoadTgsi("fs.tgsi"));
  EXPECT_EQ(r.status, BuildStatus::kUnsupported);
  EXPECT_NE(r.detail.find("ir3_ra() failed"), std::string::npos);
  // A word our decoder refuses (category 7) names the dump's line.
  r = BuildProgram(*Parse(":7:0000:0000[e0000000x_00000000x] nop\n; FRAG: outputs:\n", &e), LoadTgsi("fs.tgsi"));
  EXPECT_EQ(r.status, BuildStatus::kError);
  EXPECT_NE(r.detail.find("line 1:"), std::string::npos);
  // A missing dump.
  r = LoadProgram(std::string(kDir) + "no-such.txt", LoadTgsi("fs.tgsi"));
  EXPECT_EQ(r.status, BuildStatus::kError);
}

// A constant array NIR moved into the shader's constant data, which ir3
// reads through its consts UBO (block 1 here, pushed to c8..c15): the
// driver uploads the data there, not a CONST[1] of the vector.
TEST(Ir3Program, ConstantDataFillsTheConstsUboRange) {
  const BuildResult r = LoadProgram(std::string(kDir) + "consts.ir3.txt", LoadTgsi("consts.tgsi"));
  ASSERT_EQ(r.status, BuildStatus::kOk) << r.detail;
  const a3xx::ShaderState& s = r.program.state;
  for (const a3xx::ConstBinding& b : s.consts) EXPECT_EQ(b.buffer, 0u) << b.const_vec4;
  std::map<uint16_t, std::array<uint32_t, 4>> imm;
  for (const a3xx::ImmediateConst& i : s.immediates) imm[i.const_vec4] = i.words;
  // The identity rows of TEMP[0..3], ARRAY(1), then zeros to the range's end.
  EXPECT_EQ(imm[8], (std::array<uint32_t, 4>{0x3f800000, 0, 0, 0}));
  EXPECT_EQ(imm[9], (std::array<uint32_t, 4>{0, 0x3f800000, 0, 0}));
  EXPECT_EQ(imm[11], (std::array<uint32_t, 4>{0, 0, 0, 0x3f800000}));
  EXPECT_EQ(imm[15], (std::array<uint32_t, 4>{0, 0, 0, 0}));
  harness::CheckOptions o;
  o.build = harness::Build::kMesa;
  o.mesa_program = std::string(kDir) + "consts.ir3.txt";
  o.vectors = 1;  // in-range indices (later vectors reach past the array: an alu-delay hazard)
  const harness::CheckOutcome c = harness::CheckShader(LoadTgsi("consts.tgsi"), 1, o);
  EXPECT_EQ(c.verdict, harness::Verdict::kPass) << c.detail;
  // Without the glue's constant data the range would read a CONST[1] the
  // shader does not have: refused, not zeros.
  std::ifstream in(std::string(kDir) + "consts.ir3.txt");
  std::ostringstream text;
  text << in.rdbuf();
  std::string old_form = text.str();
  const size_t from = old_form.find("; consts_ubo:");
  ASSERT_NE(from, std::string::npos);
  old_form.erase(from, old_form.find("\n:", from) + 1 - from);
  ParseError e;
  const std::optional<Dump> d = Parse(old_form, &e);
  ASSERT_TRUE(d) << e.line << ": " << e.message;
  const BuildResult without = BuildProgram(*d, LoadTgsi("consts.tgsi"));
  EXPECT_EQ(without.status, BuildStatus::kUnsupported);
  EXPECT_NE(without.detail.find("no constant buffer of the shader"), std::string::npos) << without.detail;
}

// A UBO ir3 reads through a pointer (corpus shader 3718bed14ccf6560:
// CONST[0][0..1024] is more than the const file; ir3 pushes two 8-vec4
// ranges to c0..c15 and loads CONST[0][ADDR] with ldg from the address in
// c16.x). The glue gives the buffer a range of global memory, as the
// driver's UBO upload does, and the program computes what the reference
// does while its index is in range; past the buffer it reads bytes nobody
// wrote (the "global-uninit" hazard).
TEST(Ir3Program, AUboReadThroughAPointerReadsGlobalMemory) {
  const tgsi::Shader shader = LoadTgsi("ubo.tgsi");
  const BuildResult r = LoadProgram(std::string(kDir) + "ubo.ir3.txt", shader);
  ASSERT_EQ(r.status, BuildStatus::kOk) << r.detail;
  const a3xx::ShaderState& s = r.program.state;
  ASSERT_EQ(s.global_consts.size(), 1u);
  EXPECT_EQ(s.global_consts[0], (a3xx::GlobalConstRange{0, 0, 1025, 0x10000, 4 * 16}));
  common::TestVector v;
  std::string error;
  harness::VectorOptions vo;
  vo.lanes = 16;
  ASSERT_TRUE(harness::GenerateVector(shader, vo, &v, &error)) << error;
  a3xx::EmulatorOptions eo;
  eo.hazards = a3xx::HazardMode::kTrap;
  for (const uint32_t index : {0u, 5u, 1024u}) {
    v.constants[0][1024][0] = index;
    const common::ExecResult want = tgsi_exec::Interpret(shader, v, {});
    const a3xx::EmulationResult got = a3xx::Emulate(r.program, v, eo);
    ASSERT_EQ(got.result.status, common::ExecStatus::kOk) << index << ": " << got.result.detail;
    EXPECT_TRUE(got.hazards.empty()) << index;
    ASSERT_EQ(want.outputs.size(), 1u);
    const common::OutputLanes* out = got.result.FindOutput(0);
    ASSERT_NE(out, nullptr);
    for (size_t lane = 0; lane < 16; ++lane) {
      EXPECT_EQ(out->words[lane], want.outputs[0].words[lane]) << "index " << index << " lane " << lane;
    }
  }
  v.constants[0][1024][0] = 1025;
  const a3xx::EmulationResult past = a3xx::Emulate(r.program, v, eo);
  ASSERT_FALSE(past.hazards.empty());
  EXPECT_EQ(past.hazards.front().kind, "global-uninit");
}

TEST(Ir3Program, ChecksAsTheMesaBuild) {
  harness::CheckOptions o;
  o.build = harness::Build::kMesa;
  o.vectors = 4;
  o.mesa_program = std::string(kDir) + "fs.ir3.txt";
  harness::CheckOutcome c = harness::CheckShader(LoadTgsi("fs.tgsi"), 1, o);
  EXPECT_EQ(c.verdict, harness::Verdict::kPass) << c.detail;
  EXPECT_EQ(c.vectors_run, 4u);
  EXPECT_EQ(c.vectors_compared_to_naive, 4u);
  o.mesa_program = std::string(kDir) + "vs.ir3.txt";
  c = harness::CheckShader(LoadTgsi("vs.tgsi"), 1, o);
  EXPECT_EQ(c.verdict, harness::Verdict::kPass) << c.detail;
  // No program: untested, never a pass.
  o.mesa_program = "";
  c = harness::CheckShader(LoadTgsi("vs.tgsi"), 1, o);
  EXPECT_EQ(c.verdict, harness::Verdict::kUntested);
  EXPECT_EQ(c.detail, "no Mesa program");
}

TEST(Ir3Program, ABrokenProgramFails) {
  // The fragment program with its color output moved to a register nothing
  // writes: the check must see the difference.
  std::ifstream in(std::string(kDir) + "fs.ir3.txt");
  std::ostringstream s;
  s << in.rdbuf();
  std::string text = s.str();
  const size_t at = text.find("r0.z (FRAG_RESULT_COLOR)");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 4, "r1.z");
  ParseError e;
  const std::optional<Dump> d = Parse(text, &e);
  ASSERT_TRUE(d);
  const BuildResult r = BuildProgram(*d, LoadTgsi("fs.tgsi"));
  ASSERT_EQ(r.status, BuildStatus::kOk) << r.detail;
  harness::CheckOptions o;
  o.build = harness::Build::kMesa;
  o.vectors = 2;
  std::vector<harness::ReferenceRun> reference;
  std::string error;
  ASSERT_TRUE(harness::RunReference(LoadTgsi("fs.tgsi"), 1, o, &reference, &error)) << error;
  const harness::CheckOutcome c = harness::CheckProgram(r.program, o, reference);
  EXPECT_EQ(c.verdict, harness::Verdict::kMismatch);
}

}  // namespace
}  // namespace shaderdiff::ir3_dump
