// The semantics-preserving transforms (mutate.h, README.md "Why each one
// preserves the reference's sets").
#include <algorithm>
#include <array>

#include "fuzz/mutate/edit.h"
#include "fuzz/mutate/transforms.h"
#include "tools/reduce/shader_edit.h"

namespace shaderdiff::fuzz::transforms {

using tgsi::Opcode;

namespace {

template <typename T>
const T& Pick(const std::vector<T>& v, harness::Rng& rng) {
  return v[rng.Below(static_cast<uint32_t>(v.size()))];
}

constexpr uint32_t kOne = 0x3f800000;       // 1.0
constexpr uint32_t kClobber = 0x461c3c00;   // 9999.0: what a wrongly executed dead branch writes

std::array<uint32_t, 4> Splat(uint32_t w) { return {w, w, w, w}; }

// Instructions whose destination a dead branch may clobber (the register
// is written there, so it is declared and, after it, live or dead alike).
std::vector<uint32_t> ClobberTargets(const tgsi::Shader& s) {
  std::vector<uint32_t> out;
  for (uint32_t i : PlainInstructions(s)) {
    if (RedirectableDestination(s.instructions[i].dst[0])) out.push_back(i);
  }
  return out;
}

}  // namespace

// A branch no lane takes, holding a write of 9999.0 to a register the shader
// writes. The condition is an immediate 0 (UIF reads it as an integer, so no
// float rule applies) or, computed, USNE of an immediate with itself. Placed
// before a plain instruction of the main program, so never between a
// SWITCH and its CASE. Preserving: no lane executes the body.
MaybeShader DeadBranch(const tgsi::Shader& s, harness::Rng& rng, bool computed_condition, bool wrongly_live) {
  const std::vector<uint32_t> sites = PlainInstructions(s);
  const std::vector<uint32_t> targets = ClobberTargets(s);
  if (sites.empty() || targets.empty()) return std::nullopt;
  const uint32_t at = Pick(sites, rng);
  tgsi::Shader out = s;
  const uint32_t clobber = reduce::AddImmediate(out, Splat(kClobber));
  std::vector<tgsi::Instruction> insns;
  tgsi::SrcOperand cond;
  if (computed_condition) {
    const uint32_t value = reduce::AddImmediate(out, Splat(rng.Below(2) ? kOne : 7u));
    const uint32_t t = AddTemporary(out);
    insns.push_back(MakeInstruction(wrongly_live ? Opcode::USEQ : Opcode::USNE, {TempDestination(t, 0x1)},
                                    {ImmediateSource(value), ImmediateSource(value)}));
    cond = TempSource(t);
  } else {
    cond = ImmediateSource(reduce::AddImmediate(out, Splat(wrongly_live ? kOne : 0u)));
  }
  cond.swizzle = {0, 0, 0, 0};
  insns.push_back(MakeInstruction(Opcode::UIF, {}, {cond}));
  tgsi::DstOperand dst = s.instructions[Pick(targets, rng)].dst[0];
  insns.push_back(MakeInstruction(Opcode::MOV, {dst}, {ImmediateSource(clobber)}));
  insns.push_back(MakeInstruction(Opcode::ENDIF, {}, {}));
  return InsertInstructions(out, at, insns);
}

// `UIF CONST[0][n].xxxx; MOV d, 9999.0; ENDIF` before a plain instruction,
// CONST[0][n] a new uniform (n one past every CONST of buffer 0 the shader
// declares) that the oracle's vectors set to 0 (metamorphic_oracle.h:
// RunPairReference zeroes every CONST the transformed shader declares and
// the original does not, and that vector is what a finding writes). UIF
// reads the word as an integer: 0 is false in every lane. Declared 2-D
// (CONST[0][n]) unless the shader's constants are 1-D.
MaybeShader DeadBranchUniform(const tgsi::Shader& s, harness::Rng& rng, bool wrong_existing) {
  const std::vector<uint32_t> sites = PlainInstructions(s);
  const std::vector<uint32_t> targets = ClobberTargets(s);
  if (sites.empty() || targets.empty()) return std::nullopt;
  uint32_t next = 0;
  bool two_d = true, any = false;
  std::vector<uint32_t> existing;  // declared CONST indices of buffer 0 (for the wrong version)
  for (const tgsi::Declaration& d : s.declarations) {
    if (d.file != tgsi::File::kConstant || d.dimension.value_or(0) != 0) continue;
    if (!any) two_d = d.dimension.has_value();
    any = true;
    next = std::max(next, d.last + 1);
    for (uint32_t i = d.first; i <= d.last && existing.size() < 64; ++i) existing.push_back(i);
  }
  if (wrong_existing && existing.empty()) return std::nullopt;
  const uint32_t at = Pick(sites, rng);
  tgsi::Shader out = s;
  uint32_t index = next;
  if (wrong_existing) {
    index = Pick(existing, rng);
  } else {
    tgsi::Declaration decl;
    decl.file = tgsi::File::kConstant;
    if (two_d) decl.dimension = 0;
    decl.first = decl.last = next;
    out.declarations.push_back(decl);
    out.items.clear();
  }
  const uint32_t clobber = reduce::AddImmediate(out, Splat(kClobber));
  tgsi::SrcOperand cond;
  cond.reg.file = tgsi::File::kConstant;
  if (two_d) cond.reg.dimension = tgsi::Bracket{};
  cond.reg.index.index = index;
  cond.swizzle = {0, 0, 0, 0};
  std::vector<tgsi::Instruction> insns;
  insns.push_back(MakeInstruction(Opcode::UIF, {}, {cond}));
  insns.push_back(MakeInstruction(Opcode::MOV, {s.instructions[Pick(targets, rng)].dst[0]}, {ImmediateSource(clobber)}));
  insns.push_back(MakeInstruction(Opcode::ENDIF, {}, {}));
  return InsertInstructions(out, at, insns);
}

// One instruction moved into `UIF IMM(1.0) ... ENDIF` or `BGNLOOP ... BRK
// ENDLOOP`: every lane that reached it executes it exactly once, with the
// same operands. Not for samples and derivatives (their implicit
// neighbours), kills or emits (MovableIntoFlow). A BRK inside the new loop
// leaves only the new loop.
MaybeShader WrapInFlow(const tgsi::Shader& s, harness::Rng& rng, bool loop) {
  std::vector<uint32_t> sites;
  for (uint32_t i : PlainInstructions(s)) {
    if (MovableIntoFlow(s.instructions[i])) sites.push_back(i);
  }
  if (sites.empty()) return std::nullopt;
  const uint32_t at = Pick(sites, rng);
  tgsi::Shader out = s;
  std::vector<tgsi::Instruction> after;
  if (loop) {
    out = InsertInstructions(out, at, {MakeInstruction(Opcode::BGNLOOP, {}, {})});
    after = {MakeInstruction(Opcode::BRK, {}, {}), MakeInstruction(Opcode::ENDLOOP, {}, {})};
  } else {
    tgsi::SrcOperand cond = ImmediateSource(reduce::AddImmediate(out, Splat(kOne)));
    cond.swizzle = {0, 0, 0, 0};
    out = InsertInstructions(out, at, {MakeInstruction(Opcode::UIF, {}, {cond})});
    after = {MakeInstruction(Opcode::ENDIF, {}, {})};
  }
  return InsertInstructions(out, at + 2, after);
}

// A source r.s (no modifiers taken away) becomes t.s' after `MOV t.m, r.p`
// with p a random permutation of xyzw, m the components the read needs and
// s'[k] = p^-1[s[k]]: t.(p^-1[c]) holds r.c, so t.s' reads the words r.s
// read, bit for bit (a MOV without modifiers copies words). Negate, abs and
// the instruction's own type stay on the original operand.
MaybeShader SwizzleRoundTrip(const tgsi::Shader& s, harness::Rng& rng) {
  std::vector<std::pair<uint32_t, uint32_t>> sites;  // (instruction, source)
  for (uint32_t i : PlainInstructions(s)) {
    const tgsi::Instruction& insn = s.instructions[i];
    if (!Is32Bit(insn.opcode) || tgsi::GetOpcodeInfo(insn.opcode).has(tgsi::kTex)) continue;
    for (uint32_t k = 0; k < insn.src.size(); ++k) {
      if (CopyableSource(insn.src[k])) sites.push_back({i, k});
    }
  }
  if (sites.empty()) return std::nullopt;
  const auto [i, k] = Pick(sites, rng);
  std::array<uint8_t, 4> p = {0, 1, 2, 3};
  for (uint8_t j = 3; j > 0; --j) std::swap(p[j], p[rng.Below(j + 1u)]);
  std::array<uint8_t, 4> inverse{};
  for (uint8_t j = 0; j < 4; ++j) inverse[p[j]] = j;
  tgsi::Shader out = s;
  const uint32_t t = AddTemporary(out);
  tgsi::SrcOperand& src = out.instructions[i].src[k];
  tgsi::SrcOperand copy;
  copy.reg = src.reg;
  copy.swizzle = p;
  uint8_t mask = 0;
  for (uint8_t c : src.swizzle) mask |= 1u << inverse[c];
  for (uint8_t& c : src.swizzle) c = inverse[c];
  src.reg = TempSource(t).reg;
  return InsertInstructions(out, i, {MakeInstruction(Opcode::MOV, {TempDestination(t, mask)}, {copy})});
}

// `op d.m, ...` becomes `op t.m, ...; MOV d.m, t`: the result passes
// through a fresh TEMP. Saturation stays on op; the MOV copies words.
MaybeShader SplitTemporary(const tgsi::Shader& s, harness::Rng& rng) {
  std::vector<uint32_t> sites;
  for (uint32_t i : PlainInstructions(s)) {
    const tgsi::Instruction& insn = s.instructions[i];
    if (Is32Bit(insn.opcode) && RedirectableDestination(insn.dst[0])) sites.push_back(i);
  }
  if (sites.empty()) return std::nullopt;
  const uint32_t i = Pick(sites, rng);
  tgsi::Shader out = s;
  const uint32_t t = AddTemporary(out);
  tgsi::DstOperand original = out.instructions[i].dst[0];
  out.instructions[i].dst[0] = TempDestination(t, original.write_mask);
  return InsertInstructions(out, i + 1, {MakeInstruction(Opcode::MOV, {original}, {TempSource(t)})});
}

// After an instruction of float arithmetic writing TEMP d (ADD, MUL, MAD,
// DP2/3/4): `MUL d.m, d, 1.0` or `ADD d.m, d, -0.0`. Only there: such a
// result's allowed set already holds what the identity can return for it
// (a NaN result is "any NaN", a denormal result allows its flushed zero),
// whereas after a MOV of a raw word x*1 may quiet a signalling NaN or
// flush a denormal the original passed through bit for bit. x + -0 is x
// for every x, -0 included; x + +0 is not (-0 + +0 = +0).
MaybeShader Identity(const tgsi::Shader& s, harness::Rng& rng, bool mul, uint32_t word) {
  std::vector<uint32_t> sites;
  for (uint32_t i : PlainInstructions(s)) {
    const tgsi::Instruction& insn = s.instructions[i];
    switch (insn.opcode) {
      case Opcode::ADD: case Opcode::MUL: case Opcode::MAD: case Opcode::DP2: case Opcode::DP3: case Opcode::DP4:
        break;
      default:
        continue;
    }
    if (insn.dst[0].reg.file == tgsi::File::kTemporary && RedirectableDestination(insn.dst[0])) sites.push_back(i);
  }
  if (sites.empty()) return std::nullopt;
  const uint32_t i = Pick(sites, rng);
  tgsi::Shader out = s;
  const tgsi::DstOperand d = out.instructions[i].dst[0];
  tgsi::SrcOperand read;
  read.reg = d.reg;
  const uint32_t imm = reduce::AddImmediate(out, Splat(word));
  return InsertInstructions(out, i + 1,
                            {MakeInstruction(mul ? Opcode::MUL : Opcode::ADD, {d}, {read, ImmediateSource(imm)})});
}

}  // namespace shaderdiff::fuzz::transforms
