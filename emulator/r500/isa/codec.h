// Encoding and decoding R500 instructions between Instr and the six dwords
// uploaded through GA_US_VECTOR_DATA (inst0..inst5), both driven by
// fields.def. Hardware's letter: Decode refuses any word the hardware could
// not run — reserved bits set, reserved codes, and the illegal combinations
// the docs name (rules.cc) — with a reason; Encode refuses the same for an
// Instr, so Encode(Decode(w)) == w for every accepted w.
#pragma once

#include <string>
#include <variant>

#include "emulator/r500/isa/instr.h"

namespace shaderdiff::r500 {

struct Refusal {
  std::string reason;
};

// Every hardware rule an Instr must satisfy; nullopt when it is valid.
std::optional<Refusal> Validate(const Instr& in);

std::variant<Words, Refusal> Encode(const Instr& in);
std::variant<Instr, Refusal> Decode(const Words& w);

}  // namespace shaderdiff::r500
