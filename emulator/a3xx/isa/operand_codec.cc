// Operand sub-encodings (GPR, const, relative, immediate, float LUT) encoded
// and decoded by walking operand_forms.def: a form is chosen by its
// identifying bits, and the payload is a bit range of the operand value.
#include <cstdio>
#include <string>

#include "emulator/a3xx/isa/codec_internal.h"
#include "emulator/isa_common/hex.h"

namespace shaderdiff::a3xx::internal {
namespace {

uint64_t LowMask(int width) { return width >= 64 ? ~0ull : (1ull << width) - 1; }

int64_t SignExtend(uint64_t value, int width) {
  if (width >= 64) return static_cast<int64_t>(value);
  uint64_t sign = 1ull << (width - 1);
  return static_cast<int64_t>((value ^ sign) - sign);
}

}  // namespace

std::optional<uint64_t> EncodeOperandValue(FieldKind encoding, const Operand& operand,
                                           std::string* error) {
  for (const OperandForm& form : OperandFormsOf(encoding)) {
    if (form.kind != operand.kind) continue;
    int64_t payload = 0;
    const char* what = "value";
    switch (operand.kind) {
      case OperandKind::kGpr:
      case OperandKind::kConst:
      case OperandKind::kFloatLut:
        payload = operand.num;
        what = "register number";
        break;
      case OperandKind::kRelGpr:
      case OperandKind::kRelConst:
        payload = operand.offset;
        what = "relative offset";
        break;
      case OperandKind::kImmediate:
        payload = form.payload_signed ? static_cast<int64_t>(static_cast<int32_t>(operand.imm))
                                      : static_cast<int64_t>(operand.imm);
        what = "immediate";
        break;
      case OperandKind::kNone:
        break;
    }
    const int w = form.payload_width;
    const int64_t lo = form.payload_signed ? -(int64_t{1} << (w - 1)) : 0;
    const int64_t hi = form.payload_signed ? (int64_t{1} << (w - 1)) - 1 : static_cast<int64_t>(LowMask(w));
    if (payload < lo || payload > hi) {
      if (error) {
        *error = std::string(what) + " " + std::to_string(payload) + " out of range (" + std::to_string(lo) +
                 ".." + std::to_string(hi) + ")";
      }
      return std::nullopt;
    }
    uint64_t value = form.value | ((static_cast<uint64_t>(payload) & LowMask(w)) << form.payload_lo);
    if (form.half_bit >= 0 && operand.half) value |= 1ull << form.half_bit;
    return value;
  }
  if (error) {
    *error = std::string(OperandKindName(operand.kind)) + " operand is not encodable here";
  }
  return std::nullopt;
}

bool DecodeOperandValue(FieldKind encoding, uint64_t value, Operand* operand, bool* has_half_bit,
                        std::string* error) {
  *has_half_bit = false;
  for (const OperandForm& form : OperandFormsOf(encoding)) {
    if ((value & form.mask) != form.value) continue;
    const uint64_t raw = (value >> form.payload_lo) & LowMask(form.payload_width);
    const int64_t payload = form.payload_signed ? SignExtend(raw, form.payload_width) : static_cast<int64_t>(raw);
    operand->kind = form.kind;
    switch (form.kind) {
      case OperandKind::kGpr:
      case OperandKind::kConst:
      case OperandKind::kFloatLut:
        operand->num = static_cast<uint16_t>(payload);
        break;
      case OperandKind::kRelGpr:
      case OperandKind::kRelConst:
        operand->offset = static_cast<int32_t>(payload);
        break;
      case OperandKind::kImmediate:
        operand->imm = static_cast<uint32_t>(payload);
        break;
      case OperandKind::kNone:
        break;
    }
    if (form.half_bit >= 0) {
      operand->half = ((value >> form.half_bit) & 1) != 0;
      *has_half_bit = true;
    }
    return true;
  }
  if (error) *error = "invalid " + std::string(FieldKindName(encoding)) + " operand encoding " + isa_common::HexValue(value);
  return false;
}

}  // namespace shaderdiff::a3xx::internal
