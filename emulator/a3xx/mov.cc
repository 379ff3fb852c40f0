// cat1 mov/cov/mova (docs/isa-a3xx.md §2.2): dst = Convert(src, src_type,
// dst_type, round), per (rptN) iteration (the destination advances every
// iteration, a source only with (r)).
//
// Conversion semantics (the emulator's decisions where the doc is silent):
// - Same type: a raw copy of the register width (32 or 16 bits); no NaN
//   canonicalisation, no denormal flushing.
// - Source values: f32/u32/s32 from full registers (32 bits), f16/u16/s16
//   from half registers (16 bits), u8/s8 from the low 8 bits of a half
//   register (zero-/sign-extended). Consts give their word (the low 16 bits
//   for half types), immediates their stored bits.
// - float -> float: f16 -> f32 exact; f32 -> f16 rounds per ROUND: default
//   and (even) to nearest even, (pos_infinity)/(neg_infinity) directed.
// - float -> int: ROUND default truncates toward zero, (even) rounds to
//   nearest even, (pos_infinity) ceil, (neg_infinity) floor; NaN gives 0;
//   out-of-range values saturate to the destination type's range.
// - int -> float: exact value rounded to nearest even (ROUND ignored).
// - int -> int: two's complement wrap to the destination width.
// - 8-bit destinations are stored in a half register zero-extended (u8) or
//   sign-extended (s8) to 16 bits.
// - mova (dst a0.x) and any other write to a0.x keep 16 bits, sign-extended.
#include <array>
#include <cmath>
#include <utility>

#include "emulator/a3xx/convert.h"
#include "emulator/a3xx/half.h"
#include "emulator/a3xx/operands_inline.h"

namespace shaderdiff::a3xx {

namespace {

int TypeBits(Type t) {
  switch (t) {
    case Type::kF32:
    case Type::kU32:
    case Type::kS32: return 32;
    case Type::kU8:
    case Type::kS8: return 8;
    default: return 16;
  }
}

double RoundPerMode(double v, Round r) {
  switch (r) {
    case Round::kDefault: return std::trunc(v);
    case Round::kEven: {
      const double f = std::floor(v);
      const double d = v - f;
      if (d > 0.5 || (d == 0.5 && std::fmod(f, 2.0) != 0)) return f + 1;
      return f;
    }
    case Round::kPosInf: return std::ceil(v);
    case Round::kNegInf: return std::floor(v);
  }
  return std::trunc(v);
}

RoundDir HalfDir(Round r) {
  switch (r) {
    case Round::kPosInf: return RoundDir::kUp;
    case Round::kNegInf: return RoundDir::kDown;
    default: return RoundDir::kNearestEven;
  }
}

// Stores integer `v` (already in range or wrapped) into a `dst`-typed word.
Word StoreInt(int64_t v, Type dst) {
  switch (dst) {
    case Type::kU32:
    case Type::kS32: return static_cast<Word>(static_cast<uint32_t>(v));
    case Type::kU16:
    case Type::kS16: return static_cast<Word>(static_cast<uint16_t>(v));
    case Type::kU8: return static_cast<Word>(static_cast<uint8_t>(v));
    case Type::kS8: return static_cast<Word>(static_cast<uint16_t>(static_cast<int16_t>(static_cast<int8_t>(v))));
    default: return 0;
  }
}

void IntRange(Type t, int64_t* lo, int64_t* hi) {
  switch (t) {
    case Type::kU32: *lo = 0, *hi = 0xffffffffll; break;
    case Type::kS32: *lo = INT32_MIN, *hi = INT32_MAX; break;
    case Type::kU16: *lo = 0, *hi = 0xffff; break;
    case Type::kS16: *lo = INT16_MIN, *hi = INT16_MAX; break;
    case Type::kU8: *lo = 0, *hi = 0xff; break;
    default: *lo = INT8_MIN, *hi = INT8_MAX; break;
  }
}

// The conversion of one value; inline so that ConvertRun's instances,
// whose types are constants, lose the per-type switches.
[[gnu::always_inline]] inline Word ConvertInline(Word v, Type st, Type dt, Round round) {
  if (st == dt) return TypeBits(st) == 32 ? v : (v & 0xffffu);
  // Decode the source.
  double f = 0;
  int64_t i = 0;
  const bool src_float = IsFloatType(st);
  switch (st) {
    case Type::kF32: f = static_cast<double>(F(v)); break;
    case Type::kF16: f = static_cast<double>(HalfToFloat(static_cast<uint16_t>(v))); break;
    case Type::kU32: i = v; break;
    case Type::kS32: i = static_cast<int32_t>(v); break;
    case Type::kU16: i = static_cast<uint16_t>(v); break;
    case Type::kS16: i = static_cast<int16_t>(v); break;
    case Type::kU8: i = static_cast<uint8_t>(v); break;
    case Type::kS8: i = static_cast<int8_t>(v); break;
  }
  if (IsFloatType(dt)) {
    if (st == Type::kF16) return W(HalfToFloat(static_cast<uint16_t>(v)));  // to f32: exact
    if (st == Type::kF32) return FloatToHalf(F(v), HalfDir(round));
    if (dt == Type::kF32) return W(static_cast<float>(static_cast<double>(i)));  // exact, then RNE
    return DoubleToHalf(static_cast<double>(i), RoundDir::kNearestEven);
  }
  if (src_float) {
    if (std::isnan(f)) return 0;
    int64_t lo, hi;
    IntRange(dt, &lo, &hi);
    const double r = RoundPerMode(f, round);
    if (r <= static_cast<double>(lo)) return StoreInt(lo, dt);
    if (r >= static_cast<double>(hi)) return StoreInt(hi, dt);
    return StoreInt(static_cast<int64_t>(r), dt);
  }
  return StoreInt(i, dt);
}

// Lanes 0..n-1 converted from ST to DT: one instance per type pair, picked
// per instruction from kConvertRuns (index src_type * kNumTypes + dst_type).
using ConvertRunFn = void (*)(const Word* src, Word* out, int n, Round round);

template <Type ST, Type DT>
void ConvertRun(const Word* src, Word* out, int n, Round round) {
  for (int l = 0; l < n; ++l) out[l] = ConvertInline(src[l], ST, DT, round);
}

template <size_t... I>
constexpr std::array<ConvertRunFn, sizeof...(I)> ConvertRuns(std::index_sequence<I...>) {
  return {&ConvertRun<static_cast<Type>(I / kNumTypes), static_cast<Type>(I % kNumTypes)>...};
}

constexpr std::array<ConvertRunFn, kNumTypes * kNumTypes> kConvertRuns =
    ConvertRuns(std::make_index_sequence<kNumTypes * kNumTypes>());

}  // namespace

Word ConvertCat1(Word v, Type st, Type dt, Round round) { return ConvertInline(v, st, dt, round); }

namespace {

void ExecMov(Machine& m, const Prepared& p, LaneMask lanes) {
  const Instr& in = p.in;
  for (int k = 0; k <= in.repeat; ++k) {
    const int64_t c = m.slot + k;
    const Word* src = ReadOperand(m, p, 0, k, c, lanes, Dom::kRaw, m.scratch[0]);
    if (in.src_type == in.dst_type && TypeBits(in.src_type) == 32) {
      // A plain 32-bit move: the source words as they are (WriteDst copies
      // them lane by lane, so src may even be the destination's own).
      WriteOperand(m, p, k, c, lanes, src, Dom::kRaw);
      continue;
    }
    Word* out = m.scratch[3];
    if (DenseLanes(lanes)) {  // a full wave: the type pair's counted loop
      kConvertRuns[static_cast<size_t>(in.src_type) * kNumTypes + static_cast<size_t>(in.dst_type)](
          src, out, DenseCount(lanes), in.round);
      WriteOperand(m, p, k, c, lanes, out, Dom::kRaw);
      continue;
    }
    ForLanes(lanes, [&](int l) { out[l] = ConvertCat1(src[l], in.src_type, in.dst_type, in.round); });
    WriteOperand(m, p, k, c, lanes, out, Dom::kRaw);
  }
}

// The plain form of mov (PrepareMov picks it): no (rptN), the same 32-bit
// type on both sides, a full GPR destination resolved in Prepare: the source
// words as ExecMov reads them, written as ExecMov writes them, without its
// repeat loop and type tests.
void ExecMovPlain(Machine& m, const Prepared& p, LaneMask lanes) {
  const int64_t c = m.slot;
  const Word* src = ReadOperand(m, p, 0, 0, c, lanes, Dom::kRaw, m.scratch[0]);
  WriteReg(m, p.dst_form.idx, c, lanes, src, Dom::kRaw);
}

}  // namespace

bool PrepareMov(Prepared& p, std::string* why) {
  if (p.in.opcode != Opcode::MOV) {
    *why = "opcode " + std::string(OpcodeName(p.in.opcode)) + " is not modelled";
    return false;
  }
  const bool plain = p.in.repeat == 0 && p.in.src_type == p.in.dst_type && TypeBits(p.in.src_type) == 32 &&
                     FullGprDst(p.dst_form);
  p.exec = plain ? ExecMovPlain : ExecMov;
  return true;
}

}  // namespace shaderdiff::a3xx
