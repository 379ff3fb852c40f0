// End to end: shaders exercising every template family
// (testdata/e2e/*.tgsi) compiled by the naive translator, run on the a3xx
// emulator (hazards trap) and compared with the TGSI reference interpreter
// on seeded vectors: components the reference flags undefined are skipped,
// inexact ones must agree within a loose tolerance, everything else bit for
// bit; killed lanes must agree unless the reference marks them uncertain.
//
// (The full differential engine with its tolerance table is tools/harness;
// this test only needs the public executors, so it keeps its own small
// vector generator and comparison.)
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "compiler/targets/a3xx/naive/test_util.h"
#include "compiler/tgsi/parser.h"
#include "emulator/a3xx/emulator.h"
#include "emulator/a3xx/isa/disasm.h"
#include "emulator/tgsi/interpreter.h"

namespace shaderdiff::naive {
namespace {

constexpr char kDir[] = "compiler/targets/a3xx/naive/testdata/e2e";

struct Rng {
  uint64_t s;
  uint32_t Next() {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<uint32_t>(s >> 33);
  }
};

uint32_t Bits(float f) {
  uint32_t w;
  std::memcpy(&w, &f, 4);
  return w;
}
float Float(uint32_t w) {
  float f;
  std::memcpy(&f, &w, 4);
  return f;
}

// Inputs are small integers (files named int_*) or floats on a 1/64 grid;
// fragment inputs vary smoothly across each 2x2 quad.
common::TestVector MakeVector(const tgsi::Shader& shader, bool ints, uint64_t seed) {
  common::TestVector v;
  v.stage = shader.processor;
  v.lanes = 16;
  v.seed = seed;
  Rng rng{seed};
  auto value = [&]() -> uint32_t {
    if (ints) return static_cast<uint32_t>(static_cast<int32_t>(rng.Next() % 21) - 4);
    return Bits(static_cast<float>(static_cast<int32_t>(rng.Next() % 513) - 256) / 64.0f);
  };
  for (const tgsi::Declaration& d : shader.declarations) {
    for (uint32_t i = d.first; i <= d.last; ++i) {
      if (d.file == tgsi::File::kInput) {
        common::LaneVec4s lanes(v.lanes);
        for (uint32_t l = 0; l < v.lanes; l += 4) {
          for (int c = 0; c < 4; ++c) {
            const uint32_t base = value();
            for (uint32_t k = 0; k < 4; ++k) {
              lanes[l + k][c] = ints || shader.processor != tgsi::Processor::kFragment
                                    ? (k == 0 ? base : value())
                                    : Bits(Float(base) + 0.015625f * static_cast<float>(k & 1) +
                                           0.03125f * static_cast<float>(k >> 1));
            }
          }
        }
        v.inputs[i] = lanes;
      } else if (d.file == tgsi::File::kConstant) {
        v.constants[d.dimension.value_or(0)][i] = {value(), value(), value(), value()};
      } else if (d.file == tgsi::File::kSystemValue && d.semantic) {
        common::LaneVec4s lanes(v.lanes);
        for (uint32_t l = 0; l < v.lanes; ++l) lanes[l] = {l, l / 4, 0, 1};
        v.system_values[std::string(tgsi::Name(d.semantic->name))] = lanes;
      } else if (d.file == tgsi::File::kSamplerView) {
        common::TextureUnit unit;
        unit.seed = seed + i;
        unit.levels = 3;
        switch (d.sview_target) {
          case tgsi::TextureTarget::k1D: case tgsi::TextureTarget::kShadow1D: unit.height = 1; break;
          case tgsi::TextureTarget::k3D: unit.depth = 4; break;
          case tgsi::TextureTarget::k2DArray: case tgsi::TextureTarget::kShadow2DArray: unit.depth = 3; break;
          default: break;
        }
        v.textures[i] = unit;
      }
    }
  }
  return v;
}

bool Close(uint32_t a, uint32_t b) {
  const float x = Float(a), y = Float(b);
  if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
  if (std::isinf(x) || std::isinf(y)) return x == y;
  return std::fabs(x - y) <= 1e-3f * std::fmax(1.0f, std::fmax(std::fabs(x), std::fabs(y)));
}

std::string Describe(const CompileResult& r) {
  std::string out;
  for (size_t i = 0; i < r.program.instrs.size(); ++i) {
    out += std::to_string(i) + ": " + a3xx::Disassemble(r.program.instrs[i]) + "\n";
  }
  return out;
}

class EndToEnd : public ::testing::TestWithParam<std::string> {};

TEST_P(EndToEnd, EmulatorMatchesReference) {
  const std::string name = GetParam();
  std::ifstream in(std::filesystem::path(kDir) / name);
  std::stringstream text;
  text << in.rdbuf();
  tgsi::ParseResult parsed = tgsi::ParseShader(text.str());
  ASSERT_TRUE(parsed.ok()) << name;
  const CompileResult r = CompileA3xxNaive(parsed.shader);
  ASSERT_EQ(r.status, CompileStatus::kOk) << r.detail;
  a3xx::EmulatorOptions options;
  options.hazards = a3xx::HazardMode::kTrap;
  uint64_t compared = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    const common::TestVector v = MakeVector(parsed.shader, name.rfind("int_", 0) == 0, seed * 7919 + name.size());
    const common::ExecResult ref = tgsi_exec::Interpret(parsed.shader, v, {});
    ASSERT_EQ(ref.status, common::ExecStatus::kOk) << ref.detail;
    const a3xx::EmulationResult emu = a3xx::Emulate(r.program, v, options);
    ASSERT_EQ(emu.result.status, common::ExecStatus::kOk) << emu.result.detail << "\n" << Describe(r);
    EXPECT_TRUE(emu.hazards.empty());
    for (const common::OutputLanes& out : ref.outputs) {
      const uint32_t index = out.index;
      const common::OutputLanes* got = emu.result.FindOutput(index);
      ASSERT_NE(got, nullptr) << "OUT[" << index << "] missing";
      for (uint32_t l = 0; l < v.lanes; ++l) {
        for (int c = 0; c < 4; ++c) {
          if (out.Undefined(l, c)) continue;
          const uint32_t want = out.words[l][c], have = got->words[l][c];
          ++compared;
          if (out.Inexact(l, c) ? Close(want, have) : want == have) continue;
          ADD_FAILURE() << name << " seed " << v.seed << " OUT[" << index << "]." << "xyzw"[c] << " lane " << l
                        << ": expected 0x" << std::hex << want << " got 0x" << have << std::dec << " ("
                        << out.Reason(l, c) << ")";
          return;
        }
      }
    }
    for (uint32_t l = 0; l < v.lanes; ++l) {
      if (!ref.killed_uncertain[l]) {
        EXPECT_EQ(ref.killed[l], emu.result.killed[l]) << "lane " << l;
      }
    }
  }
  EXPECT_GT(compared, 0u);
}

std::vector<std::string> Shaders() {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(kDir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

INSTANTIATE_TEST_SUITE_P(Shaders, EndToEnd, ::testing::ValuesIn(Shaders()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return info.param.substr(0, info.param.find('.'));
                         });

}  // namespace
}  // namespace shaderdiff::naive
