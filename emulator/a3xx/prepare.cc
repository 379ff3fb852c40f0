// Program preparation, once per program (Prepare) or per Emulate call of a
// plain Program: validates every instruction, resolves its handler and
// timing attributes (Prepared), resolves texture bindings, and checks every
// register a program or its ShaderState names against the generation's
// register file. Nothing runs unless this passes. Nothing here reads the
// test vector: each call takes its texture units from its own vector
// (SetUpTextureUnits).
//
// Static checks (ExecStatus::kError):
// - an empty program; an instruction Validate rejects (a hand-built Program;
//   a ValidatedProgram, isa/validated_program.h, skips this one check);
// - a ShaderState the hardware cannot be programmed with (state_check.cc);
// - a GPR operand, over every scalar it covers ((rptN) with (r), cat5/cat6
//   vectors, the bary.f ij pair), beyond the file (r48+ on a3xx), naming
//   a1.x or r61.y..w, or reading r63 (writes to r63 are discarded);
// - a cat5 s#/t# pair with no SamplerBinding.
// A cat5 form the bound texture type cannot take (tex.cc) is kUnsupported.
// Unsupported opcodes and forms give ExecStatus::kUnsupported naming them.
//
// Timing attributes (§4.1, §4.2): issue slots per instruction; the delay D
// its GPR sources need (alu_to_alu for cat1-3, non_alu for cat0/4/5/6, 0 for
// end; a0/p0 reads always use non_alu, in operands.cc).
#include "emulator/a3xx/isa/disasm.h"
#include "emulator/a3xx/machine.h"
#include "emulator/a3xx/operand_spans.h"

namespace shaderdiff::a3xx {

namespace {

using common::ExecStatus;

std::string Where(const Prepared& p) {
  return "instruction " + std::to_string(p.index) + " (" + Disassemble(p.in) + ")";
}

// nullopt if scalar `num` of a GPR operand is usable.
std::optional<std::string> CheckScalar(const Timing& t, uint16_t num, bool half, bool is_dst) {
  const std::string_view gen = t.name;  // a string only in a refusal (this runs per scalar)
  if (num > kMaxGpr) return "r" + std::to_string(num / 4) + " does not exist (the encoding stops at r63)";
  if (num == kRegA0X || (num >= kRegP0X && num < kRegP0X + 4)) return std::nullopt;
  if (IsR63(num)) {
    if (is_dst) return std::nullopt;
    return "reads " + RegName(num, false) + " (r63 is the null register)";
  }
  if (num >= kRegA0X) return RegName(num, half) + " does not exist on " + std::string(gen);
  const int limit = 4 * (half ? t.num_half_vec4 : t.num_full_vec4);
  if (num >= limit) {
    return RegName(num, half) + " is beyond the " + std::string(gen) + " " + (half ? "half" : "full") + " register file (" +
           std::to_string(limit / 4) + " vec4)";
  }
  return std::nullopt;
}

std::optional<std::string> CheckOperand(const Timing& t, const Operand& o, int span, bool is_dst) {
  if (o.kind != OperandKind::kGpr) return std::nullopt;
  // Every scalar below the file's size, and the file below a0.x: each is an
  // ordinary register, which CheckScalar accepts (no per-scalar walk).
  const int limit = 4 * (o.half ? t.num_half_vec4 : t.num_full_vec4);
  if (limit <= kRegA0X && o.num + span <= limit) return std::nullopt;
  for (int i = 0; i < span; ++i) {
    if (auto e = CheckScalar(t, static_cast<uint16_t>(o.num + i), o.half, is_dst)) return e;
  }
  return std::nullopt;
}

void SetTiming(const Timing& t, Prepared& p) {
  const Instr& in = p.in;
  const int repeat = in.repeat;
  switch (in.category()) {
    case Category::kCat0:
      if (in.opcode == Opcode::NOP) {
        p.slots = static_cast<uint8_t>(1 + repeat);
        p.is_nop = true;
      } else {
        p.slots = (in.opcode == Opcode::BR || in.opcode == Opcode::JUMP) ? 0 : 1;
      }
      p.src_delay = in.opcode == Opcode::END ? 0 : t.non_alu;
      break;
    case Category::kCat1:
    case Category::kCat2:
    case Category::kCat3:
      p.slots = static_cast<uint8_t>(1 + repeat + (t.nop_n_supported ? in.nop : 0));
      p.src_delay = t.alu_to_alu;
      break;
    default:
      p.slots = t.count_nonalu_as_slots ? static_cast<uint8_t>(1 + repeat) : 0;
      p.src_delay = t.non_alu;
      break;
  }
  // Default operand spans: (rptN) advances the destination and (r) sources.
  p.dst_span = static_cast<uint8_t>(1 + repeat);
  for (int s = 0; s < kNumSrcSlots; ++s) p.src_span[s] = static_cast<uint8_t>(in.src[s].r ? 1 + repeat : 1);
}

bool Resolve(Prepared& p, std::string* why) {
  switch (p.in.category()) {
    case Category::kCat0: return PrepareFlow(p, why);
    case Category::kCat1: return PrepareMov(p, why);
    case Category::kCat2: return PrepareAlu2(p, why);
    case Category::kCat3: return PrepareAlu3(p, why);
    case Category::kCat4: return PrepareSfu(p, why);
    case Category::kCat5: return PrepareTex(p, why);
    case Category::kCat6: return PrepareMem(p, why);
    default: *why = "category 7 is not valid on a3xx"; return false;
  }
}

bool ResolveTextureUnit(Machine& m, Prepared& p, PreparedProgram* out) {
  const OpcodeInfo& info = p.in.info();
  if (!info.has(kOpTexIdx)) return true;
  const bool uses_samp = info.has(kOpSamp);
  for (const SamplerBinding& b : m.state.samplers) {
    if (b.tex != p.in.tex || (uses_samp && b.samp != p.in.samp)) continue;
    std::string why;
    if (!ResolveTexTarget(p, b, &why)) {
      m.Fail(ExecStatus::kUnsupported, Where(p) + ": " + why);
      return false;
    }
    p.aux = static_cast<uint32_t>(out->tex_unit_ids.size());
    out->tex_unit_ids.push_back(b.tgsi_unit);
    return true;
  }
  m.Fail(ExecStatus::kError, Where(p) + ": no SamplerBinding for " +
                                 (uses_samp ? "s#" + std::to_string(p.in.samp) + ", " : std::string()) + "t#" +
                                 std::to_string(p.in.tex));
  return false;
}

// The form of a GPR operand covering `span` scalars from o.num: kGpr when
// all of them are ordinary registers (below a0.x).
ResolvedOperand ResolveGpr(const Operand& o, int span, int step) {
  ResolvedOperand r;
  if (o.kind != OperandKind::kGpr || o.num + span > kRegA0X) return r;
  r.form = OperandForm::kGpr;
  r.half = o.half;
  r.step = static_cast<uint8_t>(step);
  r.idx = RegIndex(o.num, o.half);
  return r;
}

}  // namespace

void ResolveOperands(Prepared& p) {
  const Instr& in = p.in;
  const OpcodeInfo& info = in.info();
  for (int s = 0; s < kNumSrcSlots; ++s) {
    if (!SourcePresent(info, in, s)) continue;
    const Operand& o = in.src[s];
    const int step = o.r ? 1 : 0;
    if (o.kind == OperandKind::kConst || o.kind == OperandKind::kImmediate) {
      ResolvedOperand& r = p.src_form[s];
      r.form = o.kind == OperandKind::kConst ? OperandForm::kConst : OperandForm::kImmediate;
      r.half = o.half;
      r.step = static_cast<uint8_t>(step);
      r.idx = o.num;
      r.imm = o.imm;
    } else {
      p.src_form[s] = ResolveGpr(o, 1 + step * in.repeat, step);
    }
  }
  p.dst_form = ResolveGpr(in.dst, 1 + in.repeat, 1);
  const Operand& d = in.dst;
  if (d.kind == OperandKind::kGpr && d.num >= kRegP0X && d.num + 1 + in.repeat <= kRegP0X + 4) {
    // p0.x..p0.w (a compare's destination): a full register index whatever
    // the half flag says (RegIndex), written as WriteDst writes it.
    p.dst_form.form = OperandForm::kGpr;
    p.dst_form.half = false;
    p.dst_form.step = 1;
    p.dst_form.idx = d.num;
  }
}

bool PrepareProgram(Machine& m, const Program& program, PreparedProgram* out, InstrCheck check) {
  if (program.instrs.empty()) {
    m.Fail(ExecStatus::kError, "the program has no instructions");
    return false;
  }
  if (!CheckShaderState(m)) return false;
  out->prog.resize(program.instrs.size());
  for (size_t i = 0; i < program.instrs.size(); ++i) {
    Prepared& p = out->prog[i];
    p.in = program.instrs[i];
    p.index = static_cast<uint32_t>(i);
    if (check == InstrCheck::kValidate) {
      if (auto e = Validate(p.in)) {
        m.Fail(ExecStatus::kError, "instruction " + std::to_string(i) + " is not a valid a3xx instruction: " + *e);
        return false;
      }
    }
    SetTiming(m.t, p);
    ResolveOperands(p);  // before Resolve: the handlers' plain forms need the operand forms
    std::string why;
    if (!Resolve(p, &why)) {
      m.Fail(ExecStatus::kUnsupported, Where(p) + ": " + why);
      return false;
    }
    if (p.in.category() == Category::kCat5 && (p.in.tex_flags & kTexProjected) && (p.in.tex_flags & kTex3d) &&
        !m.t.projected_3d) {
      m.Fail(ExecStatus::kError, Where(p) + ": .p with .3d: a3xx does not project 3-D or cube coordinates "
                                            "(Timing::projected_3d; Mesa's ir3 divides them first)");
      return false;
    }
    if (p.in.opcode == Opcode::GETBUF && !m.t.getbuf) {
      m.Fail(ExecStatus::kError, Where(p) + ": getbuf: no document or driver shows a3xx has it (its texture "
                                            "descriptor has no buffer form; Timing::getbuf)");
      return false;
    }
    if (p.in.opcode == Opcode::BARY_F && m.fragment && !m.state.ij_preloaded) {
      // Nothing else puts the pair in a register: interpolating from it
      // would read whatever the register holds.
      m.Fail(ExecStatus::kError, Where(p) + ": bary.f reads the i/j pair, but the shader state preloads none "
                                            "(HLSQ_CONTROL_3_REG.REGID is none)");
      return false;
    }
    if (auto e = CheckOperand(m.t, p.in.dst, p.dst_span, true)) {
      m.Fail(ExecStatus::kError, Where(p) + ": " + *e);
      return false;
    }
    const OpcodeInfo& info = p.in.info();
    for (int s = 0; s < kNumSrcSlots; ++s) {
      if (!SourcePresent(info, p.in, s)) continue;
      if (auto e = CheckOperand(m.t, p.in.src[s], p.src_span[s], false)) {
        m.Fail(ExecStatus::kError, Where(p) + ": " + *e);
        return false;
      }
    }
    if (p.in.category() == Category::kCat5 && !ResolveTextureUnit(m, p, out)) return false;
  }
  return true;
}

void SetUpTextureUnits(Machine& m, const PreparedProgram& prepared) {
  m.tex_units.clear();
  m.tex_units.reserve(prepared.tex_unit_ids.size());
  for (const uint32_t id : prepared.tex_unit_ids) {
    const auto it = m.vec.textures.find(id);
    common::TextureUnit unit;
    if (it != m.vec.textures.end()) {
      unit = it->second;
    } else {
      unit.seed = id;  // a unit missing from the vector: the default one
    }
    m.tex_units.push_back(unit);
  }
}

std::optional<OperandSpans> GetOperandSpans(const Instr& in, std::string* why) {
  static const Timing* const a3xx_timing = FindTiming("a3xx");  // a constant table: looked up once
  Prepared p;
  p.in = in;
  SetTiming(*a3xx_timing, p);
  if (!Resolve(p, why)) return std::nullopt;
  OperandSpans spans;
  for (int s = 0; s < kNumSrcSlots; ++s) spans.src[s] = SourcePresent(in.info(), in, s) ? p.src_span[s] : 0;
  spans.dst = p.dst_span;
  return spans;
}

}  // namespace shaderdiff::a3xx
