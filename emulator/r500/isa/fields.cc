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

// EnumName's index: per domain, the name of each value (empty: reserved).
// Building it fails to compile if an enums.def value is kMaxEnumValue or
// more, a name is empty, or a (domain, value) pair is named twice.
constexpr uint32_t kMaxEnumValue = 16;
constexpr int kDomains = static_cast<int>(Domain::kBranchOp) + 1;  // the last R500_DOMAIN
using EnumIndex = std::array<std::array<std::string_view, kMaxEnumValue>, kDomains>;

constexpr EnumIndex BuildEnumIndex() {
  EnumIndex index{};
  for (const EnumValue& e : kEnums) {
    if (e.value >= kMaxEnumValue || e.name.empty()) throw "enums.def: a value past the index, or an empty name";
    std::string_view& slot = index[static_cast<int>(e.domain)][e.value];
    if (!slot.empty()) throw "enums.def: a (domain, value) pair named twice";
    slot = e.name;
  }
  return index;
}
constexpr EnumIndex kEnumIndex = BuildEnumIndex();

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
  const int domain = static_cast<int>(d);
  if (domain >= kDomains || value >= kMaxEnumValue || kEnumIndex[domain][value].empty()) return std::nullopt;
  return kEnumIndex[domain][value];
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
