// ShaderState and prologue (docs/isa-a3xx.md §6; register_map.h layout).
//
// Bindings, every one covering all four components of its TGSI register:
//   VS  IN[i]            preloaded (state.inputs) into IN[i]'s GPRs
//   FS  IN[i] POSITION/FACE   preloaded (state.inputs)
//   FS  other IN[i]      varyings (state.varyings): the k-th one (declaration
//                        order) is packed at inloc 4k, interpolation from its
//                        DCL (CONSTANT -> flat, LINEAR -> linear, otherwise
//                        perspective), fetched by the prologue:
//                        bary.f IN[i].c, 4k+c, r0.x (the last with (ei))
//   SV[i]                preloaded (state.system_values, by semantic name)
//   OUT[i]               read after `end` (state.outputs)
//   CONST[b][i]          c<base(b) + i> (state.consts, declared ones)
//   IMM[k]               c<imm_base + k> (state.immediates)
//   SAMP[n]              s#n, t#n (state.samplers), n <= 15; the texture
//                        type and sampler state from the TEX-family
//                        instructions' target (TextureStateOf); a unit used
//                        with two targets that need different state is
//                        kUnsupported
// The prologue starts with (sy)(ss)nop (nothing may be pending when the
// shader starts, as the a3xx blob assumes) and writes K before anything
// reads it.
#include "compiler/naive/io.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "compiler/naive/operands.h"

namespace shaderdiff::naive {

using a3xx::Opcode;
using tgsi::File;

namespace {

std::array<uint16_t, 4> RegsOf(const Ctx& ctx, File file, uint32_t index) {
  std::array<uint16_t, 4> regs{};
  for (int c = 0; c < 4; ++c) regs[c] = static_cast<uint16_t>(ctx.map.GprScalar(file, index, c));
  return regs;
}

a3xx::VaryingInterp InterpOf(const tgsi::Declaration& d) {
  if (!d.interpolation) return a3xx::VaryingInterp::kPerspective;
  switch (*d.interpolation) {
    case tgsi::Interpolation::kConstant: return a3xx::VaryingInterp::kFlat;
    case tgsi::Interpolation::kLinear: return a3xx::VaryingInterp::kLinear;
    default: return a3xx::VaryingInterp::kPerspective;  // PERSPECTIVE, COLOR (smooth shading)
  }
}

// The descriptor type and UNNORM_COORDS bit a TGSI target needs; nullopt
// for targets the translator does not sample (reported by the templates).
struct TexState {
  a3xx::TextureType type;
  bool unnormalized;
  bool operator==(const TexState&) const = default;
};

std::optional<TexState> TextureStateOf(tgsi::TextureTarget t) {
  using TT = tgsi::TextureTarget;
  using A = a3xx::TextureType;
  switch (t) {
    case TT::k1D:
    case TT::kShadow1D:
    case TT::k1DArray:
    case TT::kShadow1DArray: return TexState{A::k1D, false};
    case TT::k2D:
    case TT::kShadow2D:
    case TT::k2DArray:
    case TT::kShadow2DArray: return TexState{A::k2D, false};
    case TT::kRect:
    case TT::kShadowRect: return TexState{A::k2D, true};
    case TT::k3D: return TexState{A::k3D, false};
    case TT::kCube:
    case TT::kShadowCube: return TexState{A::kCube, false};
    default: return std::nullopt;
  }
}

bool Preloaded(const tgsi::Declaration& d) {
  return d.semantic &&
         (d.semantic->name == tgsi::Semantic::kPosition || d.semantic->name == tgsi::Semantic::kFace);
}

}  // namespace

a3xx::ShaderState BuildShaderState(Ctx& ctx) {
  a3xx::ShaderState s;
  const bool fs = ctx.shader.processor == tgsi::Processor::kFragment;
  s.stage = fs ? a3xx::ShaderStage::kFragment : a3xx::ShaderStage::kVertex;
  s.ij_reg = Scalar(kIjVec4, 0);

  std::set<uint32_t> inputs, outputs, svs, consts0, samplers;
  std::set<std::pair<uint32_t, uint32_t>> consts;
  for (const tgsi::Declaration& d : ctx.shader.declarations) {
    uint64_t last = d.last;
    if (d.file == File::kSampler) {
      last = std::min<uint64_t>(last, 15);
    } else if (d.file != File::kInput && d.file != File::kSystemValue && d.file != File::kOutput &&
               d.file != File::kConstant) {
      continue;  // (the register map already bounded these files' ranges)
    }
    for (uint64_t i = d.first; i <= last; ++i) {
      const uint32_t idx = static_cast<uint32_t>(i);
      switch (d.file) {
        case File::kInput:
          if (!inputs.insert(idx).second) break;
          if (fs && !Preloaded(d)) {
            a3xx::VaryingBinding v;
            v.tgsi_index = idx;
            v.inloc = static_cast<uint16_t>(4 * s.varyings.size());
            v.mask = 0xF;
            v.interp = InterpOf(d);
            s.varyings.push_back(v);
          } else {
            s.inputs.push_back({idx, RegsOf(ctx, File::kInput, idx), false});
          }
          break;
        case File::kSystemValue:
          if (!svs.insert(idx).second || !d.semantic) break;
          s.system_values.push_back({std::string(tgsi::Name(d.semantic->name)), idx,
                                     RegsOf(ctx, File::kSystemValue, idx)});
          break;
        case File::kOutput:
          if (outputs.insert(idx).second) s.outputs.push_back({idx, RegsOf(ctx, File::kOutput, idx), false});
          break;
        case File::kConstant: {
          const uint32_t buffer = d.dimension.value_or(0);
          if (consts.insert({buffer, idx}).second) {
            s.consts.push_back({buffer, idx, static_cast<uint16_t>(*ctx.map.ConstBase(buffer) + idx)});
          }
          break;
        }
        case File::kSampler:
          if (idx <= 15) samplers.insert(idx);
          break;
        default:
          break;
      }
    }
  }
  // Sampler units used without a declaration, and each unit's texture state.
  std::map<uint32_t, std::pair<TexState, tgsi::TextureTarget>> state_of;
  for (const tgsi::Instruction& in : ctx.shader.instructions) {
    for (const tgsi::SrcOperand& src : in.src) {
      if (src.reg.file != File::kSampler || src.reg.index.indirect || src.reg.index.index > 15) continue;
      const uint32_t n = src.reg.index.index;
      samplers.insert(n);
      if (!in.texture_target) continue;
      const std::optional<TexState> ts = TextureStateOf(*in.texture_target);
      if (!ts) continue;
      const auto [it, fresh] = state_of.emplace(n, std::pair{*ts, *in.texture_target});
      if (!fresh && !(it->second.first == *ts)) {
        ctx.Unsupported("sampler unit " + std::to_string(n) + " used as " +
                        std::string(tgsi::Name(it->second.second)) + " and " +
                        std::string(tgsi::Name(*in.texture_target)) + " (one texture descriptor per unit)");
      }
    }
  }
  for (uint32_t n : samplers) {
    a3xx::SamplerBinding b{n, static_cast<uint8_t>(n), static_cast<uint8_t>(n)};
    if (const auto it = state_of.find(n); it != state_of.end()) {
      b.type = it->second.first.type;
      b.unnormalized = it->second.first.unnormalized;
    }
    s.samplers.push_back(b);
  }
  for (uint32_t k = 0; k < ctx.map.ImmCount(); ++k) {
    a3xx::ImmediateConst imm;
    imm.const_vec4 = static_cast<uint16_t>(ctx.map.ImmBase() + k);
    if (k < ctx.shader.immediates.size()) imm.words = ctx.shader.immediates[k].words;
    s.immediates.push_back(imm);
  }
  s.full_regs = static_cast<uint16_t>(ctx.map.TotalGprVec4());
  return s;
}

void EmitPrologue(Ctx& ctx, const a3xx::ShaderState& state) {
  Emitter& e = ctx.emit;
  e.set_source(-1);
  e.Nop(a3xx::kFlagSy | a3xx::kFlagSs);
  e.Emit(Mov(KReg(kKZero), a3xx::ImmOperand(0x00000000)));
  e.Emit(Mov(KReg(kKOne), a3xx::ImmOperand(0x3f800000)));
  e.Emit(Mov(KReg(kKSignBit), a3xx::ImmOperand(0x80000000)));
  e.Emit(Mov(KReg(kKAbsMask), a3xx::ImmOperand(0x7fffffff)));
  for (size_t v = 0; v < state.varyings.size(); ++v) {
    const a3xx::VaryingBinding& b = state.varyings[v];
    for (int c = 0; c < 4; ++c) {
      Instr bary = Alu2(Opcode::BARY_F, Gpr(static_cast<uint16_t>(ctx.map.GprScalar(File::kInput, b.tgsi_index, c))),
                        Imm(b.inloc + c), Gpr(state.ij_reg));
      if (v + 1 == state.varyings.size() && c == 3) bary.flags |= a3xx::kFlagEi;
      e.Emit(bary);
    }
  }
}

}  // namespace shaderdiff::naive
