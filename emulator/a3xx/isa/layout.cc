// The field and operand-form tables (from fields.def and operand_forms.def),
// the per-opcode fixed-bit patterns, the "does this opcode use this field"
// rule, and the table consistency check.
#include "emulator/a3xx/isa/layout.h"
#include "emulator/isa_common/hex.h"

#include <array>
#include <cstdio>
#include <utility>

namespace shaderdiff::a3xx {
namespace {

// Slot names used in fields.def's ARG column.
constexpr uint32_t SRC0 = 0, SRC1 = 1, SRC2 = 2, DST = kDstSlot;

constexpr std::array kFormats = {
#define A3XX_FORMAT(NAME, CAT, MAX_CONST) \
  FormatInfo{Format::k##NAME, #NAME, static_cast<Category>(CAT), MAX_CONST},
#include "emulator/a3xx/isa/fields.def"
#undef A3XX_FORMAT
};

constexpr std::array kFields = {
#define A3XX_FIELD_EX(FMT, NAME, HI, LO, KIND, ARG, WHEN, UNUSED, NOTE)                    \
  Field{Format::k##FMT, #NAME, LO, (HI) - (LO) + 1, FieldKind::k##KIND,                   \
        static_cast<uint32_t>(ARG), When::k##WHEN, Unused::k##UNUSED, NOTE},
#include "emulator/a3xx/isa/fields.def"
#undef A3XX_FIELD_EX
};

constexpr std::array kOperandForms = {
#define A3XX_OPERAND_FORM(ENC, KIND, MASK, VALUE, LO, WIDTH, SIGNED, HALF_BIT)             \
  OperandForm{FieldKind::k##ENC, OperandKind::k##KIND, MASK, VALUE, LO, WIDTH, SIGNED, HALF_BIT},
#include "emulator/a3xx/isa/operand_forms.def"
#undef A3XX_OPERAND_FORM
};

constexpr int kNumFormats = static_cast<int>(kFormats.size());

// [begin, end) of each format's rows; rows of one format are contiguous
// (checked by CheckTables).
constexpr std::array<std::pair<int, int>, kNumFormats> MakeFormatRanges() {
  std::array<std::pair<int, int>, kNumFormats> ranges{};
  for (auto& r : ranges) r = {0, 0};
  for (int f = 0; f < kNumFormats; ++f) {
    int begin = -1, end = -1;
    for (int i = 0; i < static_cast<int>(kFields.size()); ++i) {
      if (static_cast<int>(kFields[i].format) != f) continue;
      if (begin < 0) begin = i;
      end = i + 1;
    }
    ranges[f] = begin < 0 ? std::pair<int, int>{0, 0} : std::pair<int, int>{begin, end};
  }
  return ranges;
}
constexpr auto kFormatRanges = MakeFormatRanges();

}  // namespace

std::string_view FieldKindName(FieldKind kind) {
  switch (kind) {
    case FieldKind::kCategory: return "category";
    case FieldKind::kOpcode: return "opcode";
    case FieldKind::kFixed: return "fixed";
    case FieldKind::kZero: return "zero";
    case FieldKind::kIgnored: return "ignored";
    case FieldKind::kFlag: return "flag";
    case FieldKind::kRepeat: return "repeat";
    case FieldKind::kSrcRepeat: return "src (r)";
    case FieldKind::kSrcNeg: return "src (neg)";
    case FieldKind::kSrcAbs: return "src (abs)";
    case FieldKind::kGpr8: return "gpr8";
    case FieldKind::kMultiSrc: return "multisrc";
    case FieldKind::kCat3Src: return "cat3 src";
    case FieldKind::kCat1Src: return "cat1 src";
    case FieldKind::kCat1Dst: return "cat1 dst";
    case FieldKind::kCat6Src: return "cat6 src";
    case FieldKind::kOperandExt: return "operand ext";
    case FieldKind::kFull: return "full";
    case FieldKind::kDstConv: return "dst conv";
    case FieldKind::kCond: return "cond";
    case FieldKind::kSrcType: return "src type";
    case FieldKind::kDstType: return "dst type";
    case FieldKind::kRound: return "round";
    case FieldKind::kBranch: return "branch";
    case FieldKind::kPredInv: return "pred inv";
    case FieldKind::kPredComp: return "pred comp";
    case FieldKind::kSamp: return "samp";
    case FieldKind::kTex: return "tex";
    case FieldKind::kWrmask: return "wrmask";
    case FieldKind::kType: return "type";
    case FieldKind::kTexFlag: return "tex flag";
    case FieldKind::kMemOffset: return "mem offset";
    case FieldKind::kVaryingOffset: return "varying offset";
    case FieldKind::kMemSize: return "mem size";
    case FieldKind::kTyped: return "typed";
    case FieldKind::kDimsM1: return "dims-1";
    case FieldKind::kTypeSizeM1: return "type size-1";
  }
  return "?";
}

bool IsOperandKind(FieldKind kind) {
  switch (kind) {
    case FieldKind::kGpr8:
    case FieldKind::kMultiSrc:
    case FieldKind::kCat3Src:
    case FieldKind::kCat1Src:
    case FieldKind::kCat1Dst:
    case FieldKind::kCat6Src:
      return true;
    default:
      return false;
  }
}

const FormatInfo& GetFormatInfo(Format format) { return kFormats[static_cast<size_t>(format)]; }

std::span<const Field> FieldsOf(Format format) {
  auto [begin, end] = kFormatRanges[static_cast<size_t>(format)];
  return std::span<const Field>(kFields.data() + begin, static_cast<size_t>(end - begin));
}

std::span<const OperandForm> OperandFormsOf(FieldKind encoding) {
  // [begin, end) of each sub-encoding's forms, found once (forms of one
  // sub-encoding are contiguous in operand_forms.def).
  static const auto ranges = [] {
    std::array<std::pair<size_t, size_t>, static_cast<size_t>(FieldKind::kTypeSizeM1) + 1> r{};
    for (size_t i = 0; i < kOperandForms.size(); ++i) {
      auto& [begin, end] = r[static_cast<size_t>(kOperandForms[i].encoding)];
      if (begin == end) begin = i;
      end = i + 1;
    }
    return r;
  }();
  const auto [begin, end] = ranges[static_cast<size_t>(encoding)];
  return std::span<const OperandForm>(kOperandForms.data() + begin, end - begin);
}

bool FieldActive(const Field& field, const Instr& instr) {
  bool s2en = (instr.tex_flags & kTexS2en) != 0;
  switch (field.when) {
    case When::kAlways: return true;
    case When::kNoS2en: return !s2en;
    case When::kS2en: return s2en;
  }
  return true;
}

bool FieldInUse(const Field& field, const OpcodeInfo& info, const Instr& instr) {
  if (!FieldActive(field, instr)) return false;
  const int slot = static_cast<int>(field.arg);
  auto slot_present = [&](int s) {
    return s == kDstSlot ? info.has_dst() : SourcePresent(info, instr, s);
  };
  switch (field.kind) {
    case FieldKind::kCategory:
    case FieldKind::kOpcode:
    case FieldKind::kFixed:
    case FieldKind::kZero:
    case FieldKind::kIgnored:
      return true;
    case FieldKind::kFlag:
      return (info.flags & kOpInstrFlagMask & field.arg) != 0;
    case FieldKind::kRepeat:
      return info.has(kOpRpt);
    case FieldKind::kSrcRepeat:
      // With (nopN) support and no repeat, SRC1_R/SRC2_R carry the nop count.
      if (info.has(kOpNop) && instr.repeat == 0) return slot < 2;
      return info.has(kOpSrcR) && SourcePresent(info, instr, slot);
    case FieldKind::kSrcNeg:
      return info.has(kOpNeg) && SourcePresent(info, instr, slot);
    case FieldKind::kSrcAbs:
      return info.has(kOpAbs) && SourcePresent(info, instr, slot);
    case FieldKind::kGpr8:
    case FieldKind::kMultiSrc:
    case FieldKind::kCat3Src:
    case FieldKind::kCat1Src:
    case FieldKind::kCat1Dst:
    case FieldKind::kCat6Src:
    case FieldKind::kOperandExt:
      return slot_present(slot);
    case FieldKind::kFull:
      return SourcePresent(info, instr, 0) || SourcePresent(info, instr, 1);
    case FieldKind::kDstConv:
      return info.has_dst();
    case FieldKind::kCond:
      return info.has(kOpCond);
    case FieldKind::kBranch:
      return info.has(kOpBranch);
    case FieldKind::kPredInv:
    case FieldKind::kPredComp:
      return info.has(kOpPred);
    case FieldKind::kSamp:
      return info.has(kOpSamp);
    case FieldKind::kTex:
      return info.has(kOpTexIdx);
    case FieldKind::kTexFlag:
      return (AcceptedTexFlags(info) & field.arg) != 0;
    case FieldKind::kSrcType:
    case FieldKind::kDstType:
    case FieldKind::kRound:
    case FieldKind::kWrmask:
    case FieldKind::kType:
    case FieldKind::kMemOffset:
    case FieldKind::kVaryingOffset:
    case FieldKind::kMemSize:
    case FieldKind::kTyped:
    case FieldKind::kDimsM1:
    case FieldKind::kTypeSizeM1:
      return true;
  }
  return true;
}

namespace {

BitPattern ComputeIdentityBits(Opcode op) {
  const OpcodeInfo& info = GetOpcodeInfo(op);
  BitPattern p{info.extra_mask, info.extra_value};
  for (const Field& f : FieldsOf(info.format)) {
    if (f.when != When::kAlways) continue;
    uint64_t v;
    switch (f.kind) {
      case FieldKind::kCategory: v = static_cast<uint64_t>(info.category); break;
      case FieldKind::kOpcode: v = info.opc; break;
      case FieldKind::kFixed: v = f.arg; break;
      default: continue;
    }
    p.mask |= f.mask();
    p.value |= (v << f.lo) & f.mask();
  }
  return p;
}

struct OpcodePatterns {
  std::array<BitPattern, kNumOpcodes> identity;
  std::array<BitPattern, kNumOpcodes> fixed;
};

const OpcodePatterns& Patterns() {
  static const OpcodePatterns patterns = [] {
    OpcodePatterns p;
    for (int i = 0; i < kNumOpcodes; ++i) {
      const auto op = static_cast<Opcode>(i);
      p.identity[i] = ComputeIdentityBits(op);
      p.fixed[i] = p.identity[i];
      for (const Field& f : FieldsOf(GetOpcodeInfo(op).format)) {
        if (f.when == When::kAlways && f.kind == FieldKind::kZero) p.fixed[i].mask |= f.mask();
      }
    }
    return p;
  }();
  return patterns;
}

}  // namespace

BitPattern IdentityBits(Opcode op) { return Patterns().identity[static_cast<size_t>(op)]; }

BitPattern FixedBits(Opcode op) { return Patterns().fixed[static_cast<size_t>(op)]; }

bool PatternsOverlap(const BitPattern& a, const BitPattern& b) {
  return ((a.value ^ b.value) & a.mask & b.mask) == 0;
}

std::vector<std::string> CheckTables() {
  std::vector<std::string> problems;

  // (0) rows of a format are contiguous, and formats agree with opcodes.
  for (int f = 0; f < kNumFormats; ++f) {
    auto [begin, end] = kFormatRanges[f];
    for (int i = begin; i < end; ++i) {
      if (static_cast<int>(kFields[i].format) != f) {
        problems.push_back("fields.def: rows of format " + std::string(kFormats[f].name) +
                           " are not contiguous (row " + std::string(kFields[i].name) + ")");
        break;
      }
    }
  }
  for (int op = 0; op < kNumOpcodes; ++op) {
    const OpcodeInfo& info = GetOpcodeInfo(static_cast<Opcode>(op));
    if (info.opcode != static_cast<Opcode>(op)) problems.push_back("opcode table out of order");
    if (GetFormatInfo(info.format).category != info.category) {
      problems.push_back(std::string(info.mnemonic) + ": format category differs from opcode category");
    }
  }

  // (1) pairwise: no word can match two opcodes' fixed bits.
  for (int a = 0; a < kNumOpcodes; ++a) {
    BitPattern pa = FixedBits(static_cast<Opcode>(a));
    for (int b = a + 1; b < kNumOpcodes; ++b) {
      BitPattern pb = FixedBits(static_cast<Opcode>(b));
      if (PatternsOverlap(pa, pb)) {
        const uint64_t common = pa.mask & pb.mask;
        problems.push_back("encodings overlap: " + std::string(OpcodeName(static_cast<Opcode>(a))) + " and " +
                           std::string(OpcodeName(static_cast<Opcode>(b))) + " (common fixed mask " +
                           isa_common::HexValue(common) + ")");
      }
    }
  }

  // (2) operand forms of one sub-encoding are disjoint, and payload/half
  // bits never overlap the identifying mask.
  for (size_t i = 0; i < kOperandForms.size(); ++i) {
    const OperandForm& f = kOperandForms[i];
    uint64_t payload = ((f.payload_width == 64 ? ~0ull : (1ull << f.payload_width) - 1)) << f.payload_lo;
    if (payload & f.mask) {
      problems.push_back("operand form " + std::string(FieldKindName(f.encoding)) + "/" +
                         std::string(OperandKindName(f.kind)) + ": payload overlaps mask");
    }
    if (f.half_bit >= 0 && (((1ull << f.half_bit) & (f.mask | payload)) != 0)) {
      problems.push_back("operand form " + std::string(FieldKindName(f.encoding)) + "/" +
                         std::string(OperandKindName(f.kind)) + ": half bit overlaps mask or payload");
    }
    if ((f.value & ~f.mask) != 0) {
      problems.push_back("operand form " + std::string(FieldKindName(f.encoding)) + ": value outside mask");
    }
    for (size_t j = i + 1; j < kOperandForms.size(); ++j) {
      const OperandForm& g = kOperandForms[j];
      if (g.encoding != f.encoding) continue;
      if (((f.value ^ g.value) & f.mask & g.mask) == 0) {
        problems.push_back("operand forms overlap in " + std::string(FieldKindName(f.encoding)) + ": " +
                           std::string(OperandKindName(f.kind)) + " and " +
                           std::string(OperandKindName(g.kind)));
      }
    }
  }

  // (3) every format's active rows tile the 64 bits exactly once, for both
  // cat5 modes.
  for (const FormatInfo& fmt : kFormats) {
    for (bool s2en : {false, true}) {
      Instr probe;
      probe.tex_flags = s2en ? kTexS2en : 0;
      uint64_t covered = 0;
      for (const Field& f : FieldsOf(fmt.format)) {
        if (!FieldActive(f, probe)) continue;
        if (f.width == 0 || f.lo + f.width > 64) {
          problems.push_back(std::string(fmt.name) + "." + std::string(f.name) + ": bad bit range");
          continue;
        }
        if (covered & f.mask()) {
          problems.push_back(std::string(fmt.name) + "." + std::string(f.name) + ": overlaps another field" +
                             (s2en ? " (s2en)" : ""));
        }
        covered |= f.mask();
      }
      if (covered != ~0ull) {
        problems.push_back(std::string(fmt.name) + ": bits " + isa_common::HexValue(~covered) + " are not covered" +
                           (s2en ? " (s2en)" : ""));
      }
    }
  }

  // (4) operand rows: their sub-encoding has forms, and value widths fit.
  for (const Field& f : kFields) {
    if (!IsOperandKind(f.kind)) continue;
    auto forms = OperandFormsOf(f.kind);
    if (forms.empty()) {
      problems.push_back(std::string(f.name) + ": no operand forms for " + std::string(FieldKindName(f.kind)));
    }
  }
  return problems;
}

}  // namespace shaderdiff::a3xx
