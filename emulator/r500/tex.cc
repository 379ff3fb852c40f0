// TEX instructions (A.10, A.11): LD/PROJ/LODBIAS/LOD/DXDY sample the bound
// unit through emulator/common's texture model for the whole quad (implicit
// LOD from the quad), TEXKILL kills with R500's -0 rule, NOP only touches the
// semaphore. Results are asynchronous: they land tex_latency cycles after
// issue (an INVENTED number, Params) and stay "un-waited" until a WAIT on a
// semaphore acquired at or after them; reading them before is a hazard.
#include <string>

#include "emulator/r500/machine.h"

namespace shaderdiff::r500 {
namespace {

using common::AsFloat;
using F = Field;

// R500 KIL: a component < 0, or -0.0, kills (A.10; NaN does not).
bool KillComponent(common::Word w) { return w == 0x80000000u || AsFloat(w) < 0.0f; }

}  // namespace

void ExecTex(Machine& m, int slot_no, const Instr& in) {
  const uint32_t op = in.Get(F::kTexOp);
  const int src = TempIndex(m, in.Get(F::kTexSrc), in.Get(F::kTexSrcRel));
  if (m.stop) return;
  const uint32_t sw[4] = {in.Get(F::kTexSrcS), in.Get(F::kTexSrcT), in.Get(F::kTexSrcR), in.Get(F::kTexSrcQ)};
  const bool ignore_uncovered = in.Get(F::kTexIgnoreUncovered);
  const uint64_t seq = ++m.tex_seq;
  if (in.Get(F::kTexSemAcquire)) {
    m.sem_held = true;
    m.sem_seq = seq;
  }
  if (op == 0) return;  // NOP: the semaphore only (A.10)

  uint8_t used = 0;
  for (uint32_t c : sw) used |= 1 << c;
  std::array<std::array<common::Word, 4>, kQuadPixels> coord{};
  for (int p = 0; p < kQuadPixels; ++p) {
    common::Vec4 v = m.ReadTemp(slot_no, p, src, op == 2 ? 0xf : used);
    for (int k = 0; k < 4; ++k) coord[p][k] = v[sw[k]];
  }

  if (op == 2) {  // TEXKILL
    for (int p = 0; p < kQuadPixels; ++p) {
      if (!m.px[p].active) continue;
      bool kill = false;
      for (int k = 0; k < 4; ++k) kill = kill || KillComponent(coord[p][k]);
      if (kill) {
        m.out->pixels[p].killed = true;
        m.px[p].active = false;  // flow control never reactivates a killed pixel
      }
    }
    return;
  }

  const uint32_t unit_id = in.Get(F::kTexId);
  const BoundTexture& bt = m.state->textures[unit_id];
  if (!bt.bound) {
    m.Fail("slot " + std::to_string(slot_no) + ": texture unit " + std::to_string(unit_id) + " is not bound");
    return;
  }
  std::array<common::SampleInput, 4> sin{};
  int dx = -1, dy = -1;
  if (op == 6) {
    dx = TempIndex(m, in.Get(F::kTexDx), in.Get(F::kTexDxRel));
    dy = TempIndex(m, in.Get(F::kTexDy), in.Get(F::kTexDyRel));
    if (m.stop) return;
  }
  for (int p = 0; p < kQuadPixels; ++p) {
    common::SampleInput& s = sin[p];
    float q = AsFloat(coord[p][3]);
    for (int k = 0; k < 3; ++k) s.coord[k] = op == 3 ? AsFloat(coord[p][k]) / q : AsFloat(coord[p][k]);
    s.lod_mode = op == 4 ? common::LodMode::kBias : op == 5 ? common::LodMode::kExplicit
               : op == 6 ? common::LodMode::kGradient : common::LodMode::kImplicit;
    s.lod_value = q;
    if (op == 6) {
      common::Vec4 vx = m.ReadTemp(slot_no, p, dx, 0xf), vy = m.ReadTemp(slot_no, p, dy, 0xf);
      const uint32_t xs[3] = {in.Get(F::kTexDxS), in.Get(F::kTexDxT), in.Get(F::kTexDxR)};
      const uint32_t ys[3] = {in.Get(F::kTexDyS), in.Get(F::kTexDyT), in.Get(F::kTexDyR)};
      for (int k = 0; k < 3; ++k) {
        s.ddx[k] = AsFloat(vx[xs[k]]);
        s.ddy[k] = AsFloat(vy[ys[k]]);
      }
    }
  }
  std::array<common::SampleOutput, 4> sout{};
  common::SampleQuad(bt.unit, bt.target, sin, sout);

  const int dst = TempIndex(m, in.Get(F::kTexDst), in.Get(F::kTexDstRel));
  if (m.stop) return;
  const uint32_t ds[4] = {in.Get(F::kTexDstR), in.Get(F::kTexDstG), in.Get(F::kTexDstB), in.Get(F::kTexDstA)};
  // TEX write mask: US_CMN_INST [14:11] (rgb_wmask r,g,b and alpha_wmask a).
  const uint8_t mask = static_cast<uint8_t>(in.Get(F::kRgbWmask) | (in.Get(F::kAlphaWmask) << 3));
  if (mask == 0) return;
  for (int p = 0; p < kQuadPixels; ++p) {
    if (!m.px[p].active && !in.Get(F::kWriteInactive)) continue;
    if (ignore_uncovered && !m.out->pixels[p].covered) continue;
    PendingTex t;
    t.slot = slot_no;
    t.seq = seq;
    t.land_cycle = m.cycle + static_cast<uint64_t>(m.opt->params.tex_latency);
    t.pixel = p;
    t.temp = dst;
    t.mask = mask;
    for (int c = 0; c < 4; ++c) t.value[c] = sout[p].words[ds[c]];
    m.pending.push_back(t);
  }
}

}  // namespace shaderdiff::r500
