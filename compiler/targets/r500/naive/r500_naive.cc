// The naive r500 translator's driver (r500_naive.h): stage check, the
// shared lowering, the register map, the input/output/constant bindings,
// the templates, and the final check that every word is valid R500.
#include "compiler/targets/r500/naive/r500_naive.h"

#include "compiler/passes/lower_int_booleans.h"
#include "compiler/passes/lower_tgsi.h"
#include "compiler/targets/r500/naive/templates.h"
#include "emulator/r500/isa/codec.h"
#include "emulator/r500/isa/text.h"

namespace shaderdiff::r500naive {
namespace {

CompileResult Fail(Status status, std::string detail) {
  CompileResult r;
  r.status = status;
  r.detail = std::move(detail);
  return r;
}

// Inputs the rasterizer interpolates into temporaries (A.1); the others have
// no documented R500 delivery.
bool InterpolatedInput(tgsi::Semantic s) {
  switch (s) {
    case tgsi::Semantic::kGeneric: case tgsi::Semantic::kColor: case tgsi::Semantic::kBColor:
    case tgsi::Semantic::kTexCoord: case tgsi::Semantic::kFog: case tgsi::Semantic::kPosition:
    case tgsi::Semantic::kPCoord: return true;
    default: return false;
  }
}

// The bindings of IN, OUT and CONST; "" or the unsupported reason.
std::string Bind(const tgsi::Shader& shader, const RegisterMap& map, r500::FragmentProgram& p) {
  for (const tgsi::Declaration& d : shader.declarations) {
    const tgsi::Semantic sem = d.semantic ? d.semantic->name : tgsi::Semantic::kGeneric;
    const uint32_t sem_index = d.semantic ? d.semantic->index : 0;
    if (d.file == tgsi::File::kSystemValue) return "system value " + std::string(tgsi::Name(sem)) + " on r500";
    if (d.file == tgsi::File::kInput) {
      // FACE: the rasterizer preloads a facing value (A.1; Mesa's RS
      // "COL_CN_WRITE_BACKFACE"), but its encoding is not documented.
      if (sem == tgsi::Semantic::kFace) return "input FACE on r500 (its preloaded value's encoding is undocumented, A.1)";
      if (!InterpolatedInput(sem)) return "input " + std::string(tgsi::Name(sem)) + " on r500";
      const common::Interp interp = d.interpolation == tgsi::Interpolation::kConstant ? common::Interp::kFlat
                                    : d.interp_location == tgsi::InterpLocation::kCentroid ? common::Interp::kCentroid
                                                                                          : common::Interp::kSmooth;
      for (uint32_t i = d.first; i <= d.last; ++i) p.inputs.push_back({i, *map.Temp(tgsi::File::kInput, i), interp});
    } else if (d.file == tgsi::File::kOutput) {
      for (uint32_t i = d.first; i <= d.last; ++i) {
        if (sem == tgsi::Semantic::kColor && sem_index + (i - d.first) < r500::kRenderTargets) {
          p.outputs.push_back({i, r500::OutputBinding::Kind::kColor, static_cast<int>(sem_index + (i - d.first))});
        } else if (sem == tgsi::Semantic::kPosition) {
          p.outputs.push_back({i, r500::OutputBinding::Kind::kDepth, 0});
        } else {
          return "output " + std::string(tgsi::Name(sem)) + "[" + std::to_string(sem_index) + "] on r500";
        }
      }
    } else if (d.file == tgsi::File::kConstant) {
      for (uint32_t i = d.first; i <= d.last; ++i) p.consts.push_back({i, static_cast<int>(i)});
    } else if (d.file != tgsi::File::kTemporary && d.file != tgsi::File::kSampler &&
               d.file != tgsi::File::kSamplerView && d.file != tgsi::File::kAddress) {  // ADDR: ARL/UARL are unsupported
      return "register file " + std::string(tgsi::Name(d.file)) + " on r500";
    }
  }
  return "";
}

// R500's depth output is one scalar (the alpha half of the OUT instruction
// that writes it, A.1): a fragment POSITION output is its .z alone, so a
// write of .x, .y or .w has nowhere to go and is refused, not dropped (found
// by `fuzz --target r500`: the reference keeps those components).
std::string DepthOnlyZ(const tgsi::Shader& shader, const r500::FragmentProgram& p) {
  for (const tgsi::Instruction& inst : shader.instructions) {
    for (const tgsi::DstOperand& d : inst.dst) {
      if (d.reg.file != tgsi::File::kOutput || (d.write_mask & ~0x4) == 0) continue;
      for (const r500::OutputBinding& o : p.outputs) {
        if (o.kind == r500::OutputBinding::Kind::kDepth && o.out_index == d.reg.index.index)
          return "output POSITION.x, .y or .w on r500 (its depth output is POSITION.z alone)";
      }
    }
  }
  return "";
}

}  // namespace

CompileResult CompileR500Naive(const tgsi::Shader& input, compiler::RewriteBudget* select) {
  if (input.processor != tgsi::Processor::kFragment)
    return Fail(Status::kUnsupported, "the r500 target is the fragment processor");
  // Everything the shared lowering knows except FRC, which R500 has.
  compiler::LowerOptions lower;
  lower.lower.erase(tgsi::Opcode::FRC);
  tgsi::Shader shader = compiler::LowerTgsi(input, lower, nullptr).shader;
  // Integer booleans as float 1.0 / 0.0 where every use is proven boolean;
  // otherwise the shader is unchanged and its first integer opcode is the
  // reason, as the templates say.
  if (std::optional<tgsi::Shader> lowered = compiler::LowerIntBooleans(shader).shader) shader = std::move(*lowered);

  std::string why;
  const std::optional<RegisterMap> map = RegisterMap::Build(shader, &why);
  if (!map) return Fail(Status::kUnsupported, why);
  CompileResult r;
  r500::FragmentProgram& p = r.program;
  why = Bind(shader, *map, p);
  if (why.empty()) why = DepthOnlyZ(shader, p);
  if (!why.empty()) return Fail(Status::kUnsupported, why);
  for (size_t k = 0; k < shader.immediates.size(); ++k) {
    const tgsi::Immediate& imm = shader.immediates[k];
    // Integer immediates are words like any other: only integer opcodes,
    // which have no template, make a shader unsupported.
    for (int c = 0; c < 4; ++c) p.state.consts[map->imm_base + k][c] = imm.words[c];
  }

  Ctx ctx{shader, *map, {}, p, map->consts_used, "", "", {}, select, 0, {}};
  if (select != nullptr) ctx.folds = PlanSetFolds(shader);
  bool ended = false;
  for (const tgsi::Instruction& inst : shader.instructions) {
    if (ended) break;
    TranslateInstruction(ctx, inst);
    ++ctx.pc;
    if (ctx.failed()) break;
    ended = inst.opcode == tgsi::Opcode::END;
  }
  if (!ctx.unsupported.empty()) return Fail(Status::kUnsupported, ctx.unsupported);
  if (!ctx.error.empty()) return Fail(Status::kError, ctx.error);
  if (!ended) return Fail(Status::kError, "malformed shader: no END");
  std::vector<r500::Instr>& code = ctx.emit.code();
  if (code.size() > static_cast<size_t>(r500::kCodeSlots))
    return Fail(Status::kUnsupported, std::to_string(code.size()) + " instructions on r500, it has " +
                                          std::to_string(r500::kCodeSlots) + " slots");
  for (size_t k = 0; k < code.size(); ++k) {
    if (std::optional<r500::Refusal> bad = r500::Validate(code[k]))
      return Fail(Status::kError, "translator bug: instruction " + std::to_string(k) + " (" + r500::Disassemble(code[k]) +
                                      "): " + bad->reason);
  }
  p.state.code = std::move(code);
  return r;
}

std::string Listing(const r500::FragmentProgram& p) {
  std::string out;
  for (const r500::InputBinding& b : p.inputs)
    out += "# IN[" + std::to_string(b.in_index) + "] -> t" + std::to_string(b.temp) +
           (b.interp == common::Interp::kFlat ? " flat" : b.interp == common::Interp::kCentroid ? " centroid" : "") + "\n";
  for (const r500::ConstBinding& b : p.consts)
    out += "# CONST[" + std::to_string(b.const_index) + "] -> c" + std::to_string(b.slot) + "\n";
  for (const r500::OutputBinding& b : p.outputs)
    out += "# OUT[" + std::to_string(b.out_index) + "] -> " +
           (b.kind == r500::OutputBinding::Kind::kColor ? "color " + std::to_string(b.target) : std::string("depth")) + "\n";
  for (const r500::Instr& in : p.state.code) out += r500::Disassemble(in) + "\n";
  return out;
}

}  // namespace shaderdiff::r500naive
