// cat3 three-source ALU opcodes (docs/isa-a3xx.md §2.4). Sources as in
// cat2 (alu.cc): half opcodes widen their 16-bit sources and truncate the
// result. src3 of mad.*/madsh.* is read Timing::mad_src3_read slots after
// the iteration issues (§4.2), so it may be produced later than src1/src2.
//
//   mad.f32 / mad.f16  (a * b) + c, unfused: two roundings (binary32; the
//                      f16 form computes in binary32 and rounds the result
//                      to binary16, so its product is exact and the sum is
//                      rounded twice); (neg) on any source; a NaN result
//                      per float_nan.h (the first NaN of c, b, a)
//   mad.u16 / mad.s16  a * b + c on 16 bits
//   madsh.m16          ((a >> 16) * (b & 0xffff) << 16) + c (32-bit wrap)
//   mad.u24 / mad.s24  low 24 bits of a and b (zero- / sign-extended)
//                      multiplied, plus c, low 32 bits
//   sel.b32 / sel.b16  src2 != 0 ? src1 : src3 (raw bits)
// madsh.u16, sel.s*, sel.f* and sad.* have no agreed semantics and are
// reported unsupported.
#include "emulator/a3xx/alu_common.h"
#include "emulator/a3xx/float_nan.h"
#include "emulator/a3xx/int_lanes.h"

namespace shaderdiff::a3xx {

namespace {

template <Dom D, ModKind M = ModKind::kNone>
struct Op3 {
  static constexpr Dom kDom = D;
  static constexpr ModKind kMod = M;
};

struct MadF : Op3<Dom::kFloat, ModKind::kFloat> {
  static float Eval(float a, float b, float c) { return MadPinned(a, b, c); }
  // Without a NaN: the same two roundings (c + b * a, no contraction).
  static F4 Eval4(F4 a, F4 b, F4 c) { return c + b * a; }
};
struct Mad16 : Op3<Dom::kUnsigned> {
  static Word Eval(Word a, Word b, Word c) { return a * b + c; }
};
struct MadshM16 : Op3<Dom::kUnsigned> {
  static Word Eval(Word a, Word b, Word c) { return (((a >> 16) * (b & 0xffffu)) << 16) + c; }
};
struct MadU24 : Op3<Dom::kUnsigned> {
  static Word Eval(Word a, Word b, Word c) { return (a & 0xffffffu) * (b & 0xffffffu) + c; }
};
struct MadS24 : Op3<Dom::kSigned> {
  static Word Eval(Word a, Word b, Word c) {
    const int64_t x = static_cast<int32_t>(a << 8) >> 8, y = static_cast<int32_t>(b << 8) >> 8;
    return static_cast<Word>(static_cast<uint64_t>(x * y)) + c;
  }
};
struct Sel : Op3<Dom::kRaw> {
  static Word Eval(Word a, Word b, Word c) { return b != 0 ? a : c; }
};

template <class K>
void ExecCat3(Machine& m, const Prepared& p, LaneMask lanes) {
  const Instr& in = p.in;
  const bool ftz = m.opt.denormals == common::DenormalMode::kFlushToZero;
  const bool sat = in.has_flag(kFlagSat);
  const bool half = in.src[1].half;  // src2 is always a GPR of the opcode's precision
  const std::array<SrcMod, 3> mods = {MakeMod(in.src[0], K::kMod), MakeMod(in.src[1], K::kMod),
                                      MakeMod(in.src[2], K::kMod)};
  const bool dense = !ftz && DenseLanes(lanes);  // DenseFloatLanes applies
  const int src3_late = p.mad_src3 ? m.t.mad_src3_read : 0;
  for (int k = 0; k <= in.repeat; ++k) {
    const int64_t c = m.slot + k;
    const Word* a = ReadOperand(m, p, 0, k, c, lanes, K::kDom, m.scratch[0]);
    const Word* b = ReadOperand(m, p, 1, k, c, lanes, K::kDom, m.scratch[1]);
    const Word* d = ReadOperand(m, p, 2, k, c + src3_late, lanes, K::kDom, m.scratch[2]);
    Word* out = m.scratch[3];
    if constexpr (K::kDom == Dom::kFloat) {
      if (dense) {
        DenseFloatLanes<3>(DenseCount(lanes), sat, {a, b, d}, mods, out,
                           [](float x, float y, float z) { return K::Eval(x, y, z); },
                           [](F4 x, F4 y, F4 z) { return K::Eval4(x, y, z); });
        WriteOperand(m, p, k, c, lanes, out, K::kDom);
        continue;
      }
    }
    if constexpr (K::kDom != Dom::kFloat) {
      if (DenseLanes(lanes)) {  // a full wave: int_lanes.h
        DenseIntLanes<3>(DenseCount(lanes), {a, b, d}, mods, half, K::kDom, out,
                         [](Word x, Word y, Word z) { return K::Eval(x, y, z); });
        WriteOperand(m, p, k, c, lanes, out, K::kDom);
        continue;
      }
    }
    ForLanes(lanes, [&](int l) {
      if constexpr (K::kDom == Dom::kFloat) {
        const float r = K::Eval(InFloat(a[l], mods[0], ftz), InFloat(b[l], mods[1], ftz), InFloat(d[l], mods[2], ftz));
        out[l] = OutFloat(r, sat, ftz);
      } else {
        out[l] = K::Eval(InInt(a[l], mods[0], half, K::kDom), InInt(b[l], mods[1], half, K::kDom),
                         InInt(d[l], mods[2], half, K::kDom));
      }
    });
    WriteOperand(m, p, k, c, lanes, out, K::kDom);
  }
}

// The plain form of an integer cat3 op (Cat3Form picks it in Prepare): no
// (rptN), the three sources and the destination resolved and of full
// precision, no source modifier that changes a value. A full wave runs the
// kernel on the operands as read; any other lane mask takes ExecCat3, which
// computes the same for this form (the same reads, hazards and write, in the
// same order).
template <class K>
void ExecCat3Plain(Machine& m, const Prepared& p, LaneMask lanes) {
  if (!DenseLanes(lanes)) {
    ExecCat3<K>(m, p, lanes);
    return;
  }
  const int64_t c = m.slot;
  const int src3_late = p.mad_src3 ? m.t.mad_src3_read : 0;
  const Word* a = ReadOperand(m, p, 0, 0, c, lanes, K::kDom, m.scratch[0]);
  const Word* b = ReadOperand(m, p, 1, 0, c, lanes, K::kDom, m.scratch[1]);
  const Word* d = ReadOperand(m, p, 2, 0, c + src3_late, lanes, K::kDom, m.scratch[2]);
  Word* out = m.scratch[3];
  constexpr std::array<SrcMod, 3> kPlain{};
  DenseIntLanes<3>(DenseCount(lanes), {a, b, d}, kPlain, false, K::kDom, out,
                   [](Word x, Word y, Word z) { return K::Eval(x, y, z); });
  WriteReg(m, p.dst_form.idx, c, lanes, out, K::kDom);
}

// ExecCat3Plain<K> for an integer op in the plain form, else ExecCat3<K>.
template <class K>
ExecFn Cat3Form(const Prepared& p) {
  if constexpr (K::kDom != Dom::kFloat) {
    bool plain = p.in.repeat == 0 && FullGprDst(p.dst_form);
    for (int s = 0; s < 3; ++s) {
      plain = plain && FullResolved(p.src_form[s]) && IdentityMod(MakeMod(p.in.src[s], K::kMod));
    }
    if (plain) return ExecCat3Plain<K>;
  }
  return ExecCat3<K>;
}

}  // namespace

bool PrepareAlu3(Prepared& p, std::string* why) {
  switch (p.in.opcode) {
    case Opcode::MAD_F32:
    case Opcode::MAD_F16: p.exec = Cat3Form<MadF>(p); break;
    case Opcode::MAD_U16:
    case Opcode::MAD_S16: p.exec = Cat3Form<Mad16>(p); break;
    case Opcode::MADSH_M16: p.exec = Cat3Form<MadshM16>(p); break;
    case Opcode::MAD_U24: p.exec = Cat3Form<MadU24>(p); break;
    case Opcode::MAD_S24: p.exec = Cat3Form<MadS24>(p); break;
    case Opcode::SEL_B32:
    case Opcode::SEL_B16: p.exec = Cat3Form<Sel>(p); break;
    default:
      *why = "opcode " + std::string(OpcodeName(p.in.opcode)) + " has no documented semantics (not modelled)";
      return false;
  }
  switch (p.in.opcode) {
    case Opcode::MAD_U16:
    case Opcode::MADSH_U16:
    case Opcode::MAD_S16:
    case Opcode::MADSH_M16:
    case Opcode::MAD_U24:
    case Opcode::MAD_S24:
    case Opcode::MAD_F16:
    case Opcode::MAD_F32: p.mad_src3 = true; break;
    default: break;
  }
  return true;
}

}  // namespace shaderdiff::a3xx
