// The generator's statements on resources (generator_internal.h): relative
// addressing (ARL/UARL into ADDR[0].x, then CONST[0][ADDR[0].x+k] or the
// TEMP array TEMP[ADDR[0].x+k](1)), texture sampling and KILL.
//
// What keeps them defined (tgsi.md section 5):
// - 5.3: every indirect index stays inside its declared range for every
//   value the address may hold (LoadAddress gives that range, OffsetInto
//   picks the offset), and an indirect *destination* uses a uniform address
//   (an immediate, or a CONST masked by AND), never a per-lane one;
// - 5.16: ARL reads only exact floats, whose floor is a small integer;
// - 5.21: coordinates and LODs are exact floats; the sampled value is a set
//   (filtering, formats), so it is only copied and stored, like a
//   transcendental's result;
// - 5.22: implicit derivatives (TEX) only in fragment shaders, outside any
//   IF or loop and before any KILL; elsewhere TXL with an explicit LOD;
// - KILL_IF reads exact floats only, never a zero of open sign (NaN and -0
//   are 5.5's and 5.6's business), and KILL is
//   only emitted under flow control (depth > 0: inside an IF, or in a loop
//   body, where it kills every lane that enters it), never at the top level.
#include <algorithm>
#include <bit>
#include <cmath>

#include "fuzz/gen/generator_internal.h"

namespace shaderdiff::fuzz::internal {

namespace {

tgsi::DstOperand AddrDst() {
  tgsi::DstOperand d;
  d.reg.file = File::kAddress;
  d.reg.index.index = 0;
  d.write_mask = 1;
  return d;
}

tgsi::SrcOperand Splat(tgsi::SrcOperand s, uint8_t c) {
  s.swizzle = {c, c, c, c};
  return s;
}

}  // namespace

std::optional<Generator::AddrRange> Generator::LoadAddress(bool uniform, int64_t max_width) {
  if (remaining_ < 3) return std::nullopt;
  tgsi::Instruction arl = FlowInst(Opcode::UARL);
  arl.dst.push_back(AddrDst());
  AddrRange range;
  const uint32_t how = Below(3);
  if (how == 0 || (uniform && (how == 2 || num_consts_ == 0))) {
    // An immediate: the same known value in every lane.
    if (imms_.size() >= p_.max_immediates) return std::nullopt;
    const int64_t v = Below(static_cast<uint32_t>(std::min<int64_t>(max_width, 7)) + 1);
    const uint32_t imm = NewImmediateInt({v, v, v, v});
    arl.src.push_back(Splat(SrcOf(File::kImmediate, imm), static_cast<uint8_t>(Below(4))));
    range = {v, v};
  } else if (how == 1 && num_consts_ > 0) {
    // AND t.c, CONST[0][k].s, mask: uniform, any value in [0, mask].
    if (imms_.size() >= p_.max_immediates) return std::nullopt;
    int64_t mask = 1;
    while (mask * 2 + 1 <= max_width && Chance(500)) mask = mask * 2 + 1;
    if (mask > max_width) return std::nullopt;
    auto dst = PickDst(true);
    if (!dst) return std::nullopt;
    const int c = std::countr_zero(static_cast<unsigned>(dst->second));
    auto cst = FromRegister(File::kConstant, Below(num_consts_), Role::kInt, static_cast<uint8_t>(1 << c));
    if (!cst) return std::nullopt;
    const uint32_t imm = NewImmediateInt({mask, mask, mask, mask});
    auto m = FromRegister(File::kImmediate, imm, Role::kInt, static_cast<uint8_t>(1 << c));
    if (!m || !EmitOp(Opcode::AND, dst->first, static_cast<uint8_t>(1 << c), {*cst, *m})) return std::nullopt;
    arl.src.push_back(Splat(SrcOf(File::kTemporary, dst->first), static_cast<uint8_t>(c)));
    range = {0, mask};
  } else {
    if (uniform || temps_.empty()) return std::nullopt;
    // A temp component whose range is narrow enough: UARL of an integer,
    // ARL (floor) of an exact float.
    for (int t = 0; t < kTries; ++t) {
      const uint32_t i = Below(temps_.size());
      const uint8_t c = static_cast<uint8_t>(Below(4));
      const AbsVal& v = temps_[i].comp[c];
      if (v.kind == Kind::kInt && v.ihi - v.ilo <= max_width && v.ilo > -1024 && v.ihi < 1024) {
        range = {v.ilo, v.ihi};
      } else if (v.kind == Kind::kFloat && std::abs(v.lo) < 1024 && std::abs(v.hi) < 1024 &&
                 std::floor(v.hi) - std::floor(v.lo) <= static_cast<double>(max_width)) {
        arl.opcode = Opcode::ARL;
        range = {static_cast<int64_t>(std::floor(v.lo)), static_cast<int64_t>(std::floor(v.hi))};
      } else {
        continue;
      }
      arl.src.push_back(Splat(SrcOf(File::kTemporary, i), c));
      break;
    }
    if (arl.src.empty()) return std::nullopt;
  }
  Emit(arl);
  uses_addr_ = true;
  return range;
}

std::optional<int32_t> Generator::OffsetInto(const AddrRange& range, int64_t first, int64_t last) {
  // Every index in range and the base itself (the validator's rule) inside [first, last].
  const int64_t lo = std::max(first - range.lo, first), hi = std::min(last - range.hi, last);
  if (lo > hi) return std::nullopt;
  return static_cast<int32_t>(lo + Below(static_cast<uint32_t>(hi - lo + 1)));
}

tgsi::SrcOperand Generator::IndirectSrc(File file, int32_t offset) const {
  tgsi::SrcOperand s = SrcOf(file, 0);
  s.reg.index.index = 0;
  s.reg.index.indirect = tgsi::IndirectAddress{File::kAddress, 0, 0};
  s.reg.index.offset = offset;
  if (file == File::kTemporary) s.reg.index.array_id = 1;
  return s;
}

bool Generator::IndirectStatement() {
  if (array_len_ == 0) {
    if (num_consts_ >= 2 && Chance(500)) return IndirectConstRead();
    return ArrayInit();
  }
  switch (Below(3)) {
    case 0:
      return num_consts_ >= 2 ? IndirectConstRead() : ArrayRead();
    case 1:
      return ArrayRead();
    default:
      return ArrayWrite();
  }
}

// UARL/ARL ADDR[0].x, ...; MOV t, CONST[0][ADDR[0].x+k] (a raw word).
bool Generator::IndirectConstRead() {
  if (num_consts_ < 2 || remaining_ < 4) return false;
  auto range = LoadAddress(/*uniform=*/false, num_consts_ - 1);
  if (!range) return false;
  Operand op;
  const auto k = OffsetInto(*range, 0, num_consts_ - 1);
  if (!k) return true;  // the address load alone is progress
  op.src = IndirectSrc(File::kConstant, *k);
  for (int c = 0; c < 4; ++c) op.src.swizzle[c] = static_cast<uint8_t>(Below(4));
  op.read.fill(AbsVal::Raw());
  // The address load alone is progress too, when no destination fits.
  if (auto dst = PickDst(true)) EmitOp(Opcode::MOV, dst->first, RandomMask(dst->second), {op});
  return true;
}

// A block of 2..6 new temps, declared ARRAY(1), each written in full.
bool Generator::ArrayInit() {
  const uint32_t len = 2 + Below(5);
  if (temps_.size() + len > p_.max_temps || remaining_ < static_cast<int>(len) + 2) return false;
  array_first_ = static_cast<uint32_t>(temps_.size());
  array_len_ = len;
  for (uint32_t e = 0; e < len; ++e) {
    Temp t;
    t.owner = loop_depth_;
    temps_.push_back(t);
  }
  for (uint32_t e = 0; e < len; ++e) {
    auto src = PickOperand(Chance(500) ? Role::kFloat : Role::kInt, 0xF, ImmHint::kAny);
    if (!src || !EmitOp(Opcode::MOV, array_first_ + e, 0xF, {*src})) {
      Operand zero;
      zero.src = SrcOf(File::kImmediate, NewImmediateInt({0, 0, 0, 0}));
      zero.read.fill(AbsVal::Int(0, 0));
      EmitOp(Opcode::MOV, array_first_ + e, 0xF, {zero});
    }
  }
  return true;
}

// UARL/ARL ADDR[0].x, ...; MOV t, TEMP[ADDR[0].x+k](1): what any element in
// the address's range holds (their join).
bool Generator::ArrayRead() {
  if (array_len_ == 0 || remaining_ < 4) return false;
  auto range = LoadAddress(/*uniform=*/false, array_len_ - 1);
  if (!range) return false;
  const auto ko = OffsetInto(*range, array_first_, array_first_ + array_len_ - 1);
  if (!ko) return true;
  const int32_t k = *ko;
  Operand op;
  op.src = IndirectSrc(File::kTemporary, k);
  for (int c = 0; c < 4; ++c) {
    const uint8_t sc = static_cast<uint8_t>(Below(4));
    op.src.swizzle[c] = sc;
    AbsVal v = temps_[range->lo + k].comp[sc];
    for (int64_t e = range->lo + k + 1; e <= range->hi + k; ++e) v = Join(v, temps_[e].comp[sc]);
    op.read[c] = v;
  }
  auto dst = PickDst(true);
  uint8_t mask = 0;
  if (dst) {
    for (int c = 0; c < 4; ++c)
      if ((dst->second & (1 << c)) && op.read[c].defined()) mask |= static_cast<uint8_t>(1 << c);
  }
  if (mask) EmitOp(Opcode::MOV, dst->first, RandomMask(mask), {op});
  return true;
}

// UARL ADDR[0].x, <uniform>; MOV TEMP[ADDR[0].x+k](1).mask, src: every element
// the address may name joins its old value with the new one.
bool Generator::ArrayWrite() {
  if (array_len_ == 0 || remaining_ < 4) return false;
  const uint8_t mask = RandomMask(0xF);
  auto src = PickOperand(Chance(500) ? Role::kFloat : Role::kInt, mask, ImmHint::kAny);
  if (!src) return false;
  // Every element must be writable in these components at this loop depth.
  for (uint32_t e = array_first_; e < array_first_ + array_len_; ++e)
    for (int c = 0; c < 4; ++c)
      if ((mask & (1 << c)) && (temps_[e].owner != loop_depth_ || ((temps_[e].reserved | temps_[e].accumulator) & (1 << c))))
        return false;
  auto range = LoadAddress(/*uniform=*/true, array_len_ - 1);
  if (!range) return false;
  const auto ko = OffsetInto(*range, array_first_, array_first_ + array_len_ - 1);
  if (!ko) return true;
  const int32_t k = *ko;
  for (int64_t e = range->lo + k; e <= range->hi + k; ++e)
    for (int c = 0; c < 4; ++c) {
      if (!(mask & (1 << c))) continue;
      AbsVal& v = temps_[e].comp[c];
      v = range->lo == range->hi ? src->read[c] : Join(v, src->read[c]);
    }
  tgsi::Instruction mov = FlowInst(Opcode::MOV);
  tgsi::DstOperand d;
  d.reg.file = File::kTemporary;
  d.reg.index.indirect = tgsi::IndirectAddress{File::kAddress, 0, 0};
  d.reg.index.offset = k;
  d.reg.index.array_id = 1;
  d.write_mask = mask;
  mov.dst.push_back(d);
  mov.src.push_back(src->src);
  Emit(mov);
  return true;
}

// TEX (fragment, uniform flow, before KILL) or TXL dst, coord, SAMP[u], target.
bool Generator::TextureStatement() {
  if (remaining_ < 2) return false;
  uint32_t unit;
  if (units_.empty() || (units_.size() < 2 && Chance(300))) {
    static constexpr tgsi::TextureTarget kTargets[] = {tgsi::TextureTarget::k1D, tgsi::TextureTarget::k2D,
                                                       tgsi::TextureTarget::k3D};
    units_.push_back(kTargets[Below(3)]);
    unit = static_cast<uint32_t>(units_.size() - 1);
  } else {
    unit = Below(units_.size());
  }
  const tgsi::TextureTarget target = units_[unit];
  const bool implicit_lod =
      o_.stage == tgsi::Processor::kFragment && depth_ == 0 && !killed_ && Chance(600);
  const Opcode op = implicit_lod ? Opcode::TEX : Opcode::TXL;
  // The coordinate components the target reads, and the LOD in .w for TXL.
  uint8_t read = target == tgsi::TextureTarget::k1D ? 0x1 : target == tgsi::TextureTarget::k2D ? 0x3 : 0x7;
  if (op == Opcode::TXL) read |= 0x8;
  for (int t = 0; t < kTries; ++t) {
    auto coord = PickOperand(Role::kExactFloat, read, ImmHint::kAny, /*allow_input=*/false);
    if (!coord) continue;
    bool exact = true;
    for (int c = 0; c < 4; ++c)
      if ((read & (1 << c)) && !coord->read[c].exact_float()) exact = false;
    if (!exact) continue;
    auto dst = PickDst(true);
    if (!dst) return false;
    Operand sampled;
    sampled.read.fill(AbsVal::Inexact());
    const size_t at = insts_.size();
    if (!EmitOp(Opcode::MOV, dst->first, RandomMask(dst->second), {sampled})) continue;
    tgsi::Instruction& inst = insts_[at];
    inst.opcode = op;
    inst.texture_target = target;
    tgsi::SrcOperand samp;
    samp.reg.file = File::kSampler;
    samp.reg.index.index = unit;
    inst.src = {coord->src, samp};
    last_.reset();
    return true;
  }
  return false;
}

// KILL_IF src (exact floats: kills the lanes where a component is < 0), or
// KILL under flow control (an IF or a loop body).
bool Generator::KillStatement() {
  if (o_.stage != tgsi::Processor::kFragment || remaining_ < 1) return false;
  if (depth_ > 0 && Chance(300)) {
    Emit(FlowInst(Opcode::KILL));
    killed_ = true;
    return true;
  }
  auto src = PickOperand(Role::kExactFloat, 0xF, ImmHint::kAny, /*allow_input=*/false);
  if (!src) return false;
  // A zero of open sign is refused as IF refuses it: the reference does not
  // decide a kill on it.
  for (int c = 0; c < 4; ++c)
    if (!src->read[c].exact_float() || src->read[c].zero_sign_open) return false;
  // float_values_only (r500): nor a range holding 0 that may be a -0 (R500's
  // KIL kills on -0, TGSI's `< 0` does not: the reference leaves it open,
  // and the range model does not always know a -0, e.g. -|x| of x = 0).
  if (p_.float_values_only) {
    for (int c = 0; c < 4; ++c) {
      const AbsVal& v = src->read[c];
      if (v.lo <= 0 && v.hi >= 0 && (v.lo < 0 || std::signbit(v.lo) || std::signbit(v.hi))) return false;
    }
  }
  tgsi::Instruction kill = FlowInst(Opcode::KILL_IF);
  kill.src.push_back(src->src);
  Emit(kill);
  killed_ = true;
  return true;
}

}  // namespace shaderdiff::fuzz::internal
