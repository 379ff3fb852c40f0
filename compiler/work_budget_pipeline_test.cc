// The optimizing build's compile-work budget (compiler/support/work_budget.h,
// pipeline.h): a compile that runs out of it is a compile error naming the
// pass and the limit (never a hang, never wrong code); the boundary is exact
// (a limit of exactly the work a compile needs suffices); the default limit
// leaves a wide margin on the generated shapes of tools/bench/shape_shaders.h;
// and the work counted grows linearly with nesting depth and size (work is
// counted, not timed, so this is deterministic).
#include <gtest/gtest.h>

#include "compiler/pipeline.h"
#include "tools/bench/shape_shaders.h"

namespace shaderdiff::compiler {
namespace {

using bench::Shape;

constexpr Shape kShapes[] = {Shape::kIfNest, Shape::kIfElseNest, Shape::kLoopNest, Shape::kStraightLine, Shape::kWide};

TEST(WorkBudget, RunningOutIsACompileErrorNamingPassAndLimit) {
  const tgsi::Shader shader = bench::ShapeShader(Shape::kIfNest, 100);
  OptOptions options;
  options.work_limit = 5000;
  OptResult details;
  const naive::CompileResult r = CompileA3xxBuild(shader, true, options, &details);
  EXPECT_EQ(r.status, naive::CompileStatus::kError);
  EXPECT_TRUE(r.over_budget);
  EXPECT_FALSE(details.failed_pass.empty());
  EXPECT_EQ(r.detail.rfind("pass " + details.failed_pass + ": compile budget exceeded: more than 5000 units", 0), 0u)
      << r.detail;
  EXPECT_TRUE(r.program.instrs.empty());
}

TEST(WorkBudget, ExactlyTheWorkNeededSuffices) {
  for (Shape shape : kShapes) {
    const tgsi::Shader shader = bench::ShapeShader(shape, 20);
    const OptResult full = CompileA3xxOpt(shader);
    ASSERT_EQ(full.status, naive::CompileStatus::kOk) << bench::ShapeName(shape) << ": " << full.detail;
    OptOptions options;
    options.work_limit = full.work_used;
    const OptResult exact = CompileA3xxOpt(shader, options);
    EXPECT_EQ(exact.status, naive::CompileStatus::kOk) << bench::ShapeName(shape) << ": " << exact.detail;
    EXPECT_FALSE(exact.over_budget);
    options.work_limit = full.work_used - 1;
    const OptResult short_one = CompileA3xxOpt(shader, options);
    EXPECT_TRUE(short_one.over_budget) << bench::ShapeName(shape);
    EXPECT_EQ(short_one.failed_pass, "legalize") << bench::ShapeName(shape);  // the last pass's charge is what is missing
  }
}

TEST(WorkBudget, DefaultLimitHasAWideMarginAndWorkGrowsLinearly) {
  for (Shape shape : kShapes) {
    const int big = shape == Shape::kWide ? 400 : 1000;
    const OptResult small = CompileA3xxOpt(bench::ShapeShader(shape, big / 10));
    const OptResult large = CompileA3xxOpt(bench::ShapeShader(shape, big));
    EXPECT_FALSE(large.over_budget) << bench::ShapeName(shape);
    EXPECT_LT(large.work_used * 4, large.work_limit) << bench::ShapeName(shape);
    // Ten times the size: at most twelve times the work. Not for the wide
    // shape: under register pressure the allocator tries up to every base
    // of the register file (192) per value, and above the file it spills
    // (compiler/targets/a3xx/spill.h), so its work per instruction
    // rises until the file is full and is bounded (linear) only from there.
    if (shape == Shape::kWide) continue;
    EXPECT_LT(large.work_used, 12 * small.work_used) << bench::ShapeName(shape) << ": " << small.work_used << " -> "
                                                     << large.work_used;
  }
}

}  // namespace
}  // namespace shaderdiff::compiler
