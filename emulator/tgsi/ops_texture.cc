// Texture opcodes through the shared procedural texture model
// (emulator/common/texture.h; operand conventions of docs/tgsi.md 2.9).
//
// TEX-family (TEX TXP TXB TXL TXD TEX2 TXB2 TXL2 TEX_LZ TG4 TXF TXF_LZ TXQ
// TXQ_LZ TXQS LODQ): the unit is the SAMP operand's index (an indirect index
// uses the first active lane's address; lanes that disagree are flagged),
// the target is the instruction's. SAMPLE-family (SAMPLE SAMPLE_B SAMPLE_C
// SAMPLE_C_LZ SAMPLE_D SAMPLE_L SAMPLE_I SVIEWINFO LOD): the unit is the
// SVIEW index, the target its DCL SVIEW target, and the result is swizzled
// by the SVIEW operand's swizzle. A unit missing from the vector is a
// default TextureUnit with seed = unit index.
//
// Coordinates: src0.x.. per target (TextureCoordCount); the shadow reference
// is src0.z (SHADOW1D, SHADOW2D, SHADOWRECT, SHADOW1D_ARRAY), src0.w
// (SHADOWCUBE, SHADOW2D_ARRAY) or src1.x (SHADOWCUBEARRAY, TEX2/TG4 form).
// Implicit LOD is used in fragment shaders only (other stages: level 0, and
// TXB's bias becomes an explicit LOD). TXP divides coordinates and the
// shadow reference by src0.w (w = 0: undivided and flagged txp-w-zero).
//
// Flags: the model's undefined / inexact components (texture-undefined,
// texture-filter), the sources' flags, and for implicit-LOD lookups whose
// LOD can matter: quads not fully active or control-uncertain
// (derivative-divergent) or with a maybe-killed lane (derivative-after-kill).
#include <algorithm>
#include <bit>
#include <cmath>

#include "compiler/tgsi/names.h"
#include "compiler/tgsi/opcode.h"
#include "emulator/common/texture.h"
#include "emulator/tgsi/ops.h"

namespace shaderdiff::tgsi_exec {
namespace {

using common::LodMode;
using common::SampleInput;
using common::SampleOutput;
using common::TextureUnit;
using tgsi::Opcode;
using tgsi::TextureTarget;

// Source index of the shadow reference: 4 means src1.x.
int ShadowRefSlot(TextureTarget t) {
  switch (t) {
    case TextureTarget::kShadow1D:
    case TextureTarget::kShadow2D:
    case TextureTarget::kShadowRect:
    case TextureTarget::kShadow1DArray:
      return 2;
    case TextureTarget::kShadowCube:
    case TextureTarget::kShadow2DArray:
      return 3;
    case TextureTarget::kShadowCubeArray:
      return 4;
    default:
      return -1;
  }
}

bool Mipmapped(TextureTarget t) {
  switch (t) {
    case TextureTarget::kBuffer:
    case TextureTarget::kRect:
    case TextureTarget::kShadowRect:
    case TextureTarget::k2DMsaa:
    case TextureTarget::k2DArrayMsaa:
      return false;
    default:
      return true;
  }
}

// Whether the LOD can change a sampled result for this unit and target.
bool LodMatters(const TextureUnit& u, TextureTarget t) {
  const uint32_t levels = Mipmapped(t) ? std::max<uint32_t>(1, u.levels) : 1;
  return u.mag_filter != u.min_filter || (u.mip_filter != common::MipFilter::kNone && levels > 1);
}

TextureUnit UnitFor(const Exec& ex, uint32_t index) {
  const auto it = ex.vec.textures.find(index);
  if (it != ex.vec.textures.end()) return it->second;
  TextureUnit u;
  u.seed = index;
  return u;
}

// The resource index of source `s` (SAMP / SVIEW), uniform over the wave.
uint32_t ResolveUnit(Exec& ex, const DInst& in, int s, Reason& flag) {
  const DSrc& src = in.src[s];
  if (!src.index.indirect) return static_cast<uint32_t>(src.index.base);
  bool have = false;
  uint32_t unit = 0;
  ForLanes(ex.exec, [&](int l) {
    const Val a = ex.AddrValue(src.index.addr_reg, src.index.addr_comp, l);
    const uint32_t u = static_cast<uint32_t>(src.index.base) + a.w;
    if (a.undef != Reason::kNone && flag == Reason::kNone) flag = a.undef;
    if (a.inexact != Reason::kNone && flag == Reason::kNone) flag = Reason::kIndexInexact;
    if (!have) {
      unit = u;
      have = true;
    } else if (u != unit && flag == Reason::kNone) {
      flag = Reason::kDivergentResourceIndex;
    }
  });
  return unit;
}

// Expands a lane mask to the whole 2x2 quads it touches.
LaneMask QuadsOf(const Exec& ex, LaneMask m) {
  LaneMask q = 0;
  for (int b = 0; b < ex.lanes; b += 4) {
    const LaneMask qm = (LaneMask{0xF} << b) & ex.all;
    if (m & qm) q |= qm;
  }
  return q;
}

// Flags from the quad's state for an implicit-LOD lookup in lane l.
Reason QuadReason(const Exec& ex, int l) {
  const LaneMask qm = (LaneMask{0xF} << (l & ~3)) & ex.all;
  if ((ex.exec & qm) != qm || (ex.Uncertain() & qm) != 0) return Reason::kDerivativeDivergent;
  if ((ex.killed | ex.kill_unc_u | ex.kill_unc_x) & qm) return Reason::kDerivativeAfterKill;
  return Reason::kNone;
}

// Writes a model result for lane l into the result channels. An input
// with a set (f.x: a coordinate, offset, LOD, reference or projection that
// is not one word) makes any value: the lookup is not monotone in its
// coordinates (nearest texels, mip selection), so a set cannot be carried
// through. A component the model calls inexact (filter weights) gets the
// texture-filter tolerance.
void PutResult(Exec& ex, int l, const SampleOutput& o, InFlags f, Reason own,
               const std::array<uint8_t, 4>& swz) {
  for (int c = 0; c < 4; ++c) {
    const int k = swz[c];
    const Word w = o.words[k];
    Val v = Val::Exact(w);
    if (f.u != Reason::kNone) {
      v = Val::Any(w, f.u);
    } else if (own != Reason::kNone) {
      v = Val::Any(w, own);
    } else if (o.undefined[k]) {
      v = Val::Any(w, Reason::kTextureUndefined);
    } else if (f.x != Reason::kNone) {
      v = Val::Any(w, Reason::kInexactCoordinate);
    } else if (o.inexact[k]) {
      v = WithTolerance(w, Reason::kTextureFilter, precision::kTextureFilter);
    }
    ex.Result(0, c).Set(l, v);
  }
}

constexpr std::array<uint8_t, 4> kIdentity = {0, 1, 2, 3};

std::array<int32_t, 3> Offsets(Exec& ex, const DInst& in, int l, InFlags& f) {
  std::array<int32_t, 3> o = {0, 0, 0};
  if (!in.offset.present) return o;
  for (int i = 0; i < 3; ++i) {
    const Val v = ex.TexOffsetValue(in.offset, i, l);
    o[i] = static_cast<int32_t>(v.w);
    f.Add(v);
  }
  return o;
}

// ------------------------------------------------------------ sampling

enum class Kind { kTex, kTxp, kTxb, kTxl, kTxd, kTex2, kTxb2, kTxl2, kTexLz, kTg4 };

struct SampleOp {
  Kind kind;
  int sampler_src;
};

SampleOp OpFor(Opcode op) {
  switch (op) {
    case Opcode::TXP: return {Kind::kTxp, 1};
    case Opcode::TXB: return {Kind::kTxb, 1};
    case Opcode::TXL: return {Kind::kTxl, 1};
    case Opcode::TXD: return {Kind::kTxd, 3};
    case Opcode::TEX2: return {Kind::kTex2, 2};
    case Opcode::TXB2: return {Kind::kTxb2, 2};
    case Opcode::TXL2: return {Kind::kTxl2, 2};
    case Opcode::TEX_LZ: return {Kind::kTexLz, 1};
    case Opcode::TG4: return {Kind::kTg4, 2};
    default: return {Kind::kTex, 1};
  }
}

// Shared by the TEX family and SAMPLE family. `coord_src` is src0; `extra`
// describes where LOD / bias / reference / derivatives come from.
struct SampleSpec {
  TextureTarget target = TextureTarget::kUnknown;
  uint32_t unit = 0;
  Reason unit_flag = Reason::kNone;
  LodMode lod_mode = LodMode::kZero;
  int lod_src = -1, lod_slot = 0;     // lod / bias operand
  int ref_src = -1, ref_slot = 0;     // shadow reference operand
  int ddx_src = -1, ddy_src = -1;     // TXD / SAMPLE_D
  bool project = false;               // TXP
  bool gather = false;                // TG4
  int comp_src = -1;                  // TG4 component operand
  std::array<uint8_t, 4> swz = kIdentity;
};

void RunSample(Exec& ex, const DInst& in, const SampleSpec& sp) {
  const LaneMask m = ex.exec;
  const bool implicit = sp.lod_mode == LodMode::kImplicit || sp.lod_mode == LodMode::kBias;
  const LaneMask fetch = implicit ? QuadsOf(ex, ex.Potential()) : m;
  const TextureUnit unit = UnitFor(ex, sp.unit);
  const int dim = tgsi::TextureCoordCount(sp.target);
  const Lanes* coord[4] = {nullptr, nullptr, nullptr, nullptr};
  for (int i = 0; i < dim && i < 4; ++i) coord[i] = &ex.Fetch(in, 0, i, fetch);
  const Lanes* ref = sp.ref_src >= 0 ? &ex.Fetch(in, sp.ref_src, sp.ref_slot, fetch) : nullptr;
  const Lanes* lod = sp.lod_src >= 0 ? &ex.Fetch(in, sp.lod_src, sp.lod_slot, fetch) : nullptr;
  const Lanes* proj = sp.project ? &ex.Fetch(in, 0, 3, fetch) : nullptr;
  const Lanes* comp = sp.comp_src >= 0 ? &ex.Fetch(in, sp.comp_src, 0, fetch) : nullptr;
  const Lanes* ddx[3] = {nullptr, nullptr, nullptr};
  const Lanes* ddy[3] = {nullptr, nullptr, nullptr};
  if (sp.ddx_src >= 0) {
    for (int i = 0; i < 3; ++i) {
      ddx[i] = &ex.FetchComponent(in, sp.ddx_src, in.src[sp.ddx_src].swz[i], fetch, i);
    }
    // FetchComponent's scratch holds 4 slots: copy ddx out before ddy.
  }
  Lanes ddx_copy[3];
  if (sp.ddx_src >= 0) {
    for (int i = 0; i < 3; ++i) {
      ForLanes(fetch, [&](int l) { ddx_copy[i].Set(l, ddx[i]->Get(l)); });
      ddx[i] = &ddx_copy[i];
    }
    for (int i = 0; i < 3; ++i) {
      ddy[i] = &ex.FetchComponent(in, sp.ddy_src, in.src[sp.ddy_src].swz[i], fetch, i);
    }
  }
  const bool lod_matters = LodMatters(unit, sp.target);
  Fp fp = ex.PrimaryFp();

  // Per lane inputs and flags.
  std::array<SampleInput, kMaxLanes> inputs;
  std::array<InFlags, kMaxLanes> flags;
  std::array<Reason, kMaxLanes> own;
  ForLanes(fetch, [&](int l) {
    SampleInput& s = inputs[l];
    InFlags& f = flags[l];
    own[l] = sp.unit_flag;
    float w = 1.0f;
    bool divide = false;
    if (proj) {
      f.Add(*proj, l);
      w = F(proj->w[l]);
      if (fp.In(w) == 0.0f) {
        if (own[l] == Reason::kNone) own[l] = Reason::kTxpWZero;
      } else {
        divide = true;
      }
    }
    Reason div_inexact = Reason::kNone;
    auto project = [&](float v) {
      if (!divide) return v;
      if (!IsPowerOfTwo(w) || std::fabs(w) > 0x1p126f) div_inexact = Reason::kDiv;
      Fp local = fp;
      const float r = local.Div(v, w);
      if (local.saw && own[l] == Reason::kNone) own[l] = Reason::kDenormal;
      return r;
    };
    for (int i = 0; i < dim && i < 4; ++i) {
      f.Add(*coord[i], l);
      s.coord[i] = project(F(coord[i]->w[l]));
    }
    if (ref) {
      f.Add(*ref, l);
      s.shadow_ref = project(F(ref->w[l]));
    }
    if (div_inexact != Reason::kNone && f.x == Reason::kNone) f.x = div_inexact;
    s.lod_mode = sp.lod_mode;
    if (lod) {
      f.Add(*lod, l);
      s.lod_value = F(lod->w[l]);
    }
    if (sp.ddx_src >= 0) {
      for (int i = 0; i < 3; ++i) {
        s.ddx[i] = F(ddx[i]->w[l]);
        s.ddy[i] = F(ddy[i]->w[l]);
        f.Add(*ddx[i], l);
        f.Add(*ddy[i], l);
      }
    }
    s.offset = Offsets(ex, in, l, f);
  });
  // Implicit LOD: neighbours' coordinates and the quad's state matter.
  if (implicit && ex.prog.stage == tgsi::Processor::kFragment && lod_matters) {
    // A neighbour's own coordinate problem (TXP with w = 0 leaves it
    // undivided, a denormal quotient) changes this lane's LOD as much as an
    // undefined input would: snapshot before the loop updates own[].
    const std::array<Reason, kMaxLanes> own_before = own;
    ForLanes(m, [&](int l) {
      const int q = l & ~3;
      for (int i = 0; i < 3 && q + i < ex.lanes; ++i) {
        if (!((fetch >> (q + i)) & 1)) continue;
        const InFlags& g = flags[q + i];
        if (flags[l].u == Reason::kNone && g.u != Reason::kNone) flags[l].u = g.u;
        if (flags[l].x == Reason::kNone && g.x != Reason::kNone) flags[l].x = g.x;
        if (q + i != l && flags[l].u == Reason::kNone && own_before[q + i] != Reason::kNone)
          flags[l].u = own_before[q + i];
      }
      if (own[l] == Reason::kNone) own[l] = QuadReason(ex, l);
    });
  }
  if (sp.gather) {
    ForLanes(m, [&](int l) {
      int component = 0;
      Reason r = own[l];
      if (comp && ShadowRefSlot(sp.target) != 4) {
        // The component operand is an integer (nir_to_tgsi emits UINT32
        // immediates); an integral float 0..3 is accepted too.
        const Word w = comp->w[l];
        flags[l].Add(*comp, l);
        if (w < 4) {
          component = static_cast<int>(w);
        } else if (F(w) == 0.0f || F(w) == 1.0f || F(w) == 2.0f || F(w) == 3.0f) {
          component = static_cast<int>(F(w));
        } else if (r == Reason::kNone) {
          r = Reason::kTextureComponent;
        }
      }
      const SampleOutput o = common::Gather(unit, sp.target, inputs[l], component);
      PutResult(ex, l, o, flags[l], r, sp.swz);
    });
    return;
  }
  // SampleQuad works on groups of four lanes; non-fragment waves pad the
  // last group with copies (their LOD mode never looks at neighbours).
  for (int q = 0; q < ex.lanes; q += 4) {
    const LaneMask qm = (LaneMask{0xF} << q) & ex.all;
    if (!(m & qm)) continue;
    std::array<SampleInput, 4> group;
    for (int i = 0; i < 4; ++i) {
      int l = q + i;
      if (l >= ex.lanes || !((fetch >> l) & 1)) l = std::countr_zero(m & qm);
      group[i] = inputs[l];
    }
    std::array<SampleOutput, 4> out;
    common::SampleQuad(unit, sp.target, group, out);
    for (int i = 0; i < 4; ++i) {
      const int l = q + i;
      if (l < ex.lanes && ((m >> l) & 1)) PutResult(ex, l, out[i], flags[l], own[l], sp.swz);
    }
  }
}

void OpTexFamily(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const SampleOp op = OpFor(in.op);
  SampleSpec sp;
  sp.target = in.target;
  sp.unit = ResolveUnit(ex, in, op.sampler_src, sp.unit_flag);
  const bool frag = ex.prog.stage == tgsi::Processor::kFragment;
  const int ref = ShadowRefSlot(in.target);
  if (ref == 4) {
    sp.ref_src = 1;
    sp.ref_slot = 0;
  } else if (ref >= 0) {
    sp.ref_src = 0;
    sp.ref_slot = ref;
  }
  switch (op.kind) {
    case Kind::kTex:
    case Kind::kTex2:
      sp.lod_mode = frag ? LodMode::kImplicit : LodMode::kZero;
      break;
    case Kind::kTxp:
      sp.lod_mode = frag ? LodMode::kImplicit : LodMode::kZero;
      sp.project = true;
      break;
    case Kind::kTxb:
    case Kind::kTxb2:
      sp.lod_mode = frag ? LodMode::kBias : LodMode::kExplicit;
      sp.lod_src = op.kind == Kind::kTxb ? 0 : 1;
      sp.lod_slot = op.kind == Kind::kTxb ? 3 : 0;
      break;
    case Kind::kTxl:
    case Kind::kTxl2:
      sp.lod_mode = LodMode::kExplicit;
      sp.lod_src = op.kind == Kind::kTxl ? 0 : 1;
      sp.lod_slot = op.kind == Kind::kTxl ? 3 : 0;
      break;
    case Kind::kTexLz:
      sp.lod_mode = LodMode::kZero;
      break;
    case Kind::kTxd:
      sp.lod_mode = LodMode::kGradient;
      sp.ddx_src = 1;
      sp.ddy_src = 2;
      break;
    case Kind::kTg4:
      sp.lod_mode = LodMode::kZero;
      sp.gather = true;
      sp.comp_src = 1;
      break;
  }
  RunSample(ex, in, sp);
  ex.Store(in, 0);
}

// SAMPLE dst, coord, SVIEW[n], SAMP[m] [, extra [, extra]].
void OpSampleFamily(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  SampleSpec sp;
  sp.unit = ResolveUnit(ex, in, 1, sp.unit_flag);
  sp.target = sp.unit < ex.prog.sview_target.size() ? ex.prog.sview_target[sp.unit] : TextureTarget::kUnknown;
  sp.swz = in.src[1].swz;
  const bool frag = ex.prog.stage == tgsi::Processor::kFragment;
  switch (in.op) {
    case Opcode::SAMPLE:
      sp.lod_mode = frag ? LodMode::kImplicit : LodMode::kZero;
      break;
    case Opcode::SAMPLE_B:
      sp.lod_mode = frag ? LodMode::kBias : LodMode::kExplicit;
      sp.lod_src = 3;
      break;
    case Opcode::SAMPLE_L:
      sp.lod_mode = LodMode::kExplicit;
      sp.lod_src = 3;
      break;
    case Opcode::SAMPLE_C:
      sp.lod_mode = frag ? LodMode::kImplicit : LodMode::kZero;
      sp.ref_src = 3;
      break;
    case Opcode::SAMPLE_C_LZ:
      sp.lod_mode = LodMode::kZero;
      sp.ref_src = 3;
      break;
    case Opcode::SAMPLE_D:
      sp.lod_mode = LodMode::kGradient;
      sp.ddx_src = 3;
      sp.ddy_src = 4;
      break;
    default:
      break;
  }
  // The compare variants need a shadow target for the model: map the view's
  // colour target to its shadow twin.
  if (sp.ref_src >= 0) {
    switch (sp.target) {
      case TextureTarget::k1D: sp.target = TextureTarget::kShadow1D; break;
      case TextureTarget::k2D: sp.target = TextureTarget::kShadow2D; break;
      case TextureTarget::kRect: sp.target = TextureTarget::kShadowRect; break;
      case TextureTarget::k1DArray: sp.target = TextureTarget::kShadow1DArray; break;
      case TextureTarget::k2DArray: sp.target = TextureTarget::kShadow2DArray; break;
      case TextureTarget::kCube: sp.target = TextureTarget::kShadowCube; break;
      case TextureTarget::kCubeArray: sp.target = TextureTarget::kShadowCubeArray; break;
      default: break;
    }
  }
  RunSample(ex, in, sp);
  ex.Store(in, 0);
}

// ------------------------------------------------------ fetch and queries

// TXF / TXF_LZ / SAMPLE_I: integer coordinates per target, lod in src0.w.
void RunFetch(Exec& ex, const DInst& in, TextureTarget target, uint32_t unit_index, Reason unit_flag,
              bool level_zero, const std::array<uint8_t, 4>& swz) {
  const LaneMask m = ex.exec;
  const TextureUnit unit = UnitFor(ex, unit_index);
  int ncoord = 1;
  switch (target) {
    case TextureTarget::k3D:
    case TextureTarget::k2DArray:
    case TextureTarget::kShadow2DArray:
    case TextureTarget::k2DArrayMsaa:
      ncoord = 3;
      break;
    case TextureTarget::k2D:
    case TextureTarget::kRect:
    case TextureTarget::kShadow1DArray:
    case TextureTarget::kShadow2D:
    case TextureTarget::kShadowRect:
    case TextureTarget::k1DArray:
    case TextureTarget::k2DMsaa:
      ncoord = 2;
      break;
    default:
      ncoord = 1;
      break;
  }
  const Lanes* c[3] = {nullptr, nullptr, nullptr};
  for (int i = 0; i < ncoord; ++i) c[i] = &ex.Fetch(in, 0, i, m);
  const Lanes* lod = level_zero ? nullptr : &ex.Fetch(in, 0, 3, m);
  ForLanes(m, [&](int l) {
    InFlags f;
    std::array<int32_t, 3> coord = {0, 0, 0};
    for (int i = 0; i < ncoord; ++i) {
      coord[i] = static_cast<int32_t>(c[i]->w[l]);
      f.Add(*c[i], l);
    }
    int32_t level = 0;
    if (lod) {
      level = static_cast<int32_t>(lod->w[l]);
      f.Add(*lod, l);
    }
    const std::array<int32_t, 3> off = Offsets(ex, in, l, f);
    const SampleOutput o = common::FetchTexel(unit, target, coord, level, off);
    PutResult(ex, l, o, f, unit_flag, swz);
  });
}

void OpTxf(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  Reason flag = Reason::kNone;
  const uint32_t unit = ResolveUnit(ex, in, 1, flag);
  RunFetch(ex, in, in.target, unit, flag, in.op == Opcode::TXF_LZ, kIdentity);
  ex.Store(in, 0);
}

void OpSampleI(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  Reason flag = Reason::kNone;
  const uint32_t unit = ResolveUnit(ex, in, 1, flag);
  const TextureTarget target =
      unit < ex.prog.sview_target.size() ? ex.prog.sview_target[unit] : TextureTarget::kUnknown;
  RunFetch(ex, in, target, unit, flag, false, in.src[1].swz);
  ex.Store(in, 0);
}

// TXQ / TXQ_LZ / SVIEWINFO: lod = src0.x (per lane).
void RunQuery(Exec& ex, const DInst& in, TextureTarget target, int unit_src, bool lod_zero) {
  const LaneMask m = ex.exec;
  Reason flag = Reason::kNone;
  const uint32_t unit_index = ResolveUnit(ex, in, unit_src, flag);
  if (in.op == Opcode::SVIEWINFO) {
    target = unit_index < ex.prog.sview_target.size() ? ex.prog.sview_target[unit_index]
                                                      : TextureTarget::kUnknown;
  }
  const TextureUnit unit = UnitFor(ex, unit_index);
  const Lanes* lod = lod_zero ? nullptr : &ex.Fetch(in, 0, 0, m);
  ForLanes(m, [&](int l) {
    InFlags f;
    int32_t level = 0;
    if (lod) {
      level = static_cast<int32_t>(lod->w[l]);
      f.Add(*lod, l);
    }
    const SampleOutput o = common::QuerySize(unit, target, level);
    PutResult(ex, l, o, f, flag, kIdentity);
  });
}

void OpTxq(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  RunQuery(ex, in, in.target, in.op == Opcode::SVIEWINFO ? 1 : (in.op == Opcode::TXQ_LZ ? 0 : 1),
           in.op == Opcode::TXQ_LZ);
  ex.Store(in, 0);
}

// TXQS: x = number of samples (the model is single-sample), y/z/w undefined.
void OpTxqs(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  ForLanes(ex.exec, [&](int l) {
    ex.Result(0, 0).Set(l, Val::Exact(1u));
    for (int c = 1; c < 4; ++c) ex.Result(0, c).Set(l, Val::Any(0u, Reason::kTextureUndefined));
  });
  ex.Store(in, 0);
}

// LODQ (TEX family) / LOD (SAMPLE family): y = lambda from the quad's
// coordinate differences, x = the LOD the selection would use. Always
// inexact (implementations approximate the LOD); LOD's z/w are 0.
void RunLod(Exec& ex, const DInst& in, TextureTarget target, uint32_t unit_index, Reason unit_flag,
            const std::array<uint8_t, 4>& swz) {
  const LaneMask m = ex.exec;
  const LaneMask fetch = QuadsOf(ex, ex.Potential());
  const TextureUnit unit = UnitFor(ex, unit_index);
  const int dim = std::min(tgsi::TextureCoordCount(target), 3);
  int spatial = dim;
  bool normalized = true;
  switch (target) {
    case TextureTarget::k1DArray:
    case TextureTarget::kShadow1DArray:
      spatial = 1;
      break;
    case TextureTarget::k2DArray:
    case TextureTarget::kShadow2DArray:
      spatial = 2;
      break;
    case TextureTarget::kRect:
    case TextureTarget::kShadowRect:
      normalized = false;
      break;
    default:
      break;
  }
  const bool cube = target == TextureTarget::kCube || target == TextureTarget::kShadowCube ||
                    target == TextureTarget::kCubeArray || target == TextureTarget::kShadowCubeArray;
  const Lanes* c[3] = {nullptr, nullptr, nullptr};
  for (int i = 0; i < dim; ++i) c[i] = &ex.Fetch(in, 0, i, fetch);
  const uint32_t sizes[3] = {std::max<uint32_t>(1, unit.width), std::max<uint32_t>(1, unit.height),
                             std::max<uint32_t>(1, unit.depth)};
  const bool frag = ex.prog.stage == tgsi::Processor::kFragment;
  ForLanes(m, [&](int l) {
    const int q = l & ~3;
    InFlags f;
    double lx = 0, ly = 0;
    for (int i = 0; i < spatial; ++i) {
      for (int k = 0; k < 3 && q + k < ex.lanes; ++k) f.Add(*c[i], q + k);
      const auto at = [&](int k) {
        return q + k < ex.lanes ? static_cast<double>(F(c[i]->w[q + k])) : 0.0;
      };
      const double scale = normalized ? sizes[i] : 1.0;
      const double dx = (at(1) - at(0)) * scale, dy = (at(2) - at(0)) * scale;
      lx += dx * dx;
      ly += dy * dy;
    }
    const double rho2 = std::max(lx, ly);
    const double lambda = rho2 > 0 ? 0.5 * std::log2(rho2) : -INFINITY;
    const uint32_t levels = Mipmapped(target) ? std::max<uint32_t>(1, unit.levels) : 1;
    double used = 0;
    if (unit.mip_filter != common::MipFilter::kNone && levels > 1 && lambda > 0) {
      used = std::min(lambda, static_cast<double>(levels - 1));
      if (unit.mip_filter == common::MipFilter::kNearest) {
        used = lambda <= 0.5 ? 0 : std::min(std::ceil(lambda + 0.5) - 1, static_cast<double>(levels - 1));
      }
    }
    Reason own = unit_flag;
    if (own == Reason::kNone) own = frag ? QuadReason(ex, l) : Reason::kDerivativeNonFragment;
    if (own == Reason::kNone && (cube || std::isnan(lambda))) own = Reason::kTextureUndefined;
    const Word vals[2] = {W(static_cast<float>(used)), W(static_cast<float>(lambda))};
    for (int ch = 0; ch < 4; ++ch) {
      const int k = in.op == Opcode::LOD ? swz[ch] : ch;
      Val v;
      if (k >= 2) {
        v = Val{0u, f.u};  // LOD: z, w are 0
      } else if (f.u != Reason::kNone || own != Reason::kNone) {
        v = Val::Any(vals[k], f.u != Reason::kNone ? f.u : own);
      } else if (f.x != Reason::kNone) {
        v = Val::Any(vals[k], Reason::kInexactCoordinate);
      } else {
        v = WithTolerance(vals[k], Reason::kLodQuery, precision::kLodQuery);
      }
      ex.Result(0, ch).Set(l, v);
    }
  });
}

void OpLodq(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  Reason flag = Reason::kNone;
  const uint32_t unit = ResolveUnit(ex, in, 1, flag);
  RunLod(ex, in, in.target, unit, flag, kIdentity);
  // LODQ writes x and y only.
  ex.Store(in, 0, 0x3);
}

void OpLod(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  Reason flag = Reason::kNone;
  const uint32_t unit = ResolveUnit(ex, in, 1, flag);
  const TextureTarget target =
      unit < ex.prog.sview_target.size() ? ex.prog.sview_target[unit] : TextureTarget::kUnknown;
  RunLod(ex, in, target, unit, flag, in.src[1].swz);
  ex.Store(in, 0);
}

}  // namespace

void RegisterTextureOps(HandlerTable& t) {
  for (Opcode op : {Opcode::TEX, Opcode::TXP, Opcode::TXB, Opcode::TXL, Opcode::TXD, Opcode::TEX2,
                    Opcode::TXB2, Opcode::TXL2, Opcode::TEX_LZ, Opcode::TG4}) {
    t.Set(op, OpTexFamily);
  }
  for (Opcode op : {Opcode::SAMPLE, Opcode::SAMPLE_B, Opcode::SAMPLE_C, Opcode::SAMPLE_C_LZ,
                    Opcode::SAMPLE_D, Opcode::SAMPLE_L}) {
    t.Set(op, OpSampleFamily);
  }
  t.Set(Opcode::TXF, OpTxf);
  t.Set(Opcode::TXF_LZ, OpTxf);
  t.Set(Opcode::SAMPLE_I, OpSampleI);
  t.Set(Opcode::TXQ, OpTxq);
  t.Set(Opcode::TXQ_LZ, OpTxq);
  t.Set(Opcode::SVIEWINFO, OpTxq);
  t.Set(Opcode::TXQS, OpTxqs);
  t.Set(Opcode::LODQ, OpLodq);
  t.Set(Opcode::LOD, OpLod);
}

}  // namespace shaderdiff::tgsi_exec
