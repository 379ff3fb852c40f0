// Read and write channel sets of R500 instructions (access.h).
#include "compiler/targets/r500/opt/access.h"

#include "emulator/r500/isa/alu_reads.h"
#include "emulator/r500/isa/operand_fields.h"

namespace shaderdiff::r500opt {
namespace {

using r500::Field;
using r500::Instr;
using r500::InstrType;

using namespace r500::operand_fields;  // kRgbAddr[n], kRgbSwz[k][c], ... (isa/operand_fields.h)

// The temporary a slot address names, or -1 (constant, inline constant).
int SlotTemp(const Instr& in, Field addr, Field cnst) {
  const uint32_t a = in.Get(addr);
  if (in.Get(cnst) || (a & 0x80)) return -1;
  return static_cast<int>(a);
}

// Adds what operand `k` of one half reads on swizzle codes `swz`.
void AddOperand(const Instr& in, uint32_t sel, const uint32_t* swz, int lanes, Channels& set) {
  if (sel > 2) return;  // srcp: instructions with presubtract are barriers; Fetches covers them
  for (int l = 0; l < lanes; ++l) {
    if (swz[l] > 3) continue;
    const int t = swz[l] == 3 ? SlotTemp(in, kAlphaAddr[sel], kAlphaConst[sel]) : SlotTemp(in, kRgbAddr[sel], kRgbConst[sel]);
    if (t >= 0) AddChannels(set, t, static_cast<uint8_t>(1u << swz[l]));
  }
}

bool IsLookup(uint32_t tex_op) { return tex_op == 1 || (tex_op >= 3 && tex_op <= 6); }

}  // namespace

void AddChannels(Channels& set, int temp, uint8_t mask) {
  for (int c = 0; c < 4; ++c)
    if (mask >> c & 1) set.set(static_cast<size_t>(4 * temp + c));
}

uint8_t ChannelsOf(const Channels& set, int temp) {
  uint8_t m = 0;
  for (int c = 0; c < 4; ++c)
    if (set.test(static_cast<size_t>(4 * temp + c))) m |= static_cast<uint8_t>(1u << c);
  return m;
}

uint8_t RgbOperandsUsed(uint32_t rgb_op) {
  switch (rgb_op) {
    case 4: case 5: return 3;  // min, max
    case 9: return 1;          // frc
    default: return 7;         // mad, cmp, cnd, dot products, mdh/mdv
  }
}

uint8_t AlphaOperandsUsed(uint32_t alpha_op) {
  switch (alpha_op) {
    case 0: case 5: case 6: case 14: case 15: return 7;  // mad, cnd, cmp, mdh, mdv
    case 2: case 3: return 3;                            // min, max
    case 1: return 0;                                    // dp copies the RGB unit's result
    default: return 1;                                   // frc and the transcendentals
  }
}

bool RgbLive(const Instr& in) {
  return in.Get(Field::kRgbWmask) != 0 || (in.type() == InstrType::kOut && in.Get(Field::kRgbOmask) != 0);
}

bool AlphaLive(const Instr& in) {
  return in.Get(Field::kAlphaWmask) != 0 ||
         (in.type() == InstrType::kOut && (in.Get(Field::kAlphaOmask) != 0 || in.Get(Field::kWOmask) != 0));
}

bool UsesRelative(const Instr& in) {
  for (Field f : {Field::kRgbRel0, Field::kRgbRel1, Field::kRgbRel2, Field::kAlphaRel0, Field::kAlphaRel1,
                  Field::kAlphaRel2, Field::kRgbDestRel, Field::kAlphaDestRel, Field::kTexSrcRel, Field::kTexDstRel,
                  Field::kTexDxRel, Field::kTexDyRel})
    if (r500::Info(f).In(in.type()) && in.Get(f)) return true;
  return false;
}

Kind Classify(const Instr& in) {
  const InstrType t = in.type();
  if (UsesRelative(in)) return Kind::kBarrier;
  if (t == InstrType::kTex) return IsLookup(in.Get(Field::kTexOp)) && !in.Get(Field::kWriteInactive) ? Kind::kTex : Kind::kBarrier;
  if (t == InstrType::kFc) return Kind::kBarrier;
  if (in.Get(Field::kAluWmask) || in.Get(Field::kStatWe) || in.Get(Field::kRgbPredSel) || in.Get(Field::kAlphaPredSel) ||
      in.Get(Field::kWriteInactive))
    return Kind::kBarrier;
  const uint32_t rgb_op = in.Get(Field::kRgbOp), alpha_op = in.Get(Field::kAlphaOp);
  if ((rgb_op >= 1 && rgb_op <= 3) || rgb_op >= 10 || alpha_op == 1 || alpha_op >= 14) return Kind::kBarrier;
  for (Field sel : {Field::kRgbSelA, Field::kRgbSelB, Field::kRgbSelC, Field::kAlphaSelA, Field::kAlphaSelB, Field::kAlphaSelC})
    if (in.Get(sel) == 3) return Kind::kBarrier;  // presubtract
  if (RgbLive(in) && AlphaLive(in)) return Kind::kBarrier;
  return Kind::kAlu;
}

Channels Uses(const Instr& in) {
  Channels set;
  const InstrType t = in.type();
  if (t == InstrType::kFc) return set;
  if (t == InstrType::kTex) return Fetches(in);
  if (Classify(in) == Kind::kBarrier) return Fetches(in);
  if (RgbLive(in)) {
    const uint32_t lanes_mask = in.Get(Field::kRgbWmask) | (t == InstrType::kOut ? in.Get(Field::kRgbOmask) : 0);
    const uint8_t used = RgbOperandsUsed(in.Get(Field::kRgbOp));
    for (int k = 0; k < 3; ++k) {
      if (!(used >> k & 1)) continue;
      uint32_t swz[3];
      for (int l = 0; l < 3; ++l) swz[l] = (lanes_mask >> l & 1) ? in.Get(kRgbSwz[k][l]) : 4;
      AddOperand(in, in.Get(kRgbSel[k]), swz, 3, set);
    }
  }
  if (AlphaLive(in)) {
    const uint8_t used = AlphaOperandsUsed(in.Get(Field::kAlphaOp));
    for (int k = 0; k < 3; ++k) {
      if (!(used >> k & 1)) continue;
      const uint32_t swz = in.Get(kAlphaSwz[k]);
      AddOperand(in, in.Get(kAlphaSel[k]), &swz, 1, set);
    }
  }
  return set;
}

Channels Fetches(const Instr& in) {
  Channels set;
  const InstrType t = in.type();
  if (t == InstrType::kFc) return set;
  if (t == InstrType::kTex) {
    const uint32_t op = in.Get(Field::kTexOp);
    if (op == 0) return set;
    uint8_t used = 0;
    for (Field f : {Field::kTexSrcS, Field::kTexSrcT, Field::kTexSrcR, Field::kTexSrcQ}) used |= static_cast<uint8_t>(1u << in.Get(f));
    AddChannels(set, static_cast<int>(in.Get(Field::kTexSrc)), op == 2 ? 0xf : used);
    if (op == 6) {
      AddChannels(set, static_cast<int>(in.Get(Field::kTexDx)), 0xf);
      AddChannels(set, static_cast<int>(in.Get(Field::kTexDy)), 0xf);
    }
    return set;
  }
  const std::array<bool, 3> slot = r500::FetchedSlots(in);  // the emulator's own rule
  for (int n = 0; n < 3; ++n) {
    if (!slot[n]) continue;
    const int rt = SlotTemp(in, kRgbAddr[n], kRgbConst[n]), at = SlotTemp(in, kAlphaAddr[n], kAlphaConst[n]);
    if (rt >= 0) AddChannels(set, rt, 7);
    if (at >= 0) AddChannels(set, at, 8);
  }
  return set;
}

Channels Writes(const Instr& in) {
  Channels set;
  const InstrType t = in.type();
  if (t == InstrType::kFc) return set;
  if (t == InstrType::kTex) {
    if (IsLookup(in.Get(Field::kTexOp)))
      AddChannels(set, static_cast<int>(in.Get(Field::kTexDst)),
                  static_cast<uint8_t>(in.Get(Field::kRgbWmask) | (in.Get(Field::kAlphaWmask) << 3)));
    return set;
  }
  if (in.Get(Field::kRgbWmask)) AddChannels(set, static_cast<int>(in.Get(Field::kRgbDest)), static_cast<uint8_t>(in.Get(Field::kRgbWmask)));
  if (in.Get(Field::kAlphaWmask)) AddChannels(set, static_cast<int>(in.Get(Field::kAlphaDest)), 8);
  return set;
}

}  // namespace shaderdiff::r500opt
