// The reproduction command of each failing verdict: what makes it exit
// non-zero with the same first difference (check.h). End to end, every
// failing record of a mutant run is rerun by //tools/mutants:mutants_test.
#include <gtest/gtest.h>

#include "tools/harness/check.h"

namespace shaderdiff::harness {
namespace {

CheckOutcome OnVector(Verdict verdict) {
  CheckOutcome o;
  o.verdict = verdict;
  o.vector = VectorChoice{42, true, 16};
  return o;
}

TEST(ReproCommand, PassHasNone) { EXPECT_EQ(ReproCommand("s.tgsi", {}, CheckOutcome{}), ""); }

TEST(ReproCommand, MismatchCompares) {
  CheckOptions opt;
  opt.build = Build::kOptimizing;
  EXPECT_EQ(ReproCommand("s.tgsi", opt, OnVector(Verdict::kMismatch)),
            "shaderdiff emulate --target a3xx --build opt s.tgsi --seed 42 --lanes 16 --edges --compare");
  EXPECT_EQ(ReproCommand("s.tgsi", {}, OnVector(Verdict::kNaiveMismatch)),
            "shaderdiff emulate --target a3xx --build naive s.tgsi --seed 42 --lanes 16 --edges --compare");
  EXPECT_EQ(ReproCommand("s.tgsi", opt, OnVector(Verdict::kBuildMismatch)),
            "shaderdiff emulate --target a3xx --build opt s.tgsi --seed 42 --lanes 16 --edges --compare");
}

TEST(ReproCommand, R500RerunsTheCheck) {
  CheckOptions opt;
  opt.target = "r500";
  opt.seed = 20261121;
  opt.vectors = 64;
  EXPECT_EQ(ReproCommand("s.tgsi", opt, OnVector(Verdict::kNaiveMismatch)),
            "shaderdiff check --target r500 --build naive s.tgsi --seed 20261121 --vectors 64 --lanes 16");
  CheckOutcome unsupported;
  unsupported.verdict = Verdict::kUnsupported;
  EXPECT_EQ(ReproCommand("s.tgsi", opt, unsupported), "shaderdiff compile --target r500 --build naive s.tgsi");
}

TEST(ReproCommand, HazardTraps) {
  EXPECT_EQ(ReproCommand("s.tgsi", {}, OnVector(Verdict::kHazard)),
            "shaderdiff emulate --target a3xx --build naive s.tgsi --seed 42 --lanes 16 --edges --hazards trap");
}

TEST(ReproCommand, TimeoutAndEmulatorErrorRerun) {
  EXPECT_EQ(ReproCommand("s.tgsi", {}, OnVector(Verdict::kTimeout)),
            "shaderdiff emulate --target a3xx --build naive s.tgsi --seed 42 --lanes 16 --edges");
  EXPECT_EQ(ReproCommand("s.tgsi", {}, OnVector(Verdict::kCompileError)),
            "shaderdiff emulate --target a3xx --build naive s.tgsi --seed 42 --lanes 16 --edges");
}

TEST(ReproCommand, CompileFailureRecompiles) {
  CheckOptions opt;
  opt.build = Build::kOptimizing;
  opt.opt_bisect_limit = 7;
  CheckOutcome o;
  o.verdict = Verdict::kCompileError;
  EXPECT_EQ(ReproCommand("s.tgsi", opt, o), "shaderdiff compile --target a3xx --build opt --opt-bisect-limit 7 s.tgsi");
}

TEST(ReproCommand, DictionaryVectorsSaySo) {
  CheckOutcome o = OnVector(Verdict::kNaiveMismatch);
  o.vector->dictionary = true;
  EXPECT_EQ(ReproCommand("s.tgsi", {}, o),
            "shaderdiff emulate --target a3xx --build naive s.tgsi --seed 42 --lanes 16 --edges --dictionary --compare");
}

TEST(ReproCommand, NamesTheProgram) {
  EXPECT_EQ(ReproCommand("s.tgsi", {}, OnVector(Verdict::kHazard), "shaderdiff_mutants --mutant m"),
            "shaderdiff_mutants --mutant m emulate --target a3xx --build naive s.tgsi --seed 42 --lanes 16 --edges "
            "--hazards trap");
}

}  // namespace
}  // namespace shaderdiff::harness
