// Whole-corpus checks of the a3xx target with the naive build:
// - every program survives encode -> disassemble -> assemble and
//   encode -> decode unchanged (the ISA description agrees with itself on
//   real code, not only on its own tables);
// - the differential check (reference interpreter vs emulator, hazards
//   trapping) gives every shader `pass` or an `unsupported` verdict that
//   names the feature: zero mismatches, zero hazards, no compile errors.
#include <gtest/gtest.h>

#include <iostream>
#include <map>

#include "compiler/targets/a3xx/naive/a3xx_naive.h"
#include "compiler/tgsi/parser.h"
#include "emulator/a3xx/isa/assembler.h"
#include "emulator/a3xx/isa/codec.h"
#include "emulator/a3xx/isa/disasm.h"
#include "tools/harness/check.h"
#include "tools/harness/corpus.h"

namespace shaderdiff {
namespace {

std::vector<std::pair<harness::CorpusEntry, tgsi::Shader>> Shaders() {
  harness::Corpus corpus;
  std::string error;
  EXPECT_TRUE(harness::LoadCorpus("corpus", &corpus, &error)) << error;
  EXPECT_GT(corpus.entries.size(), 1000u);
  std::vector<std::pair<harness::CorpusEntry, tgsi::Shader>> out;
  for (harness::CorpusEntry& e : corpus.entries) {
    tgsi::ParseResult r = tgsi::ParseShader(e.text);
    EXPECT_TRUE(r.ok()) << e.name;
    if (r.ok()) out.emplace_back(std::move(e), std::move(r.shader));
  }
  return out;
}

TEST(CorpusA3xx, NaiveProgramsRoundTripThroughAssemblyAndBinary) {
  size_t programs = 0, instructions = 0;
  for (const auto& [entry, shader] : Shaders()) {
    naive::CompileResult r = naive::CompileA3xxNaive(shader);
    if (r.status != naive::CompileStatus::kOk) continue;
    ++programs;
    std::vector<uint64_t> words;
    for (const a3xx::Instr& i : r.program.instrs) {
      std::string error;
      std::optional<uint64_t> w = a3xx::Encode(i, &error);
      ASSERT_TRUE(w) << entry.name << ": " << error;
      std::optional<a3xx::Instr> back = a3xx::Decode(*w, &error);
      ASSERT_TRUE(back) << entry.name << ": " << error;
      ASSERT_EQ(*back, i) << entry.name << ": " << a3xx::Disassemble(i);
      words.push_back(*w);
    }
    instructions += words.size();
    a3xx::AsmResult reassembled = a3xx::Assemble(a3xx::DisassembleProgram(words));
    ASSERT_TRUE(reassembled.ok()) << entry.name << ": " << reassembled.error->ToString();
    ASSERT_EQ(reassembled.program, r.program.instrs) << entry.name;
  }
  std::cout << programs << " programs, " << instructions << " instructions round-tripped\n";
  EXPECT_GT(programs, 2000u);
}

TEST(CorpusA3xx, NaiveBuildPassesTheDifferentialCheck) {
  harness::CheckOptions options;
  options.build = harness::Build::kNaive;
  options.vectors = 4;  // two plain, two with edge values
  options.hazards = a3xx::HazardMode::kTrap;
  std::map<std::string, size_t> verdicts;
  for (const auto& [entry, shader] : Shaders()) {
    harness::CheckOutcome o = harness::CheckShader(shader, entry.hash, options);
    ++verdicts[std::string(harness::VerdictName(o.verdict))];
    if (o.verdict == harness::Verdict::kUnsupported) {
      EXPECT_FALSE(o.detail.empty()) << entry.name << ": unsupported must name the feature";
    } else {
      EXPECT_EQ(o.verdict, harness::Verdict::kPass)
          << entry.name << ": " << o.detail << "\n  reproduce: " << harness::ReproCommand(entry.path, options, o);
    }
  }
  for (const auto& [verdict, n] : verdicts) std::cout << verdict << ": " << n << "\n";
  EXPECT_GT(verdicts["pass"], 2000u);
}

}  // namespace
}  // namespace shaderdiff
