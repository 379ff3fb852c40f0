// The generator's program structure and operand choice (generator.h); what
// each operation may compute is abstract_value.cc's.
#include "fuzz/gen/generator.h"
#include "fuzz/gen/generator_internal.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <vector>

#include "fuzz/gen/abstract_value.h"
#include "tools/harness/rng.h"

namespace shaderdiff::fuzz::internal {

uint32_t Generator::Pick(const std::vector<uint32_t>& weights) {
  uint32_t total = 0;
  for (uint32_t w : weights) total += w;
  if (total == 0) return 0;
  uint32_t r = Below(total);
  for (uint32_t i = 0; i < weights.size(); ++i) {
    if (r < weights[i]) return i;
    r -= weights[i];
  }
  return 0;
}

uint8_t Generator::RandomMask(uint8_t allowed) {
  int comps[4];  // the allowed components, ascending (no allocation: called per instruction)
  size_t n = 0;
  for (int c = 0; c < 4; ++c)
    if (allowed & (1 << c)) comps[n++] = c;
  if (n == 0) return 0;
  if (n == 1 || !Chance(p_.p_vector_op)) return static_cast<uint8_t>(1 << comps[Below(n)]);
  uint8_t m = 0;
  while (m == 0)
    for (size_t i = 0; i < n; ++i)
      if (Chance(500)) m |= static_cast<uint8_t>(1 << comps[i]);
  return m;
}

tgsi::SrcOperand Generator::SrcOf(File file, uint32_t index) const {
  tgsi::SrcOperand s;
  s.reg.file = file;
  s.reg.index.index = index;
  if (file == File::kConstant) s.reg.dimension = tgsi::Bracket{};
  return s;
}

Vals Generator::RegValues(File file, uint32_t index) const {
  switch (file) {
    case File::kTemporary:
      return temps_[index].comp;
    case File::kImmediate:
      return imm_vals_[index];
    default:
      return {AbsVal::Raw(), AbsVal::Raw(), AbsVal::Raw(), AbsVal::Raw()};
  }
}

bool Generator::Readable(const AbsVal& v, Role role) const {
  switch (role) {
    case Role::kFloat:
      return v.float_readable();
    case Role::kExactFloat:
      return v.exact_float();
    case Role::kInt:
      return v.int_readable();
  }
  return false;
}

// A fresh IMM of the role's type whose four values suit the hint.
uint32_t Generator::NewImmediate(Role role, ImmHint hint) {
  tgsi::Immediate imm;
  Vals vals;
  const bool is_float = role != Role::kInt;
  imm.type = is_float ? tgsi::ImmediateType::kFloat32 : tgsi::ImmediateType::kInt32;
  for (int c = 0; c < 4; ++c) {
    if (is_float) {
      float f = 0;
      switch (Below(6)) {
        case 0: f = static_cast<float>(static_cast<int>(Below(5)) - 1); break;      // -1..3
        case 1: f = 0.5f * static_cast<float>(static_cast<int>(Below(9)) - 4); break;
        case 2: f = static_cast<float>(static_cast<int>(Below(513)) - 256) / 16.0f; break;
        case 3: f = static_cast<float>(static_cast<int>(Below(201)) - 100); break;
        case 4: f = static_cast<float>(Below(65)) / 64.0f; break;
        default: f = static_cast<float>(Below(2)); break;
      }
      if (hint == ImmHint::kZeroOne) f = static_cast<float>(Below(2));
      if (f == 0) f = 0.0f;  // never -0
      // Printed as %10.4f: only values with at most four decimals are exact.
      const double g = static_cast<double>(f);
      const int grid = GridOf(g).value_or(0);
      if (grid > 4) f = std::round(f * 16.0f) / 16.0f;
      std::memcpy(&imm.words[c], &f, 4);
      vals[c] = AbsVal::Float(f, f, GridOf(f).value_or(0));
    } else {
      int64_t v = 0;
      switch (hint) {
        case ImmHint::kShiftCount: v = Below(32); break;
        case ImmHint::kDivisor: v = Chance(800) ? 1 + Below(16) : -1 - static_cast<int64_t>(Below(8)); break;
        case ImmHint::kBitOffset: v = Below(17); break;
        case ImmHint::kBitCount: v = Below(16); break;
        case ImmHint::kZeroOne: v = Below(2); break;
        case ImmHint::kSmallInt: v = static_cast<int64_t>(Below(21)) - 4; break;
        case ImmHint::kAny:
          switch (Below(5)) {
            case 0: v = static_cast<int64_t>(Below(21)) - 4; break;
            case 1: v = (int64_t{1} << (1 + Below(16))) - 1; break;  // a mask
            case 2: v = static_cast<int64_t>(Below(1000)); break;
            case 3: v = Below(32); break;
            default: v = static_cast<int32_t>(static_cast<uint32_t>(rng_.Next())); break;
          }
          break;
      }
      imm.words[c] = static_cast<uint32_t>(static_cast<int32_t>(v));
      vals[c] = AbsVal::Int(v, v);
    }
  }
  imms_.push_back(imm);
  imm_vals_.push_back(vals);
  return static_cast<uint32_t>(imms_.size() - 1);
}

std::optional<Operand> Generator::FromRegister(File file, uint32_t index, Role role, uint8_t mask) {
  const Vals vals = RegValues(file, index);
  std::array<uint8_t, 4> ok;  // the readable components, ascending (no heap: called per operand tried)
  uint32_t n_ok = 0;
  for (uint8_t c = 0; c < 4; ++c)
    if (Readable(vals[c], role)) ok[n_ok++] = c;
  if (n_ok == 0) return std::nullopt;
  Operand op;
  op.src = SrcOf(file, index);
  uint8_t last = ok[Below(n_ok)];
  for (int c = 0; c < 4; ++c) {
    if (mask & (1 << c)) last = ok[Below(n_ok)];
    op.src.swizzle[c] = last;
  }
  if (role != Role::kInt && Chance(p_.p_modifier)) {
    op.src.negate = Chance(600);
    op.src.absolute = Chance(400);
  }
  for (int c = 0; c < 4; ++c) {
    const AbsVal& v = vals[op.src.swizzle[c]];
    op.read[c] = role == Role::kInt ? AsInt(v) : AsFloat(v, op.src.negate, op.src.absolute);
  }
  return op;
}

std::optional<Operand> Generator::ImmOperand(Role role, uint8_t mask, ImmHint hint) {
  const bool is_float = role != Role::kInt;
  // Reuse an immediate of the right type when at the cap.
  if (imms_.size() >= p_.max_immediates) {
    for (int t = 0; t < kTries; ++t) {
      const uint32_t i = Below(imms_.size());
      if ((imms_[i].type == tgsi::ImmediateType::kFloat32) != is_float) continue;
      if (auto op = FromRegister(File::kImmediate, i, role, mask)) return op;
    }
    return std::nullopt;
  }
  return FromRegister(File::kImmediate, NewImmediate(role, hint), role, mask);
}

std::optional<Operand> Generator::PickOperand(Role role, uint8_t mask, ImmHint hint, bool allow_input) {
  const bool want_imm = hint != ImmHint::kAny && Chance(500);
  if (want_imm || Chance(p_.p_immediate_src)) return ImmOperand(role, mask, hint);
  if (allow_input && role != Role::kExactFloat && Chance(p_.p_input_src)) {
    const uint32_t n = num_inputs_ + num_consts_;
    const uint32_t k = Below(n);
    return k < num_inputs_ ? FromRegister(File::kInput, k, role, mask)
                           : FromRegister(File::kConstant, k - num_inputs_, role, mask);
  }
  for (int t = 0; t < kTries && !temps_.empty(); ++t)
    if (auto op = FromRegister(File::kTemporary, Below(temps_.size()), role, mask)) return op;
  return ImmOperand(role, mask, hint);
}

std::optional<std::pair<uint32_t, uint8_t>> Generator::PickDst(bool allow_new) {
  if (allow_new && temps_.size() < p_.max_temps && (temps_.empty() || Chance(p_.p_new_temp))) {
    Temp t;
    t.owner = loop_depth_;
    temps_.push_back(t);
    return std::make_pair(static_cast<uint32_t>(temps_.size() - 1), uint8_t{0xF});
  }
  for (int t = 0; t < kTries; ++t) {
    const uint32_t i = Below(temps_.size());
    const Temp& tmp = temps_[i];
    uint8_t allowed = tmp.owner == loop_depth_ ? static_cast<uint8_t>(0xF & ~tmp.reserved) : tmp.accumulator;
    allowed &= static_cast<uint8_t>(~tmp.reserved);
    if (allowed) return std::make_pair(i, allowed);
  }
  if (temps_.size() < p_.max_temps) return PickDst(true);
  return std::nullopt;
}

// Whether component c of t may take value v: accumulators keep their widened
// state, which must cover v.
bool Generator::WriteOk(const Temp& t, int c, const AbsVal& v) const {
  if (t.reserved & (1 << c)) return false;
  if (!(t.accumulator & (1 << c))) return t.owner == loop_depth_;
  if (t.comp[c].kind == Kind::kInexact) return true;
  const bool exact = v.kind == Kind::kInt || v.kind == Kind::kRaw || (v.kind == Kind::kFloat && !v.zero_sign_open);
  return exact;
}

bool Generator::EmitOp(Opcode op, uint32_t dst, uint8_t mask, const std::vector<Operand>& ops) {
  Vals result = temps_[dst].comp;
  for (int c = 0; c < 4; ++c) {
    if (!(mask & (1 << c))) continue;
    AbsVal in[4];
    for (size_t i = 0; i < ops.size(); ++i) in[i] = ops[i].read[c];
    std::optional<AbsVal> r = Transfer(op, in, static_cast<int>(ops.size()));
    if (!r || !WriteOk(temps_[dst], c, *r)) return false;
    if (!(temps_[dst].accumulator & (1 << c))) result[c] = *r;
  }
  tgsi::Instruction inst;
  inst.opcode = op;
  tgsi::DstOperand d;
  d.reg.file = File::kTemporary;
  d.reg.index.index = dst;
  d.write_mask = mask;
  inst.dst.push_back(d);
  for (const Operand& o : ops) inst.src.push_back(o.src);
  temps_[dst].comp = result;
  last_ = inst;
  Emit(std::move(inst));
  return true;
}

bool Generator::EmitAs(Opcode op, uint32_t dst, uint8_t mask, const Vals& result,
                       const std::vector<tgsi::SrcOperand>& srcs) {
  Operand fake;
  fake.read = result;
  const size_t before = insts_.size();
  if (!EmitOp(Opcode::MOV, dst, mask, {fake})) return false;
  tgsi::Instruction& inst = insts_[before];
  inst.opcode = op;
  inst.src = srcs;
  last_ = inst;
  return true;
}

bool Generator::TryOp(Opcode op, std::vector<Role> roles, std::vector<ImmHint> hints) {
  hints.resize(roles.size(), ImmHint::kAny);
  for (int t = 0; t < kTries; ++t) {
    auto dst = PickDst(true);
    if (!dst) return false;
    const uint8_t mask = RandomMask(dst->second);
    std::vector<Operand> ops;
    for (size_t i = 0; i < roles.size(); ++i) {
      auto o = PickOperand(roles[i], mask, hints[i]);
      if (!o) break;
      if (op == Opcode::RCP || op == Opcode::RSQ || op == Opcode::EX2 || op == Opcode::LG2 || op == Opcode::SQRT) {
        // Scalar opcodes read src.x for every component.
        o->src.swizzle = {o->src.swizzle[0], o->src.swizzle[0], o->src.swizzle[0], o->src.swizzle[0]};
        o->read.fill(o->read[0]);
        o->read.fill(AsFloat(RegValues(o->src.reg.file, o->src.reg.index.index)[o->src.swizzle[0]], o->src.negate,
                             o->src.absolute));
      }
      ops.push_back(*o);
    }
    if (ops.size() == roles.size() && EmitOp(op, dst->first, mask, ops)) return true;
  }
  return false;
}

bool Generator::TryDot(Opcode op) {
  const int n = op == Opcode::DP2 ? 2 : op == Opcode::DP3 ? 3 : 4;
  for (int t = 0; t < kTries; ++t) {
    auto dst = PickDst(true);
    if (!dst) return false;
    const uint8_t mask = RandomMask(dst->second);
    auto a = PickOperand(Role::kFloat, 0xF, ImmHint::kAny);
    auto b = PickOperand(Role::kFloat, 0xF, ImmHint::kAny);
    if (!a || !b) continue;
    std::optional<AbsVal> r = DotTransfer(a->read.data(), b->read.data(), n);
    if (!r) continue;
    if (EmitAs(op, dst->first, mask, {*r, *r, *r, *r}, {a->src, b->src})) return true;
  }
  return false;
}

// UCMP d, sel, a, b: the join of a and b where sel may go either way.
bool Generator::TryUcmp() {
  for (int t = 0; t < kTries; ++t) {
    auto dst = PickDst(true);
    if (!dst) return false;
    const uint8_t mask = RandomMask(dst->second);
    auto sel = PickOperand(Role::kInt, mask, ImmHint::kZeroOne);
    const Role r = Chance(500) ? Role::kFloat : Role::kInt;
    auto a = PickOperand(r, mask, ImmHint::kAny);
    auto b = PickOperand(r, mask, ImmHint::kAny);
    if (!sel || !a || !b) continue;
    if (r == Role::kFloat && (a->src.negate || a->src.absolute || b->src.negate || b->src.absolute)) continue;
    Vals j;
    for (int c = 0; c < 4; ++c) {
      const AbsVal& va = a->read[c];
      const AbsVal& vb = b->read[c];
      // UCMP copies bits: a raw or integer word stays exact.
      const AbsVal ra = r == Role::kFloat ? RegValues(a->src.reg.file, a->src.reg.index.index)[a->src.swizzle[c]] : va;
      const AbsVal rb = r == Role::kFloat ? RegValues(b->src.reg.file, b->src.reg.index.index)[b->src.swizzle[c]] : vb;
      j[c] = Join(ra, rb);
    }
    if (EmitAs(Opcode::UCMP, dst->first, mask, j, {sel->src, a->src, b->src})) return true;
  }
  return false;
}

bool Generator::Plain() {
  const std::vector<uint32_t> w = {p_.w_float_arith, p_.w_float_round, p_.w_float_compare, p_.w_transcendental,
                                   p_.w_int_arith,   p_.w_bit,         p_.w_div,           p_.w_bitfield,
                                   p_.w_int_compare, p_.w_convert,     p_.w_select,        p_.w_move};
  const Role F = Role::kFloat, X = Role::kExactFloat, I = Role::kInt;
  switch (Pick(w)) {
    case 0: {
      static constexpr Opcode kOps[] = {Opcode::ADD, Opcode::MUL, Opcode::MAD, Opcode::MIN, Opcode::MAX,
                                        Opcode::DP2, Opcode::DP3, Opcode::DP4};
      const Opcode op = kOps[Below(8)];
      if (op == Opcode::DP2 || op == Opcode::DP3 || op == Opcode::DP4) return TryDot(op);
      if (op == Opcode::MAD) return TryOp(op, {F, F, F}, {});
      return TryOp(op, {F, F}, {});
    }
    case 1: {
      static constexpr Opcode kOps[] = {Opcode::FLR, Opcode::FRC, Opcode::CEIL, Opcode::TRUNC, Opcode::ROUND};
      return TryOp(kOps[Below(5)], {X}, {});
    }
    case 2: {
      static constexpr Opcode kOps[] = {Opcode::SLT, Opcode::SGE, Opcode::SEQ, Opcode::SNE,
                                        Opcode::FSLT, Opcode::FSGE, Opcode::FSEQ, Opcode::FSNE};
      return TryOp(kOps[Below(p_.float_values_only ? 4 : 8)], {X, X}, {});  // FSLT...: integer masks
    }
    case 3: {
      static constexpr Opcode kOps[] = {Opcode::RCP, Opcode::RSQ, Opcode::EX2, Opcode::LG2, Opcode::SQRT};
      return TryOp(kOps[Below(5)], {X}, {});
    }
    case 4: {
      static constexpr Opcode kOps[] = {Opcode::UADD, Opcode::UMUL, Opcode::IMUL_HI, Opcode::UMUL_HI, Opcode::INEG,
                                        Opcode::IABS, Opcode::IMIN, Opcode::IMAX,    Opcode::UMIN,    Opcode::UMAX};
      const Opcode op = kOps[Below(10)];
      if (op == Opcode::INEG || op == Opcode::IABS) return TryOp(op, {I}, {});
      return TryOp(op, {I, I}, {ImmHint::kAny, ImmHint::kSmallInt});
    }
    case 5: {
      static constexpr Opcode kOps[] = {Opcode::AND, Opcode::OR, Opcode::XOR, Opcode::NOT,
                                        Opcode::SHL, Opcode::ISHR, Opcode::USHR};
      const Opcode op = kOps[Below(7)];
      if (op == Opcode::NOT) return TryOp(op, {I}, {});
      if (op == Opcode::SHL || op == Opcode::ISHR || op == Opcode::USHR)
        return TryOp(op, {I, I}, {ImmHint::kAny, ImmHint::kShiftCount});
      return TryOp(op, {I, I}, {});
    }
    case 6: {
      static constexpr Opcode kOps[] = {Opcode::IDIV, Opcode::UDIV, Opcode::UMOD, Opcode::MOD};
      return TryOp(kOps[Below(4)], {I, I}, {ImmHint::kAny, ImmHint::kDivisor});
    }
    case 7: {
      if (Chance(300)) return TryOp(Opcode::BFI, {I, I, I, I}, {ImmHint::kAny, ImmHint::kAny, ImmHint::kBitOffset, ImmHint::kBitCount});
      return TryOp(Chance(500) ? Opcode::IBFE : Opcode::UBFE, {I, I, I},
                   {ImmHint::kAny, ImmHint::kBitOffset, ImmHint::kBitCount});
    }
    case 8: {
      static constexpr Opcode kOps[] = {Opcode::ISLT, Opcode::ISGE, Opcode::USLT,
                                        Opcode::USGE, Opcode::USEQ, Opcode::USNE};
      return TryOp(kOps[Below(6)], {I, I}, {});
    }
    case 9: {
      static constexpr Opcode kOps[] = {Opcode::I2F, Opcode::U2F, Opcode::F2I, Opcode::F2U};
      const Opcode op = kOps[Below(4)];
      return TryOp(op, {op == Opcode::I2F || op == Opcode::U2F ? I : X}, {ImmHint::kSmallInt});
    }
    case 10:
      return TryUcmp();
    default:
      return TryOp(Opcode::MOV, {Chance(500) ? F : I}, {});
  }
}

// Multi-instruction shapes the optimizing passes rewrite (policy.h).
bool Generator::Pattern(uint32_t which) {
  const Role F = Role::kFloat, I = Role::kInt;
  switch (which) {
    case 0: {  // MOV t, CONST/IMM; MAD d, a, t, b
      if (remaining_ < 2) return false;
      auto dst = PickDst(true);
      if (!dst) return false;
      const uint8_t mask = RandomMask(dst->second);
      std::optional<Operand> c;
      if (num_consts_ > 0 && Chance(600)) c = FromRegister(File::kConstant, Below(num_consts_), F, mask);
      else c = ImmOperand(F, mask, ImmHint::kAny);
      if (!c) return false;
      c->src.negate = c->src.absolute = false;
      c->read = {};
      for (int k = 0; k < 4; ++k)
        c->read[k] = RegValues(c->src.reg.file, c->src.reg.index.index)[c->src.swizzle[k]];
      if (!EmitOp(Opcode::MOV, dst->first, mask, {*c})) return false;
      const uint32_t t = dst->first;
      auto copy = FromRegister(File::kTemporary, t, F, mask);
      if (!copy) return true;
      copy->src.negate = copy->src.absolute = false;
      // Read the copied components in place (others repeat the first copied one).
      const uint8_t first = static_cast<uint8_t>(std::countr_zero(static_cast<unsigned>(mask)));
      for (int k = 0; k < 4; ++k) copy->src.swizzle[k] = (mask & (1 << k)) ? static_cast<uint8_t>(k) : first;
      for (int k = 0; k < 4; ++k) copy->read[k] = AsFloat(temps_[t].comp[copy->src.swizzle[k]], false, false);
      for (int tries = 0; tries < kTries; ++tries) {
        auto d2 = PickDst(true);
        if (!d2) return true;
        const uint8_t m2 = d2->second & mask;
        if (!m2) continue;
        auto a = PickOperand(F, m2, ImmHint::kAny);
        auto b = PickOperand(F, m2, ImmHint::kAny);
        if (a && b && EmitOp(Opcode::MAD, d2->first, m2, {*a, *copy, *b})) return true;
      }
      return true;
    }
    case 1: {  // a conversion of an immediate
      static constexpr Opcode kOps[] = {Opcode::I2F, Opcode::U2F, Opcode::F2I, Opcode::F2U};
      const Opcode op = kOps[Below(4)];
      const bool from_int = op == Opcode::I2F || op == Opcode::U2F;
      for (int t = 0; t < kTries; ++t) {
        auto dst = PickDst(true);
        if (!dst) return false;
        const uint8_t mask = RandomMask(dst->second);
        auto src = ImmOperand(from_int ? I : Role::kExactFloat, mask, ImmHint::kSmallInt);
        if (src && EmitOp(op, dst->first, mask, {*src})) return true;
      }
      return false;
    }
    case 2: {  // arithmetic of two immediates
      static constexpr Opcode kOps[] = {Opcode::ADD, Opcode::MUL, Opcode::UADD, Opcode::UMUL, Opcode::AND, Opcode::SHL};
      const Opcode op = kOps[Below(6)];
      const Role r = tgsi::GetOpcodeInfo(op).src_type == tgsi::DataType::F ? F : I;
      for (int t = 0; t < kTries; ++t) {
        auto dst = PickDst(true);
        if (!dst) return false;
        const uint8_t mask = RandomMask(dst->second);
        auto a = ImmOperand(r, mask, ImmHint::kAny);
        auto b = ImmOperand(r, mask, op == Opcode::SHL ? ImmHint::kShiftCount : ImmHint::kAny);
        if (a && b && EmitOp(op, dst->first, mask, {*a, *b})) return true;
      }
      return false;
    }
    case 3: {  // x+0, x*1, x*0 (and integer x+0, x*1, x|0, x<<0)
      static constexpr Opcode kOps[] = {Opcode::ADD, Opcode::MUL, Opcode::MUL, Opcode::UADD, Opcode::UMUL, Opcode::OR, Opcode::SHL};
      static constexpr int kValue[] = {0, 1, 0, 0, 1, 0, 0};
      const uint32_t k = Below(7);
      const Role r = k < 3 ? F : I;
      // An immediate holding the identity in every component.
      tgsi::Immediate imm;
      imm.type = r == F ? tgsi::ImmediateType::kFloat32 : tgsi::ImmediateType::kInt32;
      Vals vals;
      for (int c = 0; c < 4; ++c) {
        if (r == F) {
          const float f = static_cast<float>(kValue[k]);
          std::memcpy(&imm.words[c], &f, 4);
          vals[c] = AbsVal::Float(f, f, 0);
        } else {
          imm.words[c] = static_cast<uint32_t>(kValue[k]);
          vals[c] = AbsVal::Int(kValue[k], kValue[k]);
        }
      }
      if (imms_.size() >= p_.max_immediates) return false;
      imms_.push_back(imm);
      imm_vals_.push_back(vals);
      const uint32_t index = static_cast<uint32_t>(imms_.size() - 1);
      for (int t = 0; t < kTries; ++t) {
        auto dst = PickDst(true);
        if (!dst) return false;
        const uint8_t mask = RandomMask(dst->second);
        auto x = PickOperand(r, mask, ImmHint::kAny);
        auto id = FromRegister(File::kImmediate, index, r, mask);
        if (!x || !id) continue;
        id->src.negate = id->src.absolute = false;
        for (int c = 0; c < 4; ++c) id->read[c] = vals[0];
        std::vector<Operand> ops = Chance(500) ? std::vector<Operand>{*x, *id} : std::vector<Operand>{*id, *x};
        if (k == 6) ops = {*x, *id};
        if (EmitOp(kOps[k], dst->first, mask, ops)) return true;
      }
      return false;
    }
    case 4: {  // the same computation twice (CSE)
      if (!last_ || remaining_ < 2 || !Plain()) return false;
      tgsi::Instruction again = *last_;
      // Its sources must still hold what they held: re-evaluate by choosing a
      // destination that is none of them and whose write is allowed.
      auto dst = PickDst(true);
      if (!dst) return true;
      for (const tgsi::SrcOperand& s : again.src)
        if (s.reg.file == File::kTemporary && s.reg.index.index == dst->first) return true;
      const uint32_t from = again.dst[0].reg.index.index;
      const uint8_t mask = again.dst[0].write_mask;
      if ((dst->second & mask) != mask) return true;
      if (from == dst->first) return true;
      for (int c = 0; c < 4; ++c) {
        if (!(mask & (1 << c))) continue;
        const AbsVal& v = temps_[from].comp[c];
        if (!v.defined() || !WriteOk(temps_[dst->first], c, v)) return true;
      }
      for (const tgsi::SrcOperand& s : again.src)
        if (s.reg.file == File::kTemporary && s.reg.index.index == from) return true;  // it overwrote its own source
      for (int c = 0; c < 4; ++c)
        if ((mask & (1 << c)) && !(temps_[dst->first].accumulator & (1 << c)))
          temps_[dst->first].comp[c] = temps_[from].comp[c];
      again.dst[0].reg.index.index = dst->first;
      Emit(again);
      return true;
    }
    case 5: {  // a compare feeding a select
      if (remaining_ < 2) return false;
      const bool fcmp = Chance(500);
      static constexpr Opcode kF[] = {Opcode::FSLT, Opcode::FSGE, Opcode::FSEQ, Opcode::FSNE};
      static constexpr Opcode kI[] = {Opcode::ISLT, Opcode::ISGE, Opcode::USLT, Opcode::USNE};
      const Role r = fcmp ? Role::kExactFloat : I;
      if (!TryOp(fcmp ? kF[Below(4)] : kI[Below(4)], {r, r}, {})) return false;
      TryUcmp();
      return true;
    }
    default: {  // AND c, x, 31; shift d, y, c
      if (remaining_ < 2) return false;
      if (!TryOp(Opcode::AND, {I, I}, {ImmHint::kAny, ImmHint::kShiftCount})) return false;
      static constexpr Opcode kOps[] = {Opcode::SHL, Opcode::ISHR, Opcode::USHR};
      TryOp(kOps[Below(3)], {I, I}, {ImmHint::kAny, ImmHint::kAny});
      return true;
    }
  }
}

// An exact condition for IF (float) or UIF (integer).
std::optional<Operand> Generator::Condition(bool* is_float) {
  *is_float = p_.float_values_only || Chance(400);
  // float_values_only (r500), where every IF is a float one, takes only
  // ranges from +0 up (a set op's 0/1, a loop flag, ...): an IF on -0 is
  // control on an undefined value to the reference, and the range model
  // does not always know a -0 (generator_test found negated and multiplied
  // zeros). The other policies keep their draws (and corpus/generated its
  // bytes), so they still can (fuzz/gen/README.md).
  auto maybe_negative_zero = [](const AbsVal& v) { return v.lo < 0 || std::signbit(v.lo) || std::signbit(v.hi); };
  auto usable = [&](const AbsVal& v) {
    return *is_float ? (v.exact_float() && !v.zero_sign_open && !(p_.float_values_only && maybe_negative_zero(v)))
                     : v.int_readable();
  };
  for (int t = 0; t < kTries; ++t) {
    std::optional<Operand> op;
    if (Chance(200) || temps_.empty()) {
      if (*is_float) continue;
      const uint32_t n = num_inputs_ + num_consts_;
      const uint32_t k = Below(n);
      op = FromRegister(k < num_inputs_ ? File::kInput : File::kConstant, k < num_inputs_ ? k : k - num_inputs_,
                        Role::kInt, 1);
    } else {
      op = FromRegister(File::kTemporary, Below(temps_.size()), *is_float ? Role::kExactFloat : Role::kInt, 1);
    }
    if (!op) continue;
    op->src.negate = op->src.absolute = false;
    const AbsVal v = RegValues(op->src.reg.file, op->src.reg.index.index)[op->src.swizzle[0]];
    if (!usable(v)) continue;
    for (int c = 1; c < 4; ++c) op->src.swizzle[c] = op->src.swizzle[0];
    return op;
  }
  return std::nullopt;
}

tgsi::Instruction FlowInst(Opcode op) {
  tgsi::Instruction i;
  i.opcode = op;
  return i;
}

bool Generator::IfStatement() {
  if (remaining_ < 4) return false;
  bool is_float = false;
  auto cond = Condition(&is_float);
  if (!cond) return false;
  tgsi::Instruction inst = FlowInst(is_float ? Opcode::IF : Opcode::UIF);
  inst.src.push_back(cond->src);
  const size_t if_at = insts_.size();
  Emit(inst);
  --remaining_;  // for ENDIF
  const bool with_else = Chance(p_.p_else) && remaining_ >= 4;
  if (with_else) --remaining_;
  const int body = std::max(1, remaining_ / 3);
  const std::vector<Temp> before = temps_;
  ++depth_;
  Block(with_else ? std::max(1, body / 2) : body);
  std::vector<Temp> then_state = temps_;
  if (with_else) {
    insts_[if_at].label = static_cast<uint32_t>(insts_.size());
    const size_t else_at = insts_.size();
    insts_.push_back(FlowInst(Opcode::ELSE));
    temps_ = before;
    temps_.resize(then_state.size());
    for (size_t t = before.size(); t < temps_.size(); ++t) temps_[t].owner = loop_depth_;
    Block(std::max(1, body / 2));
    insts_[else_at].label = static_cast<uint32_t>(insts_.size());
  } else {
    insts_[if_at].label = static_cast<uint32_t>(insts_.size());
    temps_ = before;
    temps_.resize(then_state.size());
  }
  --depth_;
  // Join the two paths (temps created on one path are undefined on the other).
  const size_t n = std::max(temps_.size(), then_state.size());
  temps_.resize(n);
  then_state.resize(n);
  for (size_t t = 0; t < n; ++t) {
    for (int c = 0; c < 4; ++c) {
      if (temps_[t].accumulator & (1 << c)) continue;
      temps_[t].comp[c] = Join(temps_[t].comp[c], then_state[t].comp[c]);
    }
    if (t >= before.size()) temps_[t].owner = loop_depth_;
  }
  insts_.push_back(FlowInst(Opcode::ENDIF));
  return true;
}

// UIF cond; BRK or CONT; ENDIF inside a loop body.
bool Generator::LoopExit(Opcode flow) {
  if (remaining_ < 3) return false;
  bool is_float = false;
  auto cond = Condition(&is_float);
  if (!cond) return false;
  tgsi::Instruction inst = FlowInst(is_float ? Opcode::IF : Opcode::UIF);
  inst.src.push_back(cond->src);
  inst.label = static_cast<uint32_t>(insts_.size() + 2);
  Emit(inst);
  Emit(FlowInst(flow));
  Emit(FlowInst(Opcode::ENDIF));
  return true;
}

bool Generator::LoopStatement() {
  constexpr int kOverhead = 8;  // MOV, BGNLOOP, ISGE, UIF, BRK, ENDIF, UADD, ENDLOOP
  if (remaining_ < kOverhead + 2 || loop_depth_ >= p_.max_loop_depth) return false;
  // The counter lives in a component of a temp the loop owns.
  const uint32_t depth = loop_depth_ + 1;
  // Claim temps for the body: new ones, or outer ones whose values are
  // forgotten (never read again outside).
  std::vector<uint32_t> claimed;
  for (uint32_t t = 0; t < temps_.size() && claimed.size() < 2; ++t) {
    Temp& tmp = temps_[t];
    if (tmp.owner == loop_depth_ && !tmp.reserved && !tmp.accumulator && Chance(250)) claimed.push_back(t);
  }
  uint32_t counter_temp;
  if (!claimed.empty()) {
    counter_temp = claimed[0];
  } else if (temps_.size() < p_.max_temps) {
    temps_.push_back(Temp{});
    counter_temp = static_cast<uint32_t>(temps_.size() - 1);
    claimed.push_back(counter_temp);
  } else {
    return false;
  }
  for (uint32_t t : claimed) temps_[t] = Temp{{}, loop_depth_, 0, 0};
  // Accumulators: up to two defined components of outer temps, widened.
  std::vector<std::pair<uint32_t, int>> accs;
  for (int k = 0; k < 2 && !temps_.empty(); ++k) {
    const uint32_t t = Below(temps_.size());
    const int c = static_cast<int>(Below(4));
    Temp& tmp = temps_[t];
    if (tmp.owner != loop_depth_ || (tmp.reserved & (1 << c)) || (tmp.accumulator & (1 << c)) || !tmp.comp[c].defined()) continue;
    if (std::find(claimed.begin(), claimed.end(), t) != claimed.end()) continue;
    const AbsVal& v = tmp.comp[c];
    const bool exact = v.kind == Kind::kInt || v.kind == Kind::kRaw || (v.kind == Kind::kFloat && !v.zero_sign_open);
    tmp.comp[c] = exact ? AbsVal::Raw() : AbsVal::Inexact();
    tmp.accumulator |= static_cast<uint8_t>(1 << c);
    accs.push_back({t, c});
  }
  const int cc = static_cast<int>(Below(4));
  const uint32_t bound = 1 + Below(p_.max_trip_count);
  // float_values_only: the same loop counted in floats (0.0, bound, 1.0;
  // SGE, IF, ADD), every value a small exact integer.
  const bool fl = p_.float_values_only;
  const uint32_t zero = fl ? NewImmediateFloat({0, static_cast<double>(bound), 1, 0})
                           : NewImmediateInt({0, static_cast<int64_t>(bound), 1, 0});
  auto src = [&](File f, uint32_t i, int c) {
    tgsi::SrcOperand s = SrcOf(f, i);
    s.swizzle = {static_cast<uint8_t>(c), static_cast<uint8_t>(c), static_cast<uint8_t>(c), static_cast<uint8_t>(c)};
    return s;
  };
  auto dst = [&](uint32_t t, int c) {
    tgsi::DstOperand d;
    d.reg.file = File::kTemporary;
    d.reg.index.index = t;
    d.write_mask = static_cast<uint8_t>(1 << c);
    return d;
  };
  tgsi::Instruction init = FlowInst(Opcode::MOV);
  init.dst.push_back(dst(counter_temp, cc));
  init.src.push_back(src(File::kImmediate, zero, 0));
  Emit(init);
  tgsi::Instruction bgn = FlowInst(Opcode::BGNLOOP);
  bgn.label = 0;
  Emit(bgn);
  const int fc = (cc + 1) % 4;  // the exit flag, in the counter's temp
  tgsi::Instruction cmp = FlowInst(fl ? Opcode::SGE : Opcode::ISGE);
  cmp.dst.push_back(dst(counter_temp, fc));
  cmp.src = {src(File::kTemporary, counter_temp, cc), src(File::kImmediate, zero, 1)};
  Emit(cmp);
  tgsi::Instruction uif = FlowInst(fl ? Opcode::IF : Opcode::UIF);
  uif.src.push_back(src(File::kTemporary, counter_temp, fc));
  uif.label = static_cast<uint32_t>(insts_.size() + 2);
  Emit(uif);
  Emit(FlowInst(Opcode::BRK));
  Emit(FlowInst(Opcode::ENDIF));
  tgsi::Instruction inc = FlowInst(fl ? Opcode::ADD : Opcode::UADD);
  inc.dst.push_back(dst(counter_temp, cc));
  inc.src = {src(File::kTemporary, counter_temp, cc), src(File::kImmediate, zero, 2)};
  Emit(inc);
  --remaining_;  // ENDLOOP
  const size_t before_size = temps_.size();
  loop_depth_ = depth;
  ++depth_;
  for (uint32_t t : claimed) temps_[t].owner = depth;
  temps_[counter_temp].reserved = static_cast<uint8_t>(1 << cc);
  temps_[counter_temp].comp[cc] = fl ? AbsVal::Float(1, bound, 0) : AbsVal::Int(1, bound);
  temps_[counter_temp].comp[fc] = fl ? AbsVal::Float(0, 1, 0) : AbsVal::Int(-1, 0);
  const int body = std::max(1, remaining_ / 3);
  const int stop_at = remaining_ - body;
  while (remaining_ > stop_at) {
    if (Chance(p_.p_cont / 4) && LoopExit(Chance(500) ? Opcode::CONT : Opcode::BRK)) continue;
    Statement();
  }
  --depth_;
  loop_depth_ = depth - 1;
  insts_.push_back(FlowInst(Opcode::ENDLOOP));
  insts_.back().label = 0;
  // What the loop wrote is forgotten; accumulators stay widened.
  for (uint32_t t : claimed) temps_[t] = Temp{{}, loop_depth_, 0, 0};
  for (size_t t = before_size; t < temps_.size(); ++t) temps_[t] = Temp{{}, loop_depth_, 0, 0};
  for (auto [t, c] : accs) temps_[t].accumulator &= static_cast<uint8_t>(~(1 << c));
  return true;
}

void Generator::Statement() {
  const std::vector<uint32_t> w = {
      p_.w_float_arith + p_.w_float_round + p_.w_float_compare + p_.w_transcendental + p_.w_int_arith + p_.w_bit +
          p_.w_div + p_.w_bitfield + p_.w_int_compare + p_.w_convert + p_.w_select + p_.w_move,
      p_.w_copy_then_mad, p_.w_convert_imm, p_.w_imm_arith, p_.w_identity, p_.w_repeat, p_.w_compare_select,
      p_.w_masked_shift, depth_ < p_.max_depth ? p_.w_if : 0, depth_ < p_.max_depth ? p_.w_loop : 0,
      p_.w_indirect, p_.w_texture, o_.stage == tgsi::Processor::kFragment ? p_.w_kill : 0, p_.w_lowered,
      p_.w_edge_compare, p_.w_float_select};
  const uint32_t k = Pick(w);
  bool done = false;
  if (k == 0) done = Plain();
  else if (k <= 7) done = Pattern(k - 1);
  else if (k == 8) done = IfStatement();
  else if (k == 9) done = LoopStatement();
  else if (k == 10) done = IndirectStatement();
  else if (k == 11) done = TextureStatement();
  else if (k == 12) done = KillStatement();
  else if (k == 13) done = LoweredStatement();
  else if (k == 14) done = EdgeCompareStatement();
  else done = FloatSelectStatement();
  if (!done && !Plain()) {
    // Always progress: a copy of an input into a temp the block may write.
    auto d = PickDst(true);
    auto s = FromRegister(File::kInput, 0, Role::kFloat, 0xF);
    if (d && s) {
      s->src.negate = s->src.absolute = false;
      for (int c = 0; c < 4; ++c) s->read[c] = AbsVal::Raw();
      if (EmitOp(Opcode::MOV, d->first, d->second & 0xF, {*s})) return;
    }
    --remaining_;  // give up this slot
  }
}

void Generator::Block(int budget) {
  const int stop_at = remaining_ - budget;
  while (remaining_ > stop_at && remaining_ > 0) Statement();
}

uint32_t Generator::NewImmediateInt(const std::array<int64_t, 4>& values) {
  tgsi::Immediate imm;
  imm.type = tgsi::ImmediateType::kInt32;
  Vals vals;
  for (int c = 0; c < 4; ++c) {
    imm.words[c] = static_cast<uint32_t>(static_cast<int32_t>(values[c]));
    vals[c] = AbsVal::Int(values[c], values[c]);
  }
  imms_.push_back(imm);
  imm_vals_.push_back(vals);
  return static_cast<uint32_t>(imms_.size() - 1);
}

uint32_t Generator::NewImmediateFloat(const std::array<double, 4>& values) {
  tgsi::Immediate imm;
  imm.type = tgsi::ImmediateType::kFloat32;
  Vals vals;
  for (int c = 0; c < 4; ++c) {
    const float f = static_cast<float>(values[c]);
    std::memcpy(&imm.words[c], &f, sizeof f);
    vals[c] = AbsVal::Float(values[c], values[c], 0);
  }
  imms_.push_back(imm);
  imm_vals_.push_back(vals);
  return static_cast<uint32_t>(imms_.size() - 1);
}

// MOV OUT[o], <a register with defined components>.xyzw-ish, one per output.
void Generator::WriteOutputs() {
  for (uint32_t o = 0; o < num_outputs_; ++o) {
    std::optional<Operand> src;
    for (int t = 0; t < kTries && !src && !temps_.empty(); ++t) {
      const uint32_t i = Below(temps_.size());
      std::vector<uint8_t> ok;
      for (uint8_t c = 0; c < 4; ++c)
        if (temps_[i].comp[c].defined()) ok.push_back(c);
      if (ok.empty()) continue;
      Operand op;
      op.src = SrcOf(File::kTemporary, i);
      for (int c = 0; c < 4; ++c) op.src.swizzle[c] = ok[Below(ok.size())];
      src = op;
    }
    if (!src) src = Operand{SrcOf(File::kInput, Below(num_inputs_)), {}};
    tgsi::Instruction inst = FlowInst(Opcode::MOV);
    tgsi::DstOperand d;
    d.reg.file = File::kOutput;
    d.reg.index.index = o;
    inst.dst.push_back(d);
    inst.src.push_back(src->src);
    insts_.push_back(inst);
  }
}

void Generator::Declare(tgsi::Shader* s) const {
  const bool frag = o_.stage == tgsi::Processor::kFragment;
  for (uint32_t i = 0; i < num_inputs_; ++i) {
    tgsi::Declaration d;
    d.file = File::kInput;
    d.first = d.last = i;
    if (frag) {
      d.semantic = tgsi::SemanticDecl{tgsi::Semantic::kGeneric, i};
      d.interpolation = i + 1 == num_inputs_ && i > 0 ? tgsi::Interpolation::kConstant : tgsi::Interpolation::kPerspective;
    }
    s->declarations.push_back(d);
  }
  for (uint32_t i = 0; i < num_outputs_; ++i) {
    tgsi::Declaration d;
    d.file = File::kOutput;
    d.first = d.last = i;
    if (frag) d.semantic = tgsi::SemanticDecl{tgsi::Semantic::kColor, i};
    else if (i == 0) d.semantic = tgsi::SemanticDecl{tgsi::Semantic::kPosition, 0};
    else d.semantic = tgsi::SemanticDecl{tgsi::Semantic::kGeneric, i - 1};
    s->declarations.push_back(d);
  }
  for (uint32_t u = 0; u < units_.size(); ++u) {
    tgsi::Declaration samp;
    samp.file = File::kSampler;
    samp.first = samp.last = u;
    s->declarations.push_back(samp);
    tgsi::Declaration view;
    view.file = File::kSamplerView;
    view.first = view.last = u;
    view.sview_target = units_[u];
    s->declarations.push_back(view);
  }
  if (num_consts_ > 0) {
    tgsi::Declaration d;
    d.file = File::kConstant;
    d.dimension = 0;
    d.first = 0;
    d.last = num_consts_ - 1;
    s->declarations.push_back(d);
  }
  DeclareTemps(s);
  if (uses_addr_) {
    tgsi::Declaration d;
    d.file = File::kAddress;
    s->declarations.push_back(d);
  }
}

// TEMP[0..n-1], or around the array: [0..first-1], [first..](ARRAY(1)), [..n-1].
void Generator::DeclareTemps(tgsi::Shader* s) const {
  auto range = [&](uint32_t first, uint32_t last, uint32_t array_id) {
    if (first > last) return;
    tgsi::Declaration d;
    d.file = File::kTemporary;
    d.first = first;
    d.last = last;
    d.array_id = array_id;
    s->declarations.push_back(d);
  };
  const uint32_t n = static_cast<uint32_t>(temps_.size());
  if (n == 0) return;
  if (array_len_ == 0) return range(0, n - 1, 0);
  if (array_first_ > 0) range(0, array_first_ - 1, 0);
  range(array_first_, array_first_ + array_len_ - 1, 1);
  if (array_first_ + array_len_ < n) range(array_first_ + array_len_, n - 1, 0);
}

tgsi::Shader Generator::Run() {
  const bool frag = o_.stage == tgsi::Processor::kFragment;
  num_inputs_ = 1 + Below(std::max(1u, p_.max_inputs));
  num_consts_ = Below(p_.max_consts + 1);
  num_outputs_ = frag ? 1 : 1 + Below(std::max(1u, p_.max_outputs));
  const uint32_t lo = std::max(5u, o_.min_size), hi = std::max(lo, o_.max_size);
  const int target = static_cast<int>(lo + Below(hi - lo + 1));
  remaining_ = target - 1 - static_cast<int>(num_outputs_);
  Block(remaining_);
  // Pad (a slot given up) up to the target with copies of an input.
  while (static_cast<int>(insts_.size() + num_outputs_ + 1) < target) {
    auto d = PickDst(true);
    if (!d) break;
    const uint8_t c = static_cast<uint8_t>(std::countr_zero(static_cast<unsigned>(d->second)));
    Operand s{SrcOf(File::kInput, 0), {}};
    s.read.fill(AbsVal::Raw());
    if (!EmitOp(Opcode::MOV, d->first, static_cast<uint8_t>(1 << c), {s})) break;
  }
  WriteOutputs();
  insts_.push_back(FlowInst(Opcode::END));

  tgsi::Shader shader;
  shader.processor = o_.stage;
  Declare(&shader);
  shader.immediates = std::move(imms_);
  shader.instructions = std::move(insts_);
  for (uint32_t i = 0; i < shader.declarations.size(); ++i) shader.items.push_back({tgsi::ItemKind::kDeclaration, i});
  for (uint32_t i = 0; i < shader.immediates.size(); ++i) shader.items.push_back({tgsi::ItemKind::kImmediate, i});
  for (uint32_t i = 0; i < shader.instructions.size(); ++i) shader.items.push_back({tgsi::ItemKind::kInstruction, i});
  return shader;
}

}  // namespace shaderdiff::fuzz::internal

namespace shaderdiff::fuzz {

tgsi::Shader GenerateShader(const GenOptions& options) {
  internal::Generator g(options);
  return g.Run();
}

tgsi::Processor StageForSeed(uint64_t seed) {
  harness::Rng rng(seed ^ 0x5ea6e5ull);
  return rng.Below(2) == 0 ? tgsi::Processor::kVertex : tgsi::Processor::kFragment;
}

std::string ReproCommand(const GenOptions& options) {
  return "shaderdiff gen --seed " + std::to_string(options.seed) + " --stage " +
         (options.stage == tgsi::Processor::kVertex ? "vert" : "frag") + " --size " + std::to_string(options.min_size) +
         ":" + std::to_string(options.max_size) + " --policy " + options.policy.name;
}

}  // namespace shaderdiff::fuzz
