// Halves of movable ALU/OUT instructions and their pairing (halves.h).
#include "compiler/targets/r500/opt/halves.h"

#include "compiler/targets/r500/opt/access.h"
#include "emulator/r500/isa/operand_fields.h"

namespace shaderdiff::r500opt {
namespace {

using r500::Field;
using r500::Instr;
using r500::InstrType;

using namespace r500::operand_fields;  // kRgbAddr[n], kRgbSwz[k][c], ... (isa/operand_fields.h)

constexpr uint32_t kRgbMax = 5, kAlphaMax = 3, kOmodDisable = 7;

Address AddressOf(const Instr& in, Field addr, Field cnst) {
  const uint32_t a = in.Get(addr);
  if (in.Get(cnst)) return {Address::Kind::kConst, a};
  if (a & 0x80) return {Address::Kind::kInline, a};
  return {Address::Kind::kTemp, a};
}

// Reads operand k of one half from `in`; `lanes` RGB lanes are live (Alpha: 1).
HalfOperand ReadOperand(const Instr& in, bool rgb, int k, uint32_t lanes) {
  HalfOperand o;
  const uint32_t sel = in.Get(rgb ? kRgbSel[k] : kAlphaSel[k]);
  o.mod = static_cast<uint8_t>(in.Get(rgb ? kRgbMod[k] : kAlphaMod[k]));
  for (int l = 0; l < (rgb ? 3 : 1); ++l) {
    if (!(lanes >> l & 1)) continue;
    const uint8_t s = static_cast<uint8_t>(in.Get(rgb ? kRgbSwz[k][l] : kAlphaSwz[k]));
    o.swz[l] = s;
    if (s < 3) o.rgb = AddressOf(in, kRgbAddr[sel], kRgbConst[sel]);
    if (s == 3) o.alpha = AddressOf(in, kAlphaAddr[sel], kAlphaConst[sel]);
  }
  return o;
}

struct SlotTable {
  std::array<Address, 3> rgb{}, alpha{};
  int used = 0;  // slots 0..used-1 are selected by some operand

  // The slot an operand with these needs can select, claiming addresses; -1 if none fits.
  int Place(const HalfOperand& o) {
    auto fits = [&](int s) {
      return (o.rgb.kind == Address::Kind::kNone || rgb[s].kind == Address::Kind::kNone || rgb[s] == o.rgb) &&
             (o.alpha.kind == Address::Kind::kNone || alpha[s].kind == Address::Kind::kNone || alpha[s] == o.alpha);
    };
    auto shares = [&](int s) {  // reuses an address already there
      return (o.rgb.kind != Address::Kind::kNone && rgb[s] == o.rgb) || (o.alpha.kind != Address::Kind::kNone && alpha[s] == o.alpha);
    };
    int best = -1;
    for (int s = 0; s < used && best < 0; ++s)
      if (fits(s) && shares(s)) best = s;
    for (int s = 0; s < used && best < 0; ++s)
      if (fits(s)) best = s;
    if (best < 0 && used < 3) best = used++;
    if (best < 0) return -1;
    if (o.rgb.kind != Address::Kind::kNone) rgb[best] = o.rgb;
    if (o.alpha.kind != Address::Kind::kNone) alpha[best] = o.alpha;
    return best;
  }
};

bool NeedsNothing(const HalfOperand& o) { return o.rgb.kind == Address::Kind::kNone && o.alpha.kind == Address::Kind::kNone; }

void SetAddress(Instr& in, Field addr, Field cnst, const Address& a) {
  switch (a.kind) {
    case Address::Kind::kTemp: in.Set(addr, a.index); break;
    case Address::Kind::kInline: in.Set(addr, a.index); break;
    case Address::Kind::kConst: in.Set(addr, a.index); in.Set(cnst, 1); break;
    case Address::Kind::kNone: in.Set(addr, 0); in.Set(cnst, 1); break;  // c0: never a TEX hazard
  }
}

}  // namespace

std::optional<Half> ExtractHalf(const Instr& in) {
  Half h;
  h.out = in.type() == InstrType::kOut;
  if (RgbLive(in)) {
    h.rgb = true;
    h.op = in.Get(Field::kRgbOp);
    h.omod = in.Get(Field::kRgbOmod);
    h.clamp = in.Get(Field::kRgbClamp);
    h.dest = in.Get(Field::kRgbDest);
    h.wmask = in.Get(Field::kRgbWmask);
    if (h.out) {
      h.omask = in.Get(Field::kRgbOmask);
      h.target = in.Get(Field::kRgbTarget);
    }
    const uint8_t used = RgbOperandsUsed(h.op);
    for (int k = 0; k < 3; ++k)
      if (used >> k & 1) h.operand[k] = ReadOperand(in, true, k, h.wmask | h.omask);
    return h;
  }
  if (AlphaLive(in)) {
    h.rgb = false;
    h.op = in.Get(Field::kAlphaOp);
    h.omod = in.Get(Field::kAlphaOmod);
    h.clamp = in.Get(Field::kAlphaClamp);
    h.dest = in.Get(Field::kAlphaDest);
    h.wmask = in.Get(Field::kAlphaWmask);
    if (h.out) {
      h.omask = in.Get(Field::kAlphaOmask);
      h.target = in.Get(Field::kAlphaTarget);
      h.womask = in.Get(Field::kWOmask);
    }
    const uint8_t used = AlphaOperandsUsed(h.op);
    for (int k = 0; k < 3; ++k)
      if (used >> k & 1) h.operand[k] = ReadOperand(in, false, k, 1);
    return h;
  }
  return std::nullopt;
}

std::optional<Instr> Pair(const Half* rgb, const Half* alpha) {
  if (rgb == nullptr && alpha == nullptr) return std::nullopt;
  const bool out = (rgb != nullptr && rgb->out) || (alpha != nullptr && alpha->out);
  if (rgb != nullptr && alpha != nullptr && rgb->out != alpha->out) return std::nullopt;  // A.13 item 7, Mesa's rule
  Instr in = r500::EmptyInstr(out ? InstrType::kOut : InstrType::kAlu);
  SlotTable slots;
  std::array<int, 3> rgb_sel{-1, -1, -1}, alpha_sel{-1, -1, -1};
  // Operands that need both addresses of one slot first, then the others.
  for (int pass = 0; pass < 2; ++pass) {
    for (int unit = 0; unit < 2; ++unit) {
      const Half* h = unit == 0 ? rgb : alpha;
      if (h == nullptr) continue;
      for (int k = 0; k < 3; ++k) {
        const HalfOperand& o = h->operand[k];
        const bool both = o.rgb.kind != Address::Kind::kNone && o.alpha.kind != Address::Kind::kNone;
        if (NeedsNothing(o) || both != (pass == 0)) continue;
        const int s = slots.Place(o);
        if (s < 0) return std::nullopt;
        (unit == 0 ? rgb_sel : alpha_sel)[k] = s;
      }
    }
  }
  if (slots.used == 0) slots.used = 1;  // operands of inline swizzles only: select slot 0 (c0)
  for (int s = 0; s < 3; ++s) {
    if (s >= slots.used) continue;  // never selected, never fetched: left zero
    SetAddress(in, kRgbAddr[s], kRgbConst[s], slots.rgb[s]);
    SetAddress(in, kAlphaAddr[s], kAlphaConst[s], slots.alpha[s]);
  }
  if (rgb != nullptr) {
    for (int k = 0; k < 3; ++k) {
      in.Set(kRgbSel[k], static_cast<uint32_t>(rgb_sel[k] < 0 ? 0 : rgb_sel[k]));
      in.Set(kRgbMod[k], rgb->operand[k].mod);
      for (int l = 0; l < 3; ++l) in.Set(kRgbSwz[k][l], rgb->operand[k].swz[l]);
    }
    in.Set(Field::kRgbOp, rgb->op);
    in.Set(Field::kRgbOmod, rgb->omod);
    in.Set(Field::kRgbClamp, rgb->clamp);
    in.Set(Field::kRgbDest, rgb->wmask ? rgb->dest : 0);
    in.Set(Field::kRgbWmask, rgb->wmask);
    in.Set(Field::kRgbOmask, rgb->omask);
    in.Set(Field::kRgbTarget, rgb->target);
  } else {
    for (int k = 0; k < 3; ++k)
      for (int l = 0; l < 3; ++l) in.Set(kRgbSwz[k][l], 4);  // MAD of zeros, written nowhere
  }
  if (alpha != nullptr) {
    for (int k = 0; k < 3; ++k) {
      in.Set(kAlphaSel[k], static_cast<uint32_t>(alpha_sel[k] < 0 ? 0 : alpha_sel[k]));
      in.Set(kAlphaMod[k], alpha->operand[k].mod);
      in.Set(kAlphaSwz[k], alpha->operand[k].swz[0]);
    }
    in.Set(Field::kAlphaOp, alpha->op);
    in.Set(Field::kAlphaOmod, alpha->omod);
    in.Set(Field::kAlphaClamp, alpha->clamp);
    in.Set(Field::kAlphaDest, alpha->wmask ? alpha->dest : 0);
    in.Set(Field::kAlphaWmask, alpha->wmask);
    in.Set(Field::kAlphaOmask, alpha->omask);
    in.Set(Field::kAlphaTarget, alpha->target);
    in.Set(Field::kWOmask, alpha->womask);
  } else {
    for (int k = 0; k < 3; ++k) in.Set(kAlphaSwz[k], 4);
  }
  return in;
}

std::optional<Copy> AsCopy(const Instr& in) {
  if (in.type() != InstrType::kAlu || Classify(in) != Kind::kAlu || (RgbLive(in) && AlphaLive(in))) return std::nullopt;
  const std::optional<Half> h = ExtractHalf(in);
  if (!h || h->op != (h->rgb ? kRgbMax : kAlphaMax) || h->omod != kOmodDisable || h->clamp || h->wmask == 0)
    return std::nullopt;
  const HalfOperand& a = h->operand[0];
  if (a.mod != 0 || a.rgb != h->operand[1].rgb || a.alpha != h->operand[1].alpha || a.swz != h->operand[1].swz ||
      h->operand[1].mod != 0)
    return std::nullopt;
  Copy c;
  c.rgb = h->rgb;
  c.to = static_cast<int>(h->dest);
  if (h->rgb) {
    if (a.rgb.kind != Address::Kind::kTemp || a.alpha.kind != Address::Kind::kNone) return std::nullopt;
    bool identity = true, one_channel = true;
    int lane = -1;
    for (int l = 0; l < 3; ++l) {
      if (!(h->wmask >> l & 1)) continue;
      identity = identity && a.swz[l] == l;
      if (lane < 0) lane = a.swz[l];
      one_channel = one_channel && a.swz[l] == lane && a.swz[l] < 3;
    }
    if (!identity && !one_channel) return std::nullopt;
    c.from = static_cast<int>(a.rgb.index);
    c.mask = static_cast<uint8_t>(h->wmask);
    if (!identity) c.lane = lane;
  } else {
    if (a.alpha.kind != Address::Kind::kTemp || a.swz[0] != 3) return std::nullopt;
    c.from = static_cast<int>(a.alpha.index);
    c.mask = 8;
  }
  return c;
}


}  // namespace shaderdiff::r500opt
