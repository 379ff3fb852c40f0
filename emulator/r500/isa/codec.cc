// Encode and Decode: walk fields.def for the instruction's type, then
// Validate. Bits of a dword that no field of the type covers must be zero.
#include "emulator/r500/isa/codec.h"

#include <cstdio>

#include "emulator/isa_common/bit_range.h"
#include "emulator/isa_common/hex.h"

namespace shaderdiff::r500 {
namespace {

using isa_common::ExtractBits;
using isa_common::InsertBits;
using isa_common::RangeMask;

// The bits of each dword that fields of type `t` cover.
std::array<uint32_t, kDwords> CoveredBits(InstrType t) {
  std::array<uint32_t, kDwords> covered{};
  for (const FieldInfo& f : FieldTable())
    if (f.In(t)) covered[f.dword] |= RangeMask<uint32_t>(f.hi, f.lo);
  return covered;
}

}  // namespace

Instr EmptyInstr(InstrType t) {
  Instr in;
  in.Set(Field::kType, static_cast<uint32_t>(t));
  return in;
}

std::variant<Words, Refusal> Encode(const Instr& in) {
  if (std::optional<Refusal> r = Validate(in)) return *r;
  Words w{};
  for (const FieldInfo& f : FieldTable())
    if (f.In(in.type())) w[f.dword] = InsertBits<uint32_t>(w[f.dword], f.hi, f.lo, in.Get(f.field));
  return w;
}

std::variant<Instr, Refusal> Decode(const Words& w) {
  const auto type = static_cast<InstrType>(ExtractBits<uint32_t>(w[0], 1, 0));
  const std::array<uint32_t, kDwords> covered = CoveredBits(type);
  for (int d = 0; d < kDwords; ++d) {
    if (uint32_t stray = w[d] & ~covered[d]) {
      return Refusal{"inst" + std::to_string(d) + ": reserved bits " + isa_common::HexWord(stray) + " set in a " +
                     std::string(TypeName(type)) + " instruction"};
    }
  }
  Instr in;
  for (const FieldInfo& f : FieldTable())
    if (f.In(type)) in.Set(f.field, ExtractBits<uint32_t>(w[f.dword], f.hi, f.lo));
  if (std::optional<Refusal> r = Validate(in)) return *r;
  return in;
}

}  // namespace shaderdiff::r500
