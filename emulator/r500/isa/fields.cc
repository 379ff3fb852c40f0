// The field and enum tables compiled from fields.def / enums.def, and
// lookups over them. See fields.h.
#include "emulator/r500/isa/fields.h"

#include <array>

#include "emulator/isa_common/bit_range.h"

namespace shaderdiff::r500 {
namespace {

constexpr FieldInfo kFields[] = {
#define R500_FIELD(ID, NAME, TYPES, DWORD, HI, LO, DOMAIN) \
  {Field::k##ID, NAME, TYPES, DWORD, HI, LO, Domain::k##DOMAIN},
#include "emulator/r500/isa/fields.def"
#undef R500_FIELD
};
static_assert(std::size(kFields) == kFieldCount);

constexpr EnumValue kEnums[] = {
#define R500_ENUM(DOMAIN, VALUE, NAME) {Domain::k##DOMAIN, VALUE, NAME},
#include "emulator/r500/isa/enums.def"
#undef R500_ENUM
};

}  // namespace

std::span<const FieldInfo> FieldTable() { return kFields; }
const FieldInfo& Info(Field f) { return kFields[static_cast<int>(f)]; }

std::optional<Field> FieldByName(std::string_view name) {
  for (const FieldInfo& f : kFields)
    if (f.name == name) return f.field;
  return std::nullopt;
}

std::span<const EnumValue> EnumTable() { return kEnums; }

std::optional<std::string_view> EnumName(Domain d, uint32_t value) {
  for (const EnumValue& e : kEnums)
    if (e.domain == d && e.value == value) return e.name;
  return std::nullopt;
}

std::optional<uint32_t> EnumByName(Domain d, std::string_view name) {
  for (const EnumValue& e : kEnums)
    if (e.domain == d && e.name == name) return e.value;
  return std::nullopt;
}

bool InDomain(Domain d, int width, uint32_t value) {
  if (!isa_common::FitsBits<uint32_t>(value, width - 1, 0)) return false;
  if (d == Domain::kNumber || d == Domain::kFlag) return true;
  return EnumName(d, value).has_value();
}

std::string_view TypeName(InstrType t) { return *EnumName(Domain::kType, static_cast<uint32_t>(t)); }

}  // namespace shaderdiff::r500
