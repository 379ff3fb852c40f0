// cat5 texture opcodes (docs/isa-a3xx.md §2.6, §4.3) on the shared
// procedural texture model (common/texture.h): asynchronous, sy class. At
// issue every source scalar is read (non-ALU delay) and captured raw for
// every lane of the wave (helper lanes feed implicit LOD and derivatives);
// the results are computed when a later (sy) lands the op.
//
// Decisions (the texture target is the instruction's flags together with
// the SamplerBinding's descriptor type and sampler state, as on hardware):
// - Target (TargetFor): none = 2D, .a = 2D_ARRAY, .s = SHADOW2D, .s.a =
//   SHADOW2D_ARRAY; .3d = CUBE when the binding's type is kCube (.3d.s =
//   SHADOWCUBE), 3D otherwise. A kCube binding without .3d, .3d.a on a cube
//   (cube arrays: a3xx has none) and .3d with .s/.a on a 3-D texture are
//   unsupported. An `unnormalized` binding turns 2D/SHADOW2D into RECT/
//   SHADOWRECT (texel coordinates); with .3d/.a it is unsupported. 1-D
//   textures (k1D) are sampled as 2-D (a height-1 texture with any y).
//   getsize (no flags) queries CUBE, 3D, RECT or 2D by the binding alone;
//   getlod on CUBE/RECT is unsupported (its LOD is not the model's).
//   .s2en (index from a register) is unsupported.
// - src1 layout: x, y, [z if .3d], [shadow ref if .s], [array index if .a],
//   [proj if .p] (samgq: ddx at src1+4, ddy right after it, `dims` scalars
//   each); src2: [offsets if .o, `dims` integers], then lod (saml, isaml) or
//   bias (samb). isam/isaml take integer x, y, [z], [layer].
// - LOD: fragment waves sample sam with the quad's implicit LOD, samb with
//   implicit + bias, saml explicit, samgq with the given gradients; vertex
//   waves use level 0 for sam and the bias as an explicit LOD for samb (as
//   the reference interpreter does for TXB outside fragment shaders).
// - .p divides the coordinates and the shadow reference (not the layer) by
//   proj in binary32.
// - Results go to dst + c for each component c in the write mask; 32-bit
//   types get the model's words, f16 rounds them to binary16, other 16/8-bit
//   types keep the low 16 bits.
// - Every cat5 writes all four consecutive scalars dst .. dst + 3, the
//   components outside its write mask too (docs §4.3: "unused texture
//   components still get written", the reason ir3 syncs a later write of
//   them). With what is not documented: the emulator writes the value the
//   unit computed for that component (0 where the operation has none, e.g.
//   dsx/dsy), so a program that expects those registers unchanged reads
//   something else, as it may on hardware. They are pending like the others
//   until the (sy): reading or writing one before it is a hazard.
// - getsize: x, y, z/layers, levels for src1.x (integer lod).
// - getbuf (only where Timing::getbuf says the GPU has it; a3xx's row
//   refuses it, prepare.cc): no sources; x = the texel buffer's size in
//   elements, which on a3xx can only be the 1-D descriptor's WIDTH (a
//   texel buffer is a k1D binding, fd3_texture.c), as u32/s32; y, z, w 0
//   (undocumented; ir3 reads x only). Another binding type or result type
//   is unsupported.
// - getlod: x = the LOD the selection would use, y = lambda, as binary32
//   (the reference's LODQ convention; the hardware's own format is not
//   documented), from the quad's coordinate differences (lane 1 - lane 0,
//   lane 2 - lane 0, scaled by the level-0 size); 0 in vertex waves.
// - dsx/dsy: coarse derivatives across the 2x2 quad for each written
//   component c of src1+c: dsx = lane 1 - lane 0, dsy = lane 2 - lane 0 of
//   the quad, the same for all four lanes (binary32 subtraction); 0 in
//   vertex waves.
#include <algorithm>
#include <cmath>

#include "emulator/a3xx/alu_common.h"
#include "emulator/a3xx/half.h"

namespace shaderdiff::a3xx {

namespace {

using common::LodMode;
using common::SampleInput;
using common::SampleOutput;
using tgsi::TextureTarget;

enum TexKind : uint8_t { kSample, kFetch, kSize, kBufSize, kLod, kDsx, kDsy };

TexKind KindOf(Opcode op) {
  switch (op) {
    case Opcode::ISAM:
    case Opcode::ISAML: return kFetch;
    case Opcode::GETSIZE: return kSize;
    case Opcode::GETBUF: return kBufSize;
    case Opcode::GETLOD: return kLod;
    case Opcode::DSX: return kDsx;
    case Opcode::DSY: return kDsy;
    default: return kSample;
  }
}

// Captured source scalar i of src1 (slot 0) or src2 (slot 1) at lane l.
struct Sources {
  const Machine& m;
  const Prepared& p;
  const PendingOp& op;
  Word Raw(int slot, int i, int l) const {
    const int row = slot == 0 ? i : p.tex.src1_count + i;
    return m.async.SrcValues(op, row)[l];
  }
  float Float(int slot, int i, int l) const {
    const Word w = Raw(slot, i, l);
    return F(p.in.src[slot].half ? Widen16(w, Dom::kFloat) : w);
  }
  int32_t Int(int slot, int i, int l) const {
    const Word w = Raw(slot, i, l);
    return static_cast<int32_t>(p.in.src[slot].half ? Widen16(w, Dom::kSigned) : w);
  }
};

Word ToDstType(Word w, Type type) {
  switch (type) {
    case Type::kF32:
    case Type::kU32:
    case Type::kS32: return w;
    case Type::kF16: return FloatToHalf(F(w));
    default: return w & 0xffffu;
  }
}

// Writes per-lane results[l][c] to all four destination scalars (see the
// file comment: the write mask does not spare the others).
void WriteResults(Machine& m, const Prepared& p, const PendingOp& op, const common::Vec4* results) {
  int d = 0;
  for (int c = 0; c < 4; ++c) {
    if (IsR63(static_cast<uint16_t>(p.in.dst.num + c))) continue;
    Word* out = m.scratch[3];
    ForLanes(op.lanes, [&](int l) { out[l] = ToDstType(results[l][c], p.in.type); });
    WriteLanded(m, op.dst_reg[d++], op.lanes, out);
  }
}

LodMode LodModeFor(const Machine& m, Opcode op) {
  switch (op) {
    case Opcode::SAMB: return m.fragment ? LodMode::kBias : LodMode::kExplicit;
    case Opcode::SAML: return LodMode::kExplicit;
    case Opcode::SAMGQ: return LodMode::kGradient;
    default: return m.fragment ? LodMode::kImplicit : LodMode::kZero;
  }
}

void CompleteSample(Machine& m, const Prepared& p, const PendingOp& op) {
  const TexLayout& t = p.tex;
  const Sources s{m, p, op};
  const common::TextureUnit& unit = m.tex_units[p.aux];
  std::array<SampleInput, kMaxLanes> in{};
  ForLanes(m.all, [&](int l) {
    SampleInput& si = in[l];
    const float q = t.proj >= 0 ? s.Float(0, t.proj, l) : 1.0f;
    auto project = [&](float v) { return t.proj >= 0 ? v / q : v; };
    for (int i = 0; i < t.dims; ++i) si.coord[i] = project(s.Float(0, i, l));
    if (t.layer >= 0) si.coord[t.dims] = s.Float(0, t.layer, l);
    if (t.ref >= 0) si.shadow_ref = project(s.Float(0, t.ref, l));
    si.lod_mode = LodModeFor(m, p.in.opcode);
    if (t.lod >= 0) si.lod_value = s.Float(1, t.lod, l);
    if (t.offsets >= 0) {
      for (int i = 0; i < t.dims; ++i) si.offset[i] = s.Int(1, t.offsets + i, l);
    }
    if (t.ddx >= 0) {
      for (int i = 0; i < t.dims; ++i) {
        si.ddx[i] = s.Float(0, t.ddx + i, l);
        si.ddy[i] = s.Float(0, t.ddx + t.dims + i, l);
      }
    }
  });
  common::Vec4 results[kMaxLanes];
  for (int q = 0; q < m.lanes; q += 4) {
    std::array<SampleInput, 4> group;
    for (int i = 0; i < 4; ++i) group[i] = in[q + i < m.lanes ? q + i : q];
    std::array<SampleOutput, 4> out;
    common::SampleQuad(unit, t.target, group, out);
    for (int i = 0; i < 4 && q + i < m.lanes; ++i) results[q + i] = out[i].words;
  }
  WriteResults(m, p, op, results);
}

void CompleteFetch(Machine& m, const Prepared& p, const PendingOp& op) {
  const TexLayout& t = p.tex;
  const Sources s{m, p, op};
  const common::TextureUnit& unit = m.tex_units[p.aux];
  common::Vec4 results[kMaxLanes];
  ForLanes(op.lanes, [&](int l) {
    std::array<int32_t, 3> coord = {0, 0, 0}, offset = {0, 0, 0};
    for (int i = 0; i < t.dims; ++i) coord[i] = s.Int(0, i, l);
    if (t.layer >= 0) coord[t.dims] = s.Int(0, t.layer, l);
    if (t.offsets >= 0) {
      for (int i = 0; i < t.dims; ++i) offset[i] = s.Int(1, t.offsets + i, l);
    }
    const int32_t lod = t.lod >= 0 ? s.Int(1, t.lod, l) : 0;
    results[l] = common::FetchTexel(unit, t.target, coord, lod, offset).words;
  });
  WriteResults(m, p, op, results);
}

void CompleteSize(Machine& m, const Prepared& p, const PendingOp& op) {
  const Sources s{m, p, op};
  const common::TextureUnit& unit = m.tex_units[p.aux];
  common::Vec4 results[kMaxLanes];
  ForLanes(op.lanes, [&](int l) { results[l] = common::QuerySize(unit, p.tex.target, s.Int(0, 0, l)).words; });
  WriteResults(m, p, op, results);
}

void CompleteBufSize(Machine& m, const Prepared& p, const PendingOp& op) {
  const common::TextureUnit& unit = m.tex_units[p.aux];
  common::Vec4 results[kMaxLanes];
  const common::Vec4 size = common::QuerySize(unit, TextureTarget::kBuffer, 0).words;
  ForLanes(op.lanes, [&](int l) { results[l] = {size[0], 0, 0, 0}; });
  WriteResults(m, p, op, results);
}

void CompleteLod(Machine& m, const Prepared& p, const PendingOp& op) {
  const TexLayout& t = p.tex;
  const Sources s{m, p, op};
  const common::TextureUnit& unit = m.tex_units[p.aux];
  const double size[3] = {static_cast<double>(std::max<uint32_t>(1, unit.width)),
                          static_cast<double>(std::max<uint32_t>(1, unit.height)),
                          static_cast<double>(std::max<uint32_t>(1, unit.depth))};
  const uint32_t levels = std::max<uint32_t>(1, unit.levels);
  common::Vec4 results[kMaxLanes];
  ForLanes(op.lanes, [&](int l) {
    results[l] = {0, 0, 0, 0};
    const int q = l & ~3;
    if (!m.fragment || q + 2 >= m.lanes) return;
    double lx = 0, ly = 0;
    for (int i = 0; i < t.dims; ++i) {
      const double dx = (static_cast<double>(s.Float(0, i, q + 1)) - s.Float(0, i, q)) * size[i];
      const double dy = (static_cast<double>(s.Float(0, i, q + 2)) - s.Float(0, i, q)) * size[i];
      lx += dx * dx;
      ly += dy * dy;
    }
    const double rho2 = std::max(lx, ly);
    const double lambda = rho2 > 0 ? 0.5 * std::log2(rho2) : -INFINITY;
    // The level the selection would use: linear mips clamp lambda; nearest
    // mips round it the GL way (ties at k + 1/2 go down, 0 up to 1/2).
    double used = 0;
    if (unit.mip_filter != common::MipFilter::kNone && levels > 1 && lambda > 0) {
      const double last = static_cast<double>(levels - 1);
      used = unit.mip_filter == common::MipFilter::kNearest
                 ? (lambda <= 0.5 ? 0 : std::min(std::ceil(lambda + 0.5) - 1, last))
                 : std::min(lambda, last);
    }
    results[l] = {W(static_cast<float>(used)), W(static_cast<float>(lambda)), 0, 0};
  });
  WriteResults(m, p, op, results);
}

void CompleteDerivative(Machine& m, const Prepared& p, const PendingOp& op) {
  const Sources s{m, p, op};
  const int neighbour = KindOf(p.in.opcode) == kDsx ? 1 : 2;
  common::Vec4 results[kMaxLanes];
  ForLanes(op.lanes, [&](int l) {
    results[l] = {0, 0, 0, 0};
    const int q = l & ~3;
    if (!m.fragment || q + neighbour >= m.lanes) return;
    for (int c = 0; c < 4; ++c) {
      if (!((p.in.wrmask >> c) & 1)) continue;
      results[l][c] = W(s.Float(0, c, q + neighbour) - s.Float(0, c, q));
    }
  });
  WriteResults(m, p, op, results);
}

void ExecTex(Machine& m, const Prepared& p, LaneMask lanes) {
  const Instr& in = p.in;
  for (int c = 0; c < 4; ++c) {
    if (!IsR63(static_cast<uint16_t>(in.dst.num + c))) CheckAsyncWrite(m, GprIndex(in.dst, c), lanes, nullptr, true);
  }
  PendingOp& op = m.async.Begin(p.index, SyncClass::kSy, lanes, m.cycle + static_cast<uint64_t>(m.t.tex_latency));
  for (int slot = 0; slot < 2; ++slot) {
    const int count = slot == 0 ? p.tex.src1_count : p.tex.src2_count;
    for (int i = 0; i < count; ++i) {
      uint16_t reg = kNoReg16;
      const Word* v = ReadGprAt(m, in.src[slot], i, m.slot, p.src_delay, m.all, lanes, Dom::kRaw, m.scratch[0], &reg);
      m.async.AddSrc(op, reg, v);
    }
  }
  for (int c = 0; c < 4; ++c) {
    if (!IsR63(static_cast<uint16_t>(in.dst.num + c))) m.async.AddDst(op, GprIndex(in.dst, c));
  }
}

bool Layout(Prepared& p, std::string* why) {
  const Instr& in = p.in;
  const uint8_t f = in.tex_flags;
  const std::string name(OpcodeName(in.opcode));
  if (f & kTexS2en) {
    *why = name + ".s2en (sampler/texture index from a register) is not modelled";
    return false;
  }
  const bool is3d = f & kTex3d, arr = f & kTexArray, shadow = f & kTexShadow;
  TexLayout& t = p.tex;
  t.target = is3d ? TextureTarget::k3D
             : arr ? (shadow ? TextureTarget::kShadow2DArray : TextureTarget::k2DArray)
                   : (shadow ? TextureTarget::kShadow2D : TextureTarget::k2D);
  t.dims = is3d ? 3 : 2;
  const TexKind kind = KindOf(in.opcode);
  int pos = t.dims;
  switch (kind) {
    case kSample:
    case kLod:
      if (shadow) t.ref = static_cast<int8_t>(pos++);
      if (arr) t.layer = static_cast<int8_t>(pos++);
      if (f & kTexProjected) t.proj = static_cast<int8_t>(pos++);
      if (in.opcode == Opcode::SAMGQ) {
        t.ddx = static_cast<int8_t>(std::max(pos, 4));
        pos = t.ddx + 2 * t.dims;
      }
      break;
    case kFetch:
      if (shadow || (f & kTexProjected)) {
        *why = name + " with .s/.p is not modelled";
        return false;
      }
      if (arr) t.layer = static_cast<int8_t>(pos++);
      break;
    case kSize: pos = 1; break;
    case kBufSize:
      if (in.type != Type::kU32 && in.type != Type::kS32) {
        *why = "getbuf with a result type other than u32/s32 is not modelled";
        return false;
      }
      pos = 0;
      break;
    case kDsx:
    case kDsy: pos = std::max(1, 32 - std::countl_zero(static_cast<uint32_t>(in.wrmask))); break;
  }
  t.src1_count = static_cast<uint8_t>(pos);
  int pos2 = 0;
  if (f & kTexOffsets) {
    t.offsets = 0;
    pos2 = t.dims;
  }
  if (in.opcode == Opcode::SAMB || in.opcode == Opcode::SAML || in.opcode == Opcode::ISAML) {
    t.lod = static_cast<int8_t>(pos2++);
  }
  t.src2_count = static_cast<uint8_t>(pos2);
  return true;
}

}  // namespace

bool ResolveTexTarget(Prepared& p, const SamplerBinding& b, std::string* why) {
  const uint8_t f = p.in.tex_flags;
  const bool is3d = f & kTex3d, arr = f & kTexArray, shadow = f & kTexShadow;
  const std::string name(OpcodeName(p.in.opcode));
  const TexKind kind = KindOf(p.in.opcode);
  if (kind == kDsx || kind == kDsy) return true;  // no texture
  TexLayout& t = p.tex;
  if (kind == kBufSize) {
    if (b.type != TextureType::k1D || b.unnormalized) {
      *why = "getbuf on a texture other than a texel buffer's 1-D descriptor is not modelled";
      return false;
    }
    t.target = TextureTarget::kBuffer;
    return true;
  }
  if (kind == kSize) {
    t.target = b.type == TextureType::kCube ? TextureTarget::kCube
               : b.type == TextureType::k3D ? TextureTarget::k3D
               : b.unnormalized             ? TextureTarget::kRect
                                            : TextureTarget::k2D;
    return true;
  }
  if (b.type == TextureType::kCube) {
    if (!is3d) {
      *why = name + " without .3d on a cube texture is not modelled";
      return false;
    }
    if (arr) {
      *why = name + ".3d.a on a cube texture (a cube-map array) is not modelled: a3xx has no cube-map arrays";
      return false;
    }
    t.target = shadow ? TextureTarget::kShadowCube : TextureTarget::kCube;
  } else if (is3d && (arr || shadow)) {
    *why = name + " with .3d and .a/.s on a 3-D texture is not modelled (3-D textures have no array/shadow form)";
    return false;
  }
  if (b.unnormalized) {
    if (is3d || arr) {
      *why = name + " with .3d/.a and unnormalized coordinates is not modelled (rectangle textures are 2-D)";
      return false;
    }
    t.target = shadow ? TextureTarget::kShadowRect : TextureTarget::kRect;
  }
  if (kind == kLod && (t.target == TextureTarget::kCube || t.target == TextureTarget::kShadowCube ||
                       t.target == TextureTarget::kRect || t.target == TextureTarget::kShadowRect)) {
    *why = "getlod on a cube or rectangle texture is not modelled";
    return false;
  }
  return true;
}

bool PrepareTex(Prepared& p, std::string* why) {
  switch (p.in.opcode) {
    case Opcode::SAM:
    case Opcode::SAMB:
    case Opcode::SAML:
    case Opcode::SAMGQ: p.complete = CompleteSample; break;
    case Opcode::ISAM:
    case Opcode::ISAML: p.complete = CompleteFetch; break;
    case Opcode::GETSIZE: p.complete = CompleteSize; break;
    case Opcode::GETBUF: p.complete = CompleteBufSize; break;
    case Opcode::GETLOD: p.complete = CompleteLod; break;
    case Opcode::DSX:
    case Opcode::DSY: p.complete = CompleteDerivative; break;
    default:
      *why = "opcode " + std::string(OpcodeName(p.in.opcode)) + " is not modelled by the a3xx emulator";
      return false;
  }
  if (!Layout(p, why)) return false;
  p.exec = ExecTex;
  p.src_span = {p.tex.src1_count, p.tex.src2_count, 0};
  p.dst_span = 4;  // the whole destination, whatever the write mask
  return true;
}

}  // namespace shaderdiff::a3xx
