// Tests for out-of-SSA, register allocation, the RA checker and ToMachine,
// on small hand-built functions and seeded random straight-line code. Each
// allocation is proven by CheckAllocation, and each test also corrupts the
// allocation (two values live at once in one register) to prove the
// checker notices.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "compiler/targets/a3xx/conservative.h"
#include "compiler/opt/ir.h"
#include "compiler/opt/out_of_ssa.h"
#include "compiler/opt/ra_check.h"
#include "compiler/opt/regalloc.h"
#include "compiler/targets/a3xx/to_machine.h"
#include "emulator/a3xx/isa/disasm.h"
#include "emulator/a3xx/timing.h"

namespace shaderdiff::opt {
namespace {

using a3xx::GprOperand;
using a3xx::Opcode;

const a3xx::Timing& A3xx() { return *a3xx::FindTiming("a3xx"); }

// Builds functions node by node, each node appended to a block.
struct Builder {
  Function fn;

  int NewBlock() {
    fn.blocks.emplace_back();
    return static_cast<int>(fn.blocks.size()) - 1;
  }
  void Edge(int from, int to) {
    fn.blocks[from].succs.push_back(to);
    fn.blocks[to].preds.push_back(from);
  }
  ValueId Place(int b, Node n) {
    n.block = b;
    const ValueId id = fn.Add(std::move(n));
    fn.blocks[b].nodes.push_back(id);
    return id;
  }
  ValueId Imm(int b, uint32_t bits) {
    Node n;
    n.instr.opcode = Opcode::MOV;
    n.instr.src_type = n.instr.dst_type = a3xx::Type::kU32;
    n.instr.dst = GprOperand(0);
    n.instr.src[0] = a3xx::ImmOperand(bits);
    n.def_class = RegClass::kFull;
    return Place(b, n);
  }
  ValueId Alu(int b, Opcode op, ValueId x, ValueId y) {
    Node n;
    n.instr.opcode = op;
    n.instr.dst = GprOperand(0);
    n.instr.src[0] = GprOperand(0);
    n.instr.src[1] = GprOperand(0);
    n.src_value = {x, y, kNoValue};
    n.def_class = RegClass::kFull;
    return Place(b, n);
  }
  // An FS i/j pair (kIj; binding: its index in kIjPairs), or component
  // `comp` of input binding `binding`:
  // a kSplit of the binding's vector kInput (made on first use, four
  // components, or one for a system value; the state binding is made too,
  // through kVsAttribute / kVertexId unless the test set a field).
  ValueId Input(int b, InputRef::Kind kind, uint32_t binding, uint8_t comp) {
    if (kind == InputRef::kIj) {
      Node n;
      n.meta = Meta::kInput;
      n.input = {kind, binding, 0};
      n.size = 2;
      n.def_class = RegClass::kFull;
      return Place(b, n);
    }
    const bool sv = kind == InputRef::kSystemValue;
    if (sv) {
      if (fn.state.system_values.size() <= binding) fn.state.system_values.resize(binding + 1);
      a3xx::SystemValueBinding& s = fn.state.system_values[binding];
      if (s.semantic.empty()) s = {"VERTEXID", binding, {a3xx::IoField::kVertexId, 0, 0x1}};
    } else {
      if (fn.state.inputs.size() <= binding) fn.state.inputs.resize(binding + 1);
      a3xx::RegisterBinding& r = fn.state.inputs[binding];
      r.tgsi_index = binding;
      if (!r.span.mask) r.span = {r.span.field, 0, 0xF};
    }
    std::map<uint32_t, ValueId>& vecs = sv ? sv_vec_ : in_vec_;
    auto it = vecs.find(binding);
    if (it == vecs.end()) {
      Node n;
      n.meta = Meta::kInput;
      n.input = {kind, binding, 0};
      n.size = sv ? 1 : 4;
      n.def_class = RegClass::kFull;
      it = vecs.emplace(binding, Place(b, n)).first;
    }
    return Split(b, it->second, comp);
  }
  std::map<uint32_t, ValueId> in_vec_, sv_vec_;
  ValueId MetaNode(int b, Meta meta, std::vector<ValueId> args, int size = 1) {
    Node n;
    n.meta = meta;
    n.args = std::move(args);
    n.size = static_cast<uint8_t>(size);
    n.def_class = RegClass::kFull;
    return Place(b, n);
  }
  ValueId Phi(int b, std::vector<ValueId> args) { return MetaNode(b, Meta::kPhi, std::move(args)); }
  ValueId Collect(int b, std::vector<ValueId> args) {
    const int size = static_cast<int>(args.size());
    return MetaNode(b, Meta::kCollect, std::move(args), size);
  }
  ValueId Split(int b, ValueId vec, int comp) {
    const ValueId s = MetaNode(b, Meta::kSplit, {vec});
    fn.node(s).comp = static_cast<uint8_t>(comp);
    return s;
  }
  ValueId Bary(int b, ValueId ij, int inloc) {
    Node n;
    n.instr.opcode = Opcode::BARY_F;
    n.instr.dst = GprOperand(0);
    n.instr.src[0] = a3xx::ImmOperand(static_cast<uint32_t>(inloc));
    n.instr.src[1] = GprOperand(0);
    n.src_value = {kNoValue, ij, kNoValue};
    n.def_class = RegClass::kFull;
    return Place(b, n);
  }
  ValueId Tex(int b, ValueId coord, int size) {
    Node n;
    n.instr.opcode = Opcode::SAM;
    n.instr.type = a3xx::Type::kF32;
    n.instr.wrmask = static_cast<uint8_t>((1 << size) - 1);
    n.instr.dst = GprOperand(0);
    n.instr.src[0] = GprOperand(0);
    n.src_value = {coord, kNoValue, kNoValue};
    n.size = static_cast<uint8_t>(size);
    n.def_class = RegClass::kFull;
    return Place(b, n);
  }
  ValueId Less(int b, ValueId x, ValueId y) {  // p0.x = x < y
    Node n;
    n.instr.opcode = Opcode::CMPS_U;
    n.instr.cond = a3xx::Cond::kLt;
    n.instr.dst = GprOperand(a3xx::kRegP0X);
    n.instr.src[0] = GprOperand(0);
    n.instr.src[1] = GprOperand(0);
    n.src_value = {x, y, kNoValue};
    n.def_class = RegClass::kP0;
    return Place(b, n);
  }
  void Br(int b, ValueId p, int target) {
    Node n;
    n.instr.opcode = Opcode::BR;
    n.src_value = {p, kNoValue, kNoValue};
    n.target_block = target;
    Place(b, n);
  }
  void Jump(int b, int target) {
    Node n;
    n.instr.opcode = Opcode::JUMP;
    n.target_block = target;
    Place(b, n);
  }
  // `end` reading output components {value, {binding, component}}: one
  // collect per binding (its span, from x to the last component given;
  // components not given are open), the binding a VS varying.
  ValueId End(int b, std::vector<std::pair<ValueId, OutputRef>> outs) {
    Node n;
    n.instr.opcode = Opcode::END;
    std::map<uint32_t, std::vector<ValueId>> spans;
    std::vector<uint32_t> order;
    for (const auto& [v, o] : outs) {
      std::vector<ValueId>& args = spans[o.binding];
      if (args.empty()) order.push_back(o.binding);
      if (args.size() <= o.comp) args.resize(o.comp + 1, kNoValue);
      args[o.comp] = v;
    }
    for (uint32_t binding : order) {
      n.args.push_back(Collect(b, spans[binding]));
      output_collect_[binding] = n.args.back();
      fn.outputs.push_back({binding, 0});
      if (fn.state.outputs.size() <= binding) fn.state.outputs.resize(binding + 1);
      fn.state.outputs[binding].tgsi_index = binding;
      fn.state.outputs[binding].span.field = a3xx::IoField::kVsVarying;
    }
    return Place(b, n);
  }
  std::map<uint32_t, ValueId> output_collect_;
};

std::string RegName(int r) { return "r" + std::to_string(r / 4) + "." + "xyzw"[r % 4]; }

// Out-of-SSA + RA + check; fails the test on any problem.
RaResult AllocateAndCheck(Function& fn) {
  InsertPhiCopies(fn);
  const RaResult r = AllocateRegisters(fn, A3xx());
  EXPECT_TRUE(r.ok) << r.unsupported << "\n" << PrintFunction(fn);
  if (r.ok) {
    const std::optional<std::string> e = CheckAllocation(fn);
    EXPECT_FALSE(e.has_value()) << *e << "\n" << PrintFunction(fn);
  }
  return r;
}

// Gives `victim` the register of `holder` (both scalars live at once):
// the checker must object and name the clobbered read.
void ExpectCorruptionCaught(Function fn, ValueId holder, ValueId victim) {
  ASSERT_NE(fn.reg[holder], fn.reg[victim]);
  fn.reg[victim] = fn.reg[holder];
  const std::optional<std::string> e = CheckAllocation(fn);
  ASSERT_TRUE(e.has_value()) << PrintFunction(fn);
  EXPECT_NE(e->find(RegName(fn.reg[holder])), std::string::npos) << *e;
}

// The machine form as text, one "b<n>: <instr>" line per instruction.
std::vector<std::string> Text(const MachineFunction& mf) {
  std::vector<std::string> out;
  for (size_t b = 0; b < mf.blocks.size(); ++b) {
    for (const a3xx::Instr& in : mf.blocks[b].instrs) out.push_back("b" + std::to_string(b) + ": " + a3xx::Disassemble(in));
  }
  return out;
}

std::string Join(const std::vector<std::string>& lines) {
  std::string s;
  for (const std::string& l : lines) s += l + "\n";
  return s;
}

int CountMovs(const MachineFunction& mf) {
  int n = 0;
  for (const MachineBlock& b : mf.blocks) {
    for (const a3xx::Instr& in : b.instrs) n += in.opcode == Opcode::MOV && in.src[0].kind == a3xx::OperandKind::kGpr;
  }
  return n;
}

TEST(RegallocTest, StraightLineEndToEnd) {
  Builder b;
  const int b0 = b.NewBlock();
  const ValueId x = b.Imm(b0, 1);
  const ValueId y = b.Imm(b0, 2);
  const ValueId s = b.Alu(b0, Opcode::ADD_U, x, y);  // y dies: s may take r0.y
  const ValueId p = b.Alu(b0, Opcode::MUL_U24, s, x);  // x dies: p may take r0.x
  b.End(b0, {{p, {0, 0}}, {s, {0, 1}}});
  const RaResult r = AllocateAndCheck(b.fn);
  EXPECT_EQ(r.full_vec4, 1);
  EXPECT_EQ(b.fn.reg[x], 0);
  EXPECT_EQ(b.fn.reg[y], 1);
  EXPECT_EQ(b.fn.reg[s], 1);
  EXPECT_EQ(b.fn.reg[p], 0);
  const MachineFunction mf = ToMachine(b.fn);
  EXPECT_EQ(Join(Text(mf)),
            "b0: mov.u32u32 r0.x, 1\n"
            "b0: mov.u32u32 r0.y, 2\n"
            "b0: add.u r0.y, r0.x, r0.y\n"
            "b0: mul.u24 r0.x, r0.y, r0.x\n"
            "b0: end\n");
  // OUT[0].xy is one span: the collect's registers.
  const ValueId out = b.output_collect_[0];
  EXPECT_EQ(mf.state.outputs[0].span, (a3xx::RegisterSpan{a3xx::IoField::kVsVarying,
                                                          static_cast<int16_t>(b.fn.reg[out]), 0x3}));
  EXPECT_EQ(mf.state.full_regs, 1);
  EXPECT_EQ(mf.state.half_regs, 0);
  ExpectCorruptionCaught(b.fn, x, y);  // y overwrites x before the mul reads x
}

// OUT[0] = x.xxxx: one register of the span computes x, the three others
// copy it with one repeated mov (an iteration per register, reading x each
// time); OUT[1] = (a, b) from elsewhere: one (r) repeated mov.
TEST(RegallocTest, SpanCopiesAreRepeatedMovs) {
  Builder b;
  const int b0 = b.NewBlock(), b1 = b.NewBlock();
  b.Edge(b0, b1);
  const ValueId a = b.Imm(b0, 1), c = b.Imm(b0, 2);
  const ValueId x = b.Alu(b1, Opcode::ADD_U, a, c);
  b.End(b1, {{x, {0, 0}}, {x, {0, 1}}, {x, {0, 2}}, {x, {0, 3}}, {a, {1, 0}}, {c, {1, 1}}});
  AllocateAndCheck(b.fn);
  const MachineFunction mf = ToMachine(b.fn);
  const std::vector<std::string> text = Text(mf);
  const int out0 = b.fn.reg[b.output_collect_[0]];
  EXPECT_EQ(b.fn.reg[x], out0);  // computed in place
  const std::string replicate = "b1: (rpt2)mov.u32u32 " + RegName(out0 + 1) + ", " + RegName(out0);
  EXPECT_NE(std::find(text.begin(), text.end(), replicate), text.end()) << Join(text);
  EXPECT_EQ(CountMovs(mf), 1 + (b.fn.reg[b.output_collect_[1]] != b.fn.reg[a])) << Join(text);
}

// if (x < y) v = x*x else v = x+x;  out = v + x
struct IfElse {
  Builder b;
  ValueId x, y, v1, v2, phi, out;
  IfElse() {
    const int b0 = b.NewBlock(), b1 = b.NewBlock(), b2 = b.NewBlock(), b3 = b.NewBlock();
    b.Edge(b0, b2);  // br target
    b.Edge(b0, b1);  // fallthrough
    b.Edge(b1, b3);  // jump
    b.Edge(b2, b3);  // fallthrough
    x = b.Imm(b0, 3);
    y = b.Imm(b0, 4);
    b.Br(b0, b.Less(b0, x, y), b2);
    v1 = b.Alu(b1, Opcode::ADD_U, x, x);
    b.Jump(b1, b3);
    v2 = b.Alu(b2, Opcode::MUL_U24, x, x);
    phi = b.Phi(b3, {v1, v2});
    out = b.Alu(b3, Opcode::ADD_U, phi, x);
    b.End(b3, {{out, {0, 0}}});
  }
};

TEST(RegallocTest, IfElsePhiCoalescesEndToEnd) {
  IfElse t;
  AllocateAndCheck(t.b.fn);
  Function& fn = t.b.fn;
  // Both arms compute straight into the phi's register: no movs at all.
  EXPECT_EQ(fn.reg[t.v1], fn.reg[t.phi]);
  EXPECT_EQ(fn.reg[t.v2], fn.reg[t.phi]);
  const MachineFunction mf = ToMachine(fn);
  EXPECT_EQ(Join(Text(mf)),
            "b0: mov.u32u32 r0.x, 3\n"
            "b0: mov.u32u32 r0.y, 4\n"
            "b0: cmps.u.lt p0.x, r0.x, r0.y\n"
            "b0: br p0.x, #0\n"
            "b1: add.u r0.y, r0.x, r0.x\n"
            "b1: jump #0\n"
            "b2: mul.u24 r0.y, r0.x, r0.x\n"
            "b3: add.u r0.x, r0.y, r0.x\n"
            "b3: end\n");
  EXPECT_EQ(mf.blocks[0].target_block, 2);
  EXPECT_EQ(mf.blocks[1].target_block, 3);
  EXPECT_EQ(mf.blocks[3].preds, (std::vector<int32_t>{1, 2}));
  EXPECT_EQ(mf.blocks[0].succs, (std::vector<int32_t>{2, 1}));
  ExpectCorruptionCaught(fn, t.x, t.v1);  // v1 overwrites x, read again in b3
}

TEST(RegallocTest, IfElseWrongWebRegisterIsCaught) {
  IfElse t;
  AllocateAndCheck(t.b.fn);
  Function fn = t.b.fn;
  // The copy on the b2 edge lands elsewhere: the phi's register does not
  // hold it on that edge.
  const ValueId copy = fn.node(t.phi).args[1];
  ASSERT_EQ(fn.node(copy).meta, Meta::kParCopy);
  fn.reg[copy] = fn.reg[t.phi] + 2;
  const std::optional<std::string> e = CheckAllocation(fn);
  ASSERT_TRUE(e.has_value());
  EXPECT_NE(e->find("edge b2 -> b3"), std::string::npos) << *e;
}

// i = 0; do { i = i + 1 } while (i < 10); out = i, plus a value live across.
TEST(RegallocTest, LoopCarriedPhi) {
  Builder b;
  const int b0 = b.NewBlock(), b1 = b.NewBlock(), b2 = b.NewBlock();
  b.Edge(b0, b1);
  b.Edge(b1, b1);
  b.Edge(b1, b2);
  const ValueId i0 = b.Imm(b0, 0);
  const ValueId one = b.Imm(b0, 1);
  const ValueId ten = b.Imm(b0, 10);
  const ValueId i = b.Phi(b1, {i0, kNoValue});
  const ValueId i2 = b.Alu(b1, Opcode::ADD_U, i, one);
  b.Br(b1, b.Less(b1, i2, ten), b1);
  b.fn.node(i).args[1] = i2;
  b.End(b2, {{i2, {0, 0}}, {one, {0, 1}}});
  AllocateAndCheck(b.fn);
  Function& fn = b.fn;
  EXPECT_NE(fn.reg[one], fn.reg[i]);
  EXPECT_NE(fn.reg[ten], fn.reg[i]);
  const MachineFunction mf = ToMachine(fn);
  // i2 is live after the loop, so it cannot share the web's register: one
  // mov per iteration, before the br. After the loop, OUT[0].xy = (i2,
  // one) must be consecutive registers: one more mov for whichever of the
  // two is not in place.
  int loop_movs = 0;
  for (const a3xx::Instr& in : mf.blocks[1].instrs) loop_movs += in.opcode == Opcode::MOV;
  EXPECT_EQ(loop_movs, 1) << Join(Text(mf));
  EXPECT_EQ(CountMovs(mf), 2) << Join(Text(mf));
  EXPECT_EQ(mf.blocks[1].instrs.back().opcode, Opcode::BR);
  EXPECT_EQ(mf.blocks[1].target_block, 1);
  ExpectCorruptionCaught(fn, one, i2);  // `one` is read again next iteration
  ExpectCorruptionCaught(fn, i2, ten);  // ten's register is rewritten in the loop
}

// The swap: x' = phi(x0, y'), y' = phi(y0, x') in a loop, both used after
// it (a copy cycle plus lost copies), allocated and checked.
struct SwapLoop {
  Builder b;
  ValueId x = kNoValue, y = kNoValue, one = kNoValue, n2 = kNoValue;
};
SwapLoop AllocatedSwapLoop() {
  SwapLoop s;
  Builder& b = s.b;
  const int b0 = b.NewBlock(), b1 = b.NewBlock(), b2 = b.NewBlock();
  b.Edge(b0, b1);
  b.Edge(b1, b1);
  b.Edge(b1, b2);
  const ValueId x0 = b.Imm(b0, 100), y0 = b.Imm(b0, 200), n0 = b.Imm(b0, 0);
  s.one = b.Imm(b0, 1);
  const ValueId three = b.Imm(b0, 3);
  s.x = b.Phi(b1, {x0, kNoValue});
  s.y = b.Phi(b1, {y0, kNoValue});
  const ValueId n = b.Phi(b1, {n0, kNoValue});
  s.n2 = b.Alu(b1, Opcode::ADD_U, n, s.one);
  b.Br(b1, b.Less(b1, s.n2, three), b1);
  b.fn.node(s.x).args[1] = s.y;
  b.fn.node(s.y).args[1] = s.x;
  b.fn.node(n).args[1] = s.n2;
  b.End(b2, {{s.x, {0, 0}}, {s.y, {0, 1}}});
  AllocateAndCheck(b.fn);
  return s;
}

TEST(RegallocTest, SwapInLoop) {
  SwapLoop s = AllocatedSwapLoop();
  Function& fn = s.b.fn;
  EXPECT_NE(fn.reg[s.x], fn.reg[s.y]);
  const MachineFunction mf = ToMachine(fn);
  // Swapping needs a third register: at least 3 movs in the loop.
  int loop_movs = 0;
  for (const a3xx::Instr& in : mf.blocks[1].instrs) loop_movs += in.opcode == Opcode::MOV;
  EXPECT_GE(loop_movs, 3) << Join(Text(mf));
  ExpectCorruptionCaught(fn, s.one, s.n2);
}

// The conservative to-machine (conservative.h) lowers the same swap through
// scratch registers past every used one (all sources first, then all
// destinations), and refuses when the register file has no room for them:
// "no verdict" for a pass probe, never a lowering some other way.
TEST(RegallocTest, ConservativeToMachineNeedsFreeScratch) {
  SwapLoop s = AllocatedSwapLoop();
  Builder& b = s.b;
  const int used = MachineState(b.fn).full_regs;

  MachineFunction mf;
  ASSERT_EQ(ToMachineConservatively(b.fn, A3xx(), &mf), std::nullopt);
  EXPECT_GT(mf.state.full_regs, used) << "the scratch vec4 is counted in the state";
  // Every loop-block mov either writes a scratch scalar or reads one.
  const int scratch = 4 * used;
  int loop_movs = 0;
  for (const a3xx::Instr& in : mf.blocks[1].instrs) {
    if (in.opcode != Opcode::MOV) continue;
    ++loop_movs;
    EXPECT_TRUE(in.dst.num >= scratch || in.src[0].num >= scratch) << Join(Text(mf));
  }
  EXPECT_GE(loop_movs, 4) << Join(Text(mf));

  a3xx::Timing full = A3xx();
  full.num_full_vec4 = used;  // a register file the function fills exactly
  const std::optional<std::string> why = ToMachineConservatively(b.fn, full, &mf);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("no free register for the copies"), std::string::npos) << *why;
}

// Same swap with the phis used only inside the loop: only the cycle.
TEST(RegallocTest, SwapCycleOnly) {
  Builder b;
  const int b0 = b.NewBlock(), b1 = b.NewBlock(), b2 = b.NewBlock();
  b.Edge(b0, b1);
  b.Edge(b1, b1);
  b.Edge(b1, b2);
  const ValueId x0 = b.Imm(b0, 100), y0 = b.Imm(b0, 200);
  const ValueId x = b.Phi(b1, {x0, kNoValue});
  const ValueId y = b.Phi(b1, {y0, kNoValue});
  const ValueId d = b.Alu(b1, Opcode::SUB_U, x, y);
  b.Br(b1, b.Less(b1, d, y), b1);
  b.fn.node(x).args[1] = y;
  b.fn.node(y).args[1] = x;
  b.End(b2, {{d, {0, 0}}});
  AllocateAndCheck(b.fn);
  ExpectCorruptionCaught(b.fn, x, y);
}

// FS: two varyings (bary.f) -> collect -> sam (vec4) -> splits -> outputs.
struct Texturing {
  Builder b;
  ValueId ij, u, v, coord, tex;
  std::vector<ValueId> comps;
  Texturing() {
    b.fn.state.stage = a3xx::ShaderStage::kFragment;
    const int b0 = b.NewBlock();
    ij = b.Input(b0, InputRef::kIj, 0, 0);
    u = b.Bary(b0, ij, 0);
    v = b.Bary(b0, ij, 1);
    coord = b.Collect(b0, {u, v});
    tex = b.Tex(b0, coord, 4);
    std::vector<std::pair<ValueId, OutputRef>> outs;
    for (int c = 0; c < 4; ++c) {
      comps.push_back(b.Split(b0, tex, c));
      outs.push_back({comps.back(), {0, static_cast<uint8_t>(c)}});
    }
    b.End(b0, outs);
  }
};

TEST(RegallocTest, CollectAndTextureEndToEnd) {
  Texturing t;
  const RaResult r = AllocateAndCheck(t.b.fn);
  Function& fn = t.b.fn;
  // The varyings are interpolated straight into the coordinate pair.
  EXPECT_EQ(fn.reg[t.u], fn.reg[t.coord]);
  EXPECT_EQ(fn.reg[t.v], fn.reg[t.coord] + 1);
  for (int c = 0; c < 4; ++c) EXPECT_EQ(fn.reg[t.comps[c]], fn.reg[t.tex] + c);
  const MachineFunction mf = ToMachine(fn);
  EXPECT_EQ(Join(Text(mf)),
            "b0: bary.f r0.z, 0, r0.x\n"
            "b0: bary.f r0.w, 1, r0.x\n"
            "b0: sam (f32)(xyzw)r0.x, r0.z, s#0, t#0\n"
            "b0: end\n");
  EXPECT_EQ(mf.state.ij_reg, 0);
  // The texture result is the output span as it stands: no movs.
  EXPECT_EQ(mf.state.outputs[0].span, (a3xx::RegisterSpan{a3xx::IoField::kVsVarying, 0, 0xF}));
  EXPECT_EQ(r.full_vec4, 1);
  ExpectCorruptionCaught(fn, t.ij, t.u);  // u overwrites ij before the second bary.f
}

TEST(RegallocTest, TextureResultOverlapIsCaught) {
  Texturing t;
  AllocateAndCheck(t.b.fn);
  Function fn = t.b.fn;
  // Moving the vector (and its splits) onto the ij pair while it is still
  // read is caught at the component level.
  fn.reg[t.u] = fn.reg[t.coord] = 1;
  fn.reg[t.v] = 2;
  const std::optional<std::string> e = CheckAllocation(fn);
  ASSERT_TRUE(e.has_value());
  EXPECT_NE(e->find("r0.y"), std::string::npos) << *e;
}

// collect(b, a) with a, b from another block: the copies must not clobber.
TEST(RegallocTest, CollectCopiesDoNotClobber) {
  Builder bl;
  const int b0 = bl.NewBlock(), b1 = bl.NewBlock();
  bl.Edge(b0, b1);
  const ValueId a = bl.Imm(b0, 1);
  const ValueId b = bl.Imm(b0, 2);
  const ValueId c = bl.Imm(b0, 3);
  const ValueId coord = bl.Collect(b1, {b, a});
  const ValueId tex = bl.Tex(b1, coord, 1);
  bl.End(b1, {{tex, {0, 0}}, {c, {0, 1}}});
  AllocateAndCheck(bl.fn);
  Function& fn = bl.fn;
  ASSERT_EQ(fn.reg[a], 0);
  ASSERT_EQ(fn.reg[b], 1);
  ASSERT_EQ(fn.reg[c], 2);
  // base 1 (b in place) needs r0.z, taken by c; base 0 would write b into
  // r0.x before `a` is copied out of it.
  EXPECT_NE(fn.reg[coord], 0);
  const MachineFunction mf = ToMachine(fn);
  EXPECT_EQ(CountMovs(mf), 2) << Join(Text(mf));
  // The checker models the sequential movs: base 0 is caught.
  Function bad = fn;
  bad.reg[coord] = 0;
  const std::optional<std::string> e = CheckAllocation(bad);
  ASSERT_TRUE(e.has_value());
  EXPECT_NE(e->find("expecting %" + std::to_string(a)), std::string::npos) << *e;
}

TEST(RegallocTest, CollectInPlaceWhenArgumentsDie) {
  Builder bl;
  const int b0 = bl.NewBlock(), b1 = bl.NewBlock();
  bl.Edge(b0, b1);
  const ValueId a = bl.Imm(b0, 1);
  const ValueId b = bl.Imm(b0, 2);
  const ValueId coord = bl.Collect(b1, {a, b});
  const ValueId tex = bl.Tex(b1, coord, 2);
  bl.End(b1, {{bl.Split(b1, tex, 1), {0, 0}}});
  AllocateAndCheck(bl.fn);
  EXPECT_EQ(bl.fn.reg[coord], bl.fn.reg[a]);
  EXPECT_EQ(CountMovs(ToMachine(bl.fn)), 0);
}

// VS: IN[0].xyzw (w unused, y dead), IN[1].x, a vertex id; OUT[0].xyz,
// OUT[1].w.
TEST(RegallocTest, VertexInputsAndOutputs) {
  Builder b;
  const int b0 = b.NewBlock();
  const ValueId in0x = b.Input(b0, InputRef::kRegister, 0, 0);
  const ValueId in0y = b.Input(b0, InputRef::kRegister, 0, 1);
  const ValueId in0z = b.Input(b0, InputRef::kRegister, 0, 2);
  b.Input(b0, InputRef::kRegister, 0, 3);
  const ValueId in1x = b.Input(b0, InputRef::kRegister, 1, 0);
  const ValueId vid = b.Input(b0, InputRef::kSystemValue, 0, 0);
  b.fn.node(in0y).dead = true;
  const ValueId s = b.Alu(b0, Opcode::ADD_F, in0x, in1x);
  const ValueId t = b.Alu(b0, Opcode::MUL_F, in0z, s);
  b.End(b0, {{t, {0, 0}}, {s, {0, 1}}, {in0x, {0, 2}}, {vid, {1, 3}}});
  const RaResult r = AllocateAndCheck(b.fn);
  Function& fn = b.fn;
  const ValueId in0 = b.in_vec_[0], in1 = b.in_vec_[1], sv = b.sv_vec_[0];
  // Each binding is one span of consecutive registers: IN[0] keeps its
  // four (w is preloaded, unread but in the mask), IN[1] is trimmed to x.
  EXPECT_EQ(fn.node(in0).size, 4);
  EXPECT_EQ(fn.node(in1).size, 1);
  for (int c : {0, 2}) EXPECT_EQ(fn.reg[fn.node(in0x).args[0]] + c, c == 0 ? fn.reg[in0x] : fn.reg[in0z]);
  // Inputs interfere with each other, unused components included.
  std::vector<int> regs;
  for (int c = 0; c < 4; ++c) regs.push_back(fn.reg[in0] + c);
  regs.push_back(fn.reg[in1]);
  regs.push_back(fn.reg[sv]);
  std::sort(regs.begin(), regs.end());
  EXPECT_EQ(std::adjacent_find(regs.begin(), regs.end()), regs.end());
  const MachineFunction mf = ToMachine(fn);
  using a3xx::IoField;
  EXPECT_EQ(mf.state.inputs[0].span, (a3xx::RegisterSpan{IoField::kVsAttribute, static_cast<int16_t>(fn.reg[in0]), 0xD}));
  EXPECT_EQ(mf.state.inputs[1].span, (a3xx::RegisterSpan{IoField::kVsAttribute, static_cast<int16_t>(fn.reg[in1]), 0x1}));
  EXPECT_EQ(mf.state.system_values[0].span, (a3xx::RegisterSpan{IoField::kVertexId, static_cast<int16_t>(fn.reg[sv]), 0x1}));
  const ValueId out0 = b.output_collect_[0], out1 = b.output_collect_[1];
  EXPECT_EQ(mf.state.outputs[0].span, (a3xx::RegisterSpan{IoField::kVsVarying, static_cast<int16_t>(fn.reg[out0]), 0x7}));
  EXPECT_EQ(mf.state.outputs[1].span, (a3xx::RegisterSpan{IoField::kVsVarying, static_cast<int16_t>(fn.reg[out1]), 0x8}));
  // Every output component is where its span says.
  EXPECT_EQ(fn.reg[out0], fn.reg[t]);  // t is computed in place
  EXPECT_EQ(mf.state.full_regs, r.full_vec4);
  // IN[1]'s preload (and its split) moved onto IN[0].x: the checker sees
  // IN[0].x clobbered at entry.
  Function bad = fn;
  bad.reg[in1] = bad.reg[in1x] = fn.reg[in0];
  const std::optional<std::string> e = CheckAllocation(bad);
  ASSERT_TRUE(e.has_value());
  EXPECT_NE(e->find("reads " + RegName(fn.reg[in0]) + " expecting %" + std::to_string(in0)), std::string::npos) << *e;
}

TEST(RegallocTest, FragmentWithoutIjReservesThePair) {
  Builder b;
  b.fn.state.stage = a3xx::ShaderStage::kFragment;
  b.fn.state.inputs.resize(1);
  b.fn.state.inputs[0].span.field = a3xx::IoField::kFragCoord;
  const int b0 = b.NewBlock();
  const ValueId fx = b.Input(b0, InputRef::kRegister, 0, 0);  // gl_FragCoord.x
  b.End(b0, {{fx, {0, 0}}});
  AllocateAndCheck(b.fn);
  // The hardware preloads gl_FragCoord's x and y together: a pair that
  // misses the i/j pair.
  const ValueId coord = b.in_vec_[0];
  EXPECT_EQ(b.fn.node(coord).size, 2);
  for (int c = 0; c < 2; ++c) {
    EXPECT_NE(b.fn.reg[coord] + c, b.fn.state.ij_reg);
    EXPECT_NE(b.fn.reg[coord] + c, b.fn.state.ij_reg + 1);
  }
  EXPECT_EQ(ToMachine(b.fn).state.inputs[0].span.mask, 0x3);
  Function bad = b.fn;
  bad.reg[coord] = bad.reg[fx] = bad.state.ij_reg;
  const std::optional<std::string> e = CheckAllocation(bad);
  ASSERT_TRUE(e.has_value());
  EXPECT_NE(e->find("the i/j pair preload"), std::string::npos) << *e;
}

// FS with both i/j pairs preloaded (ir.h kIjPairs): the centre pair read
// by one bary.f, the centroid pair by another, and gl_FragCoord.xy.
struct TwoPairs {
  Builder b;
  ValueId fx, ij, centroid_ij, u, uc;
  explicit TwoPairs(bool live_pairs) {
    b.fn.state.stage = a3xx::ShaderStage::kFragment;
    b.fn.state.centroid_ij_preloaded = true;
    b.fn.state.inputs.resize(1);
    b.fn.state.inputs[0].span.field = a3xx::IoField::kFragCoord;
    const int b0 = b.NewBlock();
    fx = b.Input(b0, InputRef::kRegister, 0, 0);
    std::vector<std::pair<ValueId, OutputRef>> outs = {{fx, {0, 0}}};
    if (live_pairs) {
      ij = b.Input(b0, InputRef::kIj, kCentreIj, 0);
      centroid_ij = b.Input(b0, InputRef::kIj, kCentroidIj, 0);
      u = b.Bary(b0, ij, 0);
      uc = b.Bary(b0, centroid_ij, 0);
      outs.push_back({u, {0, 1}});
      outs.push_back({uc, {0, 2}});
    }
    b.End(b0, outs);
  }
  // With regalloc (and the checker) or the conservative allocator.
  void Allocate(bool conservative) {
    if (!conservative) {
      AllocateAndCheck(b.fn);
      return;
    }
    EXPECT_EQ(AllocateRegistersConservatively(b.fn, A3xx()), std::nullopt);
  }
  // The four pair registers and gl_FragCoord.xy are six distinct scalars.
  void ExpectDisjoint(const Function& fn) const {
    const ValueId coord = b.in_vec_.at(0);
    std::set<int> regs = {fn.reg[coord], fn.reg[coord] + 1};
    for (const IjPair& p : kIjPairs) regs.insert({fn.state.*p.reg, fn.state.*p.reg + 1});
    EXPECT_EQ(regs.size(), 6u) << PrintFunction(fn);
  }
};

TEST(RegallocTest, FragmentWithoutIjReservesBothPairs) {
  for (bool conservative : {false, true}) {
    SCOPED_TRACE(conservative ? "conservative" : "real");
    TwoPairs t(false);
    t.Allocate(conservative);
    t.ExpectDisjoint(t.b.fn);
    const MachineFunction mf = ToMachine(t.b.fn);
    EXPECT_TRUE(mf.state.centroid_ij_preloaded);
    EXPECT_EQ(mf.state.centroid_ij_reg, t.b.fn.state.centroid_ij_reg);
    EXPECT_GE(4 * mf.state.full_regs, std::max(t.b.fn.state.ij_reg, t.b.fn.state.centroid_ij_reg) + 2);
    // gl_FragCoord moved onto the reserved centroid pair: its preload
    // clobbers it at entry.
    Function bad = t.b.fn;
    bad.reg[t.b.in_vec_[0]] = bad.reg[t.fx] = bad.state.centroid_ij_reg;
    const std::optional<std::string> e = CheckAllocation(bad);
    ASSERT_TRUE(e.has_value());
    EXPECT_NE(e->find("the centroid i/j pair preload"), std::string::npos) << *e;
  }
}

TEST(RegallocTest, LivePairsGetTheirOwnRegisters) {
  for (bool conservative : {false, true}) {
    SCOPED_TRACE(conservative ? "conservative" : "real");
    TwoPairs t(true);
    t.Allocate(conservative);
    Function& fn = t.b.fn;
    EXPECT_EQ(fn.state.ij_reg, fn.reg[t.ij]);
    EXPECT_EQ(fn.state.centroid_ij_reg, fn.reg[t.centroid_ij]);
    t.ExpectDisjoint(fn);
    const MachineFunction mf = ToMachine(fn);
    EXPECT_EQ(mf.state.ij_reg, fn.reg[t.ij]);
    EXPECT_EQ(mf.state.centroid_ij_reg, fn.reg[t.centroid_ij]);
    // Each bary.f reads its own pair.
    const std::string text = Join(Text(mf));
    EXPECT_NE(text.find(", 0, " + RegName(fn.reg[t.ij]) + "\n"), std::string::npos) << text;
    EXPECT_NE(text.find(", 0, " + RegName(fn.reg[t.centroid_ij]) + "\n"), std::string::npos) << text;
    // The centroid pair preloaded over the centre pair: the centre pair's
    // read finds the centroid pair's value.
    ExpectCorruptionCaught(fn, t.ij, t.centroid_ij);
  }
}

TEST(RegallocTest, PinnedRangeIsAvoided) {
  Builder b;
  b.fn.pinned_first = 0;
  b.fn.pinned_count = 8;
  const int b0 = b.NewBlock();
  const ValueId x = b.Imm(b0, 1);
  b.End(b0, {{x, {0, 0}}});
  const RaResult r = AllocateAndCheck(b.fn);
  EXPECT_EQ(b.fn.reg[x], 8);
  EXPECT_EQ(r.full_vec4, 3);
  Function bad = b.fn;
  bad.reg[x] = 7;
  EXPECT_TRUE(CheckAllocation(bad).has_value());
}

TEST(RegallocTest, PressureOverflowFails) {
  Builder b;
  const int b0 = b.NewBlock();
  std::vector<std::pair<ValueId, OutputRef>> outs;
  for (int i = 0; i < 200; ++i) outs.push_back({b.Imm(b0, static_cast<uint32_t>(i)), {static_cast<uint32_t>(i / 4), static_cast<uint8_t>(i % 4)}});
  b.End(b0, outs);
  InsertPhiCopies(b.fn);
  const RaResult r = AllocateRegisters(b.fn, A3xx());
  EXPECT_FALSE(r.ok);
  EXPECT_FALSE(r.internal) << "lack of registers is a limit, not a compiler bug";
  EXPECT_NE(r.unsupported.find("register pressure: 200 scalars live at %"), std::string::npos) << r.unsupported;
  EXPECT_NE(r.unsupported.find("a3xx has 192"), std::string::npos) << r.unsupported;
}

// The allocator's own invariant checks fail as internal errors (a compiler
// bug: the pipeline reports compile-error), never as a limit.
TEST(RegallocTest, PhiWithoutCopiesIsInternal) {
  Builder b;
  const int b0 = b.NewBlock(), b1 = b.NewBlock(), b2 = b.NewBlock();
  b.Edge(b0, b1);
  b.Edge(b1, b1);
  b.Edge(b1, b2);
  const ValueId i0 = b.Imm(b0, 0), one = b.Imm(b0, 1), ten = b.Imm(b0, 10);
  const ValueId i = b.Phi(b1, {i0, kNoValue});
  const ValueId i2 = b.Alu(b1, Opcode::ADD_U, i, one);
  b.Br(b1, b.Less(b1, i2, ten), b1);
  b.fn.node(i).args[1] = i2;
  b.End(b2, {{i2, {0, 0}}});
  const RaResult r = AllocateRegisters(b.fn, A3xx());  // no InsertPhiCopies
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(r.internal);
  EXPECT_NE(r.unsupported.find("internal: phi %"), std::string::npos) << r.unsupported;
}

// The swap cycle with its two copies in phi order and no isolation: the
// copy into x's web is written while x is still read by the copy into y's.
TEST(RegallocTest, OverlappingPhiWebIsInternal) {
  Builder b;
  const int b0 = b.NewBlock(), b1 = b.NewBlock(), b2 = b.NewBlock();
  b.Edge(b0, b1);
  b.Edge(b1, b1);
  b.Edge(b1, b2);
  const ValueId x0 = b.Imm(b0, 100), y0 = b.Imm(b0, 200);
  const ValueId x = b.Phi(b1, {kNoValue, kNoValue});
  const ValueId y = b.Phi(b1, {kNoValue, kNoValue});
  const ValueId d = b.Alu(b1, Opcode::SUB_U, x, y);
  const ValueId p = b.Less(b1, d, y);
  const ValueId cx0 = b.MetaNode(b0, Meta::kParCopy, {x0});
  const ValueId cy0 = b.MetaNode(b0, Meta::kParCopy, {y0});
  const ValueId cx1 = b.MetaNode(b1, Meta::kParCopy, {y});
  const ValueId cy1 = b.MetaNode(b1, Meta::kParCopy, {x});
  b.Br(b1, p, b1);
  b.fn.node(x).args = {cx0, cx1};
  b.fn.node(y).args = {cy0, cy1};
  b.End(b2, {{d, {0, 0}}});
  const RaResult r = AllocateRegisters(b.fn, A3xx());
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(r.internal);
  EXPECT_NE(r.unsupported.find("internal: phi web members"), std::string::npos) << r.unsupported;
}

TEST(RegallocTest, ExactlyFullFileFits) {
  Builder b;
  const int b0 = b.NewBlock();
  std::vector<std::pair<ValueId, OutputRef>> outs;
  for (int i = 0; i < 192; ++i) outs.push_back({b.Imm(b0, static_cast<uint32_t>(i)), {static_cast<uint32_t>(i / 4), static_cast<uint8_t>(i % 4)}});
  b.End(b0, outs);
  const RaResult r = AllocateAndCheck(b.fn);
  EXPECT_EQ(r.full_vec4, 48);
}

// Random straight-line SSA: ALU ops, collects feeding textures, splits.
Builder RandomFunction(std::mt19937& rng, int length) {
  Builder b;
  const int b0 = b.NewBlock();
  std::vector<ValueId> scalars;
  const int inputs = 1 + static_cast<int>(rng() % 4);
  for (int i = 0; i < inputs; ++i) scalars.push_back(b.Input(b0, InputRef::kRegister, 0, static_cast<uint8_t>(i)));
  b.fn.state.inputs.resize(1);
  auto pick = [&] { return scalars[rng() % scalars.size()]; };
  for (int i = 0; i < length; ++i) {
    switch (rng() % 6) {
      case 0:
        scalars.push_back(b.Imm(b0, static_cast<uint32_t>(i)));
        break;
      case 1: {
        std::vector<ValueId> args;
        const int n = 1 + static_cast<int>(rng() % 3);
        for (int k = 0; k < n; ++k) args.push_back(rng() % 2 ? pick() : b.Imm(b0, static_cast<uint32_t>(k)));
        const ValueId tex = b.Tex(b0, b.Collect(b0, args), 1 + static_cast<int>(rng() % 4));
        for (int c = 0; c < b.fn.node(tex).size; ++c) {
          if (rng() % 2) scalars.push_back(b.Split(b0, tex, c));
        }
        break;
      }
      default:
        scalars.push_back(b.Alu(b0, rng() % 2 ? Opcode::ADD_U : Opcode::MUL_U24, pick(), pick()));
        break;
    }
  }
  std::vector<std::pair<ValueId, OutputRef>> outs;
  for (int k = 0; k < 4; ++k) outs.push_back({pick(), {0, static_cast<uint8_t>(k)}});
  b.End(b0, outs);
  return b;
}

TEST(RegallocTest, RandomStraightLine) {
  std::mt19937 rng(20240611);
  int corruptions = 0;
  for (int iter = 0; iter < 200; ++iter) {
    Builder b = RandomFunction(rng, 5 + static_cast<int>(rng() % 60));
    SCOPED_TRACE("iteration " + std::to_string(iter));
    AllocateAndCheck(b.fn);
    if (HasFailure()) return;
    ToMachine(b.fn);
    // Corruption: w defined while scalar v is still read later gets v's
    // register; the checker must catch it.
    Function& fn = b.fn;
    const std::vector<ValueId>& nodes = fn.blocks[0].nodes;
    for (int tries = 0; tries < 5; ++tries) {
      const size_t i = rng() % nodes.size(), j = rng() % nodes.size();
      const ValueId v = nodes[std::min(i, j)], w = nodes[std::max(i, j)];
      auto plain = [&](ValueId x) {
        const Node& n = fn.node(x);
        return n.meta == Meta::kNone && n.defines() && n.size == 1 && n.instr.opcode != Opcode::SAM;
      };
      if (v == w || !plain(v) || !plain(w) || fn.reg[v] == fn.reg[w]) continue;
      bool read_after = false;
      for (size_t k = std::max(i, j) + 1; k < nodes.size(); ++k) {
        for (ValueId u : fn.Uses(nodes[k])) read_after |= u == v;
      }
      if (!read_after) continue;
      Function bad = fn;
      bad.reg[w] = bad.reg[v];
      EXPECT_TRUE(CheckAllocation(bad).has_value()) << PrintFunction(bad);
      ++corruptions;
      break;
    }
  }
  EXPECT_GT(corruptions, 50);
}


// Random structured control flow: nested if/else diamonds (phis at the
// joins) and loops (loop-carried phis, back-edge values picked at random,
// so copy cycles and lost copies occur), with texture vectors inside.
class RandomCfg {
 public:
  explicit RandomCfg(std::mt19937& rng) : rng_(rng) {}

  Function Make(int size) {
    b_.fn.state.inputs.resize(1);
    int cur = b_.NewBlock();
    std::vector<ValueId> scope;
    for (int i = 0; i < 3; ++i) scope.push_back(b_.Input(cur, InputRef::kRegister, 0, static_cast<uint8_t>(i)));
    budget_ = size;
    cur = Region(cur, scope, 0);
    std::vector<std::pair<ValueId, OutputRef>> outs;
    for (int k = 0; k < 4; ++k) outs.push_back({Pick(scope), {0, static_cast<uint8_t>(k)}});
    b_.End(cur, outs);
    return b_.fn;
  }

 private:
  ValueId Pick(const std::vector<ValueId>& scope) { return scope[rng_() % scope.size()]; }

  void Straight(int cur, std::vector<ValueId>& scope) {
    const int n = 1 + static_cast<int>(rng_() % 4);
    for (int i = 0; i < n; ++i) {
      if (rng_() % 5 == 0) {
        const ValueId tex = b_.Tex(cur, b_.Collect(cur, {Pick(scope), Pick(scope)}), 1 + static_cast<int>(rng_() % 4));
        scope.push_back(b_.Split(cur, tex, static_cast<int>(rng_() % b_.fn.node(tex).size)));
      } else {
        scope.push_back(b_.Alu(cur, rng_() % 2 ? Opcode::ADD_U : Opcode::MUL_U24, Pick(scope), Pick(scope)));
      }
    }
  }

  // Emits statements starting in block `cur`; returns the block control
  // ends in. `scope` holds the values available there.
  int Region(int cur, std::vector<ValueId>& scope, int depth) {
    while (budget_-- > 0) {
      const unsigned what = depth < 3 ? rng_() % 5 : 0;
      if (what <= 1) {
        Straight(cur, scope);
      } else if (what == 2) {
        cur = IfElse(cur, scope, depth);
      } else if (what == 3) {
        cur = Loop(cur, scope, depth);
      } else {
        return cur;
      }
    }
    return cur;
  }

  int IfElse(int cur, std::vector<ValueId>& scope, int depth) {
    b_.Br(cur, b_.Less(cur, Pick(scope), Pick(scope)), -1);
    const ValueId br = b_.fn.blocks[cur].nodes.back();
    const int then_first = b_.NewBlock();
    std::vector<ValueId> then_scope = scope;
    Straight(then_first, then_scope);
    const int then_last = Region(then_first, then_scope, depth + 1);
    b_.Jump(then_last, -1);
    const ValueId jump = b_.fn.blocks[then_last].nodes.back();
    const int else_first = b_.NewBlock();
    std::vector<ValueId> else_scope = scope;
    const int else_last = Region(else_first, else_scope, depth + 1);
    const int join = b_.NewBlock();
    b_.fn.node(br).target_block = else_first;
    b_.fn.node(jump).target_block = join;
    b_.Edge(cur, else_first);
    b_.Edge(cur, then_first);
    b_.Edge(then_last, join);
    b_.Edge(else_last, join);
    const int phis = static_cast<int>(rng_() % 4);
    for (int i = 0; i < phis; ++i) scope.push_back(b_.Phi(join, {Pick(then_scope), Pick(else_scope)}));
    return join;
  }

  int Loop(int cur, std::vector<ValueId>& scope, int depth) {
    const int head = b_.NewBlock();
    b_.Edge(cur, head);
    std::vector<ValueId> phis;
    const int n = 1 + static_cast<int>(rng_() % 4);
    for (int i = 0; i < n; ++i) phis.push_back(b_.Phi(head, {Pick(scope), kNoValue}));
    std::vector<ValueId> body = scope;
    body.insert(body.end(), phis.begin(), phis.end());
    Straight(head, body);
    const int last = Region(head, body, depth + 1);
    b_.Br(last, b_.Less(last, Pick(body), Pick(body)), head);
    b_.Edge(last, head);
    const int exit = b_.NewBlock();
    b_.Edge(last, exit);
    // Back-edge values: often other phis of this loop (swaps, rotations).
    for (ValueId p : phis) b_.fn.node(p).args[1] = rng_() % 2 ? phis[rng_() % phis.size()] : Pick(body);
    scope = body;
    return exit;
  }

  std::mt19937& rng_;
  Builder b_;
  int budget_ = 0;
};

TEST(RegallocTest, RandomControlFlow) {
  std::mt19937 rng(777);
  int corruptions = 0, isolated = 0;
  for (int iter = 0; iter < 300; ++iter) {
    Function fn = RandomCfg(rng).Make(4 + static_cast<int>(rng() % 12));
    SCOPED_TRACE("iteration " + std::to_string(iter));
    const size_t before = fn.nodes.size();
    AllocateAndCheck(fn);
    if (HasFailure()) return;
    for (size_t v = before; v < fn.nodes.size(); ++v) {
      const Node& n = fn.node(static_cast<ValueId>(v));
      isolated += n.meta == Meta::kParCopy && fn.node(n.args[0]).meta == Meta::kPhi;
    }
    const MachineFunction mf = ToMachine(fn);
    ASSERT_EQ(mf.blocks.size(), fn.blocks.size());
    for (const MachineBlock& mb : mf.blocks) {
      ASSERT_EQ(mb.instrs.size(), mb.source_map.size());
      for (size_t i = 0; i + 1 < mb.instrs.size(); ++i) {
        EXPECT_NE(mb.instrs[i].opcode, Opcode::BR) << "copies must precede the branch";
        EXPECT_NE(mb.instrs[i].opcode, Opcode::JUMP) << "copies must precede the jump";
      }
    }
    // Corrupt: a plain value defined while another is read later in the
    // same block takes its register.
    for (size_t blk = 0; blk < fn.blocks.size() && corruptions <= iter; ++blk) {
      const std::vector<ValueId>& nodes = fn.blocks[blk].nodes;
      for (size_t i = 0; i < nodes.size() && corruptions <= iter; ++i) {
        for (size_t j = i + 1; j + 1 < nodes.size() && corruptions <= iter; ++j) {
          const ValueId v = nodes[i], w = nodes[j];
          const Node &nv = fn.node(v), &nw = fn.node(w);
          if (nv.meta != Meta::kNone || nw.meta != Meta::kNone || nv.def_class != RegClass::kFull ||
              nw.def_class != RegClass::kFull || nv.size != 1 || nw.size != 1 || fn.reg[v] == fn.reg[w]) {
            continue;
          }
          bool read_after = false;
          for (size_t k = j + 1; k < nodes.size(); ++k) {
            for (ValueId u : fn.Uses(nodes[k])) read_after |= u == v;
          }
          if (!read_after) continue;
          Function bad = fn;
          bad.reg[w] = bad.reg[v];
          EXPECT_TRUE(CheckAllocation(bad).has_value()) << PrintFunction(bad);
          ++corruptions;
        }
      }
    }
  }
  EXPECT_GT(corruptions, 50);
  EXPECT_GT(isolated, 20);  // the generator does reach cycles and lost copies
}

// The allocator and liveness keep their arrays per thread for the next call
// (thread_scratch.h): an allocation after others on the thread, larger
// ones and smaller ones, gives what the same allocation gives on a thread
// that never allocated (a fresh std::thread), registers and code alike.
TEST(RegallocTest, KeptStorageGivesFreshResults) {
  std::mt19937 rng(4242);
  std::vector<Function> fns;
  for (int i = 0; i < 40; ++i) fns.push_back(RandomCfg(rng).Make(2 + static_cast<int>(rng() % 14)));
  struct Out {
    bool ok = false;
    std::vector<int32_t> reg;
    std::string text;
  };
  auto run = [](Function fn) {
    InsertPhiCopies(fn);
    const RaResult r = AllocateRegisters(fn, A3xx());
    return Out{r.ok, fn.reg, PrintFunction(fn)};
  };
  int compared = 0;
  for (size_t i = 0; i < fns.size(); ++i) {
    SCOPED_TRACE("function " + std::to_string(i));
    const Out kept = run(fns[i]);  // this thread allocated functions 0..i-1 first
    Out fresh;
    std::thread t([&] { fresh = run(fns[i]); });
    t.join();
    EXPECT_EQ(kept.ok, fresh.ok);
    EXPECT_EQ(kept.reg, fresh.reg);
    EXPECT_EQ(kept.text, fresh.text);
    compared += fresh.ok;
  }
  EXPECT_GT(compared, 30);
}

}  // namespace
}  // namespace shaderdiff::opt
