// Every compiler mutant (compiler/support/mutants.def) is reachable: its
// own shader, compiler/testdata/mutants/<name>.tgsi (leading '#' lines
// say what shape it needs), compiles differently with the mutant active,
// in at least one build (a3xx naive or opt, or r500 naive). So a mutant that changes no corpus shader in the
// mutation score (tools/mutants) lacks a shape in the corpus; it is not
// dead code. Also: every file there names a mutant.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "compiler/pipeline.h"
#include "compiler/support/mutant_activation.h"
#include "compiler/targets/r500/naive/r500_naive.h"
#include "compiler/targets/r500/opt/r500_opt.h"
#include "compiler/tgsi/parser.h"

namespace shaderdiff::compiler {
namespace {

constexpr char kTestdata[] = "compiler/testdata/mutants";

// The shader text without its leading '#' comment lines.
std::string ReadShader(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::string line, text;
  bool header = true;
  while (std::getline(in, line)) {
    if (header && line.rfind("#", 0) == 0) continue;
    header = false;
    text += line + "\n";
  }
  return text;
}

bool Same(const naive::CompileResult& a, const naive::CompileResult& b) {
  return a.status == b.status && a.detail == b.detail && a.program.state == b.program.state &&
         a.program.instrs == b.program.instrs;
}

TEST(MutantSites, EveryMutantChangesItsShader) {
  for (const MutantInfo& m : AllMutants()) {
    SCOPED_TRACE(std::string(m.name));
    const std::filesystem::path path = std::filesystem::path(kTestdata) / (std::string(m.name) + ".tgsi");
    ASSERT_TRUE(std::filesystem::exists(path)) << "no shader for mutant " << m.name << " at " << path;
    tgsi::ParseResult parsed = tgsi::ParseShader(ReadShader(path));
    ASSERT_TRUE(parsed.ok()) << parsed.error->ToString(path.string());
    bool changed = false;
    for (bool optimizing : {false, true}) {
      const naive::CompileResult clean = CompileA3xxBuild(parsed.shader, optimizing);
      EXPECT_EQ(clean.status, naive::CompileStatus::kOk) << clean.detail;
      ScopedMutant mutant(m.id);
      changed |= !Same(clean, CompileA3xxBuild(parsed.shader, optimizing));
    }
    if (parsed.shader.processor == tgsi::Processor::kFragment) {  // the r500 target: its naive build's listing
      const r500naive::CompileResult clean = r500naive::CompileR500Naive(parsed.shader);
      ScopedMutant mutant(m.id);
      const r500naive::CompileResult mutated = r500naive::CompileR500Naive(parsed.shader);
      changed |= clean.status != mutated.status || clean.detail != mutated.detail ||
                 (clean.status == r500naive::Status::kOk &&
                  r500naive::Listing(clean.program) != r500naive::Listing(mutated.program));
    }
    if (parsed.shader.processor == tgsi::Processor::kFragment) {  // and its optimizing build's
      const r500opt::Result clean = r500opt::CompileR500Opt(parsed.shader);
      ScopedMutant mutant(m.id);
      const r500opt::Result mutated = r500opt::CompileR500Opt(parsed.shader);
      changed |= clean.status != mutated.status ||
                 r500naive::Listing(clean.program) != r500naive::Listing(mutated.program);
    }
    EXPECT_TRUE(changed) << m.name << ": the mutant changes no build of " << path;
  }
}

TEST(MutantSites, EveryShaderNamesAMutant) {
  size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kTestdata)) {
    ++files;
    const std::string name = entry.path().stem().string();
    EXPECT_EQ(entry.path().extension(), ".tgsi") << entry.path();
    EXPECT_NE(FindMutant(name), nullptr) << entry.path() << " names no mutant";
  }
  EXPECT_EQ(files, AllMutants().size());
}

}  // namespace
}  // namespace shaderdiff::compiler
