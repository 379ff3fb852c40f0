// ShaderState and prologue (docs/isa-a3xx.md §6; register_map.h layout).
//
// Bindings: every TGSI IN/OUT/SV register is one span based at its vec4
// (component c in IN[i].c's register), through the field its semantic
// selects (FieldFor; isa/io_fields.h), with the mask that field programs:
//   VS  IN[i]            VFD_DECODE_INSTR (xyzw)
//   VS  SV VERTEXID / INSTANCEID   REGID4VTX / REGID4INST (x)
//   VS  OUT POSITION     POSREGID (xyzw); PSIZE: PSIZEREGID (x);
//       other OUT[i]     SP_VS_OUT_REG (xyzw)
//   FS  IN/SV POSITION   gl_FragCoord (xyzw); FACE: FACENESSREGID (x)
//   FS  other IN[i]      varyings (state.varyings): the k-th one (declaration
//                        order) is packed at inloc 4k, interpolation from its
//                        DCL (CONSTANT -> flat, LINEAR -> linear, otherwise
//                        perspective), fetched by the prologue:
//                        bary.f IN[i].c, 4k+c, r0.x (the last with (ei));
//                        an input declared CENTROID reads the centroid pair,
//                        r0.z (centroid_ij_reg); with INTERP_CENTROID every
//                        varying is fetched a second time, at r0.z, into IN's
//                        centroid twin (register_map.h). One pair serves
//                        perspective and linear inputs alike, as the vectors
//                        give one pair per lane (emulator/a3xx/README.md).
//                        SAMPLE is kUnsupported (no per-sample pair).
//   FS  OUT COLOR[n]     SP_FS_MRT_REG (xyzw), n <= 3 (no semantic: a
//                        colour); POSITION: DEPTH_REGID (z)
//   CONST[b][i]          c<base(b) + i> (state.consts, declared ones)
//   IMM[k]               c<imm_base + k> (state.immediates)
//   SAMP[n]              s#n, t#n (state.samplers), n <= 15; the texture
//                        type and sampler state from the TEX-family
//                        instructions' target (TextureStateOf); a unit used
//                        with two targets that need different state is
//                        kUnsupported
// What a3xx has no field for is kUnsupported naming it: other semantics
// (e.g. a fragment STENCIL output), more registers than a field has
// entries, a scalar field's other components read (within the declared
// usage mask: FACE.y) or written (PSIZE.y, depth x), and relative
// addressing over a file holding such a register.
// The prologue starts with (sy)(ss)nop (nothing may be pending when the
// shader starts, as the a3xx blob assumes) and writes K before anything
// reads it.
#include "compiler/targets/a3xx/naive/io.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "compiler/targets/a3xx/naive/operands.h"
#include "compiler/targets/a3xx/naive/sampler_state.h"
#include "compiler/support/mutant.h"
#include "emulator/a3xx/isa/io_fields.h"

namespace shaderdiff::naive {

using a3xx::Opcode;
using tgsi::File;

namespace {

// A fragment input declared per sample: a3xx preloads i/j at the pixel
// centre and at the centroid only (HLSQ_CONTROL_3_REG), no per-sample pair.
constexpr char kPerSampleReason[] =
    "a fragment input interpolated per sample (DCL IN ..., SAMPLE): a3xx preloads i/j at the pixel center "
    "and centroid only (HLSQ_CONTROL_3_REG)";

// Whether IN[index] is declared CENTROID (the last declaration covering it
// decides, as the reference's PreparedShader::InterpOf).
bool DeclaredCentroid(const tgsi::Shader& shader, uint32_t index) {
  bool centroid = false;
  for (const tgsi::Declaration& d : shader.declarations) {
    if (d.file == File::kInput && index >= d.first && index <= d.last) {
      centroid = d.interp_location == tgsi::InterpLocation::kCentroid;
    }
  }
  return centroid;
}

// The pair a centroid read (a CENTROID input, INTERP_CENTROID's twin) is
// fetched at. Test-only mutant (mutants.def): the centre pair instead.
uint16_t CentroidFetchPair(const a3xx::ShaderState& state) {
  return compiler::MutantActive(compiler::Mutant::kNaiveCentroidAtCentre) ? state.ij_reg : state.centroid_ij_reg;
}

a3xx::VaryingInterp InterpOf(const tgsi::Declaration& d) {
  if (!d.interpolation) return a3xx::VaryingInterp::kPerspective;
  switch (*d.interpolation) {
    case tgsi::Interpolation::kConstant: return a3xx::VaryingInterp::kFlat;
    case tgsi::Interpolation::kLinear: return a3xx::VaryingInterp::kLinear;
    default: return a3xx::VaryingInterp::kPerspective;  // PERSPECTIVE, COLOR (smooth shading)
  }
}

bool Preloaded(const tgsi::Declaration& d) {
  return d.semantic &&
         (d.semantic->name == tgsi::Semantic::kPosition || d.semantic->name == tgsi::Semantic::kFace);
}

using tgsi::Semantic;

std::string What(File file, uint32_t index, const tgsi::Declaration& d) {
  std::string s = std::string(tgsi::Name(file)) + "[" + std::to_string(index) + "]";
  if (d.semantic) s += " (" + std::string(tgsi::Name(d.semantic->name)) + ")";
  return s;
}

// The register field of a preloaded IN, an SV or an OUT (FS varyings are
// not registers); nullopt with *why when a3xx has none.
std::optional<a3xx::IoField> FieldFor(bool fs, File file, const tgsi::Declaration& d, std::string* why) {
  using F = a3xx::IoField;
  const Semantic sem = d.semantic ? d.semantic->name : Semantic::kGeneric;
  const std::string stage = fs ? "fragment" : "vertex";
  switch (file) {
    case File::kInput:
      if (!fs) return F::kVsAttribute;
      return sem == Semantic::kPosition ? F::kFragCoord : F::kFrontFacing;  // (Preloaded)
    case File::kSystemValue:
      if (!fs && sem == Semantic::kVertexId) return F::kVertexId;
      if (!fs && sem == Semantic::kInstanceId) return F::kInstanceId;
      if (fs && sem == Semantic::kPosition) return F::kFragCoord;
      if (fs && sem == Semantic::kFace) return F::kFrontFacing;
      *why = "system value " + std::string(tgsi::Name(sem)) + " in a " + stage + " shader (a3xx has no field for it)";
      return std::nullopt;
    case File::kOutput:
      if (!fs) {
        switch (sem) {
          case Semantic::kPosition: return F::kVsPosition;
          case Semantic::kPSize: return F::kVsPointSize;
          case Semantic::kGeneric:
          case Semantic::kColor:
          case Semantic::kBColor:
          case Semantic::kFog:
          case Semantic::kTexCoord:
          case Semantic::kClipVertex:
          case Semantic::kClipDist:
          case Semantic::kPCoord:
          case Semantic::kNormal: return F::kVsVarying;
          default: break;
        }
      } else if (sem == Semantic::kColor || !d.semantic) {
        // (an output declared without a semantic is a colour, as a
        // hand-written shader means it)
        if (!d.semantic || d.semantic->index < a3xx::FieldInfo(F::kFsColor).entries) return F::kFsColor;
        *why = "fragment output COLOR[" + std::to_string(d.semantic->index) + "] (a3xx has " +
               std::to_string(a3xx::FieldInfo(F::kFsColor).entries) + " render targets)";
        return std::nullopt;
      } else if (sem == Semantic::kPosition) {
        return F::kFsDepth;
      }
      *why = stage + " output " + std::string(tgsi::Name(sem)) + " (a3xx has no output field for it)";
      return std::nullopt;
    default:
      *why = "file " + std::string(tgsi::Name(file));
      return std::nullopt;
  }
}

// Components of FILE[index] the shader reads (every swizzle letter of every
// direct source operand: conservative) and writes (write masks).
uint8_t ReadComponents(const tgsi::Shader& shader, File file, uint32_t index) {
  uint8_t m = 0;
  for (const tgsi::Instruction& in : shader.instructions) {
    for (const tgsi::SrcOperand& s : in.src) {
      if (s.reg.file != file || s.reg.index.indirect || s.reg.index.index != index) continue;
      for (uint8_t c : s.swizzle) m |= static_cast<uint8_t>(1u << c);
    }
  }
  return m;
}

uint8_t WrittenComponents(const tgsi::Shader& shader, File file, uint32_t index) {
  uint8_t m = 0;
  for (const tgsi::Instruction& in : shader.instructions) {
    for (const tgsi::DstOperand& d : in.dst) {
      if (d.reg.file == file && !d.reg.index.indirect && d.reg.index.index == index) m |= d.write_mask;
    }
  }
  return m;
}

bool RelativelyAddressed(const tgsi::Shader& shader, File file) {
  for (const tgsi::Instruction& in : shader.instructions) {
    for (const tgsi::SrcOperand& s : in.src) {
      if (s.reg.file == file && s.reg.index.indirect) return true;
    }
    for (const tgsi::DstOperand& d : in.dst) {
      if (d.reg.file == file && d.reg.index.indirect) return true;
    }
  }
  return false;
}

// The span of FILE[index] through `field` (xyzw in its vec4, the mask the
// field programs); kUnsupported when the shader uses a component the
// field does not carry.
a3xx::RegisterSpan SpanFor(Ctx& ctx, a3xx::IoField field, File file, uint32_t index, const tgsi::Declaration& d) {
  const a3xx::IoFieldInfo& f = a3xx::FieldInfo(field);
  a3xx::RegisterSpan span{field, static_cast<int16_t>(ctx.map.GprScalar(file, index, 0)),
                          *a3xx::ProgrammedMask(field, f.components), false};
  if (f.components == 0xF) return span;
  const bool out = file == File::kOutput;
  // Reads: the swizzles, within the declaration's usage mask (a vector op
  // over `DCL IN[0].x, FACE` reads y..w only for results nothing uses).
  const uint8_t used = out ? WrittenComponents(ctx.shader, file, index)
                           : static_cast<uint8_t>(ReadComponents(ctx.shader, file, index) & d.usage_mask);
  if (used & ~f.components) {
    ctx.Unsupported(What(file, index, d) + (out ? " written" : " read") + " in component(s) " +
                    a3xx::MaskName(used & ~f.components) + ": " + std::string(f.name) + " holds " +
                    a3xx::MaskName(f.components) + " only");
  } else if (RelativelyAddressed(ctx.shader, file)) {
    ctx.Unsupported("relative addressing over " + std::string(tgsi::Name(file)) + ", which holds " +
                    What(file, index, d) + " (" + std::string(f.name) + " holds " + a3xx::MaskName(f.components) +
                    " only)");
  }
  return span;
}

}  // namespace

a3xx::ShaderState BuildShaderState(Ctx& ctx) {
  a3xx::ShaderState s;
  const bool fs = ctx.shader.processor == tgsi::Processor::kFragment;
  s.stage = fs ? a3xx::ShaderStage::kFragment : a3xx::ShaderStage::kVertex;
  s.ij_reg = Scalar(kIjVec4, 0);
  // The centroid pair, for CENTROID inputs and INTERP_CENTROID's twin
  // (register_map.h); preloaded only when something reads it.
  s.centroid_ij_reg = Scalar(kIjVec4, kCentroidIjComp);
  s.centroid_ij_preloaded = fs && ctx.map.CentroidInputShift() != 0;

  std::set<uint32_t> inputs, outputs, svs, consts0;
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
            if (d.interp_location == tgsi::InterpLocation::kSample) {
              ctx.Unsupported(kPerSampleReason);
              break;
            }
            if (d.interp_location == tgsi::InterpLocation::kCentroid) s.centroid_ij_preloaded = true;
            a3xx::VaryingBinding v;
            v.tgsi_index = idx;
            v.inloc = static_cast<uint16_t>(4 * s.varyings.size());
            v.mask = 0xF;
            v.interp = InterpOf(d);
            s.varyings.push_back(v);
          } else {
            std::string why;
            if (const auto field = FieldFor(fs, File::kInput, d, &why)) {
              s.inputs.push_back({idx, SpanFor(ctx, *field, File::kInput, idx, d)});
            } else {
              ctx.Unsupported(why);
            }
          }
          break;
        case File::kSystemValue: {
          if (!svs.insert(idx).second || !d.semantic) break;
          std::string why;
          if (const auto field = FieldFor(fs, File::kSystemValue, d, &why)) {
            s.system_values.push_back({std::string(tgsi::Name(d.semantic->name)), idx,
                                       SpanFor(ctx, *field, File::kSystemValue, idx, d)});
          } else {
            ctx.Unsupported(why);
          }
          break;
        }
        case File::kOutput: {
          if (!outputs.insert(idx).second) break;
          std::string why;
          if (const auto field = FieldFor(fs, File::kOutput, d, &why)) {
            s.outputs.push_back({idx, SpanFor(ctx, *field, File::kOutput, idx, d)});
          } else {
            ctx.Unsupported(why);
          }
          break;
        }
        case File::kConstant: {
          const uint32_t buffer = d.dimension.value_or(0);
          if (ctx.map.GlobalConstOf(buffer)) break;  // in global memory: s.global_consts
          if (consts.insert({buffer, idx}).second) {
            s.consts.push_back({buffer, idx, static_cast<uint16_t>(*ctx.map.ConstBase(buffer) + idx)});
          }
          break;
        }
        default:
          break;
      }
    }
  }
  // Entries of each field, and the packed varying components.
  std::map<a3xx::IoField, int> entries;
  for (const a3xx::RegisterBinding& b : s.inputs) ++entries[b.span.field];
  for (const a3xx::SystemValueBinding& b : s.system_values) ++entries[b.span.field];
  for (const a3xx::RegisterBinding& b : s.outputs) ++entries[b.span.field];
  for (const auto& [field, n] : entries) {
    const a3xx::IoFieldInfo& f = a3xx::FieldInfo(field);
    if (n > f.entries) {
      ctx.Unsupported(std::to_string(n) + " registers through " + std::string(f.name) + " (a3xx has " +
                      std::to_string(f.entries) + ")");
    }
  }
  if (4 * s.varyings.size() > static_cast<size_t>(a3xx::kVaryingComponents)) {
    ctx.Unsupported(std::to_string(s.varyings.size()) + " varyings of four components (a3xx interpolates " +
                    std::to_string(a3xx::kVaryingComponents) + " components)");
  }
  // Sampler units used without a declaration, and each unit's texture state.
  SamplerState sampler_state = SamplerBindingsFor(ctx.shader);
  if (!sampler_state.conflict.empty()) ctx.Unsupported(sampler_state.conflict);
  s.samplers = std::move(sampler_state.bindings);
  for (uint32_t k = 0; k < ctx.map.ImmCount(); ++k) {
    a3xx::ImmediateConst imm;
    imm.const_vec4 = static_cast<uint16_t>(ctx.map.ImmBase() + k);
    if (k < ctx.shader.immediates.size()) imm.words = ctx.shader.immediates[k].words;
    s.immediates.push_back(imm);
  }
  s.global_consts = ctx.map.GlobalConsts();
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
  // Every varying into its IN register, at the centroid pair when declared
  // CENTROID; with INTERP_CENTROID, every varying again into IN's centroid
  // twin at the centroid pair, and the preloaded inputs copied there (they
  // are per pixel: the same at the centroid). The last bary.f has (ei).
  const int32_t twin = ctx.map.CentroidInputShift();
  std::vector<Instr> barys;
  for (const a3xx::VaryingBinding& b : state.varyings) {
    const uint16_t pair = DeclaredCentroid(ctx.shader, b.tgsi_index) ? CentroidFetchPair(state) : state.ij_reg;
    for (int c = 0; c < 4; ++c) {
      const int32_t reg = ctx.map.GprScalar(File::kInput, b.tgsi_index, c);
      barys.push_back(Alu2(Opcode::BARY_F, Gpr(static_cast<uint16_t>(reg)), Imm(b.inloc + c), Gpr(pair)));
    }
  }
  if (twin != 0) {
    for (const a3xx::VaryingBinding& b : state.varyings) {
      for (int c = 0; c < 4; ++c) {
        const int32_t reg = ctx.map.GprScalar(File::kInput, b.tgsi_index, c) + twin;
        barys.push_back(
            Alu2(Opcode::BARY_F, Gpr(static_cast<uint16_t>(reg)), Imm(b.inloc + c), Gpr(CentroidFetchPair(state))));
      }
    }
    for (const a3xx::RegisterBinding& b : state.inputs) {
      for (int c = 0; c < 4; ++c) {
        if (!b.span.Has(c)) continue;
        e.Emit(Mov(Gpr(static_cast<uint16_t>(b.span.Reg(c) + twin)), Gpr(static_cast<uint16_t>(b.span.Reg(c)))));
      }
    }
  }
  if (!barys.empty()) barys.back().flags |= a3xx::kFlagEi;
  for (const Instr& bary : barys) e.Emit(bary);
}

}  // namespace shaderdiff::naive
