// The ISA invariants every R500 fuzz target asserts about an instruction
// it accepted (emulator/r500/isa/codec.h, text.h): Validate passes, Encode
// accepts it, Decode(Encode(i)) == i, and Assemble(Disassemble(i)) is the
// one instruction i. A broken one is a finding (fuzz_check.h).
#pragma once

#include <cstdio>
#include <string>
#include <variant>
#include <vector>

#include "emulator/r500/isa/codec.h"
#include "emulator/r500/isa/text.h"
#include "fuzz/libfuzzer/fuzz_check.h"

namespace shaderdiff::fuzz {

inline std::string FormatR500Words(const r500::Words& w) {
  std::string s;
  char buf[12];
  for (uint32_t d : w) {
    std::snprintf(buf, sizeof buf, "%s0x%08x", s.empty() ? "" : " ", d);
    s += buf;
  }
  return s;
}

inline void CheckR500RoundTrips(const r500::Instr& instr) {
  const std::string text = r500::Disassemble(instr);
  if (std::optional<r500::Refusal> bad = r500::Validate(instr)) {
    PropertyBroken("Validate(instr)", "an accepted instruction fails Validate: " + text + ": " + bad->reason);
  }
  std::variant<r500::Words, r500::Refusal> e = r500::Encode(instr);
  if (const auto* refused = std::get_if<r500::Refusal>(&e)) {
    PropertyBroken("Encode(instr)", "an accepted instruction does not encode: " + text + ": " + refused->reason);
  }
  std::variant<r500::Instr, r500::Refusal> d = r500::Decode(std::get<r500::Words>(e));
  FUZZ_CHECK(std::holds_alternative<r500::Instr>(d) && std::get<r500::Instr>(d) == instr,
             "Decode(Encode(i)) != i for " + text);
  std::variant<std::vector<r500::Instr>, r500::AsmError> a = r500::Assemble(text);
  FUZZ_CHECK(std::holds_alternative<std::vector<r500::Instr>>(a) &&
                 std::get<std::vector<r500::Instr>>(a) == std::vector<r500::Instr>{instr},
             "Assemble(Disassemble(i)) != i for " + text);
}

}  // namespace shaderdiff::fuzz
