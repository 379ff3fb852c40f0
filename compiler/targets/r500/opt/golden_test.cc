// Golden listings of the r500 optimizing build, one per pass's concern
// (testdata/NAME.tgsi: '#' comments, the shader, then after
// "=== r500-opt ===" its Listing), and the rewrite budget: limit 0 gives
// the naive translation's words, and each pass's rewrites stop at the limit.
//
// Bless (rewrite the expected parts from the current build):
//   bazel run //compiler/targets/r500/opt:golden_test -- --bless
#include <gtest/gtest.h>

#include <optional>
#include <set>
#include <utility>

#include "compiler/passes/golden_bless.h"
#include "compiler/passes/golden_file.h"
#include "compiler/targets/r500/opt/r500_opt.h"
#include "compiler/tgsi/parser.h"

namespace shaderdiff::r500opt {
namespace {

constexpr char kDir[] = "compiler/targets/r500/opt/testdata";
constexpr char kPass[] = "r500-opt";

tgsi::Shader Parse(const std::string& text) {
  const tgsi::ParseResult parsed = tgsi::ParseShader(text);
  EXPECT_TRUE(parsed.ok());
  return parsed.shader;
}

std::string ReadCase(const std::string& name) {
  return compiler::ParseGolden(compiler::ReadGoldenText(std::string(kDir) + "/" + name + ".tgsi"), kPass).input;
}

TEST(Golden, EveryCase) {
  const std::vector<std::string> names = compiler::GoldenCaseNames(kDir);
  ASSERT_GE(names.size(), 4u);
  for (const std::string& name : names) {
    const std::string path = std::string(kDir) + "/" + name + ".tgsi";
    compiler::GoldenFile file = compiler::ParseGolden(compiler::ReadGoldenText(path), kPass);
    const Result r = CompileR500Opt(Parse(file.input));
    ASSERT_EQ(r.status, r500naive::Status::kOk) << name << ": " << r.detail;
    const std::string listing = r500naive::Listing(r.program);
    compiler::BlessOrCompare(file, kPass, path, listing, "//compiler/targets/r500/opt:golden_test", name);
  }
}

// Limit 0: no rewrite, the naive translation's words; every case asks.
TEST(Bisect, LimitZeroIsTheNaiveTranslation) {
  for (const std::string& name : compiler::GoldenCaseNames(kDir)) {
    const tgsi::Shader shader = Parse(ReadCase(name));
    Options none;
    none.opt_bisect_limit = 0;
    const Result r = CompileR500Opt(shader, none);
    ASSERT_EQ(r.status, r500naive::Status::kOk) << name;
    EXPECT_EQ(r500naive::Listing(r.program), r500naive::Listing(r500naive::CompileR500Naive(shader).program)) << name;
    EXPECT_GT(r.budget.asked(), 0u) << name;
    EXPECT_EQ(r.budget.taken(), 0u) << name;
  }
}

// Each pass's rewrites obey the budget: with the limit at the index of a
// pass's first decision, that pass takes none and the output differs from
// the full build's; one more and it takes exactly one.
TEST(Bisect, EachPassStopsAtTheLimit) {
  const std::pair<const char*, const char*> kCases[] = {
      {"imm_compare", "r500-select"},  {"bool_select", "r500-select"},  {"set_fold", "r500-select"},  {"pair_and_group", "r500-dead"},     {"pair_and_group", "r500-coalesce"},
      {"pair_and_group", "r500-alpha"}, {"pair_and_group", "r500-rename"},  {"pair_and_group", "r500-schedule"},
      {"pair_and_group", "r500-legalize"}, {"join_pops", "r500-fc"},
  };
  for (const auto& [name, pass] : kCases) {
    const tgsi::Shader shader = Parse(ReadCase(name));
    const Result full = CompileR500Opt(shader);
    ASSERT_EQ(full.status, r500naive::Status::kOk) << name;
    int64_t first = -1;
    for (const compiler::RewriteBudget::Decision& d : full.budget.log())
      if (d.pass == pass && d.taken) {
        first = static_cast<int64_t>(d.index);
        break;
      }
    ASSERT_GE(first, 0) << pass << " took no rewrite on " << name;
    for (int64_t limit : {first, first + 1}) {
      Options o;
      o.opt_bisect_limit = limit;
      const Result r = CompileR500Opt(shader, o);
      ASSERT_EQ(r.status, r500naive::Status::kOk) << pass << " limit " << limit;
      EXPECT_EQ(r.budget.taken(), static_cast<uint64_t>(limit)) << pass;
      uint64_t in_pass = 0;
      for (const compiler::RewriteBudget::Decision& d : r.budget.log()) in_pass += d.pass == pass && d.taken;
      EXPECT_EQ(in_pass, limit == first ? 0u : 1u) << pass << " limit " << limit;
      if (limit == first) {
        EXPECT_NE(r500naive::Listing(r.program), r500naive::Listing(full.program)) << pass;
      }
    }
  }
}

// r500-select's imm-compare is asked only where its proof's condition on
// the immediate holds: in imm_compare, the four compares against 0.5, 0,
// -2 and -0, not the one against FLT_MIN nor the mask mixing 0 and 0.5.
TEST(Select, ImmCompareOnlyWhereTheProofHolds) {
  const Result r = CompileR500Opt(Parse(ReadCase("imm_compare")));
  ASSERT_EQ(r.status, r500naive::Status::kOk);
  uint64_t asked = 0, taken = 0;
  for (const compiler::RewriteBudget::Decision& d : r.budget.log()) {
    if (d.rewrite != "imm-compare") continue;
    EXPECT_EQ(d.pass, "r500-select");
    ++asked;
    taken += d.taken;
  }
  EXPECT_EQ(asked, 4u);
  EXPECT_EQ(taken, 4u);
}

// bool-select is taken only where the condition's last writer is a set
// op in straight-line code: in bool_select, the UCMP and the AND with 1.0,
// not the CMP on a MUL's result nor the UCMP past the IF (the CMP on SGE's
// result is set-fold's).
TEST(Select, BoolSelectOnlyOnSetOpResults) {
  const Result r = CompileR500Opt(Parse(ReadCase("bool_select")));
  ASSERT_EQ(r.status, r500naive::Status::kOk);
  uint64_t asked = 0;
  for (const compiler::RewriteBudget::Decision& d : r.budget.log()) asked += d.rewrite == "bool-select" && d.taken;
  EXPECT_EQ(asked, 2u);
}

// set-fold is asked only for set ops every reader of which is a select in
// the straight-line code after it: in set_fold, the five compares of 0-10,
// not FSLT's TEMP[5] (read by a MOV) nor SGE's TEMP[2].x (live into an
// IF); with set-fold declined everywhere, those selects are bool-select's.
TEST(Select, SetFoldOnlyWhereEveryReaderSelects) {
  const tgsi::Shader shader = Parse(ReadCase("set_fold"));
  const Result r = CompileR500Opt(shader);
  ASSERT_EQ(r.status, r500naive::Status::kOk);
  uint64_t asked = 0, taken = 0, bool_selects = 0;
  for (const compiler::RewriteBudget::Decision& d : r.budget.log()) {
    if (d.rewrite == "set-fold") {
      EXPECT_EQ(d.pass, "r500-select");
      ++asked;
      taken += d.taken;
    }
    bool_selects += d.rewrite == "bool-select" && d.taken;
  }
  EXPECT_EQ(asked, 5u);
  EXPECT_EQ(taken, 5u);
  EXPECT_EQ(bool_selects, 0u);
  // Decline set-fold decision by decision, earliest first (declining one
  // makes its readers ask bool-select, which shifts the later indices).
  std::set<uint64_t> allowed;
  for (uint64_t k = 0; k < 10000; ++k) allowed.insert(k);
  Result unfolded;
  for (int round = 0; round < 32; ++round) {
    Options without;
    without.opt_bisect_allowed = allowed;
    unfolded = CompileR500Opt(shader, without);
    ASSERT_EQ(unfolded.status, r500naive::Status::kOk);
    std::optional<uint64_t> fold;
    for (const compiler::RewriteBudget::Decision& d : unfolded.budget.log())
      if (d.rewrite == "set-fold" && d.taken) {
        fold = d.index;
        break;
      }
    if (!fold) break;
    allowed.erase(*fold);
  }
  uint64_t unfolded_bool_selects = 0;
  for (const compiler::RewriteBudget::Decision& d : unfolded.budget.log())
    unfolded_bool_selects += d.rewrite == "bool-select" && d.taken;
  EXPECT_EQ(unfolded_bool_selects, 6u);
  EXPECT_LT(r.program.state.code.size(), unfolded.program.state.code.size());
}

// Unsupported stays the naive build's verdict, with its reason.
TEST(Unsupported, SameVerdictAsNaive) {
  const Result r = CompileR500Opt(Parse("VERT\nDCL IN[0]\nDCL OUT[0], POSITION\n  0: MOV OUT[0], IN[0]\n  1: END\n"));
  EXPECT_EQ(r.status, r500naive::Status::kUnsupported);
  EXPECT_EQ(r.detail, "the r500 target is the fragment processor");
}

}  // namespace
}  // namespace shaderdiff::r500opt

int main(int argc, char** argv) { return shaderdiff::compiler::GoldenTestMain(argc, argv); }
