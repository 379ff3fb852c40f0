// legalize tests. Every case is a hand-built MachineFunction (blocks as
// assembly text) with the exact legalized program expected; each legalized
// program runs on the a3xx emulator with HazardMode::kTrap and must report
// no hazard and give the same outputs as a conservative oracle build
// ((sy)(ss)(rpt5)nop before every instruction). The mutation test then
// removes each inserted nop slot and each (ss)/(sy) flag in turn and checks
// the emulator reports a hazard for every one of them, i.e. every insertion
// legalize makes in those programs is needed (minimality) and visible to the
// checker.
#include "compiler/targets/a3xx/legalize.h"

#include <gtest/gtest.h>

#include <bit>
#include <functional>

#include "emulator/a3xx/emulator.h"
#include "emulator/a3xx/isa/assembler.h"
#include "emulator/a3xx/isa/disasm.h"

namespace shaderdiff::opt {
namespace {

using a3xx::Instr;
using a3xx::Opcode;
using common::TestVector;
using common::Vec4;

const a3xx::Timing& A3xx() { return *a3xx::FindTiming("a3xx"); }

uint32_t Bits(float f) { return std::bit_cast<uint32_t>(f); }
Vec4 F4(float a, float b, float c, float d) { return {Bits(a), Bits(b), Bits(c), Bits(d)}; }

// ---- building MachineFunctions

struct BlockText {
  std::string text;
  int target = -1;  // br/jump target block
};

std::vector<Instr> AsmOrDie(const std::string& text) {
  a3xx::AsmResult r = a3xx::Assemble(text);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error->ToString()) << "\n" << text;
  return r.program;
}

MachineFunction Build(const a3xx::ShaderState& state, const std::vector<BlockText>& blocks) {
  MachineFunction mf;
  mf.state = state;
  int32_t source = 0;
  for (const BlockText& bt : blocks) {
    MachineBlock b;
    for (Instr in : AsmOrDie(bt.text)) {
      in.branch = 0;
      b.instrs.push_back(in);
      b.source_map.push_back(source++);
    }
    b.target_block = bt.target;
    mf.blocks.push_back(std::move(b));
  }
  const int n = static_cast<int>(mf.blocks.size());
  for (int b = 0; b < n; ++b) {
    MachineBlock& blk = mf.blocks[static_cast<size_t>(b)];
    const Opcode last = blk.instrs.empty() ? Opcode::NOP : blk.instrs.back().opcode;
    if (last == Opcode::JUMP || last == Opcode::BR) blk.succs.push_back(blk.target_block);
    if (last != Opcode::JUMP && last != Opcode::END && b + 1 < n) blk.succs.push_back(b + 1);
    for (int s : blk.succs) {
      if (s >= 0 && s < n) mf.blocks[static_cast<size_t>(s)].preds.push_back(b);
    }
  }
  return mf;
}

// ---- shader states and vectors: IN[0] in r0 (VS), c0 = (1, 2, 3, 4),
// sampler unit 0 = s#0, t#0.

a3xx::ShaderState Vs(std::vector<int> outs) {
  a3xx::ShaderState s;
  s.stage = a3xx::ShaderStage::kVertex;
  for (size_t i = 0; i < outs.size(); ++i) {
    s.outputs.push_back(
        {static_cast<uint32_t>(i), {a3xx::IoField::kVsVarying, static_cast<int16_t>(4 * outs[i]), 0xF}});
  }
  s.inputs.push_back({0, {a3xx::IoField::kVsAttribute, 0, 0xF}});
  s.consts.push_back({0, 0, 0});
  s.samplers.push_back({0, 0, 0});
  s.full_regs = 8;
  s.half_regs = 2;
  return s;
}

TestVector VsVector(std::vector<Vec4> in0 = {F4(0.5f, 0.25f, 2.0f, 3.0f)}) {
  TestVector v;
  v.stage = tgsi::Processor::kVertex;
  v.lanes = static_cast<uint32_t>(in0.size());
  v.inputs[0] = in0;
  v.constants[0][0] = F4(1, 2, 3, 4);
  return v;
}

// A fragment shader: IN[0] is varying 0..3 (bary.f), ij in r0.x/r0.y,
// OUT[0] = r2.
a3xx::ShaderState Fs() {
  a3xx::ShaderState s = Vs({2});
  s.stage = a3xx::ShaderStage::kFragment;
  s.inputs.clear();
  s.outputs[0].span.field = a3xx::IoField::kFsColor;
  s.varyings.push_back({0, 0, 0xF, a3xx::VaryingInterp::kPerspective});
  return s;
}

TestVector FsVector() {
  TestVector v;
  v.stage = tgsi::Processor::kFragment;
  v.lanes = 4;
  v.inputs[0] = {F4(0.5f, 7, 0, 0), F4(2, 8, 0, 0), F4(0.25f, 9, 0, 0), F4(3, 10, 0, 0)};
  v.constants[0][0] = F4(1, 2, 3, 4);
  return v;
}

// ---- running

a3xx::EmulationResult Emu(const std::vector<Instr>& instrs, const a3xx::ShaderState& state, const TestVector& v,
                          const a3xx::Timing& t) {
  a3xx::Program p;
  p.state = state;
  p.instrs = instrs;
  a3xx::EmulatorOptions o;
  o.timing = &t;
  o.hazards = a3xx::HazardMode::kTrap;
  return a3xx::Emulate(p, v, o);
}

// The oracle: (sy)(ss)(rpt5)nop before every instruction.
std::vector<Instr> Conservative(const MachineFunction& mf) {
  std::vector<Instr> out;
  std::vector<size_t> start, branch_at;
  std::vector<int> branch_target;
  for (size_t b = 0; b < mf.blocks.size(); ++b) {
    start.push_back(out.size());
    for (const Instr& in : mf.blocks[b].instrs) {
      Instr n;
      n.flags = a3xx::kFlagSs | a3xx::kFlagSy;
      if (out.size() == start.back()) n.flags |= a3xx::kFlagJp;  // every block start may be a target
      n.repeat = 5;
      out.push_back(n);
      if (in.opcode == Opcode::BR || in.opcode == Opcode::JUMP) {
        branch_at.push_back(out.size());
        branch_target.push_back(mf.blocks[b].target_block);
      }
      out.push_back(in);
    }
  }
  for (size_t i = 0; i < branch_at.size(); ++i) {
    out[branch_at[i]].branch =
        static_cast<int32_t>(start[static_cast<size_t>(branch_target[i])]) - static_cast<int32_t>(branch_at[i]);
  }
  return out;
}

std::string Listing(const std::vector<Instr>& instrs) {
  std::string s;
  for (size_t i = 0; i < instrs.size(); ++i) s += std::to_string(i) + ": " + a3xx::Disassemble(instrs[i]) + "\n";
  return s;
}

struct Case {
  std::string name;
  MachineFunction mf;
  std::vector<TestVector> vectors;
  std::string expected;  // the legalized program before padding, as assembly
  const a3xx::Timing* timing = nullptr;
  const a3xx::Timing& t() const { return timing ? *timing : A3xx(); }
};

// Legalizes, compares with the expected program, runs every vector hazard
// free with the oracle's outputs. Returns the program.
std::vector<Instr> Check(const Case& c) {
  SCOPED_TRACE(c.name);
  const LegalizeResult r = Legalize(c.mf, c.t());
  EXPECT_FALSE(r.error) << *r.error;
  EXPECT_FALSE(r.too_large);
  EXPECT_EQ(r.program.instrs.size() % 4, 0u);
  EXPECT_EQ(r.program.instrs.size(), r.source_map.size());
  std::vector<Instr> want = AsmOrDie(c.expected);
  while (want.size() % 4 != 0) want.push_back(Instr{});
  EXPECT_EQ(r.program.instrs, want) << "got:\n" << Listing(r.program.instrs) << "want:\n" << Listing(want);
  const std::vector<Instr> oracle = Conservative(c.mf);
  for (const TestVector& v : c.vectors) {
    const a3xx::EmulationResult got = Emu(r.program.instrs, c.mf.state, v, c.t());
    EXPECT_EQ(got.result.status, common::ExecStatus::kOk) << got.result.detail << "\n" << Listing(r.program.instrs);
    EXPECT_TRUE(got.hazards.empty());
    const a3xx::EmulationResult ref = Emu(oracle, c.mf.state, v, c.t());
    EXPECT_EQ(ref.result.status, common::ExecStatus::kOk) << ref.result.detail;
    EXPECT_TRUE(got.result.outputs == ref.result.outputs);
  }
  return r.program.instrs;
}

// ---- the cases

Case AluToSfu() {  // ir3 delay.c: add.f r0.x; rsq r0.x, r0.x -> 6
  return {"AluToSfu",
          Build(Vs({1}), {{"add.f r1.x, r0.x, c0.y\nrsq r1.x, r1.x\nend\n"}}),
          {VsVector()},
          "add.f r1.x, r0.x, c0.y\n(rpt5)nop\nrsq r1.x, r1.x\n(ss)end\n"};
}
Case TwoMovsAdd() {  // -> 3 (r0.y needs 3, r0.x 2)
  return {"TwoMovsAdd",
          Build(Vs({1}), {{"mov.f32f32 r1.x, c0.x\nmov.f32f32 r1.y, c0.y\nadd.f r1.x, r1.x, r1.y\nend\n"}}),
          {VsVector()},
          "mov.f32f32 r1.x, c0.x\nmov.f32f32 r1.y, c0.y\n(rpt2)nop\nadd.f r1.x, r1.x, r1.y\nend\n"};
}
Case MadSrc3() {  // -> 2 (src3 is read 2 slots late)
  return {"MadSrc3",
          Build(Vs({1}), {{"mov.f32f32 r1.x, c0.x\nmov.f32f32 r1.y, c0.y\nmov.f32f32 r1.z, c0.z\n"
                           "mad.f32 r1.x, r1.x, r1.y, r1.z\nend\n"}}),
          {VsVector()},
          "mov.f32f32 r1.x, c0.x\nmov.f32f32 r1.y, c0.y\nmov.f32f32 r1.z, c0.z\n(rpt1)nop\n"
          "mad.f32 r1.x, r1.x, r1.y, r1.z\nend\n"};
}
Case RptThenFirst() {  // (rpt2)mov r0.x; add.f r0.x, r0.x, c0.x -> 1
  return {"RptThenFirst",
          Build(Vs({1}), {{"(rpt2)mov.f32f32 r1.x, (r)c0.x\nadd.f r1.x, r1.x, c0.x\nend\n"}}),
          {VsVector()},
          "(rpt2)mov.f32f32 r1.x, (r)c0.x\nnop\nadd.f r1.x, r1.x, c0.x\nend\n"};
}
Case RptThenSecond() {  // (rpt2)mov r0.x; add.f r0.x, r0.x, r0.y -> 2
  return {"RptThenSecond",
          Build(Vs({1}), {{"(rpt2)mov.f32f32 r1.x, (r)c0.x\nadd.f r1.x, r1.x, r1.y\nend\n"}}),
          {VsVector()},
          "(rpt2)mov.f32f32 r1.x, (r)c0.x\n(rpt1)nop\nadd.f r1.x, r1.x, r1.y\nend\n"};
}
Case RptThenRpt() {  // (rpt2)mov; (rpt2)add.f r0.x, (r)r0.x, c0.x -> 1
  return {"RptThenRpt",
          Build(Vs({1}), {{"(rpt2)mov.f32f32 r1.x, (r)c0.x\n(rpt2)add.f r1.x, (r)r1.x, c0.x\nend\n"}}),
          {VsVector()},
          "(rpt2)mov.f32f32 r1.x, (r)c0.x\nnop\n(rpt2)add.f r1.x, (r)r1.x, c0.x\nend\n"};
}
Case SfuToAlu() {  // (ss) on the consumer, no nops, nothing at shader start
  return {"SfuToAlu",
          Build(Vs({1, 2}), {{"rcp r1.x, r0.x\nadd.f r2.x, r1.x, c0.x\nend\n"}}),
          {VsVector()},
          "rcp r1.x, r0.x\n(ss)add.f r2.x, r1.x, c0.x\nend\n"};
}
Case SyncedResultHasNoAluDelay() {  // landing the rcp result supersedes the mov's ALU write of r1.x
  return {"SyncedResultHasNoAluDelay",
          Build(Vs({1, 2}), {{"mov.f32f32 r1.x, c0.x\nrcp r1.x, r0.x\nadd.f r2.x, r1.x, c0.x\nend\n"}}),
          {VsVector()},
          "mov.f32f32 r1.x, c0.x\nrcp r1.x, r0.x\n(ss)add.f r2.x, r1.x, c0.x\nend\n"};
}
Case TexToAlu() {
  return {"TexToAlu",
          Build(Vs({1, 2}), {{"sam (f32)(xy)r1.x, r0.x, s#0, t#0\nadd.f r2.x, r1.y, c0.x\nend\n"}}),
          {VsVector()},
          "sam (f32)(xy)r1.x, r0.x, s#0, t#0\n(sy)add.f r2.x, r1.y, c0.x\nend\n"};
}
Case TexNeedsSs() {  // cat5 cannot carry (ss): an (ss)nop
  return {"TexNeedsSs",
          Build(Vs({1}), {{"rcp r3.x, r0.x\nsam (f32)(xy)r1.x, r3.x, s#0, t#0\nend\n"}}),
          {VsVector()},
          "rcp r3.x, r0.x\n(ss)nop\nsam (f32)(xy)r1.x, r3.x, s#0, t#0\n(sy)end\n"};
}
Case TexNeedsSsAndDelay() {  // the (ss) merges with the delay nop
  return {"TexNeedsSsAndDelay",
          Build(Vs({1}), {{"mov.f32f32 r3.y, c0.x\nrcp r3.x, r0.x\nsam (f32)(xy)r1.x, r3.x, s#0, t#0\nend\n"}}),
          {VsVector()},
          "mov.f32f32 r3.y, c0.x\nrcp r3.x, r0.x\n(ss)(rpt5)nop\nsam (f32)(xy)r1.x, r3.x, s#0, t#0\n(sy)end\n"};
}
Case WarSfuSource() {
  return {"WarSfuSource",
          Build(Vs({1, 0}), {{"rcp r1.x, r0.x\nmov.f32f32 r0.x, c0.w\nend\n"}}),
          {VsVector()},
          "rcp r1.x, r0.x\n(ss)mov.f32f32 r0.x, c0.w\nend\n"};
}
Case WarTexSource() {  // (ss) freezes texture sources too: no (sy) wait needed
  return {"WarTexSource",
          Build(Vs({1, 0}), {{"sam (f32)(xy)r1.x, r0.x, s#0, t#0\nmov.f32f32 r0.y, c0.w\nend\n"}}),
          {VsVector()},
          "sam (f32)(xy)r1.x, r0.x, s#0, t#0\n(ss)mov.f32f32 r0.y, c0.w\n(sy)end\n"};
}
Case WawSfu() {
  return {"WawSfu",
          Build(Vs({1}), {{"rcp r1.x, r0.x\nmov.f32f32 r1.x, c0.w\nend\n"}}),
          {VsVector()},
          "rcp r1.x, r0.x\n(ss)mov.f32f32 r1.x, c0.w\nend\n"};
}
Case WawTex() {  // the texture writes r1.y too, outside its mask (docs §4.3): ordered after it
  return {"WawTex",
          Build(Vs({1}), {{"sam (f32)(xz)r1.x, r0.x, s#0, t#0\nmov.f32f32 r1.y, c0.w\nmov.f32f32 r1.z, c0.w\nend\n"}}),
          {VsVector()},
          "sam (f32)(xz)r1.x, r0.x, s#0, t#0\n(sy)mov.f32f32 r1.y, c0.w\nmov.f32f32 r1.z, c0.w\nend\n"};
}
Case EndSyncsOutput() {  // a pending output syncs at end; a pending non-output (r5) does not
  return {"EndSyncsOutput",
          Build(Vs({1}), {{"rcp r1.x, r0.x\nsam (f32)(xy)r5.x, r0.x, s#0, t#0\nend\n"}}),
          {VsVector()},
          "rcp r1.x, r0.x\nsam (f32)(xy)r5.x, r0.x, s#0, t#0\n(ss)end\n"};
}
Case LocalMemoryIsSs() {  // ldl/stl are ss class in the emulator (delay.h says sy for all cat6)
  return {"LocalMemoryIsSs",
          Build(Vs({1}), {{"mov.u32u32 r3.x, 16\nstl.u32 l[r3.x], r0.z, 1\nldl.u32 r1.x, l[r3.x], 1\nend\n"}}),
          {VsVector()},
          "mov.u32u32 r3.x, 16\n(rpt5)nop\nstl.u32 l[r3.x], r0.z, 1\nldl.u32 r1.x, l[r3.x], 1\n(ss)end\n"};
}
Case RelativeA0() {  // a0.x: non-ALU delay for every relative access
  return {"RelativeA0",
          Build(Vs({1}), {{"mov.s16s16 hr1.x, 1\nmova a0.x, hr1.x\nmov.f32f32 r1.x, r<a0.x + 1>\nend\n"}}),
          {VsVector()},
          "mov.s16s16 hr1.x, 1\n(rpt2)nop\nmova a0.x, hr1.x\n(rpt5)nop\nmov.f32f32 r1.x, r<a0.x + 1>\nend\n"};
}
Case BranchOnP0() {  // cmps -> br: 6
  return {"BranchOnP0",
          Build(Vs({1}), {{"cmps.f.lt p0.x, r0.x, c0.x\nbr p0.x, #1\n", 2},
                          {"mov.f32f32 r1.x, c0.y\n"},
                          {"mov.f32f32 r1.y, c0.z\nend\n"}}),
          {VsVector(), VsVector({F4(2, 0, 0, 0)})},
          "cmps.f.lt p0.x, r0.x, c0.x\n(rpt5)nop\nbr p0.x, #t\nmov.f32f32 r1.x, c0.y\nt:\n(jp)mov.f32f32 r1.y, "
          "c0.z\nend\n"};
}

// A loop whose back edge carries the binding delay: from block 0 r1.x is 4
// slots old at the loop head, from the back edge 1 slot: 3 nops, found only
// by iterating the dataflow.
Case LoopBackEdge() {
  return {
      "LoopBackEdge",
      Build(Vs({1}), {{"mov.f32f32 r1.x, c0.x\nmov.f32f32 r2.x, c0.y\nmov.f32f32 r2.y, c0.z\nmov.f32f32 r2.z, c0.w\n"},
                      {"cmps.f.lt p0.x, r1.x, c0.w\nbr !p0.x, #1\n", 3},
                      {"add.f r1.x, r1.x, (1.0)\njump #1\n", 1},
                      {"end\n"}}),
      {VsVector()},
      "mov.f32f32 r1.x, c0.x\nmov.f32f32 r2.x, c0.y\nmov.f32f32 r2.y, c0.z\nmov.f32f32 r2.z, c0.w\n"
      "loop:\n(jp)(rpt2)nop\ncmps.f.lt p0.x, r1.x, c0.w\n(rpt5)nop\nbr !p0.x, #exit\n"
      "add.f r1.x, r1.x, (1.0)\njump #loop\nexit:\n(jp)end\n"};
}

// A do-while loop through an empty head block: the back edge brings r1.x
// 6 slots old into block 2, where rcp needs 7. One sweep in layout order
// would legalize block 2 before the back edge reached it through block 1;
// only iterating to the fixed point finds the nop. The add overwrites the
// rcp's lazy source: (ss).
Case LoopThroughEmptyHead() {
  return {"LoopThroughEmptyHead",
          Build(Vs({1, 3}), {{"mov.f32f32 r1.x, c0.x\nmov.f32f32 r2.x, c0.y\nmov.f32f32 r2.y, c0.y\n"
                              "mov.f32f32 r2.z, c0.y\nmov.f32f32 r2.w, c0.y\nmov.f32f32 r4.x, c0.y\n"
                              "mov.f32f32 r4.y, c0.y\n"},
                             {""},
                             {"rcp r3.x, r1.x\ncmps.f.lt p0.x, r1.x, c0.w\nadd.f r1.x, r1.x, (1.0)\nbr p0.x, #1\n", 1},
                             {"end\n"}}),
          {VsVector()},
          "mov.f32f32 r1.x, c0.x\nmov.f32f32 r2.x, c0.y\nmov.f32f32 r2.y, c0.y\n"
          "mov.f32f32 r2.z, c0.y\nmov.f32f32 r2.w, c0.y\nmov.f32f32 r4.x, c0.y\nmov.f32f32 r4.y, c0.y\n"
          "loop:\n(jp)nop\nrcp r3.x, r1.x\ncmps.f.lt p0.x, r1.x, c0.w\n(ss)add.f r1.x, r1.x, (1.0)\n(rpt4)nop\n"
          "br p0.x, #loop\nend\n"};
}

// A pending SFU result on one path into a join: the union of pending sets
// puts (ss) on the reader.
Case AsyncAcrossBlocks() {
  return {"AsyncAcrossBlocks",
          Build(Vs({1}), {{"cmps.f.lt p0.x, r0.x, c0.x\nbr p0.x, #1\n", 2},
                          {"rcp r1.x, r0.x\n"},
                          {"add.f r1.y, r1.x, c0.x\nend\n"}}),
          {VsVector(), VsVector({F4(2, 0, 0, 0)})},
          "cmps.f.lt p0.x, r0.x, c0.x\n(rpt5)nop\nbr p0.x, #j\nrcp r1.x, r0.x\n"
          "j:\n(ss)(jp)add.f r1.y, r1.x, c0.x\nend\n"};
}

// if/else: the join takes the worst predecessor, here the jump edge (r1.x
// 1 slot old) rather than the fall-through (3 slots old).
Case IfElseJoin() {
  return {"IfElseJoin",
          Build(Vs({1, 2}), {{"cmps.f.lt p0.x, r0.x, c0.x\nbr p0.x, #1\n", 2},
                             {"mov.f32f32 r1.x, c0.y\njump #1\n", 3},
                             {"mov.f32f32 r1.x, c0.z\nmov.f32f32 r2.x, c0.x\nmov.f32f32 r2.y, c0.x\n"},
                             {"add.f r1.y, r1.x, c0.x\nend\n"}}),
          {VsVector(), VsVector({F4(2, 0, 0, 0)}), VsVector({F4(0.5f, 0, 0, 0), F4(2, 0, 0, 0)})},
          "cmps.f.lt p0.x, r0.x, c0.x\n(rpt5)nop\nbr p0.x, #then\nmov.f32f32 r1.x, c0.y\njump #join\n"
          "then:\n(jp)mov.f32f32 r1.x, c0.z\nmov.f32f32 r2.x, c0.x\nmov.f32f32 r2.y, c0.x\n"
          "join:\n(jp)(rpt2)nop\nadd.f r1.y, r1.x, c0.x\nend\n"};
}

// A fragment shader: (ei) on the last bary.f, (jp) on both branch targets.
Case EiAndJp() {
  return {"EiAndJp",
          Build(Fs(), {{"bary.f r1.x, 0, r0.x\nbary.f r1.y, 1, r0.x\ncmps.f.lt p0.x, r1.x, c0.x\nbr p0.x, #1\n", 2},
                       {"mov.f32f32 r2.x, r1.y\njump #1\n", 3},
                       {"mov.f32f32 r2.x, c0.y\n"},
                       {"mov.f32f32 r2.y, r1.x\nend\n"}}),
          {FsVector()},
          "bary.f r1.x, 0, r0.x\nbary.f (ei)r1.y, 1, r0.x\n(rpt1)nop\ncmps.f.lt p0.x, r1.x, c0.x\n(rpt5)nop\n"
          "br p0.x, #then\nmov.f32f32 r2.x, r1.y\njump #join\nthen:\n(jp)mov.f32f32 r2.x, c0.y\n"
          "join:\n(jp)mov.f32f32 r2.y, r1.x\nend\n"};
}

std::vector<Case> MinimalCases() {
  return {AluToSfu(),
          TwoMovsAdd(),
          MadSrc3(),
          RptThenFirst(),
          RptThenSecond(),
          RptThenRpt(),
          SfuToAlu(),
          SyncedResultHasNoAluDelay(),
          TexToAlu(),
          TexNeedsSs(),
          TexNeedsSsAndDelay(),
          WarSfuSource(),
          WarTexSource(),
          WawSfu(),
          WawTex(),
          EndSyncsOutput(),
          LocalMemoryIsSs(),
          RelativeA0(),
          BranchOnP0(),
          LoopBackEdge(),
          LoopThroughEmptyHead(),
          AsyncAcrossBlocks(),
          IfElseJoin(),
          EiAndJp()};
}

// ---- tests

TEST(Legalize, Ir3DelayExamples) {
  for (const Case& c : {AluToSfu(), TwoMovsAdd(), MadSrc3(), RptThenFirst(), RptThenSecond(), RptThenRpt()}) Check(c);
}

TEST(Legalize, AsyncProducers) {
  for (const Case& c :
       {SfuToAlu(), SyncedResultHasNoAluDelay(), TexToAlu(), TexNeedsSs(), TexNeedsSsAndDelay(), LocalMemoryIsSs()})
    Check(c);
}

TEST(Legalize, WriteAfterReadAndWrite) {
  for (const Case& c : {WarSfuSource(), WarTexSource(), WawSfu(), WawTex()}) Check(c);
  // The (ss) that resolves the texture WAR does not wait for the texture:
  // the only stall is the (sy) at end.
  const Case c = WarTexSource();
  const LegalizeResult r = Legalize(c.mf, A3xx());
  const a3xx::EmulationResult e = Emu(r.program.instrs, c.mf.state, c.vectors[0], A3xx());
  EXPECT_EQ(e.stats.ss, 1u);
  EXPECT_EQ(e.stats.stall_cycles, static_cast<uint64_t>(A3xx().tex_latency) - 1);  // the mov's slot
}

TEST(Legalize, EndSyncsPendingOutputs) { Check(EndSyncsOutput()); }

TEST(Legalize, LoopBackEdgeDelayNeedsTheFixedPoint) {
  const Case c = LoopBackEdge();
  Check(c);
  const LegalizeResult r = Legalize(c.mf, A3xx());
  const a3xx::EmulationResult e = Emu(r.program.instrs, c.mf.state, c.vectors[0], A3xx());
  const common::OutputLanes* out = e.result.FindOutput(0);
  ASSERT_NE(out, nullptr);
  EXPECT_EQ(out->words[0][0], Bits(4.0f));  // three trips round the back edge
  Check(LoopThroughEmptyHead());
}

TEST(Legalize, JoinTakesTheWorstPredecessor) {
  Check(IfElseJoin());
  Check(AsyncAcrossBlocks());
}

TEST(Legalize, BranchesAndP0) { Check(BranchOnP0()); }

TEST(Legalize, EiOnLastBaryAndJpOnTargets) { Check(EiAndJp()); }

TEST(Legalize, RelativeAccess) {
  Check(RelativeA0());
  // A relative read counts as reading every register: the r3.x written one
  // slot earlier (not the register read) still costs 3 nops, and a pending
  // SFU result anywhere needs (ss). (Conservative, so not in the mutation test.)
  Case c{"RelativeReadsEverything",
         Build(Vs({1}), {{"mov.s16s16 hr1.x, 1\nmova a0.x, hr1.x\nrcp r5.x, r0.x\n"
                          "mov.f32f32 r2.x, c0.x\nmov.f32f32 r2.y, c0.x\nmov.f32f32 r2.z, c0.x\n"
                          "mov.f32f32 r2.w, c0.x\nmov.f32f32 r4.x, c0.x\nmov.f32f32 r3.x, c0.x\n"
                          "mov.f32f32 r1.x, r<a0.x + 1>\nend\n"}}),
         {VsVector()},
         "mov.s16s16 hr1.x, 1\n(rpt2)nop\nmova a0.x, hr1.x\nrcp r5.x, r0.x\n"
         "mov.f32f32 r2.x, c0.x\nmov.f32f32 r2.y, c0.x\nmov.f32f32 r2.z, c0.x\n"
         "mov.f32f32 r2.w, c0.x\nmov.f32f32 r4.x, c0.x\nmov.f32f32 r3.x, c0.x\n"
         "(rpt2)nop\n(ss)mov.f32f32 r1.x, r<a0.x + 1>\nend\n"};
  Check(c);
}

TEST(Legalize, EmptyTargetBlocksAndDroppedJumps) {
  // br targets an empty block (resolves to the next instruction after it);
  // block 1's jump and block 3's lone jump both go to the next instruction
  // and are dropped.
  Check({"EmptyTargets",
         Build(Vs({1}), {{"cmps.f.lt p0.x, r0.x, c0.x\nbr p0.x, #1\n", 2},
                         {"mov.f32f32 r1.x, c0.y\njump #1\n", 2},
                         {""},
                         {"jump #1\n", 4},
                         {"mov.f32f32 r1.y, c0.z\nend\n"}}),
         {VsVector(), VsVector({F4(2, 0, 0, 0)})},
         "cmps.f.lt p0.x, r0.x, c0.x\n(rpt5)nop\nbr p0.x, #t\nmov.f32f32 r1.x, c0.y\n"
         "t:\n(jp)mov.f32f32 r1.y, c0.z\nend\n"});
}

TEST(Legalize, SourceMap) {
  const Case c = AluToSfu();
  const LegalizeResult r = Legalize(c.mf, A3xx());
  // add(0), nop before rsq(1), rsq(1), end(2), padding.
  EXPECT_EQ(r.source_map, (std::vector<int32_t>{0, 1, 1, 2}));
  const Case b = BranchOnP0();
  EXPECT_EQ(Legalize(b.mf, A3xx()).source_map, (std::vector<int32_t>{0, 1, 1, 2, 3, 4, -1, -1}));
}

TEST(Legalize, TooLargeBranchOffset) {
  for (int movs : {1000, 40000}) {
    std::vector<BlockText> blocks = {{"cmps.f.lt p0.x, r0.x, c0.x\nbr p0.x, #1\n", 2}, {""}, {"end\n"}};
    for (int i = 0; i < movs; ++i) blocks[1].text += "mov.f32f32 r1.x, c0.y\n";
    const LegalizeResult r = Legalize(Build(Vs({1}), blocks), A3xx());
    if (movs == 1000) {
      EXPECT_FALSE(r.error) << *r.error;
      EXPECT_FALSE(r.too_large);
      EXPECT_EQ(r.program.instrs[2].branch, 1001);
    } else {
      ASSERT_TRUE(r.error);
      EXPECT_TRUE(r.too_large);
      EXPECT_NE(r.error->find("16 bits"), std::string::npos) << *r.error;
      EXPECT_TRUE(r.program.instrs.empty());
    }
  }
}

TEST(Legalize, NopNWhereSupported) {
  static a3xx::Timing nop_n = A3xx();
  nop_n.nop_n_supported = true;
  Case c{"NopN",
         Build(Vs({1}), {{"add.f r1.x, r0.x, c0.y\nadd.f r1.y, r1.x, c0.x\nrcp r1.z, r1.y\nend\n"}}),
         {VsVector()},
         "(nop3)add.f r1.x, r0.x, c0.y\n(nop3)add.f r1.y, r1.x, c0.x\n(rpt2)nop\nrcp r1.z, r1.y\n(ss)end\n",
         &nop_n};
  Check(c);
}

TEST(Legalize, InvariantViolations) {
  auto error = [](const std::vector<BlockText>& blocks, a3xx::ShaderState s = Vs({1})) {
    const LegalizeResult r = Legalize(Build(s, blocks), A3xx());
    EXPECT_TRUE(r.program.instrs.empty());
    return r.error.value_or("");
  };
  EXPECT_NE(error({{"mov.f32f32 r1.x, c0.x\n"}}).find("end"), std::string::npos);
  EXPECT_NE(error({{"end\n"}, {"end\n"}}).find("end"), std::string::npos);
  EXPECT_NE(error({{"nop\nend\n"}}).find("nop"), std::string::npos);
  EXPECT_NE(error({{"(ss)mov.f32f32 r1.x, c0.x\nend\n"}}).find("(ss)"), std::string::npos);
  EXPECT_NE(error({{"jump #1\nmov.f32f32 r1.x, c0.x\n", 1}, {"end\n"}}).find("branch"), std::string::npos);
  EXPECT_NE(error({{"jump #1\n", 7}, {"end\n"}}).find("target"), std::string::npos);
  EXPECT_NE(error({{"mov.f32f32 r1.x, c0.x\n"}, {"bary.f r1.x, 0, r0.x\nend\n"}}, Fs()).find("bary.f"),
            std::string::npos);
  // Iteration 1 reads r1.x (no (r)), written by iteration 0 one slot
  // earlier: no nop can fix that.
  EXPECT_NE(error({{"(rpt1)add.f r1.x, r1.x, c0.x\nend\n"}}).find("iteration"), std::string::npos);
  EXPECT_NE(Legalize(MachineFunction{}, A3xx()).error.value_or("").find("no blocks"), std::string::npos);
}

// ---- mutations

// `prog` without instruction d, branch offsets adjusted.
std::vector<Instr> Delete(const std::vector<Instr>& prog, size_t d) {
  std::vector<Instr> out;
  for (size_t i = 0; i < prog.size(); ++i) {
    if (i == d) continue;
    Instr in = prog[i];
    if (in.opcode == Opcode::BR || in.opcode == Opcode::JUMP) {
      const int64_t target = static_cast<int64_t>(i) + in.branch;
      const int64_t new_target = target > static_cast<int64_t>(d) ? target - 1 : target;
      const int64_t new_at = i > d ? static_cast<int64_t>(i) - 1 : static_cast<int64_t>(i);
      in.branch = static_cast<int32_t>(new_target - new_at);
    }
    out.push_back(in);
  }
  return out;
}

TEST(Legalize, EveryInsertedSlotAndFlagIsNeeded) {
  int mutations = 0;
  for (const Case& c : MinimalCases()) {
    SCOPED_TRACE(c.name);
    const std::vector<Instr> prog = Check(c);
    size_t end = 0;
    while (end < prog.size() && prog[end].opcode != Opcode::END) ++end;
    ASSERT_LT(end, prog.size());
    std::vector<std::pair<std::string, std::vector<Instr>>> variants;
    for (size_t i = 0; i <= end; ++i) {
      if (prog[i].opcode == Opcode::NOP) {
        std::vector<Instr> v = prog;
        if (v[i].repeat > 0) {
          --v[i].repeat;
        } else {
          v = Delete(prog, i);
        }
        variants.push_back({"one slot less at " + std::to_string(i), v});
      }
      for (uint8_t f : {a3xx::kFlagSs, a3xx::kFlagSy, a3xx::kFlagJp}) {
        if (!(prog[i].flags & f)) continue;
        std::vector<Instr> v = prog;
        v[i].flags &= static_cast<uint8_t>(~f);
        const char* name = f == a3xx::kFlagSs ? "(ss)" : f == a3xx::kFlagSy ? "(sy)" : "(jp)";
        variants.push_back({std::string(name) + " removed at " + std::to_string(i), v});
      }
    }
    for (const auto& [what, v] : variants) {
      ++mutations;
      bool hazard = false;
      for (const TestVector& vec : c.vectors) hazard = hazard || !Emu(v, c.mf.state, vec, c.t()).hazards.empty();
      EXPECT_TRUE(hazard) << what << " went unnoticed:\n" << Listing(v);
    }
  }
  EXPECT_EQ(mutations, 47);  // every nop slot, sync flag and (jp) (9) of the cases above
}

}  // namespace
}  // namespace shaderdiff::opt
