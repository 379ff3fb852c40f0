// Whole-corpus checks of the optimizing a3xx build (compiler/pipeline.h):
// - the differential check with hazards trapping (which replays the
//   scheduled, legalized code on the emulator: the scheduler checker) gives
//   every shader `pass` or a named `unsupported`, and every shader the naive
//   build supports compiles in the optimizing build too (no opt-only gap:
//   the last one, the centroid i/j pair, closed with issue 14);
// - the optimized programs survive encode -> decode unchanged;
// - bisection is sound: with --opt-bisect-limit 0 and with every prefix
//   limit of a sample of shaders (those with the most rewrites), the code
//   still passes the check.
// The full 64-vector run and the code-quality medians are the CLI's job
// (`shaderdiff check --build opt`, `shaderdiff stats`), see the README.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <map>

#include "compiler/targets/a3xx/naive/a3xx_naive.h"
#include "compiler/pipeline.h"
#include "compiler/tgsi/parser.h"
#include "emulator/a3xx/isa/codec.h"
#include "emulator/a3xx/isa/disasm.h"
#include "tools/harness/check.h"
#include "tools/harness/corpus.h"

namespace shaderdiff {
namespace {

struct Entry {
  harness::CorpusEntry entry;
  tgsi::Shader shader;
};

const std::vector<Entry>& Shaders() {
  static const std::vector<Entry> shaders = [] {
    harness::Corpus corpus;
    std::string error;
    EXPECT_TRUE(harness::LoadCorpus("corpus", &corpus, &error)) << error;
    std::vector<Entry> out;
    for (harness::CorpusEntry& e : corpus.entries) {
      tgsi::ParseResult r = tgsi::ParseShader(e.text);
      EXPECT_TRUE(r.ok()) << e.name;
      if (r.ok()) out.push_back({std::move(e), std::move(r.shader)});
    }
    return out;
  }();
  return shaders;
}

harness::CheckOptions TrapOptions(uint32_t vectors) {
  harness::CheckOptions options;
  options.build = harness::Build::kOptimizing;
  options.vectors = vectors;
  options.hazards = a3xx::HazardMode::kTrap;
  return options;
}

TEST(CorpusOpt, OptimizingBuildPassesTheDifferentialCheck) {
  const harness::CheckOptions options = TrapOptions(4);  // two plain vectors, two with edge values
  std::map<std::string, size_t> verdicts;
  size_t naive_ok = 0;
  for (const Entry& e : Shaders()) {
    const bool naive_supported = naive::CompileA3xxNaive(e.shader).status == naive::CompileStatus::kOk;
    naive_ok += naive_supported;
    harness::CheckOutcome o = harness::CheckShader(e.shader, e.entry.hash, options);
    ++verdicts[std::string(harness::VerdictName(o.verdict))];
    if (o.verdict == harness::Verdict::kUnsupported) {
      EXPECT_FALSE(o.detail.empty()) << e.entry.name << ": unsupported must name the feature";
      EXPECT_FALSE(naive_supported) << e.entry.name << ": the naive build supports it, the opt build: " << o.detail;
    } else {
      EXPECT_EQ(o.verdict, harness::Verdict::kPass)
          << e.entry.name << ": " << o.detail << "\n  reproduce: " << harness::ReproCommand(e.entry.path, options, o);
    }
  }
  for (const auto& [verdict, n] : verdicts) std::cout << verdict << ": " << n << "\n";
  EXPECT_EQ(verdicts["pass"], naive_ok);
  EXPECT_GT(verdicts["pass"], 2500u);
}

TEST(CorpusOpt, OptimizedProgramsRoundTripThroughTheEncoding) {
  size_t programs = 0;
  for (const Entry& e : Shaders()) {
    compiler::OptResult r = compiler::CompileA3xxOpt(e.shader);
    if (r.status != naive::CompileStatus::kOk) continue;
    ++programs;
    for (const a3xx::Instr& i : r.program.instrs) {
      std::string error;
      std::optional<uint64_t> w = a3xx::Encode(i, &error);
      ASSERT_TRUE(w) << e.entry.name << ": " << error;
      std::optional<a3xx::Instr> back = a3xx::Decode(*w, &error);
      ASSERT_TRUE(back) << e.entry.name << ": " << error;
      ASSERT_EQ(*back, i) << e.entry.name << ": " << a3xx::Disassemble(i);
    }
  }
  EXPECT_GT(programs, 2500u);
}

// The shaders with the most rewrites: every prefix of their rewrite
// sequence (sampled to at most 40 limits each) must give passing code.
TEST(CorpusOpt, EveryBisectionPrefixIsCorrect) {
  std::vector<std::pair<uint64_t, const Entry*>> by_rewrites;
  size_t zero_limit_checked = 0;
  for (size_t i = 0; i < Shaders().size(); ++i) {
    const Entry& e = Shaders()[i];
    compiler::OptResult r = compiler::CompileA3xxOpt(e.shader);
    if (r.status != naive::CompileStatus::kOk) continue;
    by_rewrites.push_back({r.budget.asked(), &e});
    if (i % 50 == 0) {  // a spread sample: no rewrite at all must still be correct
      harness::CheckOptions options = TrapOptions(2);
      options.opt_bisect_limit = 0;
      harness::CheckOutcome o = harness::CheckShader(e.shader, e.entry.hash, options);
      EXPECT_EQ(o.verdict, harness::Verdict::kPass)
          << e.entry.name << " with --opt-bisect-limit 0: " << o.detail << "\n  reproduce: "
          << harness::ReproCommand(e.entry.path, options, o);
      ++zero_limit_checked;
    }
  }
  EXPECT_GT(zero_limit_checked, 40u);
  std::stable_sort(by_rewrites.begin(), by_rewrites.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  size_t prefixes = 0;
  for (size_t k = 0; k < std::min<size_t>(6, by_rewrites.size()); ++k) {
    const auto& [asked, e] = by_rewrites[k];
    const uint64_t step = std::max<uint64_t>(1, asked / 40);
    for (uint64_t limit = 0; limit <= asked; limit += step) {
      harness::CheckOptions options = TrapOptions(2);
      options.opt_bisect_limit = static_cast<int64_t>(limit);
      harness::CheckOutcome o = harness::CheckShader(e->shader, e->entry.hash, options);
      ASSERT_EQ(o.verdict, harness::Verdict::kPass)
          << e->entry.name << " with --opt-bisect-limit " << limit << ": " << o.detail
          << "\n  reproduce: " << harness::ReproCommand(e->entry.path, options, o);
      ++prefixes;
    }
  }
  std::cout << prefixes << " bisection prefixes checked\n";
  EXPECT_GT(prefixes, 100u);
}

}  // namespace
}  // namespace shaderdiff
