// The generator's contract (generator.h) over many seeds, both stages and
// both policies: every program prints, parses back to the same text,
// validates, has a size within the requested bounds, runs in the reference
// interpreter on plain, edge and dictionary vectors without error or timeout,
// no lane's KILL is uncertain, and no output component of a live lane is
// *undefined* (any value). The same options give
// the same bytes.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <map>
#include <string>

#include "compiler/tgsi/opcode.h"
#include "compiler/tgsi/parser.h"
#include "compiler/tgsi/printer.h"
#include "compiler/tgsi/validate.h"
#include "emulator/tgsi/interpreter.h"
#include "fuzz/gen/generator.h"
#include "tools/harness/vector_gen.h"

namespace shaderdiff::fuzz {
namespace {

constexpr int kSeeds = 150;

GenOptions Options(uint64_t seed, const Policy& policy, uint32_t min_size, uint32_t max_size) {
  GenOptions o;
  o.seed = seed;
  o.policy = policy;
  o.stage = StageForSeed(seed);
  o.min_size = min_size;
  o.max_size = max_size;
  return o;
}

// The first undefined output component of `text` over a few vectors, or "".
std::string FirstUndefined(const tgsi::Shader& shader, const std::string& text) {
  for (uint64_t v = 0; v < 6; ++v) {
    harness::VectorOptions vo;
    vo.seed = 1000 + v;
    vo.lanes = 8;
    vo.edges = v % 2 == 1;
    vo.dictionary = v >= 2;
    common::TestVector vector;
    std::string error;
    if (!harness::GenerateVector(shader, vo, &vector, &error)) return "vector: " + error;
    const common::ExecResult r = tgsi_exec::Interpret(shader, vector, {});
    if (r.status != common::ExecStatus::kOk) return "interpreter status " + std::to_string(static_cast<int>(r.status)) + ": " + r.detail;
    for (size_t lane = 0; lane < r.killed_uncertain.size(); ++lane)
      if (r.killed_uncertain[lane])
        return "vector " + std::to_string(v) + ": lane " + std::to_string(lane) + " may or may not be killed: " +
               std::string(r.killed_reasons[lane]);
    // A lane that is surely killed has no outputs to compare.
    auto killed = [&](size_t lane) { return lane < r.killed.size() && r.killed[lane]; };
    for (const common::OutputLanes& o : r.outputs)
      for (size_t lane = 0; lane < o.lanes(); ++lane)
        for (int c = 0; c < 4 && !killed(lane); ++c)
          if (o.Undefined(lane, c))
            return "vector " + std::to_string(v) + ": OUT[" + std::to_string(o.index) + "] lane " +
                   std::to_string(lane) + " component " + std::to_string(c) +
                   " undefined: " + std::string(o.Reason(lane, c));
  }
  return "";
}

// Counts, over a policy's programs, of each opcode and of the relative
// addressing forms (keys "indirect CONST src", "indirect TEMP src",
// "indirect TEMP dst").
using Counts = std::map<std::string, int>;

void CountIndirect(const tgsi::Instruction& i, Counts* counts) {
  for (const tgsi::SrcOperand& s : i.src)
    if (s.reg.index.indirect) ++(*counts)["indirect " + std::string(tgsi::Name(s.reg.file)) + " src"];
  for (const tgsi::DstOperand& d : i.dst)
    if (d.reg.index.indirect) ++(*counts)["indirect " + std::string(tgsi::Name(d.reg.file)) + " dst"];
}

// `families`: large programs (max_size >= 100) must show every family the
// README lists (not for r500, which has no integer ones).
void CheckSeeds(const Policy& policy, uint32_t min_size, uint32_t max_size, Counts* counts = nullptr,
                bool families = true) {
  Counts local;
  Counts& opcodes = counts ? *counts : local;
  for (uint64_t seed = 1; seed <= kSeeds; ++seed) {
    const GenOptions o = Options(seed, policy, min_size, max_size);
    const tgsi::Shader shader = GenerateShader(o);
    const std::string text = tgsi::PrintShader(shader);
    SCOPED_TRACE(ReproCommand(o) + "\n" + text);
    const tgsi::FrontDoorResult parsed = tgsi::ParseAndValidate(text);
    ASSERT_TRUE(parsed.ok()) << parsed.errors[0].ToString("generated");
    EXPECT_EQ(tgsi::PrintShader(parsed.shader), text);
    EXPECT_GE(shader.instructions.size(), min_size);
    EXPECT_LE(shader.instructions.size(), max_size);
    const std::string undefined = FirstUndefined(parsed.shader, text);
    ASSERT_EQ(undefined, "");
    for (const tgsi::Instruction& i : shader.instructions) {
      ++opcodes[std::string(tgsi::OpcodeName(i.opcode))];
      CountIndirect(i, &opcodes);
    }
  }
  // The families the README lists all appear (small programs have no room
  // for every flow shape).
  if (max_size < 100 || !families) return;
  for (const char* op : {"ADD", "MAD", "DP3", "FLR", "SLT", "RCP", "UADD", "SHL", "IDIV", "UBFE", "USLT", "I2F", "F2I",
                         "UCMP", "UIF", "ELSE", "BGNLOOP", "BRK"})
    EXPECT_GT(opcodes[op], 0) << op;
}

TEST(GeneratorTest, SmallProgramsAreDefinedForEveryVector) { CheckSeeds(DefaultPolicy(), 5, 40); }
TEST(GeneratorTest, LargeProgramsAreDefinedForEveryVector) { CheckSeeds(DefaultPolicy(), 100, 500); }
TEST(GeneratorTest, RewriteBiasedProgramsAreDefinedForEveryVector) { CheckSeeds(RewritesPolicy(), 5, 120); }

// The wide policy adds relative addressing, textures and KILL, each of which
// appears, and the programs stay defined (generator_resources.cc).
TEST(GeneratorTest, WideProgramsAreDefinedForEveryVector) {
  Counts counts;
  CheckSeeds(WidePolicy(), 20, 200, &counts);
  for (const char* what : {"ARL", "UARL", "TEX", "TXL", "KILL_IF", "KILL", "indirect CONST src", "indirect TEMP src",
                           "indirect TEMP dst"})
    EXPECT_GT(counts.count(what) ? counts.at(what) : 0, 0) << what;
}

// The lowering policy adds the opcodes lower-tgsi rewrites, each of which
// appears, and the programs stay defined (generator_lowered.cc).
TEST(GeneratorTest, LoweringProgramsAreDefinedForEveryVector) {
  Counts counts;
  CheckSeeds(LoweringPolicy(), 20, 200, &counts);
  for (const char* what : {"SUB", "ABS", "SSG", "CLAMP", "CND", "DPH", "DP2A", "XPD", "X2D", "DST", "SFL", "STR", "SCS",
                           "EXP", "LOG", "LIT", "NRM", "NRM4", "LRP", "POW", "DIV"})
    EXPECT_GT(counts.count(what) ? counts.at(what) : 0, 0) << what;
}

// The r500 policy: defined programs, float values only in its fragment
// shaders (no opcode that reads or writes integers, no UIF, no relative
// addressing), with IF, float-counted loops, textures and KILL.
TEST(GeneratorTest, R500ProgramsAreDefinedAndFloatOnly) {
  Counts counts;
  CheckSeeds(R500Policy(), 20, 200, &counts, /*families=*/false);
  Counts frag;
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    GenOptions o = Options(seed, R500Policy(), 20, 200);
    o.stage = tgsi::Processor::kFragment;
    const tgsi::Shader s = GenerateShader(o);
    for (const tgsi::Instruction& i : s.instructions) {
      const tgsi::OpcodeInfo& info = tgsi::GetOpcodeInfo(i.opcode);
      for (tgsi::DataType t : {info.src_type, info.dst_type})
        EXPECT_TRUE(t != tgsi::DataType::I && t != tgsi::DataType::U) << tgsi::OpcodeName(i.opcode) << " seed " << seed;
      EXPECT_NE(i.opcode, tgsi::Opcode::UIF) << "seed " << seed;
      ++frag[std::string(tgsi::OpcodeName(i.opcode))];
      // An edge compare (generator_word_reads.cc): a float compare reading
      // an immediate given as UINT32 bits, which must be a normal float (a
      // MOV may copy the immediate's words too: an output store reads any).
      for (const tgsi::SrcOperand& src : i.src)
        if (src.reg.file == tgsi::File::kImmediate &&
            s.immediates[src.reg.index.index].type == tgsi::ImmediateType::kUint32) {
          ASSERT_TRUE(i.opcode == tgsi::Opcode::SLT || i.opcode == tgsi::Opcode::SGE || i.opcode == tgsi::Opcode::SEQ ||
                      i.opcode == tgsi::Opcode::SNE || i.opcode == tgsi::Opcode::MOV)
              << tgsi::OpcodeName(i.opcode) << " seed " << seed;
          for (uint32_t word : s.immediates[src.reg.index.index].words) {
            float f;
            std::memcpy(&f, &word, 4);
            EXPECT_TRUE(std::isnormal(f)) << word << " seed " << seed;
          }
          if (i.opcode != tgsi::Opcode::MOV) ++frag["edge compare"];
        }
      CountIndirect(i, &frag);
    }
  }
  for (const char* what : {"IF", "ELSE", "BGNLOOP", "BRK", "SGE", "SLT", "TEX", "TXL", "KILL_IF", "CMP", "edge compare"})
    EXPECT_GT(frag.count(what) ? frag.at(what) : 0, 0) << what;
  for (const char* what : {"ARL", "UARL", "UIF", "UADD", "I2F", "FSLT", "indirect TEMP src"})
    EXPECT_EQ(frag.count(what) ? frag.at(what) : 0, 0) << what;
}

// Default and rewrites never use the resources (their programs, and
// corpus/generated, predate them).
TEST(GeneratorTest, DefaultAndRewritesUseNoResources) {
  for (const Policy& p : {DefaultPolicy(), RewritesPolicy()}) {
    for (uint64_t seed = 1; seed <= 30; ++seed) {
      const tgsi::Shader s = GenerateShader(Options(seed, p, 100, 200));
      Counts counts;
      for (const tgsi::Instruction& i : s.instructions) CountIndirect(i, &counts);
      EXPECT_TRUE(counts.empty()) << p.name << " seed " << seed;
      for (const tgsi::Declaration& d : s.declarations)
        EXPECT_TRUE(d.file != tgsi::File::kSamplerView && d.file != tgsi::File::kAddress) << p.name << " seed " << seed;
    }
  }
}

TEST(GeneratorTest, SameSeedSameBytesOtherSeedOtherBytes) {
  for (uint64_t seed : {1u, 7u, 12345u}) {
    const GenOptions o = Options(seed, RewritesPolicy(), 5, 200);
    EXPECT_EQ(tgsi::PrintShader(GenerateShader(o)), tgsi::PrintShader(GenerateShader(o)));
    const GenOptions other = Options(seed + 1, RewritesPolicy(), 5, 200);
    EXPECT_NE(tgsi::PrintShader(GenerateShader(o)), tgsi::PrintShader(GenerateShader(other)));
  }
}

TEST(GeneratorTest, SizeBoundsAreKept) {
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    const tgsi::Shader s = GenerateShader(Options(seed, DefaultPolicy(), 5, 5));
    EXPECT_EQ(s.instructions.size(), 5u) << seed;
    const tgsi::Shader l = GenerateShader(Options(seed, DefaultPolicy(), 500, 500));
    EXPECT_GE(l.instructions.size(), 480u) << seed;
    EXPECT_LE(l.instructions.size(), 500u) << seed;
  }
}

}  // namespace
}  // namespace shaderdiff::fuzz
