// Differential proof of //compiler/passes:lower_tgsi against the reference
// interpreter: for every corpus shader, the lowered shader must validate and
// give the same results as the original on 4 seeded vectors (2 plain, 2 with
// edge values), compared with harness::CompareResults(original, lowered) —
// the original's undefined components are don't-care and its inexact ones
// are compared within tolerance, everything else bit for bit.
//
// Also:
// - every budget prefix N = 0..rewrites of the ~20 corpus shaders with the
//   most rewrites is valid and correct (what makes bisection sound);
// - the golden-test inputs (compiler/passes/testdata/lower_tgsi), which
//   cover the opcodes the corpus never uses (LIT, EXP, LOG, XPD, ...), on 16
//   vectors each, with POW/DIV lowered and kept.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "compiler/passes/golden_file.h"
#include "compiler/passes/lower_tgsi.h"
#include "compiler/passes/run_pass.h"
#include "compiler/passes/validate_tgsi.h"
#include "compiler/tgsi/parser.h"
#include "compiler/tgsi/printer.h"
#include "emulator/tgsi/interpreter.h"
#include "tools/harness/compare.h"
#include "tools/harness/corpus.h"
#include "tools/harness/vector_gen.h"

namespace shaderdiff {
namespace {

using compiler::LowerOptions;
using compiler::LowerResult;
using compiler::RewriteBudget;

struct Totals {
  uint64_t vectors = 0, skipped_vectors = 0, compared = 0, tolerant = 0, undefined = 0, mismatches = 0;
};

struct Case {
  std::string name;
  tgsi::Shader shader;
  uint64_t seed = 0;
};

// Runs original and lowered on `count` vectors (the second half with edge
// values); returns the first problem, or "" when they agree.
std::string Differential(const Case& c, const tgsi::Shader& lowered, int count, Totals* t) {
  tgsi_exec::InterpreterOptions options;
  options.instruction_budget = 200'000;
  for (int v = 0; v < count; ++v) {
    common::TestVector vector;
    std::string error;
    harness::VectorOptions vo{.seed = c.seed + static_cast<uint64_t>(v), .lanes = 0, .edges = v >= count / 2};
    if (!harness::GenerateVector(c.shader, vo, &vector, &error)) return "vector: " + error;
    const common::ExecResult ref = tgsi_exec::Interpret(c.shader, vector, options);
    if (ref.status != common::ExecStatus::kOk) {  // e.g. an edge-value timeout: nothing to compare
      ++t->skipped_vectors;
      continue;
    }
    const common::ExecResult got = tgsi_exec::Interpret(lowered, vector, options);
    if (got.status != common::ExecStatus::kOk) return "lowered shader: " + got.detail;
    const harness::Comparison cmp = harness::CompareResults(ref, got);
    ++t->vectors;
    t->compared += cmp.compared;
    t->tolerant += cmp.tolerant;
    t->undefined += cmp.skipped;
    t->mismatches += cmp.mismatches;
    if (!cmp.ok()) {
      return "seed " + std::to_string(vo.seed) + (vo.edges ? " (edges)" : "") + ": " + cmp.first->ToString();
    }
  }
  return "";
}

std::string Lower(const tgsi::Shader& in, const LowerOptions& options, RewriteBudget* budget, tgsi::Shader* out,
                  uint32_t* rewrites) {
  *out = in;
  auto error = compiler::RunPass("lower_tgsi", out, [&](tgsi::Shader* s) {
    LowerResult r = compiler::LowerTgsi(*s, options, budget);
    *s = std::move(r.shader);
    *rewrites = r.rewrites;
    return r.changed();
  });
  return error.value_or("");
}

std::vector<Case> LoadCases() {
  harness::Corpus corpus;
  std::string error;
  EXPECT_TRUE(harness::LoadCorpus("corpus", &corpus, &error)) << error;
  std::vector<Case> cases;
  for (const auto& e : corpus.entries) {
    tgsi::ParseResult p = tgsi::ParseShader(e.text);
    if (!p.ok()) {
      ADD_FAILURE() << p.error->ToString(e.name);
      continue;
    }
    cases.push_back({e.name, std::move(p.shader), e.hash});
  }
  return cases;
}

void Print(const char* what, const Totals& t) {
  std::cout << what << ": " << t.vectors << " vectors compared (" << t.skipped_vectors
            << " skipped: original did not finish), components: " << t.compared << " bit-exact, " << t.tolerant
            << " within tolerance, " << t.undefined << " undefined (don't care), " << t.mismatches
            << " mismatches\n";
}

TEST(CorpusLower, EveryShaderLowersValidatesAndMatches) {
  const std::vector<Case> cases = LoadCases();
  ASSERT_GT(cases.size(), 2000u);
  Totals t;
  size_t changed = 0, invalid_originals = 0;
  std::map<std::string, uint64_t> per_rewrite;
  for (const Case& c : cases) {
    if (!compiler::ValidateTgsi(c.shader).empty()) {
      ++invalid_originals;
      ADD_FAILURE() << c.name << ": original fails validation: " << compiler::ValidateTgsi(c.shader).front();
      continue;
    }
    RewriteBudget budget;
    tgsi::Shader lowered;
    uint32_t rewrites = 0;
    const std::string error = Lower(c.shader, LowerOptions(), &budget, &lowered, &rewrites);
    ASSERT_EQ(error, "") << c.name;
    for (const auto& d : budget.log()) ++per_rewrite[d.rewrite];
    if (rewrites == 0) {
      EXPECT_EQ(tgsi::PrintShader(lowered), tgsi::PrintShader(c.shader)) << c.name;
      continue;
    }
    ++changed;
    const std::string diff = Differential(c, lowered, 4, &t);
    EXPECT_EQ(diff, "") << c.name << "\n" << tgsi::PrintShader(lowered);
  }
  std::cout << cases.size() << " corpus shaders, " << changed << " changed by lower_tgsi, " << invalid_originals
            << " invalid originals\nrewrites:";
  for (const auto& [name, n] : per_rewrite) std::cout << " " << name << "=" << n;
  std::cout << "\n";
  Print("corpus", t);
  EXPECT_EQ(t.mismatches, 0u);
  EXPECT_GT(changed, 500u);
}

TEST(CorpusLower, EveryBudgetPrefixIsCorrect) {
  std::vector<Case> cases = LoadCases();
  std::vector<std::pair<uint32_t, size_t>> by_rewrites;
  for (size_t i = 0; i < cases.size(); ++i) {
    tgsi::Shader lowered;
    uint32_t rewrites = 0;
    Lower(cases[i].shader, LowerOptions(), nullptr, &lowered, &rewrites);
    by_rewrites.push_back({rewrites, i});
  }
  std::stable_sort(by_rewrites.begin(), by_rewrites.end(), [](auto a, auto b) { return a.first > b.first; });
  Totals t;
  size_t prefixes = 0;
  for (size_t k = 0; k < 20 && k < by_rewrites.size(); ++k) {
    const auto [total, index] = by_rewrites[k];
    const Case& c = cases[index];
    for (uint32_t n = 0; n <= total; ++n) {
      RewriteBudget budget(n);
      tgsi::Shader lowered;
      uint32_t rewrites = 0;
      ASSERT_EQ(Lower(c.shader, LowerOptions(), &budget, &lowered, &rewrites), "") << c.name << " limit " << n;
      EXPECT_EQ(rewrites, n);
      EXPECT_EQ(budget.asked(), total);
      if (n == 0) {
        EXPECT_EQ(tgsi::PrintShader(lowered), tgsi::PrintShader(c.shader));
      }
      const std::string diff = Differential(c, lowered, 4, &t);
      EXPECT_EQ(diff, "") << c.name << " limit " << n << " (culprit: "
                          << (budget.LastTaken() ? budget.LastTaken()->rewrite : "none") << ")";
      ++prefixes;
    }
    std::cout << c.name << ": " << total << " rewrites, " << total + 1 << " prefixes\n";
  }
  std::cout << prefixes << " budget prefixes checked\n";
  Print("prefixes", t);
  EXPECT_EQ(t.mismatches, 0u);
}

TEST(CorpusLower, GoldenInputsMatchOnManyVectors) {
  const std::string dir = "compiler/passes/testdata/lower_tgsi";
  Totals t;
  size_t files = 0;
  LowerOptions keep_pow_div;
  keep_pow_div.lower.erase(tgsi::Opcode::POW);
  keep_pow_div.lower.erase(tgsi::Opcode::DIV);
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    const auto golden = compiler::ParseGolden(text.str(), "lower_tgsi");
    tgsi::ParseResult p = tgsi::ParseShader(golden.input);
    ASSERT_TRUE(p.ok()) << entry.path();
    ++files;
    const Case c{entry.path().filename().string(), p.shader, harness::HashText(golden.input)};
    for (int variant = 0; variant < 2; ++variant) {
      tgsi::Shader lowered;
      uint32_t rewrites = 0;
      ASSERT_EQ(Lower(c.shader, variant == 0 ? LowerOptions() : keep_pow_div, nullptr, &lowered, &rewrites), "");
      EXPECT_EQ(Differential(c, lowered, 16, &t), "") << c.name << " variant " << variant << "\n"
                                                      << tgsi::PrintShader(lowered);
    }
  }
  std::cout << files << " golden inputs\n";
  Print("golden inputs", t);
  EXPECT_GT(files, 25u);
  EXPECT_EQ(t.mismatches, 0u);
}

}  // namespace
}  // namespace shaderdiff
