// The encoder: validates an Instr against the opcode table, then walks the
// field rows of its format (fields.def) and packs each row's value. Nothing
// here knows a bit position or an opcode; a row's FieldKind says where its
// value comes from.
//
// Invariant: Encode succeeds exactly when Validate returns nullopt.
#include <array>
#include <string>

#include "emulator/a3xx/isa/codec.h"
#include "emulator/a3xx/isa/codec_internal.h"
#include "emulator/isa_common/bit_range.h"

namespace shaderdiff::a3xx {
namespace {

using internal::DstIgnoresConv;
using internal::InstructionSourceHalf;

std::string SlotName(int slot) {
  return slot == kDstSlot ? "destination" : "source " + std::to_string(slot + 1);
}

bool FitsSigned(int64_t v, int bits) {
  return v >= -(int64_t{1} << (bits - 1)) && v < (int64_t{1} << (bits - 1));
}

class Encoder {
 public:
  explicit Encoder(const Instr& instr) : instr_(instr), info_(instr.info()) {}

  std::optional<uint64_t> Run(std::string* error) {
    const auto rows = FieldsOf(info_.format);
    // Operand values first: an operand may span a main row and an ext row.
    for (const Field& f : rows) {
      if (!IsOperandKind(f.kind) || !FieldInUse(f, info_, instr_)) continue;
      const int slot = static_cast<int>(f.arg);
      const Operand& o = slot == kDstSlot ? instr_.dst : instr_.src[slot];
      std::string why;
      auto value = internal::EncodeOperandValue(f.kind, o, &why);
      if (!value) return Fail(error, SlotName(slot) + ": " + why);
      operand_value_[slot] = *value;
      operand_width_[slot] = f.width;
    }
    for (const Field& f : rows) {
      if (f.kind == FieldKind::kMemOffset) offset_bits_ += f.width;
    }

    uint64_t word = 0;
    for (const Field& f : rows) {
      if (!FieldActive(f, instr_)) continue;
      uint64_t value = 0;
      if (FieldInUse(f, info_, instr_)) {
        std::string why;
        if (!RowValue(f, &value, &why)) return Fail(error, why);
      }
      if (f.width < 64 && (value >> f.width) != 0) {
        return Fail(error, std::string(f.name) + " value " + std::to_string(value) + " does not fit in " +
                               std::to_string(f.width) + " bits");
      }
      word |= value << f.lo;
    }
    return (word & ~info_.extra_mask) | info_.extra_value;
  }

 private:
  std::optional<uint64_t> Fail(std::string* error, const std::string& why) {
    if (error) *error = std::string(info_.mnemonic) + ": " + why;
    return std::nullopt;
  }

  // The value of one in-use row; false with *why on a range error.
  bool RowValue(const Field& f, uint64_t* out, std::string* why) {
    const int slot = static_cast<int>(f.arg);
    const Operand& src = slot < kNumSrcSlots ? instr_.src[slot] : instr_.dst;
    switch (f.kind) {
      case FieldKind::kCategory: *out = static_cast<uint64_t>(info_.category); return true;
      case FieldKind::kOpcode: *out = info_.opc; return true;
      case FieldKind::kFixed: *out = f.arg; return true;
      case FieldKind::kZero:
      case FieldKind::kIgnored: *out = 0; return true;
      case FieldKind::kFlag: *out = (instr_.flags & f.arg) ? 1 : 0; return true;
      case FieldKind::kRepeat:
        if (instr_.repeat > isa_common::LowMask<uint64_t>(f.width)) {
          *why = "(rpt" + std::to_string(instr_.repeat) + ") out of range (max (rpt" +
                 std::to_string(isa_common::LowMask<uint64_t>(f.width)) + "))";
          return false;
        }
        *out = instr_.repeat;
        return true;
      case FieldKind::kSrcRepeat:
        if (info_.has(kOpNop) && instr_.repeat == 0) {
          *out = (instr_.nop >> slot) & 1;
        } else {
          *out = src.r ? 1 : 0;
        }
        return true;
      case FieldKind::kSrcNeg: *out = src.neg ? 1 : 0; return true;
      case FieldKind::kSrcAbs: *out = src.abs ? 1 : 0; return true;
      case FieldKind::kGpr8:
      case FieldKind::kMultiSrc:
      case FieldKind::kCat3Src:
      case FieldKind::kCat1Src:
      case FieldKind::kCat1Dst:
      case FieldKind::kCat6Src:
        *out = operand_value_[slot] & isa_common::LowMask<uint64_t>(f.width);
        return true;
      case FieldKind::kOperandExt:
        *out = operand_value_[slot] >> operand_width_[slot];
        return true;
      case FieldKind::kFull: *out = InstructionSourceHalf(info_, instr_) ? 0 : 1; return true;
      case FieldKind::kDstConv:
        *out = DstIgnoresConv(instr_.dst.num) ? 0 : (instr_.dst.half != InstructionSourceHalf(info_, instr_));
        return true;
      case FieldKind::kCond: *out = static_cast<uint64_t>(instr_.cond); return true;
      case FieldKind::kSrcType: *out = static_cast<uint64_t>(instr_.src_type); return true;
      case FieldKind::kDstType: *out = static_cast<uint64_t>(instr_.dst_type); return true;
      case FieldKind::kRound: *out = static_cast<uint64_t>(instr_.round); return true;
      case FieldKind::kBranch:
        if (!FitsSigned(instr_.branch, f.width)) {
          *why = "branch offset " + std::to_string(instr_.branch) + " out of range (a3xx: " +
                 std::to_string(f.width) + "-bit signed)";
          return false;
        }
        *out = static_cast<uint64_t>(static_cast<int64_t>(instr_.branch)) & isa_common::LowMask<uint64_t>(f.width);
        return true;
      case FieldKind::kPredInv: *out = instr_.pred_inv ? 1 : 0; return true;
      case FieldKind::kPredComp: *out = instr_.pred_comp; return true;
      case FieldKind::kSamp: *out = instr_.samp; return true;
      case FieldKind::kTex: *out = instr_.tex; return true;
      case FieldKind::kWrmask: *out = instr_.wrmask; return true;
      case FieldKind::kType: *out = static_cast<uint64_t>(instr_.type); return true;
      case FieldKind::kTexFlag: *out = (instr_.tex_flags & f.arg) ? 1 : 0; return true;
      case FieldKind::kMemOffset:
        if (!FitsSigned(instr_.mem_offset, offset_bits_)) {
          *why = "offset " + std::to_string(instr_.mem_offset) + " out of range (" +
                 std::to_string(offset_bits_) + "-bit signed)";
          return false;
        }
        *out = (static_cast<uint64_t>(static_cast<int64_t>(instr_.mem_offset)) >> f.arg) & isa_common::LowMask<uint64_t>(f.width);
        return true;
      case FieldKind::kVaryingOffset:
        if (instr_.mem_offset < 0 || static_cast<uint64_t>(instr_.mem_offset) > isa_common::LowMask<uint64_t>(f.width)) {
          *why = "varying offset " + std::to_string(instr_.mem_offset) + " out of range (0.." +
                 std::to_string(isa_common::LowMask<uint64_t>(f.width)) + ")";
          return false;
        }
        *out = static_cast<uint64_t>(instr_.mem_offset);
        return true;
      case FieldKind::kMemSize: *out = instr_.mem_size; return true;
      case FieldKind::kTyped: *out = instr_.typed ? 1 : 0; return true;
      case FieldKind::kDimsM1:
      case FieldKind::kTypeSizeM1: {
        const uint8_t v = f.kind == FieldKind::kDimsM1 ? instr_.dims : instr_.type_size;
        if (v < 1 || v > isa_common::LowMask<uint64_t>(f.width) + 1) {
          *why = std::string(f.kind == FieldKind::kDimsM1 ? "dimension count " : "type size ") +
                 std::to_string(v) + " out of range (1.." + std::to_string(isa_common::LowMask<uint64_t>(f.width) + 1) + ")";
          return false;
        }
        *out = v - 1u;
        return true;
      }
    }
    return true;
  }

  const Instr& instr_;
  const OpcodeInfo& info_;
  std::array<uint64_t, kDstSlot + 1> operand_value_{};
  std::array<int, kDstSlot + 1> operand_width_{};
  int offset_bits_ = 0;
};

}  // namespace

std::optional<uint64_t> Encode(const Instr& instr, std::string* error) {
  if (auto e = internal::CheckSemantics(instr)) {
    if (error) *error = *e;
    return std::nullopt;
  }
  return Encoder(instr).Run(error);
}

std::optional<std::string> Validate(const Instr& instr) {
  std::string error;
  if (Encode(instr, &error)) return std::nullopt;
  return error;
}

}  // namespace shaderdiff::a3xx
