// Validation of an Instr, without encoding it: first its semantics against
// the opcode table (what the instruction accepts: flags, operand kinds per
// slot, modifiers; precision consistency; members the opcode does not use
// keep their default values), then the bit-width ranges of every field row
// the instruction uses (operand payloads, repeat, branch and memory offsets,
// scalar members), read from the precomputed FieldUse table (field_use.h).
// Encode (encode.cc) runs this first and then only packs, so "Validate
// accepts" and "Encode succeeds" are one decision.
#include <array>
#include <string>

#include "emulator/a3xx/isa/codec.h"
#include "emulator/a3xx/isa/codec_internal.h"
#include "emulator/a3xx/isa/field_use.h"
#include "emulator/a3xx/isa/is_valid.h"
#include "emulator/isa_common/bit_range.h"

namespace shaderdiff::a3xx::internal {
namespace {

std::string SlotName(int slot) {
  return slot == kDstSlot ? "destination" : "source " + std::to_string(slot + 1);
}

std::string KindList(KindMask mask) {
  std::string out;
  for (int k = 1; k <= static_cast<int>(OperandKind::kRelConst); ++k) {
    if (!(mask & KindBit(static_cast<OperandKind>(k)))) continue;
    if (!out.empty()) out += ", ";
    out += OperandKindName(static_cast<OperandKind>(k));
  }
  return out.empty() ? "none" : out;
}

// True if some row of `kind` in the opcode's format is in use.
bool UsesKind(const Instr& instr, FieldKind kind) { return FieldUseOf(instr).InUse(kind); }

// Members carried by scalar fields: non-default only if the opcode uses a
// row of the corresponding kind.
struct MemberRule {
  const char* name;
  FieldKind kind;
  FieldKind alt_kind;
  bool (*non_default)(const Instr&);
};
const MemberRule kMemberRules[] = {
    {"(rptN)", FieldKind::kRepeat, FieldKind::kRepeat, [](const Instr& i) { return i.repeat != 0; }},
    {"a branch offset", FieldKind::kBranch, FieldKind::kBranch, [](const Instr& i) { return i.branch != 0; }},
    {"a predicate component", FieldKind::kPredComp, FieldKind::kPredComp,
     [](const Instr& i) { return i.pred_comp != 0; }},
    {"a predicate inversion", FieldKind::kPredInv, FieldKind::kPredInv, [](const Instr& i) { return i.pred_inv; }},
    {"a source type", FieldKind::kSrcType, FieldKind::kSrcType,
     [](const Instr& i) { return i.src_type != Type::kF16; }},
    {"a destination type", FieldKind::kDstType, FieldKind::kDstType,
     [](const Instr& i) { return i.dst_type != Type::kF16; }},
    {"a rounding mode", FieldKind::kRound, FieldKind::kRound,
     [](const Instr& i) { return i.round != Round::kDefault; }},
    {"a condition", FieldKind::kCond, FieldKind::kCond, [](const Instr& i) { return i.cond != Cond::kLt; }},
    {"a write mask", FieldKind::kWrmask, FieldKind::kWrmask, [](const Instr& i) { return i.wrmask != 0; }},
    {"a sampler index (s#)", FieldKind::kSamp, FieldKind::kSamp, [](const Instr& i) { return i.samp != 0; }},
    {"a texture index (t#)", FieldKind::kTex, FieldKind::kTex, [](const Instr& i) { return i.tex != 0; }},
    {"a type", FieldKind::kType, FieldKind::kType, [](const Instr& i) { return i.type != Type::kF16; }},
    {"a memory offset", FieldKind::kMemOffset, FieldKind::kVaryingOffset,
     [](const Instr& i) { return i.mem_offset != 0; }},
    {"a size", FieldKind::kMemSize, FieldKind::kMemSize, [](const Instr& i) { return i.mem_size != 0; }},
    {"typed", FieldKind::kTyped, FieldKind::kTyped, [](const Instr& i) { return i.typed; }},
    {"a dimension count", FieldKind::kDimsM1, FieldKind::kDimsM1, [](const Instr& i) { return i.dims != 1; }},
    {"a type size", FieldKind::kTypeSizeM1, FieldKind::kTypeSizeM1,
     [](const Instr& i) { return i.type_size != 1; }},
};

// Every check below is a template on kWhy: with kWhy a refusal carries its
// message (Validate); without, an empty one, never built (IsValid, the
// compilers' probes, which refuse often and read no message). The two
// decide alike: the same code, only the message differs.
template <bool kWhy, class Message>
std::optional<std::string> Refuse(Message&& message) {
  if constexpr (kWhy) {
    return message();
  } else {
    return std::string();
  }
}

// Members of an operand that its kind does not use must be default.
template <bool kWhy>
std::optional<std::string> CheckOperandShape(const Operand& o) {
  switch (o.kind) {
    case OperandKind::kNone:
      if (o != Operand{}) return Refuse<kWhy>([&] { return std::string("absent operand has non-default members"); });
      return std::nullopt;
    case OperandKind::kGpr:
    case OperandKind::kConst:
    case OperandKind::kFloatLut:
      if (o.kind == OperandKind::kGpr && o.num > kMaxGpr) {
        return Refuse<kWhy>([&] { return std::string("register r" + std::to_string(o.num / 4) + "." + "xyzw"[o.num % 4] + " out of range (r0..r63)"); });
      }
      if (o.kind == OperandKind::kConst && o.num > kMaxConst) {
        return Refuse<kWhy>([&] { return std::string("const c" + std::to_string(o.num / 4) + " out of range (c0..c511)"); });
      }
      if (o.kind == OperandKind::kFloatLut && o.num >= kNumFloatLut) {
        return Refuse<kWhy>([&] { return std::string("float-LUT index " + std::to_string(o.num) + " out of range (0..11)"); });
      }
      if (o.offset != 0 || o.imm != 0) return Refuse<kWhy>([&] { return std::string("register operand with an offset or immediate value"); });
      return std::nullopt;
    case OperandKind::kRelGpr:
    case OperandKind::kRelConst:
      if (o.num != 0 || o.imm != 0) return Refuse<kWhy>([&] { return std::string("relative operand with a register number or immediate value"); });
      return std::nullopt;
    case OperandKind::kImmediate:
      if (o.num != 0 || o.offset != 0) return Refuse<kWhy>([&] { return std::string("immediate with a register number or offset"); });
      return std::nullopt;
  }
  return std::nullopt;
}

template <bool kWhy>
std::optional<std::string> CheckOperands(const OpcodeInfo& info, const Instr& instr) {
  // Presence and kinds.
  static_assert(kDstSlot == kNumSrcSlots, "slots 0..2 are sources, 3 the destination");
  for (int slot = 0; slot <= kDstSlot; ++slot) {
    const bool is_dst = slot == kDstSlot;
    const Operand& o = is_dst ? instr.dst : instr.src[slot];
    const bool present = is_dst ? info.has_dst() : SourcePresent(info, instr, slot);
    const KindMask allowed = is_dst ? info.dst_kinds : info.src_kinds[slot];
    if (!present) {
      if (o.present() || o != Operand{}) {
        return Refuse<kWhy>([&] { return std::string(is_dst ? "has no destination" : "takes no " + SlotName(slot)); });
      }
      continue;
    }
    if (!o.present()) return Refuse<kWhy>([&] { return std::string("missing " + SlotName(slot)); });
    if (auto e = CheckOperandShape<kWhy>(o)) return Refuse<kWhy>([&] { return std::string(SlotName(slot) + ": " + *e); });
    if (!(allowed & KindBit(o.kind))) {
      const std::string_view name = OperandKindName(o.kind);
      return Refuse<kWhy>([&] { return std::string(SlotName(slot) + " cannot be " + (name[0] == 'i' ? "an " : "a ") + std::string(name) +
             " (allowed: " + KindList(allowed) + ")"); });
    }
    if (is_dst) {
      if (o.neg || o.abs || o.r) return Refuse<kWhy>([&] { return std::string("destination cannot take (neg)/(abs)/(r)"); });
      continue;
    }
    if (o.neg && !info.has(kOpNeg)) return Refuse<kWhy>([&] { return std::string("does not accept (neg) on " + SlotName(slot)); });
    if (o.abs && !info.has(kOpAbs)) return Refuse<kWhy>([&] { return std::string("does not accept (abs) on " + SlotName(slot)); });
    if (o.r && !info.has(kOpSrcR)) return Refuse<kWhy>([&] { return std::string("does not accept (r) on " + SlotName(slot)); });
    if (o.r && info.has(kOpNop) && instr.repeat == 0) {
      return Refuse<kWhy>([&] { return std::string("(r) on " + SlotName(slot) + " needs (rptN): without a repeat the bit means (nopN)"); });
    }
  }

  // Const-file sources.
  int consts = 0;
  for (const Operand& o : instr.src) {
    if (o.kind == OperandKind::kConst || o.kind == OperandKind::kRelConst) ++consts;
  }
  int max_consts = MaxConstSources(info);
  if (max_consts >= 0 && consts > max_consts) {
    return Refuse<kWhy>([&] { return std::string("at most " + std::to_string(max_consts) + " const source allowed"); });
  }

  // Precision.
  auto src_half_must_be = [&](int slot, bool half, const char* why) -> std::optional<std::string> {
    const Operand& o = instr.src[slot];
    if (o.present() && o.half != half) {
      return Refuse<kWhy>([&] { return std::string(SlotName(slot) + " must be " + (half ? "half" : "full") + " (" + why + ")"); });
    }
    return std::nullopt;
  };
  const Operand& dst = instr.dst;
  switch (info.precision) {
    case Precision::kNone:
      break;
    case Precision::kTyped:
      if (auto e = src_half_must_be(0, IsHalfType(instr.src_type), "source type")) return e;
      if (dst.present() && dst.half != IsHalfType(instr.dst_type)) {
        return Refuse<kWhy>([&] { return std::string(std::string("destination must be ") + (IsHalfType(instr.dst_type) ? "half" : "full") +
               " (destination type)"); });
      }
      break;
    case Precision::kFullBit:
    case Precision::kHalf:
    case Precision::kFull: {
      const bool src_half = InstructionSourceHalf(info, instr);
      for (int slot = 0; slot < kNumSrcSlots; ++slot) {
        if (instr.src[slot].kind == OperandKind::kFloatLut) continue;  // own half bit
        const char* why = info.precision == Precision::kFullBit ? "all sources share the FULL bit"
                                                                : "fixed by the opcode";
        if (auto e = src_half_must_be(slot, src_half, why)) return e;
      }
      if (dst.present() && dst.kind == OperandKind::kGpr && DstIgnoresConv(dst.num) && dst.half) {
        return Refuse<kWhy>([&] { return std::string("p0/r63 destinations are never half"); });
      }
      break;
    }
    case Precision::kTex: {
      const bool src_half = InstructionSourceHalf(info, instr);
      if (auto e = src_half_must_be(1, src_half, "sources share the FULL bit")) return e;
      if (auto e = src_half_must_be(2, true, "the .s2en index register is half on a3xx")) return e;
      if (dst.half != IsHalfType(instr.type)) {
        return Refuse<kWhy>([&] { return std::string(std::string("destination must be ") + (IsHalfType(instr.type) ? "half" : "full") + " (type)"); });
      }
      break;
    }
    case Precision::kMem: {
      if (auto e = src_half_must_be(0, false, "addresses are full registers")) return e;
      const Operand& value = instr.src[1];
      if (value.kind == OperandKind::kImmediate && value.half) return Refuse<kWhy>([&] { return std::string("immediates are never half"); });
      if (value.kind == OperandKind::kGpr && value.half != IsHalfType(instr.type)) {
        return Refuse<kWhy>([&] { return std::string(std::string("source 2 must be ") + (IsHalfType(instr.type) ? "half" : "full") + " (type)"); });
      }
      if (dst.present() && dst.half != IsHalfType(instr.type)) {
        return Refuse<kWhy>([&] { return std::string(std::string("destination must be ") + (IsHalfType(instr.type) ? "half" : "full") + " (type)"); });
      }
      break;
    }
  }
  return std::nullopt;
}

template <bool kWhy>
std::optional<std::string> CheckSemanticsImpl(const Instr& instr) {
  if (static_cast<int>(instr.opcode) >= kNumOpcodes) return Refuse<kWhy>([&] { return std::string("invalid opcode value"); });
  const OpcodeInfo& info = GetOpcodeInfo(instr.opcode);
  if (!info.supported()) {
    return Refuse<kWhy>([&] { return std::string("not supported by this library (the a3xx encoding of this cat6 form is not pinned down)"); });
  }

  // Instruction flags.
  const uint8_t accepted = static_cast<uint8_t>(info.flags & kOpInstrFlagMask);
  for (int bit = 0; bit < kNumInstrFlags; ++bit) {
    auto flag = static_cast<InstrFlag>(1 << bit);
    if ((instr.flags & flag) && !(accepted & flag)) {
      return Refuse<kWhy>([&] { return std::string("does not accept " + std::string(InstrFlagName(flag))); });
    }
  }
  if (instr.flags & ~((1u << kNumInstrFlags) - 1)) return Refuse<kWhy>([&] { return std::string("unknown instruction flag bits"); });

  // (nopN)
  if (instr.nop != 0) {
    if (!info.has(kOpNop)) return Refuse<kWhy>([&] { return std::string("does not accept (nopN)"); });
    if (instr.nop > 3) return Refuse<kWhy>([&] { return std::string("(nop" + std::to_string(instr.nop) + ") out of range (1..3)"); });
    if (instr.repeat != 0) return Refuse<kWhy>([&] { return std::string("(nopN) cannot be combined with (rptN)"); });
  }

  // Scalar members the opcode does not use.
  for (const MemberRule& rule : kMemberRules) {
    if (!rule.non_default(instr)) continue;
    if (!UsesKind(instr, rule.kind) && !UsesKind(instr, rule.alt_kind)) {
      return Refuse<kWhy>([&] { return std::string(std::string("does not take ") + rule.name); });
    }
  }
  if (instr.tex_flags & ~AcceptedTexFlags(info)) {
    for (int bit = 0; bit < kNumTexFlags; ++bit) {
      auto flag = static_cast<TexFlag>(1 << bit);
      if ((instr.tex_flags & flag) && !(AcceptedTexFlags(info) & flag)) {
        return Refuse<kWhy>([&] { return std::string("does not accept " + std::string(TexFlagName(flag))); });
      }
    }
    return Refuse<kWhy>([&] { return std::string("unknown texture flag bits"); });
  }
  if (info.has(kOpCond) && static_cast<int>(instr.cond) >= kNumConds) return Refuse<kWhy>([&] { return std::string("invalid condition"); });
  if (static_cast<int>(instr.round) > 3) return Refuse<kWhy>([&] { return std::string("invalid rounding mode"); });
  for (Type t : {instr.src_type, instr.dst_type, instr.type}) {
    if (static_cast<int>(t) >= kNumTypes) return Refuse<kWhy>([&] { return std::string("invalid type"); });
  }
  if (info.has(kOpPred) && instr.pred_comp > 3) return Refuse<kWhy>([&] { return std::string("predicate component out of range (p0.x..p0.w)"); });

  return CheckOperands<kWhy>(info, instr);
}

bool FitsSigned(int64_t v, int bits) {
  return v >= -(int64_t{1} << (bits - 1)) && v < (int64_t{1} << (bits - 1));
}

std::string DoesNotFit(const Field& f, uint64_t value) {
  return std::string(f.name) + " value " + std::to_string(value) + " does not fit in " + std::to_string(f.width) +
         " bits";
}

// The bit-width ranges of every row the instruction uses (CheckSemantics
// passed, so the opcode is valid and supported).
template <bool kWhy>
std::optional<std::string> CheckRanges(const Instr& instr) {
  const FieldUse& use = FieldUseOf(instr);
  for (int slot = 0; slot <= kDstSlot; ++slot) {
    const SlotRows& rows = use.slots[slot];
    if (!rows.main) continue;
    const Operand& o = slot == kDstSlot ? instr.dst : instr.src[slot];
    std::string why;
    const std::optional<uint64_t> value = EncodeOperandValue(rows.main->kind, o, &why);
    if (!value) return Refuse<kWhy>([&] { return std::string(SlotName(slot) + ": " + why); });
    if (rows.ext) {
      const uint64_t high = *value >> rows.main->width;
      if (rows.ext->width < 64 && (high >> rows.ext->width) != 0) return Refuse<kWhy>([&] { return std::string(DoesNotFit(*rows.ext, high)); });
    }
  }
  auto row = [&](FieldKind kind) { return use.narrowest[static_cast<int>(kind)]; };
  if (const Field* f = row(FieldKind::kRepeat); f && instr.repeat > isa_common::LowMask<uint64_t>(f->width)) {
    return Refuse<kWhy>([&] { return std::string("(rpt" + std::to_string(instr.repeat) + ") out of range (max (rpt" +
           std::to_string(isa_common::LowMask<uint64_t>(f->width)) + "))"); });
  }
  if (const Field* f = row(FieldKind::kBranch); f && !FitsSigned(instr.branch, f->width)) {
    return Refuse<kWhy>([&] { return std::string("branch offset " + std::to_string(instr.branch) + " out of range (a3xx: " + std::to_string(f->width) +
           "-bit signed)"); });
  }
  if (use.InUse(FieldKind::kMemOffset) && !FitsSigned(instr.mem_offset, use.mem_offset_bits)) {
    return Refuse<kWhy>([&] { return std::string("offset " + std::to_string(instr.mem_offset) + " out of range (" + std::to_string(use.mem_offset_bits) +
           "-bit signed)"); });
  }
  if (const Field* f = row(FieldKind::kVaryingOffset);
      f && (instr.mem_offset < 0 || static_cast<uint64_t>(instr.mem_offset) > isa_common::LowMask<uint64_t>(f->width))) {
    return Refuse<kWhy>([&] { return std::string("varying offset " + std::to_string(instr.mem_offset) + " out of range (0.." +
           std::to_string(isa_common::LowMask<uint64_t>(f->width)) + ")"); });
  }
  for (FieldKind kind : {FieldKind::kDimsM1, FieldKind::kTypeSizeM1}) {
    const Field* f = row(kind);
    const uint8_t v = kind == FieldKind::kDimsM1 ? instr.dims : instr.type_size;
    if (f && (v < 1 || v > isa_common::LowMask<uint64_t>(f->width) + 1)) {
      return Refuse<kWhy>([&] { return std::string(std::string(kind == FieldKind::kDimsM1 ? "dimension count " : "type size ") + std::to_string(v) +
             " out of range (1.." + std::to_string(isa_common::LowMask<uint64_t>(f->width) + 1) + ")"); });
    }
  }
  const std::pair<FieldKind, uint64_t> scalars[] = {
      {FieldKind::kCond, static_cast<uint64_t>(instr.cond)},
      {FieldKind::kSrcType, static_cast<uint64_t>(instr.src_type)},
      {FieldKind::kDstType, static_cast<uint64_t>(instr.dst_type)},
      {FieldKind::kRound, static_cast<uint64_t>(instr.round)},
      {FieldKind::kPredComp, instr.pred_comp},
      {FieldKind::kSamp, instr.samp},
      {FieldKind::kTex, instr.tex},
      {FieldKind::kWrmask, instr.wrmask},
      {FieldKind::kType, static_cast<uint64_t>(instr.type)},
      {FieldKind::kMemSize, instr.mem_size},
  };
  for (const auto& scalar : scalars) {
    // Not a structured binding: clang 14 (the libFuzzer build) cannot
    // capture one in the lambda.
    const uint64_t value = scalar.second;
    const Field* f = row(scalar.first);
    if (f && f->width < 64 && (value >> f->width) != 0) return Refuse<kWhy>([&] { return std::string(DoesNotFit(*f, value)); });
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> CheckSemantics(const Instr& instr) {
  if (auto e = CheckSemanticsImpl<true>(instr)) {
    std::string name = static_cast<int>(instr.opcode) < kNumOpcodes ? std::string(OpcodeName(instr.opcode))
                                                                      : std::string("?");
    return name + ": " + *e;
  }
  return std::nullopt;
}

}  // namespace shaderdiff::a3xx::internal

namespace shaderdiff::a3xx {

std::optional<std::string> Validate(const Instr& instr) {
  if (auto e = internal::CheckSemantics(instr)) return e;
  if (auto e = internal::CheckRanges<true>(instr)) return std::string(instr.info().mnemonic) + ": " + *e;
  return std::nullopt;
}

bool IsValid(const Instr& instr) {
  return !internal::CheckSemanticsImpl<false>(instr) && !internal::CheckRanges<false>(instr);
}

}  // namespace shaderdiff::a3xx

namespace shaderdiff::a3xx::internal {

bool InstructionSourceHalf(const OpcodeInfo& info, const Instr& instr) {
  switch (info.precision) {
    case Precision::kHalf:
      return true;
    case Precision::kFull:
      return false;
    case Precision::kFullBit:
      for (const Operand& o : instr.src) {
        if (o.present() && o.kind != OperandKind::kFloatLut) return o.half;
      }
      return instr.src[0].half;
    case Precision::kTex:
      if (instr.src[0].present()) return instr.src[0].half;
      return instr.src[1].half;
    default:
      return false;
  }
}

std::string RegisterName(uint16_t num) {
  std::string comp(1, "xyzw"[num & 3]);
  if (IsA0(num)) return "a0." + comp;
  if (IsP0(num)) return "p0." + comp;
  return "r" + std::to_string(num / 4) + "." + comp;
}

}  // namespace shaderdiff::a3xx::internal
