// The R500 fragment ISA's fields and their named values, compiled from
// fields.def and enums.def. Invariants: Field values index FieldTable() in
// fields.def order; every field's [hi:lo] lies in one dword; within one
// instruction type no two fields overlap (tables_test checks).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace shaderdiff::r500 {

inline constexpr int kDwords = 6;  // inst0..inst5 per instruction slot

// The four instruction types of US_CMN_INST.TYPE.
enum class InstrType : uint8_t { kAlu = 0, kOut = 1, kFc = 2, kTex = 3 };

// Which types a field belongs to (a bit per InstrType).
enum TypeSet : uint8_t {
  kAluOut = (1 << 0) | (1 << 1),
  kFc = 1 << 2,
  kTex = 1 << 3,
  kCmn = kAluOut | kFc | kTex,
};

enum class Domain : uint8_t {
  kNumber,
  kFlag,
#define R500_DOMAIN(D) k##D,
  R500_DOMAIN(Type) R500_DOMAIN(PredSel) R500_DOMAIN(AluResultSel) R500_DOMAIN(AluResultOp)
  R500_DOMAIN(Presub) R500_DOMAIN(Sel) R500_DOMAIN(Swizzle) R500_DOMAIN(Mod) R500_DOMAIN(Omod)
  R500_DOMAIN(RgbOp) R500_DOMAIN(AlphaOp) R500_DOMAIN(TexOp) R500_DOMAIN(Channel)
  R500_DOMAIN(FcOp) R500_DOMAIN(AddrStackOp) R500_DOMAIN(BranchOp)
#undef R500_DOMAIN
};

enum class Field : uint8_t {
#define R500_FIELD(ID, NAME, TYPES, DWORD, HI, LO, DOMAIN) k##ID,
#include "emulator/r500/isa/fields.def"
#undef R500_FIELD
  kCount
};
inline constexpr int kFieldCount = static_cast<int>(Field::kCount);

struct FieldInfo {
  Field field;
  std::string_view name;
  uint8_t types;  // TypeSet bits
  uint8_t dword;
  uint8_t hi, lo;
  Domain domain;
  int width() const { return hi - lo + 1; }
  bool In(InstrType t) const { return (types >> static_cast<int>(t)) & 1; }
};

struct EnumValue {
  Domain domain;
  uint32_t value;
  std::string_view name;
};

std::span<const FieldInfo> FieldTable();
const FieldInfo& Info(Field f);
std::optional<Field> FieldByName(std::string_view name);

std::span<const EnumValue> EnumTable();
// The name of `value` in an enumerated domain; nullopt if reserved.
std::optional<std::string_view> EnumName(Domain d, uint32_t value);
std::optional<uint32_t> EnumByName(Domain d, std::string_view name);
// Whether `value` is legal in `domain` for a field of `width` bits.
bool InDomain(Domain d, int width, uint32_t value);

std::string_view TypeName(InstrType t);

}  // namespace shaderdiff::r500
