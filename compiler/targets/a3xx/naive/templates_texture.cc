// TEX-family templates (docs/tgsi.md 2.9; a3xx cat5, docs/isa-a3xx.md §2.6).
//
// The coordinate words are copied into consecutive scratch scalars starting
// at T0.x in a3xx's src1 layout: x, y, [z if .3d], [shadow ref if .s],
// [array index if .a]; the lod/bias scalar (src2) goes to T2.x. The result
// is written to R.x.. with the destination's write mask (component c lands
// in R.c), followed by (sy), then copied to the destination.
//
//   TEX      sam    (f32)(mask)R.x, T0.x, s#n, t#n
//   TXB      samb   ..., T0.x, T2.x (bias = src0.w), ...
//   TXL      saml   ..., T0.x, T2.x (lod = src0.w), ...
//   TEX_LZ   saml   with lod 0
//   TXP      sam.p  ..., with src0.w appended to src1: the texture unit
//                   divides the coordinates and the shadow reference by it
//                   (TGSI's exact division; w = 0 is undefined in the
//                   reference). 1-D targets pad with w (w/w = 1.0). 3D and
//                   CUBE: rcp T2.x, w; mul.f of each coordinate; plain sam
//                   (a3xx does not project .3d coordinates, Mesa divides
//                   first; the emulator refuses .3d.p)
//   TXF      isaml  integer texel coordinates, lod = src0.w (TXF_LZ: 0)
//   TXD      samgq  ..., T0.x: the coordinates padded with 0.0 to four
//                   words, then d/dx (src1) and d/dy (src2), two words each
//                   (three with .3d; a 1-D gradient pads its y with 0.0),
//                   the layout Mesa's ir3 builds for txd on a3xx (no
//                   lowering there) and the emulator reads (tex.cc)
//   LODQ     getlod (f32)(mask & xy)R.x, T0.x, s#n, t#n  (x = lod, y = lambda)
//   TXQ      getsize (u32)(mask)R.x, T0.x (lod = src0.x), t#n: width,
//            height, depth/layers, levels
//
// Targets: 2D, 3D (.3d), CUBE (.3d: x, y, z is the direction),
// SHADOWCUBE (.3d.s, reference = src0.w), 2D_ARRAY (.a), SHADOW2D (.s),
// SHADOW2D_ARRAY (.s.a), RECT and SHADOWRECT (as 2D/SHADOW2D: the
// coordinates are texel coordinates, passed unchanged, because the binding
// sets unnormalized sampler state). The binding's texture type (io.cc)
// tells the texture unit a .3d cube from a 3-D texture. 1-D targets are
// sampled as 2-D textures of height 1 at t = 0.5 (texel fetches at y = 0).
// TXF takes CUBE too (isaml.3d; the texture model leaves cube fetches
// undefined, as TGSI does). LODQ on CUBE/RECT is kUnsupported (the
// emulator's getlod does not model their LOD). CUBEARRAY/SHADOWCUBEARRAY:
// kUnsupported, a3xx has no cube-map arrays (no descriptor type for them;
// freedreno exposes them from a4xx on). BUFFER (texel buffers) is what
// Mesa's a3xx driver makes of it (fd3_texture.c): a 1-D descriptor
// (A3XX_TEX_1D) whose width is the element count and height 1, so TXF is
// isaml at (x, 0) with lod 0 (ir3's txf) and TXQ getsize with lod 0; the
// element count is at most 8,192 there (A3XX_MAX_TEXEL_BUFFER_ELEMENTS_UINT),
// within getsize's width. Other opcodes on BUFFER, and MSAA, have no
// sampler form: kUnsupported.
#include <optional>
#include <vector>

#include "compiler/targets/a3xx/naive/indirect_resource_index.h"
#include "compiler/targets/a3xx/naive/templates.h"

namespace shaderdiff::naive {

using a3xx::Opcode;
using a3xx::Type;
using tgsi::TextureTarget;

namespace {

namespace T = tgsi;

constexpr uint32_t kOneHalf = 0x3f000000;  // 0.5f

// One coordinate word: a swizzle slot of a source (src0 unless a gradient),
// or a padding value.
struct Coord {
  enum Kind { kSlot, kHalf, kZero } kind;
  int slot = 0;
  int src = 0;
};

// How many coordinates a target has before layers and references (1 for
// the 1-D targets, which a3xx samples as 2-D).
int TextureDims(TextureTarget t) {
  switch (t) {
    case TextureTarget::k1D:
    case TextureTarget::k1DArray:
    case TextureTarget::kShadow1D:
    case TextureTarget::kShadow1DArray:
      return 1;
    case TextureTarget::k3D:
    case TextureTarget::kCube:
    case TextureTarget::kShadowCube:
      return 3;
    default:
      return 2;
  }
}

struct Layout {
  std::vector<Coord> coords;
  uint8_t flags = 0;  // TexFlag bits
  bool ok = false;
};

Coord S(int slot) { return {Coord::kSlot, slot}; }

// The a3xx src1 layout of a target. `integer`: texel fetch (pad with 0).
Layout LayoutFor(TextureTarget t, bool integer) {
  const Coord pad = integer ? Coord{Coord::kZero} : Coord{Coord::kHalf};
  Layout l;
  l.ok = true;
  switch (t) {
    case TextureTarget::k1D: l.coords = {S(0), pad}; break;
    case TextureTarget::kBuffer:  // texel fetches only (a 1-D descriptor, see the top)
      if (!integer) return {};
      l.coords = {S(0), pad};
      break;
    case TextureTarget::k2D: l.coords = {S(0), S(1)}; break;
    case TextureTarget::kRect: l.coords = {S(0), S(1)}; break;  // unnormalized: binding state
    case TextureTarget::kShadowRect:
      if (integer) return {};
      l.coords = {S(0), S(1), S(2)};
      l.flags = a3xx::kTexShadow;
      break;
    case TextureTarget::k3D:
    case TextureTarget::kCube: l.coords = {S(0), S(1), S(2)}; l.flags = a3xx::kTex3d; break;
    case TextureTarget::kShadowCube:
      if (integer) return {};
      l.coords = {S(0), S(1), S(2), S(3)};
      l.flags = a3xx::kTex3d | a3xx::kTexShadow;
      break;
    case TextureTarget::k1DArray: l.coords = {S(0), pad, S(1)}; l.flags = a3xx::kTexArray; break;
    case TextureTarget::k2DArray: l.coords = {S(0), S(1), S(2)}; l.flags = a3xx::kTexArray; break;
    case TextureTarget::kShadow1D:
      if (integer) return {};
      l.coords = {S(0), pad, S(2)};
      l.flags = a3xx::kTexShadow;
      break;
    case TextureTarget::kShadow2D:
      if (integer) return {};
      l.coords = {S(0), S(1), S(2)};
      l.flags = a3xx::kTexShadow;
      break;
    case TextureTarget::kShadow1DArray:
      if (integer) return {};
      l.coords = {S(0), pad, S(2), S(1)};
      l.flags = a3xx::kTexShadow | a3xx::kTexArray;
      break;
    case TextureTarget::kShadow2DArray:
      if (integer) return {};
      l.coords = {S(0), S(1), S(3), S(2)};
      l.flags = a3xx::kTexShadow | a3xx::kTexArray;
      break;
    default:
      return {};
  }
  return l;
}

// The SAMP[n] unit of source k, or nullopt (kUnsupported recorded).
std::optional<uint8_t> SamplerUnit(Inst& i, int k) {
  const tgsi::Register& r = i.in.src[k].reg;
  if (r.file != tgsi::File::kSampler) {
    i.ctx.Unsupported("texture unit from file " + std::string(tgsi::Name(r.file)));
    return std::nullopt;
  }
  if (r.index.indirect) {
    i.ctx.Unsupported(kIndirectSamplerIndex);
    return std::nullopt;
  }
  if (r.index.index > 15) {
    i.ctx.Unsupported("sampler index " + std::to_string(r.index.index) + " (a3xx s# has 4 bits)");
    return std::nullopt;
  }
  return static_cast<uint8_t>(r.index.index);
}

bool UsesSlot(const Layout& l, int slot) {
  for (const Coord& c : l.coords) {
    if (c.kind == Coord::kSlot && c.slot == slot) return true;
  }
  return false;
}

// Copies R.c to the destination's channels when Out is not R itself.
void CopyOut(Inst& i) {
  ForEachChannel(i, [&](int c) {
    if (i.Out(c) != RReg(c)) i.Emit(Mov(i.Out(c), RReg(c)));
  });
}

void Sample(Inst& i) {
  const T::Opcode op = i.in.opcode;
  const TextureTarget target = i.in.texture_target.value_or(TextureTarget::kUnknown);
  if (!i.in.tex_offsets.empty()) {
    i.ctx.Unsupported("texture offsets");
    return;
  }
  const bool fetch = op == T::Opcode::TXF || op == T::Opcode::TXF_LZ;
  if (op == T::Opcode::LODQ) i.RestrictChannels(0x3);  // x = lod, y = lambda; z, w unchanged
  const Layout layout = LayoutFor(target, fetch);
  if (!layout.ok) {
    const bool cube_array = target == TextureTarget::kCubeArray || target == TextureTarget::kShadowCubeArray;
    i.ctx.Unsupported("texture target " + std::string(tgsi::Name(target)) +
                      (fetch ? " for " + std::string(tgsi::OpcodeName(op)) : "") +
                      (cube_array ? " (a3xx has no cube-map arrays)" : ""));
    return;
  }
  const bool cube_or_rect = target == TextureTarget::kCube || target == TextureTarget::kShadowCube ||
                            target == TextureTarget::kRect || target == TextureTarget::kShadowRect;
  if (op == T::Opcode::LODQ && cube_or_rect) {
    i.ctx.Unsupported("LODQ with texture target " + std::string(tgsi::Name(target)));
    return;
  }
  const bool w_is_extra = op == T::Opcode::TXB || op == T::Opcode::TXL || op == T::Opcode::TXP || fetch;
  if (w_is_extra && UsesSlot(layout, 3)) {
    i.ctx.Unsupported(std::string(tgsi::OpcodeName(op)) + " with texture target " + std::string(tgsi::Name(target)));
    return;
  }
  if (op == T::Opcode::TXP && (layout.flags & a3xx::kTexArray)) {
    i.ctx.Unsupported("TXP with array texture target " + std::string(tgsi::Name(target)));
    return;
  }
  const bool gradients = op == T::Opcode::TXD;
  const std::optional<uint8_t> unit = SamplerUnit(i, gradients ? 3 : 1);
  if (!unit) return;

  // a3xx does not project 3-D or cube coordinates (Timing::projected_3d):
  // those are divided by w first, as Mesa's ir3 does (rcp + mul.f; the
  // reference allows a rounded division for TXP, reason div).
  const bool divide = op == T::Opcode::TXP && (layout.flags & a3xx::kTex3d);
  const bool projected = op == T::Opcode::TXP && !divide;
  std::vector<Coord> coords = layout.coords;
  uint8_t flags = layout.flags;
  const Operand inv_w = TReg(8);  // T2.x: 1/w when dividing
  if (divide) i.Emit(Sfu(Opcode::RCP, inv_w, i.Src(0, 3, kUseSfu)));
  if (projected) {
    // .p divides every src1 word but the array index by the last one. A 1-D
    // pad of w itself divides to exactly 1.0: a constant row, as 0.5 is.
    for (Coord& c : coords) {
      if (c.kind == Coord::kHalf) c = S(3);
    }
    coords.push_back(S(3));
    flags |= a3xx::kTexProjected;
  }
  if (gradients) {
    // Pad to four words, then d/dx and d/dy of each hardware dimension.
    while (coords.size() < 4) coords.push_back(Coord{Coord::kZero});
    const int hw_dims = (flags & a3xx::kTex3d) ? 3 : 2;
    const int dims = TextureDims(target);
    for (int src : {1, 2})
      for (int d = 0; d < hw_dims; ++d) coords.push_back(d < dims ? Coord{Coord::kSlot, d, src} : Coord{Coord::kZero});
  }
  for (size_t j = 0; j < coords.size(); ++j) {
    const Coord& c = coords[j];
    const Operand dst = TReg(static_cast<int>(j));
    switch (c.kind) {
      case Coord::kHalf:
        LoadWord(i, dst, kOneHalf);
        break;
      case Coord::kZero:
        i.Emit(Mov(dst, KReg(kKZero)));
        break;
      case Coord::kSlot:
        if (divide) {
          i.Emit(Alu2(Opcode::MUL_F, dst, i.Src(c.src, c.slot, kUseCat2Float), inv_w));
        } else {
          i.Emit(Mov(dst, i.Src(c.src, c.slot, kUseMov)));
        }
        break;
    }
  }

  Instr t;
  t.type = Type::kF32;
  t.wrmask = i.mask();
  t.dst = RReg(0);
  t.src[0] = TReg(0);
  t.tex_flags = flags;
  t.samp = *unit;
  t.tex = *unit;
  const Operand extra = TReg(8);  // T2.x: lod or bias
  switch (op) {
    case T::Opcode::TXB:
      t.opcode = Opcode::SAMB;
      i.Emit(Mov(extra, i.Src(0, 3, kUseMov)));
      t.src[1] = extra;
      break;
    case T::Opcode::TXL:
      t.opcode = Opcode::SAML;
      i.Emit(Mov(extra, i.Src(0, 3, kUseMov)));
      t.src[1] = extra;
      break;
    case T::Opcode::TEX_LZ:
      t.opcode = Opcode::SAML;
      i.Emit(Mov(extra, KReg(kKZero)));
      t.src[1] = extra;
      break;
    case T::Opcode::TXF:
    case T::Opcode::TXF_LZ:
      t.opcode = Opcode::ISAML;
      // A buffer has one level: its lod is 0 whatever src0.w holds.
      i.Emit(Mov(extra, op == T::Opcode::TXF && target != TextureTarget::kBuffer ? i.Src(0, 3, kUseMov)
                                                                                 : KReg(kKZero)));
      t.src[1] = extra;
      break;
    case T::Opcode::LODQ:
      t.opcode = Opcode::GETLOD;
      break;
    case T::Opcode::TXD:
      t.opcode = Opcode::SAMGQ;
      break;
    default:  // TEX, TXP
      t.opcode = Opcode::SAM;
      break;
  }
  i.Emit(t);
  CopyOut(i);
}

void Txq(Inst& i) {
  const TextureTarget target = i.in.texture_target.value_or(TextureTarget::kUnknown);
  const bool buffer = target == TextureTarget::kBuffer;
  if (!buffer && !LayoutFor(target, false).ok) {
    i.ctx.Unsupported("texture target " + std::string(tgsi::Name(target)) + " for TXQ");
    return;
  }
  const std::optional<uint8_t> unit = SamplerUnit(i, 1);
  if (!unit) return;
  i.Emit(Mov(TReg(0), buffer ? KReg(kKZero) : i.Src(0, 0, kUseMov)));
  Instr t;
  t.opcode = Opcode::GETSIZE;
  t.type = Type::kU32;
  t.wrmask = i.mask();
  t.dst = RReg(0);
  t.src[0] = TReg(0);
  t.tex = *unit;
  i.Emit(t);
  CopyOut(i);
}

}  // namespace

void AddTextureTemplates(TemplateTable& t) {
  for (auto op : {T::Opcode::TEX, T::Opcode::TXB, T::Opcode::TXL, T::Opcode::TXP, T::Opcode::TEX_LZ,
                  T::Opcode::TXF, T::Opcode::TXF_LZ, T::Opcode::LODQ, T::Opcode::TXD}) {
    t[static_cast<size_t>(op)] = Sample;
  }
  t[static_cast<size_t>(T::Opcode::TXQ)] = Txq;
}

}  // namespace shaderdiff::naive
