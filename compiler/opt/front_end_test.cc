// The front end and the SSA passes on small shaders: the expected shape
// (phis at joins and loop headers, collects for texture coordinates and
// output spans, vector inputs, the pinned range for relative addressing, 0
// for uninitialized reads), valid after const-fold, copy-prop and DCE. The whole corpus goes through the
// same verifier after every pass in //corpus:corpus_opt_test.
#include <gtest/gtest.h>

#include "compiler/targets/a3xx/naive/select.h"
#include "compiler/opt/build_ssa.h"
#include "compiler/opt/const_fold.h"
#include "compiler/opt/copy_prop.h"
#include "compiler/opt/cse.h"
#include "compiler/opt/dce.h"
#include "compiler/opt/verify.h"
#include "compiler/tgsi/parser.h"

namespace shaderdiff::opt {
namespace {

tgsi::Shader Parse(const std::string& text) {
  tgsi::ParseResult r = tgsi::ParseShader(text);
  EXPECT_TRUE(r.ok()) << r.error->ToString("test.tgsi");
  return r.shader;
}

Function Build(const tgsi::Shader& shader) {
  const naive::Selection sel = naive::SelectA3xx(shader);
  EXPECT_EQ(sel.status, naive::CompileStatus::kOk) << sel.detail;
  Function fn;
  const std::optional<std::string> e = BuildSsa(sel, &fn);
  EXPECT_FALSE(e.has_value()) << *e;
  return fn;
}

int Count(const Function& fn, Meta meta) {
  int n = 0;
  for (const Block& b : fn.blocks) {
    for (ValueId v : b.nodes) n += fn.node(v).meta == meta;
  }
  return n;
}

void Optimize(Function& fn) {
  for (int round = 0; round < 2; ++round) {
    FoldConstants(fn, nullptr);
    ASSERT_FALSE(VerifyFunction(fn).has_value()) << *VerifyFunction(fn) << PrintFunction(fn);
    CopyPropagate(fn, nullptr);
    ASSERT_FALSE(VerifyFunction(fn).has_value()) << *VerifyFunction(fn) << PrintFunction(fn);
    RemoveDeadCode(fn, nullptr);
    ASSERT_FALSE(VerifyFunction(fn).has_value()) << *VerifyFunction(fn) << PrintFunction(fn);
  }
}

TEST(FrontEnd, LoopCarriedValueGetsAPhi) {
  Function fn = Build(Parse(R"(VERT
DCL IN[0]
DCL OUT[0], POSITION
DCL TEMP[0..1]
IMM[0] FLT32 {0.0, 1.0, 4.0, 0.0}
  0: MOV TEMP[0], IMM[0].xxxx
  1: BGNLOOP
  2:   SGE TEMP[1].x, TEMP[0].xxxx, IMM[0].zzzz
  3:   IF TEMP[1].xxxx
  4:     BRK
  5:   ENDIF
  6:   ADD TEMP[0], TEMP[0], IN[0]
  7: ENDLOOP
  8: MOV OUT[0], TEMP[0]
  9: END
)"));
  ASSERT_FALSE(VerifyFunction(fn).has_value()) << *VerifyFunction(fn) << PrintFunction(fn);
  EXPECT_GE(Count(fn, Meta::kPhi), 4) << PrintFunction(fn);  // TEMP[0].xyzw at the loop header
  Optimize(fn);
  EXPECT_GE(Count(fn, Meta::kPhi), 4) << PrintFunction(fn);
}

// A loop after a BRK never runs: its blocks form a cycle of single
// predecessors that the entry does not reach. Reading a variable there used
// to recurse forever (a stack overflow found by shaderdiff reduce); it is
// undefined instead, and the reachable code keeps its phis.
TEST(FrontEnd, UnreachableLoopAfterBreak) {
  Function fn = Build(Parse(R"(VERT
DCL IN[0]
DCL OUT[0], POSITION
DCL TEMP[0..2]
IMM[0] UINT32 {0, 3, 1, 0}
  0: MOV TEMP[0], IN[0]
  1: BGNLOOP
  2:   BRK
  3:   BGNLOOP
  4:     ISGE TEMP[2].x, TEMP[1].xxxx, IMM[0].yyyy
  5:     UIF TEMP[2].xxxx
  6:       BRK
  7:     ENDIF
  8:     ADD TEMP[0], TEMP[0], IN[0]
  9:     UADD TEMP[1].x, TEMP[1].xxxx, IMM[0].zzzz
 10:   ENDLOOP
 11: ENDLOOP
 12: MOV OUT[0], TEMP[0]
 13: END
)"));
  ASSERT_FALSE(VerifyFunction(fn).has_value()) << *VerifyFunction(fn) << PrintFunction(fn);
  Optimize(fn);
  ASSERT_FALSE(VerifyFunction(fn).has_value()) << *VerifyFunction(fn) << PrintFunction(fn);
}

TEST(FrontEnd, UninitializedReadIsZero) {
  Function fn = Build(Parse(R"(FRAG
DCL OUT[0], COLOR
DCL TEMP[0]
  0: MOV OUT[0], TEMP[0]
  1: END
)"));
  Optimize(fn);
  const std::string ir = PrintFunction(fn);
  EXPECT_NE(ir.find("mov.u32u32 %"), std::string::npos) << ir;
  EXPECT_NE(ir.find(", 0\n"), std::string::npos) << ir;
}

TEST(FrontEnd, RelativeAddressingPinsTheArray) {
  Function fn = Build(Parse(R"(VERT
DCL IN[0]
DCL OUT[0], POSITION
DCL TEMP[0..3], ARRAY(1)
DCL ADDR[0]
IMM[0] FLT32 {1.0, 2.0, 3.0, 4.0}
  0: MOV TEMP[0], IMM[0].xxxx
  1: MOV TEMP[1], IMM[0].yyyy
  2: MOV TEMP[2], IMM[0].zzzz
  3: MOV TEMP[3], IMM[0].wwww
  4: ARL ADDR[0].x, IN[0].xxxx
  5: MOV OUT[0], TEMP[ADDR[0].x+1]
  6: END
)"));
  EXPECT_EQ(fn.pinned_count, 16);
  EXPECT_EQ(fn.pinned_first, 0);
  Optimize(fn);
  ASSERT_FALSE(VerifyFunction(fn).has_value());
}

TEST(FrontEnd, TextureCoordinatesAreCollected) {
  Function fn = Build(Parse(R"(FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
DCL SAMP[0]
DCL SVIEW[0], 2D, FLOAT
DCL TEMP[0]
  0: ADD TEMP[0], IN[0], IN[0]
  1: TEX OUT[0], TEMP[0], SAMP[0], 2D
  2: END
)"));
  Optimize(fn);
  // The coordinates are collected; OUT[0]'s span is the texture result as
  // it stands (its collect of the four components became the vector).
  EXPECT_EQ(Count(fn, Meta::kCollect), 1) << PrintFunction(fn);
  EXPECT_EQ(Count(fn, Meta::kSplit), 0) << PrintFunction(fn);
  const Node& end = fn.node(fn.blocks.back().nodes.back());
  ASSERT_EQ(end.args.size(), 1u);
  EXPECT_EQ(fn.node(end.args[0]).instr.opcode, a3xx::Opcode::SAM) << PrintFunction(fn);
}

// Each input binding is one vector value (the hardware preloads a span);
// each output is one span: an output that is an input as it stands reads
// the input vector itself (copy-prop-vector), and two outputs with the
// same components share one collect (cse), so neither costs a mov.
TEST(FrontEnd, InputAndOutputSpans) {
  Function fn = Build(Parse(R"(VERT
DCL IN[0]
DCL IN[1]
DCL OUT[0], POSITION
DCL OUT[1], GENERIC[0]
DCL OUT[2], GENERIC[1]
DCL OUT[3], GENERIC[2]
DCL TEMP[0]
  0: MOV OUT[0], IN[0]
  1: MOV OUT[1], IN[0]
  2: ADD TEMP[0], IN[1], IN[1]
  3: MOV OUT[2], TEMP[0]
  4: MOV OUT[3], TEMP[0]
  5: END
)"));
  EXPECT_EQ(Count(fn, Meta::kInput), 2) << PrintFunction(fn);
  EXPECT_EQ(Count(fn, Meta::kCollect), 4) << PrintFunction(fn);
  Optimize(fn);
  EliminateCommonSubexpressions(fn, nullptr);
  RemoveDeadCode(fn, nullptr);
  ASSERT_FALSE(VerifyFunction(fn).has_value()) << *VerifyFunction(fn) << PrintFunction(fn);
  const Node& end = fn.node(fn.blocks.back().nodes.back());
  ASSERT_EQ(end.args.size(), 4u) << PrintFunction(fn);
  EXPECT_EQ(fn.node(end.args[0]).meta, Meta::kInput) << PrintFunction(fn);
  EXPECT_EQ(end.args[1], end.args[0]) << PrintFunction(fn);
  EXPECT_EQ(fn.node(end.args[2]).meta, Meta::kCollect) << PrintFunction(fn);
  EXPECT_EQ(end.args[3], end.args[2]) << PrintFunction(fn);
  EXPECT_EQ(Count(fn, Meta::kCollect), 1) << PrintFunction(fn);
}

}  // namespace
}  // namespace shaderdiff::opt
