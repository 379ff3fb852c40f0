// Opcode table lookups (see opcodes.def for the data).
#include "compiler/tgsi/opcode.h"

#include <array>

#include "compiler/tgsi/names.h"

namespace shaderdiff::tgsi {
namespace {

constexpr std::array<OpcodeInfo, kOpcodeCount> kOpcodeInfo = {{
#define TGSI_OPCODE(name, ndst, nsrc, flags, src, dst) \
  {#name, ndst, nsrc, static_cast<uint8_t>(flags), DataType::src, DataType::dst},
#include "compiler/tgsi/opcodes.def"
#undef TGSI_OPCODE
}};

}  // namespace

const OpcodeInfo& GetOpcodeInfo(Opcode op) { return kOpcodeInfo[static_cast<size_t>(op)]; }

std::string_view OpcodeName(Opcode op) { return GetOpcodeInfo(op).name; }

std::optional<Opcode> FindOpcode(std::string_view name) {
  for (size_t i = 0; i < kOpcodeInfo.size(); ++i) {
    if (EqualsIgnoreCase(kOpcodeInfo[i].name, name)) return static_cast<Opcode>(i);
  }
  return std::nullopt;
}

}  // namespace shaderdiff::tgsi
