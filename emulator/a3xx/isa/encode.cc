// The encoder: Validate (validate.cc) decides whether the instruction is
// encodable, range checks included; then the packer walks the field rows of
// its format (fields.def) and packs each row's value. Nothing here knows a
// bit position or an opcode; a row's FieldKind says where its value comes
// from.
//
// Invariant: Encode succeeds exactly when Validate returns nullopt. The
// packer still checks that every row's value fits its bits; a value that
// does not is Validate's bug, reported as "internal: ..." (the agreement
// test, validate_encode_test.cc, looks for it).
#include <array>
#include <string>

#include "emulator/a3xx/isa/codec.h"
#include "emulator/a3xx/isa/codec_internal.h"
#include "emulator/isa_common/bit_range.h"

namespace shaderdiff::a3xx {
namespace {

using internal::DstIgnoresConv;
using internal::InstructionSourceHalf;

// Packs an instruction Validate accepted; with `mask`, any instruction
// CheckSemantics accepts, each row's value cut to its bits.
class Packer {
 public:
  Packer(const Instr& instr, bool mask) : instr_(instr), info_(instr.info()), mask_(mask) {}

  std::optional<uint64_t> Run(std::string* error) {
    const auto rows = FieldsOf(info_.format);
    // Operand values first: an operand may span a main row and an ext row.
    for (const Field& f : rows) {
      if (!IsOperandKind(f.kind) || !FieldInUse(f, info_, instr_)) continue;
      const int slot = static_cast<int>(f.arg);
      const Operand& o = slot == kDstSlot ? instr_.dst : instr_.src[slot];
      std::string why;
      auto value = internal::EncodeOperandValue(f.kind, o, &why);
      if (!value) return Internal(error, "operand " + std::to_string(slot) + ": " + why);
      operand_value_[slot] = *value;
      operand_width_[slot] = f.width;
    }

    uint64_t word = 0;
    for (const Field& f : rows) {
      if (!FieldActive(f, instr_)) continue;
      uint64_t value = FieldInUse(f, info_, instr_) ? RowValue(f) : 0;
      if (mask_) value &= isa_common::LowMask<uint64_t>(f.width);
      if (f.width < 64 && (value >> f.width) != 0) {
        return Internal(error, std::string(f.name) + " value " + std::to_string(value) + " does not fit in " +
                                   std::to_string(f.width) + " bits");
      }
      word |= value << f.lo;
    }
    return (word & ~info_.extra_mask) | info_.extra_value;
  }

 private:
  std::optional<uint64_t> Internal(std::string* error, const std::string& why) {
    if (error) *error = std::string(info_.mnemonic) + ": internal: Validate accepted it, but " + why;
    return std::nullopt;
  }

  // The value of one in-use row (its range was checked by Validate).
  uint64_t RowValue(const Field& f) const {
    const int slot = static_cast<int>(f.arg);
    const Operand& src = slot < kNumSrcSlots ? instr_.src[slot] : instr_.dst;
    switch (f.kind) {
      case FieldKind::kCategory: return static_cast<uint64_t>(info_.category);
      case FieldKind::kOpcode: return info_.opc;
      case FieldKind::kFixed: return f.arg;
      case FieldKind::kZero:
      case FieldKind::kIgnored: return 0;
      case FieldKind::kFlag: return (instr_.flags & f.arg) ? 1 : 0;
      case FieldKind::kRepeat: return instr_.repeat;
      case FieldKind::kSrcRepeat:
        if (info_.has(kOpNop) && instr_.repeat == 0) return (instr_.nop >> slot) & 1;
        return src.r ? 1 : 0;
      case FieldKind::kSrcNeg: return src.neg ? 1 : 0;
      case FieldKind::kSrcAbs: return src.abs ? 1 : 0;
      case FieldKind::kGpr8:
      case FieldKind::kMultiSrc:
      case FieldKind::kCat3Src:
      case FieldKind::kCat1Src:
      case FieldKind::kCat1Dst:
      case FieldKind::kCat6Src:
        return operand_value_[slot] & isa_common::LowMask<uint64_t>(f.width);
      case FieldKind::kOperandExt: return operand_value_[slot] >> operand_width_[slot];
      case FieldKind::kFull: return InstructionSourceHalf(info_, instr_) ? 0 : 1;
      case FieldKind::kDstConv:
        return DstIgnoresConv(instr_.dst.num) ? 0 : (instr_.dst.half != InstructionSourceHalf(info_, instr_));
      case FieldKind::kCond: return static_cast<uint64_t>(instr_.cond);
      case FieldKind::kSrcType: return static_cast<uint64_t>(instr_.src_type);
      case FieldKind::kDstType: return static_cast<uint64_t>(instr_.dst_type);
      case FieldKind::kRound: return static_cast<uint64_t>(instr_.round);
      case FieldKind::kBranch:
        return static_cast<uint64_t>(static_cast<int64_t>(instr_.branch)) & isa_common::LowMask<uint64_t>(f.width);
      case FieldKind::kPredInv: return instr_.pred_inv ? 1 : 0;
      case FieldKind::kPredComp: return instr_.pred_comp;
      case FieldKind::kSamp: return instr_.samp;
      case FieldKind::kTex: return instr_.tex;
      case FieldKind::kWrmask: return instr_.wrmask;
      case FieldKind::kType: return static_cast<uint64_t>(instr_.type);
      case FieldKind::kTexFlag: return (instr_.tex_flags & f.arg) ? 1 : 0;
      case FieldKind::kMemOffset:
        return (static_cast<uint64_t>(static_cast<int64_t>(instr_.mem_offset)) >> f.arg) &
               isa_common::LowMask<uint64_t>(f.width);
      case FieldKind::kVaryingOffset: return static_cast<uint64_t>(instr_.mem_offset);
      case FieldKind::kMemSize: return instr_.mem_size;
      case FieldKind::kTyped: return instr_.typed ? 1 : 0;
      case FieldKind::kDimsM1: return instr_.dims - 1u;
      case FieldKind::kTypeSizeM1: return instr_.type_size - 1u;
    }
    return 0;
  }

  const Instr& instr_;
  const OpcodeInfo& info_;
  std::array<uint64_t, kDstSlot + 1> operand_value_{};
  std::array<int, kDstSlot + 1> operand_width_{};
  bool mask_;
};

}  // namespace

std::optional<uint64_t> Encode(const Instr& instr, std::string* error) {
  if (auto e = Validate(instr)) {
    if (error) *error = *e;
    return std::nullopt;
  }
  return Packer(instr, false).Run(error);
}

std::optional<uint64_t> internal::PackMasked(const Instr& instr) {
  if (CheckSemantics(instr)) return std::nullopt;
  return Packer(instr, true).Run(nullptr);
}

}  // namespace shaderdiff::a3xx
