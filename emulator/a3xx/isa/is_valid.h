// IsValid: Validate's decision (instr.h) without its message, for the
// compilers' probes ("would this rewrite still be a legal instruction?"),
// which are refused often and never read why. IsValid(i) ==
// !Validate(i).has_value() for every Instr: both run the same checks
// (validate.cc, templated on whether to build the message);
// validate_encode_test checks it over the corpus words, their boundary
// perturbations and random words.
#pragma once

#include "emulator/a3xx/isa/instr.h"

namespace shaderdiff::a3xx {

bool IsValid(const Instr& instr);

}  // namespace shaderdiff::a3xx
