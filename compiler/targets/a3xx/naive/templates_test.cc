// Every TGSI opcode, in a minimal shader of each stage it makes sense in:
// either it has a template and the program is valid a3xx, or the result is
// kUnsupported "opcode NAME" -- never kError, never another failure. Also
// the source-form variations every template must handle (consts, negated
// and absolute sources, relative sources, destination aliasing, saturate).
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "compiler/targets/a3xx/naive/templates.h"
#include "compiler/targets/a3xx/naive/test_util.h"
#include "compiler/tgsi/opcode.h"

namespace shaderdiff::naive {
namespace {

using tgsi::Opcode;

// Flow control and kill: handled by templates_flow.cc, tested elsewhere.
bool IsFlow(Opcode op) {
  switch (op) {
    case Opcode::IF: case Opcode::UIF: case Opcode::ELSE: case Opcode::ENDIF: case Opcode::BGNLOOP:
    case Opcode::ENDLOOP: case Opcode::BRK: case Opcode::CONT: case Opcode::SWITCH: case Opcode::CASE:
    case Opcode::DEFAULT: case Opcode::ENDSWITCH: case Opcode::CAL: case Opcode::RET: case Opcode::BGNSUB:
    case Opcode::ENDSUB: case Opcode::END: case Opcode::NOP: case Opcode::KILL: case Opcode::KILL_IF:
    case Opcode::BREAKC:
      return true;
    default:
      return false;
  }
}

// "OP TEMP[0], IN[0], IN[1], ..." with a 2D target and SAMP[0] as the last
// source of texture opcodes.
std::string OneInstruction(Opcode op, const std::string& src_prefix = "", const std::string& dst = "TEMP[0]") {
  const tgsi::OpcodeInfo& info = tgsi::GetOpcodeInfo(op);
  std::string text = std::string(info.name);
  std::vector<std::string> operands;
  for (int d = 0; d < info.num_dst; ++d) operands.push_back(d == 0 ? dst : "TEMP[" + std::to_string(d + 1) + "]");
  for (int s = 0; s < info.num_src; ++s) {
    const bool sampler = info.has(tgsi::kTex) && s == info.num_src - 1;
    operands.push_back(sampler ? "SAMP[0]" : src_prefix + "IN[" + std::to_string(s) + "]");
  }
  if (info.has(tgsi::kTex)) operands.push_back("2D");
  for (size_t i = 0; i < operands.size(); ++i) text += (i ? ", " : " ") + operands[i];
  return text;
}

std::string Shader(const char* stage, const std::string& body) {
  return std::string(stage) +
         "\nDCL IN[0]\nDCL IN[1]\nDCL IN[2]\nDCL IN[3]\nDCL OUT[0]\nDCL TEMP[0..4]\nDCL SAMP[0]\n"
         "DCL CONST[0][0..3]\nDCL ADDR[0]\n  0: " +
         body + "\n  1: MOV OUT[0], TEMP[0]\n  2: END\n";
}

TEST(Templates, TableFitsTheScratchRegisters) {
  for (int i = 0; i < tgsi::kOpcodeCount; ++i) {
    const auto op = static_cast<Opcode>(i);
    if (!FindTemplate(op)) continue;
    const tgsi::OpcodeInfo& info = tgsi::GetOpcodeInfo(op);
    EXPECT_LE(info.num_src, kNumSrcScratch) << info.name;
    EXPECT_EQ(info.num_dst, 1) << info.name;
  }
}

TEST(Templates, EveryOpcodeCompilesOrIsUnsupportedByName) {
  int with_template = 0;
  for (int i = 0; i < tgsi::kOpcodeCount; ++i) {
    const auto op = static_cast<Opcode>(i);
    if (IsFlow(op)) continue;
    const std::string name(tgsi::OpcodeName(op));
    for (const char* stage : {"VERT", "FRAG"}) {
      const std::string text = Shader(stage, OneInstruction(op));
      const CompileResult r = testing::CompileText(text);
      if (FindTemplate(op)) {
        EXPECT_EQ(r.status, CompileStatus::kOk) << stage << " " << name << ": " << r.detail;
        EXPECT_EQ(testing::CheckProgram(r.program), std::nullopt) << stage << " " << name;
      } else {
        EXPECT_EQ(r.status, CompileStatus::kUnsupported) << stage << " " << name;
        EXPECT_EQ(r.detail, NoTemplateReason(op)) << stage;
        EXPECT_EQ(r.detail.rfind("opcode " + name, 0), 0u) << stage;
      }
    }
    with_template += FindTemplate(op) != nullptr;
  }
  EXPECT_GE(with_template, 90);
}

// Source and destination forms every template meets in real shaders.
TEST(Templates, EveryTemplateTakesEveryOperandForm) {
  for (int i = 0; i < tgsi::kOpcodeCount; ++i) {
    const auto op = static_cast<Opcode>(i);
    if (!FindTemplate(op)) continue;
    const std::string name(tgsi::OpcodeName(op));
    std::vector<std::string> bodies;
    // Modifiers: -IN[k] and -|IN[k]|.
    bodies.push_back(OneInstruction(op, "-"));
    std::string abs = OneInstruction(op);
    for (int s = 0; s < 4; ++s) {
      const std::string in = "IN[" + std::to_string(s) + "]";
      const size_t at = abs.find(in);
      if (at != std::string::npos) abs.replace(at, in.size(), "-|" + in + "|");
    }
    bodies.push_back(abs);
    // Consts in every source position, IMM-free shader: CONST[0][k].
    std::string consts = OneInstruction(op);
    for (int s = 0; s < 4; ++s) {
      const std::string in = "IN[" + std::to_string(s) + "]";
      const size_t at = consts.find(in);
      if (at != std::string::npos) consts.replace(at, in.size(), "CONST[0][" + std::to_string(s) + "]");
    }
    bodies.push_back(consts);
    // Relative sources.
    std::string rel = OneInstruction(op);
    for (int s = 0; s < 4; ++s) {
      const std::string in = "IN[" + std::to_string(s) + "]";
      const size_t at = rel.find(in);
      if (at != std::string::npos) rel.replace(at, in.size(), "TEMP[ADDR[0].x+" + std::to_string(s) + "]");
    }
    bodies.push_back(rel);
    // Destination aliasing a source, saturate, relative destination.
    std::string alias = OneInstruction(op);
    const size_t at = alias.find("IN[0]");
    if (at != std::string::npos) alias.replace(at, 5, "TEMP[0].yxwz");
    bodies.push_back(alias);
    bodies.push_back(OneInstruction(op).insert(name.size(), "_SAT"));
    bodies.push_back(OneInstruction(op, "", "TEMP[ADDR[0].x+1].xz"));
    for (const std::string& body : bodies) {
      for (const char* stage : {"VERT", "FRAG"}) {
        const std::string text = Shader(stage, body);
        const CompileResult r = testing::CompileText(text);
        EXPECT_EQ(r.status, CompileStatus::kOk) << stage << " " << body << ": " << r.detail;
        EXPECT_EQ(testing::CheckProgram(r.program), std::nullopt) << stage << " " << body;
      }
    }
  }
}

// The texture state the driver programs per unit (ShaderState::samplers):
// descriptor type and UNNORM_COORDS from the target, and the cat5 form.
struct TexCase {
  const char* target;
  a3xx::TextureType type;
  bool unnormalized;
  uint8_t flags;  // of the sam
};

TEST(Templates, TextureTargetsSetTheBindingState) {
  const TexCase cases[] = {
      {"2D", a3xx::TextureType::k2D, false, 0},
      {"1D", a3xx::TextureType::k1D, false, 0},
      {"3D", a3xx::TextureType::k3D, false, a3xx::kTex3d},
      {"CUBE", a3xx::TextureType::kCube, false, a3xx::kTex3d},
      {"SHADOWCUBE", a3xx::TextureType::kCube, false, a3xx::kTex3d | a3xx::kTexShadow},
      {"RECT", a3xx::TextureType::k2D, true, 0},
      {"SHADOWRECT", a3xx::TextureType::k2D, true, a3xx::kTexShadow},
  };
  for (const TexCase& c : cases) {
    const CompileResult r = testing::CompileText(std::string("FRAG\nDCL IN[0]\nDCL OUT[0]\nDCL SAMP[2]\n") +
                                                 "  0: TEX OUT[0], IN[0], SAMP[2], " + c.target + "\n  1: END\n");
    ASSERT_EQ(r.status, CompileStatus::kOk) << c.target << ": " << r.detail;
    ASSERT_EQ(r.program.state.samplers.size(), 1u) << c.target;
    const a3xx::SamplerBinding& b = r.program.state.samplers[0];
    EXPECT_EQ(b.tgsi_unit, 2u);
    EXPECT_EQ(b.samp, 2);
    EXPECT_EQ(b.tex, 2);
    EXPECT_EQ(b.type, c.type) << c.target;
    EXPECT_EQ(b.unnormalized, c.unnormalized) << c.target;
    int sams = 0;
    for (const a3xx::Instr& in : r.program.instrs) {
      if (in.opcode != a3xx::Opcode::SAM) continue;
      ++sams;
      EXPECT_EQ(in.tex_flags, c.flags) << c.target;
    }
    EXPECT_EQ(sams, 1) << c.target;
  }
}

TEST(Templates, TexelFetchOnCubeAndRect) {
  for (const char* target : {"CUBE", "RECT"}) {
    const CompileResult r = testing::CompileText(std::string("FRAG\nDCL IN[0]\nDCL OUT[0]\nDCL SAMP[0]\n") +
                                                 "  0: TXF OUT[0], IN[0], SAMP[0], " + target + "\n  1: END\n");
    ASSERT_EQ(r.status, CompileStatus::kOk) << target << ": " << r.detail;
    EXPECT_EQ(testing::CheckProgram(r.program), std::nullopt);
  }
}

}  // namespace
}  // namespace shaderdiff::naive
