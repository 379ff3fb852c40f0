// The decoder: selects the table entry whose identifying bits match (there
// is at most one: CheckTables), then walks the format's field rows in four
// phases so that every row can rely on what it depends on:
//   0  structure, flags, repeat, cat5 mode flags (decide which rows exist
//      and which sources are present)
//   1  other scalar fields, FULL/DST_CONV, operand ext bits
//   2  operands (their precision comes from phase 1)
//   3  per-source modifiers ((r)/(nopN), (neg), (abs))
// A row the opcode does not use must be zero, unless its Unused policy says
// the doc marks it ignored (cat2 SRC2 when the opcode has one source). The result is checked with Validate, so Decode
// only ever returns encodable instructions.
#include <algorithm>
#include <array>
#include <cstdio>
#include <string>

#include "emulator/a3xx/isa/codec.h"
#include "emulator/a3xx/isa/codec_internal.h"

namespace shaderdiff::a3xx {
namespace {

using internal::DstIgnoresConv;

int KindPhase(FieldKind kind) {
  switch (kind) {
    case FieldKind::kCategory:
    case FieldKind::kOpcode:
    case FieldKind::kFixed:
    case FieldKind::kZero:
    case FieldKind::kIgnored:
    case FieldKind::kFlag:
    case FieldKind::kRepeat:
    case FieldKind::kTexFlag:
      return 0;
    case FieldKind::kGpr8:
    case FieldKind::kMultiSrc:
    case FieldKind::kCat3Src:
    case FieldKind::kCat1Src:
    case FieldKind::kCat1Dst:
    case FieldKind::kCat6Src:
      return 2;
    case FieldKind::kSrcRepeat:
    case FieldKind::kSrcNeg:
    case FieldKind::kSrcAbs:
      return 3;
    default:
      return 1;
  }
}

// Rows that exist only in one cat5 mode wait until the mode (a phase-0
// TexFlag row) is known.
int PhaseOf(const Field& f) {
  const int phase = KindPhase(f.kind);
  return f.when == When::kAlways ? phase : std::max(phase, 1);
}

int64_t SignExtend(uint64_t value, int width) {
  uint64_t sign = 1ull << (width - 1);
  return static_cast<int64_t>((value ^ sign) - sign);
}

std::string BitRange(const Field& f) {
  return f.width == 1 ? "bit " + std::to_string(f.lo)
                      : "bits [" + std::to_string(f.hi()) + ":" + std::to_string(f.lo) + "]";
}

std::string SlotName(int slot) {
  return slot == kDstSlot ? "destination" : "source " + std::to_string(slot + 1);
}

class Decoder {
 public:
  Decoder(uint64_t word, Opcode op) : word_(word), info_(GetOpcodeInfo(op)) { instr_.opcode = op; }

  std::optional<Instr> Run(std::string* error) {
    const auto rows = FieldsOf(info_.format);
    for (int phase = 0; phase < 4; ++phase) {
      for (const Field& f : rows) {
        if (PhaseOf(f) != phase || !FieldActive(f, instr_)) continue;
        const uint64_t v = f.Extract(word_);
        if (!FieldInUse(f, info_, instr_)) {
          const bool ignored = f.unused == Unused::kIgnoreIfNoSource &&
                               !SourcePresent(info_, instr_, static_cast<int>(f.arg));
          if (!ignored && v != 0) return Fail(error, UnusedMessage(f));
          continue;
        }
        std::string why;
        if (!DecodeRow(f, v, &why)) return Fail(error, why);
      }
    }
    if (offset_bits_ > 0) instr_.mem_offset = static_cast<int32_t>(SignExtend(offset_raw_, offset_bits_));
    if (auto e = Validate(instr_)) {
      if (error) *error = "decoded instruction is invalid: " + *e;
      return std::nullopt;
    }
    return instr_;
  }

 private:
  std::optional<Instr> Fail(std::string* error, const std::string& why) {
    if (error) *error = std::string(info_.mnemonic) + ": " + why;
    return std::nullopt;
  }

  std::string UnusedMessage(const Field& f) const {
    const int slot = static_cast<int>(f.arg);
    switch (f.kind) {
      case FieldKind::kFlag:
        return "does not accept " + std::string(InstrFlagName(static_cast<InstrFlag>(f.arg))) + " (" +
               BitRange(f) + " set)";
      case FieldKind::kRepeat:
        return "does not accept (rptN) (" + BitRange(f) + " nonzero)";
      case FieldKind::kTexFlag:
        return "does not accept " + std::string(TexFlagName(static_cast<TexFlag>(f.arg))) + " (" +
               BitRange(f) + " set)";
      case FieldKind::kSrcRepeat:
        return "does not accept (r) on " + SlotName(slot) + " (" + BitRange(f) + " set)";
      case FieldKind::kSrcNeg:
        return "does not accept (neg) on " + SlotName(slot) + " (" + BitRange(f) + " set)";
      case FieldKind::kSrcAbs:
        return "does not accept (abs) on " + SlotName(slot) + " (" + BitRange(f) + " set)";
      default:
        return "field " + std::string(f.name) + " (" + BitRange(f) + ") must be zero: not used by this instruction";
    }
  }

  // Precision of a decoded operand in `slot` (doc §1.1: implied by the
  // instruction, see Precision in opcode.h).
  bool OperandHalf(int slot, const Operand& o) const {
    const bool is_dst = slot == kDstSlot;
    switch (info_.precision) {
      case Precision::kNone:
        return false;
      case Precision::kTyped:
        return IsHalfType(is_dst ? instr_.dst_type : instr_.src_type);
      case Precision::kFullBit:
      case Precision::kHalf:
      case Precision::kFull: {
        const bool src_half = info_.precision == Precision::kHalf   ? true
                              : info_.precision == Precision::kFull ? false
                                                                    : !full_;
        if (!is_dst) return src_half;
        if (DstIgnoresConv(o.num)) return false;
        return dst_conv_ ? !src_half : src_half;
      }
      case Precision::kTex:
        if (is_dst) return IsHalfType(instr_.type);
        return slot == 2 ? true : !full_;
      case Precision::kMem:
        if (is_dst) return IsHalfType(instr_.type);
        return slot == 1 && o.kind == OperandKind::kGpr && IsHalfType(instr_.type);
    }
    return false;
  }

  bool DecodeRow(const Field& f, uint64_t v, std::string* why) {
    const int slot = static_cast<int>(f.arg);
    switch (f.kind) {
      case FieldKind::kCategory:
      case FieldKind::kOpcode:
      case FieldKind::kFixed:  // matched when the entry was selected
      case FieldKind::kIgnored:
        return true;
      case FieldKind::kZero:
        if (v != 0) {
          *why = std::string(f.name) + " (" + BitRange(f) + ") must be zero on a3xx: " + std::string(f.note);
          return false;
        }
        return true;
      case FieldKind::kFlag:
        if (v) instr_.flags |= static_cast<uint8_t>(f.arg);
        return true;
      case FieldKind::kRepeat: instr_.repeat = static_cast<uint8_t>(v); return true;
      case FieldKind::kTexFlag:
        if (v) instr_.tex_flags |= static_cast<uint8_t>(f.arg);
        return true;
      case FieldKind::kFull: full_ = v != 0; return true;
      case FieldKind::kDstConv: dst_conv_ = v != 0; return true;
      case FieldKind::kOperandExt: ext_[slot] = v; return true;
      case FieldKind::kCond:
        if (v >= kNumConds) {
          *why = "invalid compare condition " + std::to_string(v);
          return false;
        }
        instr_.cond = static_cast<Cond>(v);
        return true;
      case FieldKind::kSrcType: instr_.src_type = static_cast<Type>(v); return true;
      case FieldKind::kDstType: instr_.dst_type = static_cast<Type>(v); return true;
      case FieldKind::kRound: instr_.round = static_cast<Round>(v); return true;
      case FieldKind::kType: instr_.type = static_cast<Type>(v); return true;
      case FieldKind::kBranch: instr_.branch = static_cast<int32_t>(SignExtend(v, f.width)); return true;
      case FieldKind::kPredInv: instr_.pred_inv = v != 0; return true;
      case FieldKind::kPredComp: instr_.pred_comp = static_cast<uint8_t>(v); return true;
      case FieldKind::kSamp: instr_.samp = static_cast<uint8_t>(v); return true;
      case FieldKind::kTex: instr_.tex = static_cast<uint8_t>(v); return true;
      case FieldKind::kWrmask: instr_.wrmask = static_cast<uint8_t>(v); return true;
      case FieldKind::kMemOffset:
        offset_raw_ |= v << f.arg;
        offset_bits_ += f.width;
        return true;
      case FieldKind::kVaryingOffset: instr_.mem_offset = static_cast<int32_t>(v); return true;
      case FieldKind::kMemSize: instr_.mem_size = static_cast<uint32_t>(v); return true;
      case FieldKind::kTyped: instr_.typed = v != 0; return true;
      case FieldKind::kDimsM1: instr_.dims = static_cast<uint8_t>(v + 1); return true;
      case FieldKind::kTypeSizeM1: instr_.type_size = static_cast<uint8_t>(v + 1); return true;
      case FieldKind::kGpr8:
      case FieldKind::kMultiSrc:
      case FieldKind::kCat3Src:
      case FieldKind::kCat1Src:
      case FieldKind::kCat1Dst:
      case FieldKind::kCat6Src: {
        Operand o;
        bool has_half_bit = false;
        std::string err;
        if (!internal::DecodeOperandValue(f.kind, v | (ext_[slot] << f.width), &o, &has_half_bit, &err)) {
          *why = SlotName(slot) + ": " + err;
          return false;
        }
        if (!has_half_bit) o.half = OperandHalf(slot, o);
        (slot == kDstSlot ? instr_.dst : instr_.src[slot]) = o;
        return true;
      }
      case FieldKind::kSrcRepeat:
        if (info_.has(kOpNop) && instr_.repeat == 0) {
          instr_.nop |= static_cast<uint8_t>(v << slot);
        } else {
          instr_.src[slot].r = v != 0;
        }
        return true;
      case FieldKind::kSrcNeg: instr_.src[slot].neg = v != 0; return true;
      case FieldKind::kSrcAbs: instr_.src[slot].abs = v != 0; return true;
    }
    return true;
  }

  const uint64_t word_;
  const OpcodeInfo& info_;
  Instr instr_;
  bool full_ = false;
  bool dst_conv_ = false;
  std::array<uint64_t, kDstSlot + 1> ext_{};
  uint64_t offset_raw_ = 0;
  int offset_bits_ = 0;
};

// Why no entry's identifying bits match: an entry with the same opcode
// field whose fixed pattern differs, or no entry at all.
std::string NoMatchMessage(uint64_t word, Category category) {
  for (int i = 0; i < kNumOpcodes; ++i) {
    const OpcodeInfo& info = GetOpcodeInfo(static_cast<Opcode>(i));
    if (info.category != category) continue;
    for (const Field& f : FieldsOf(info.format)) {
      if (f.kind != FieldKind::kOpcode) continue;
      const uint64_t opc = f.Extract(word);
      auto op = FindOpcodeByEncoding(category, static_cast<uint8_t>(opc));
      if (!op) {
        return "unknown cat" + std::to_string(static_cast<int>(category)) + " opcode " + std::to_string(opc);
      }
      const OpcodeInfo& match = GetOpcodeInfo(*op);
      for (const Field& g : FieldsOf(match.format)) {
        if (g.kind == FieldKind::kFixed && g.Extract(word) != g.arg) {
          return std::string(match.mnemonic) + ": " + std::string(g.name) + " (" + BitRange(g) + ") must be " +
                 std::to_string(g.arg);
        }
      }
      if ((word & match.extra_mask) != match.extra_value) {
        char mask[24];
        std::snprintf(mask, sizeof(mask), "0x%llx", static_cast<unsigned long long>(match.extra_mask));
        return std::string(match.mnemonic) + ": opcode-specific fixed bits " + mask + " do not match";
      }
      return std::string(match.mnemonic) + ": encoding does not match";
    }
  }
  return "unknown cat" + std::to_string(static_cast<int>(category)) + " instruction";
}

}  // namespace

std::optional<Instr> Decode(uint64_t word, std::string* error) {
  const auto category = static_cast<Category>(word >> 61);
  if (category == Category::kCat7) {
    if (error) *error = "category 7 (bar/fence/sleep/... on a6xx+) is not valid on a3xx";
    return std::nullopt;
  }
  std::optional<Opcode> match;
  for (int i = 0; i < kNumOpcodes; ++i) {
    const auto op = static_cast<Opcode>(i);
    if (GetOpcodeInfo(op).category != category || !IdentityBits(op).Matches(word)) continue;
    if (match) {
      if (error) *error = "ambiguous encoding (tables overlap): " + std::string(OpcodeName(*match)) + " and " +
                          std::string(OpcodeName(op));
      return std::nullopt;
    }
    match = op;
  }
  if (!match) {
    if (error) *error = NoMatchMessage(word, category);
    return std::nullopt;
  }
  const OpcodeInfo& info = GetOpcodeInfo(*match);
  if (!info.supported()) {
    if (error) {
      *error = std::string(info.mnemonic) +
               ": not supported by this library (a4xx+ form, or its a3xx encoding is not pinned down)";
    }
    return std::nullopt;
  }
  return Decoder(word, *match).Run(error);
}

std::string FormatWord(uint64_t word) {
  char buf[24];
  std::snprintf(buf, sizeof(buf), "%08x_%08x", static_cast<unsigned>(word >> 32),
                static_cast<unsigned>(word & 0xffffffffu));
  return buf;
}

std::optional<uint64_t> ParseWord(std::string_view text) {
  if (text.size() != 17 || text[8] != '_') return std::nullopt;
  uint64_t value = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (i == 8) continue;
    char c = text[i];
    int digit;
    if (c >= '0' && c <= '9') digit = c - '0';
    else if (c >= 'a' && c <= 'f') digit = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') digit = c - 'A' + 10;
    else return std::nullopt;
    value = (value << 4) | static_cast<uint64_t>(digit);
  }
  return value;
}

}  // namespace shaderdiff::a3xx
