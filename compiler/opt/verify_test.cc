// The verifier refuses what it is meant to refuse: a valid function from
// the front end (an IF, so a branch, a jump, several blocks and a value
// used across blocks) passes, and each corruption of the invariants the
// target's hooks decide (A3xxTarget: IsTerminator, IsBranch, IsEnd,
// IsSingleRegister) is named. The corpus passes the same verifier after
// every pass in //corpus:corpus_opt_test; front_end_test runs it after
// each SSA pass.
#include "compiler/opt/verify.h"

#include <algorithm>

#include <gtest/gtest.h>

#include "compiler/opt/build_ssa.h"
#include "compiler/opt/ir.h"
#include "compiler/targets/a3xx/naive/select.h"
#include "compiler/tgsi/parser.h"

namespace shaderdiff::opt {
namespace {

Function Build() {
  tgsi::ParseResult r = tgsi::ParseShader(R"(VERT
DCL IN[0]
DCL OUT[0], POSITION
DCL TEMP[0..1]
IMM[0] FLT32 {0.0, 1.0, 4.0, 0.0}
  0: ADD TEMP[0], IN[0], IMM[0].yyyy
  1: SGE TEMP[1].x, TEMP[0].xxxx, IMM[0].zzzz
  2: IF TEMP[1].xxxx
  3:   MUL TEMP[0], TEMP[0], IMM[0].zzzz
  4: ELSE
  5:   ADD TEMP[0], TEMP[0], IMM[0].zzzz
  6: ENDIF
  7: MOV OUT[0], TEMP[0]
  8: END
)");
  EXPECT_TRUE(r.ok()) << r.error->ToString("test.tgsi");
  const naive::Selection sel = naive::SelectA3xx(r.shader);
  EXPECT_EQ(sel.status, naive::CompileStatus::kOk) << sel.detail;
  Function fn;
  const std::optional<std::string> e = BuildSsa(sel, &fn);
  EXPECT_FALSE(e.has_value()) << *e;
  return fn;
}

// The first live node for which `pick` holds, in layout order.
template <class Pick>
ValueId Find(const Function& fn, Pick pick) {
  for (const Block& b : fn.blocks) {
    for (ValueId v : b.nodes) {
      if (pick(fn.node(v))) return v;
    }
  }
  return kNoValue;
}

bool Is(const Node& n, a3xx::Opcode op) { return !n.is_meta() && n.instr.opcode == op; }

bool IsTerminatorNode(const Node& n) {
  return Is(n, a3xx::Opcode::BR) || Is(n, a3xx::Opcode::JUMP) || Is(n, a3xx::Opcode::END);
}

void ExpectRefused(const Function& fn, const std::string& what) {
  const std::optional<std::string> e = VerifyFunction(fn);
  ASSERT_TRUE(e.has_value()) << "accepted:\n" << PrintFunction(fn);
  EXPECT_NE(e->find(what), std::string::npos) << *e;
}

TEST(Verify, AcceptsTheFrontEndsFunction) {
  const Function fn = Build();
  const std::optional<std::string> e = VerifyFunction(fn);
  EXPECT_FALSE(e.has_value()) << *e << PrintFunction(fn);
  // The shape the corruptions below need.
  EXPECT_NE(Find(fn, [](const Node& n) { return Is(n, a3xx::Opcode::BR); }), kNoValue) << PrintFunction(fn);
  EXPECT_NE(Find(fn, [](const Node& n) { return Is(n, a3xx::Opcode::JUMP); }), kNoValue) << PrintFunction(fn);
}

TEST(Verify, TerminatorNotLast) {
  for (a3xx::Opcode op : {a3xx::Opcode::BR, a3xx::Opcode::JUMP, a3xx::Opcode::END}) {
    Function fn = Build();
    const ValueId t = Find(fn, [op](const Node& n) { return Is(n, op); });
    ASSERT_NE(t, kNoValue) << a3xx::OpcodeName(op);
    // A copy of a full value placed after the terminator in its block.
    Node extra = ZeroMovNode();
    extra.block = fn.node(t).block;
    const ValueId x = fn.Add(extra);
    fn.blocks[static_cast<size_t>(fn.node(x).block)].nodes.push_back(x);
    ExpectRefused(fn, "terminator is not the last node");
  }
}

TEST(Verify, BranchTargetMustBeTheFirstSuccessor) {
  for (a3xx::Opcode op : {a3xx::Opcode::BR, a3xx::Opcode::JUMP}) {
    Function fn = Build();
    const ValueId t = Find(fn, [op](const Node& n) { return Is(n, op); });
    ASSERT_NE(t, kNoValue);
    fn.node(t).target_block = fn.node(t).block;  // never its own successor here
    ExpectRefused(fn, "branch target is not succs[0]");
  }
}

TEST(Verify, EndInTheLastBlock) {
  Function fn = Build();
  fn.blocks.emplace_back();  // an empty, unreachable last block
  ExpectRefused(fn, "end outside the last block");
}

TEST(Verify, SingleRegisterValuesStayInTheirBlock) {
  // A full value defined in the entry block and read in a later block is
  // fine; recast as a0, p0 or hr0 it is refused.
  const Function valid = Build();
  const ValueId cross = Find(valid, [&valid](const Node& n) {
    if (n.is_meta() || n.block == 0) return false;
    for (ValueId s : n.src_value) {
      if (s != kNoValue && valid.node(s).block != n.block && valid.node(s).def_class == RegClass::kFull) return true;
    }
    return false;
  });
  ASSERT_NE(cross, kNoValue) << PrintFunction(valid);
  ValueId def = kNoValue;
  for (ValueId s : valid.node(cross).src_value) {
    if (s != kNoValue && valid.node(s).block != valid.node(cross).block) def = s;
  }
  for (RegClass c : {RegClass::kA0, RegClass::kP0, RegClass::kHalf0}) {
    Function fn = valid;
    fn.node(def).def_class = c;
    ExpectRefused(fn, "single-register value %" + std::to_string(def) + " used outside its block");
  }
}

// The checks of every use (the verifier's per-use fast path must not let
// any of them through): a value used before its definition in one block, a
// value from a block that does not dominate the user's, a removed value, a
// value in no block.
ValueId SameBlockUser(const Function& fn, ValueId* def) {
  return Find(fn, [&](const Node& n) {
    if (n.is_meta() || IsTerminatorNode(n)) return false;
    for (ValueId s : n.src_value) {
      if (s != kNoValue && fn.node(s).block == n.block && !fn.node(s).is_meta()) {
        *def = s;
        return true;
      }
    }
    return false;
  });
}

TEST(Verify, UseBeforeItsDefinition) {
  Function fn = Build();
  ValueId def = kNoValue;
  const ValueId user = SameBlockUser(fn, &def);
  ASSERT_NE(user, kNoValue) << PrintFunction(fn);
  auto& nodes = fn.blocks[static_cast<size_t>(fn.node(user).block)].nodes;
  const auto at_user = std::find(nodes.begin(), nodes.end(), user);
  const auto at_def = std::find(nodes.begin(), nodes.end(), def);
  std::iter_swap(at_user, at_def);
  fn.node(user).deps.clear();
  fn.node(def).deps.clear();
  ExpectRefused(fn, "uses %" + std::to_string(def) + " before its definition");
}

TEST(Verify, UseFromABlockThatDoesNotDominate) {
  Function fn = Build();
  // The MUL of one arm and the ADD of the other: neither arm dominates the other.
  const ValueId mul = Find(fn, [](const Node& n) { return Is(n, a3xx::Opcode::MUL_F); });
  ASSERT_NE(mul, kNoValue) << PrintFunction(fn);
  const int32_t then_block = fn.node(mul).block;
  const ValueId add = Find(fn, [then_block](const Node& n) {
    return Is(n, a3xx::Opcode::ADD_F) && n.block != 0 && n.block != then_block;
  });
  ASSERT_NE(add, kNoValue) << PrintFunction(fn);
  fn.node(add).src_value[0] = mul;
  ExpectRefused(fn, "uses %" + std::to_string(mul) + " from b" + std::to_string(then_block) +
                        ", which does not dominate");
}

TEST(Verify, UseOfARemovedValueOrOneInNoBlock) {
  for (const bool dead : {true, false}) {
    Function fn = Build();
    ValueId def = kNoValue;
    const ValueId user = SameBlockUser(fn, &def);
    ASSERT_NE(user, kNoValue) << PrintFunction(fn);
    auto& nodes = fn.blocks[static_cast<size_t>(fn.node(def).block)].nodes;
    nodes.erase(std::find(nodes.begin(), nodes.end(), def));
    fn.node(user).deps.clear();
    fn.node(def).dead = dead;
    ExpectRefused(fn, dead ? "uses removed value %" + std::to_string(def)
                           : "uses %" + std::to_string(def) + ", which is in no block");
  }
}

}  // namespace
}  // namespace shaderdiff::opt
