// Binary encoding and decoding of a3xx instructions, both driven by the
// field tables of layout.h.
//
// Invariants: for every Instr `i` with Validate(i) == nullopt,
// Decode(*Encode(i)) == i. Decode only returns instructions Validate
// accepts; it rejects category 7, unknown opcodes, cat6 forms this library
// does not support, fixed-pattern mismatches and nonzero must-be-zero bits.
// Don't-care bits ("x" in the doc) are ignored by Decode and written as 0
// by Encode, so Encode(*Decode(w)) may differ from w only in those bits.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "emulator/a3xx/isa/instr.h"

namespace shaderdiff::a3xx {

// The 64-bit word (dword0 in bits 0..31, dword1 in bits 32..63), or nullopt
// with *error set (when error is non-null).
std::optional<uint64_t> Encode(const Instr& instr, std::string* error = nullptr);

std::optional<Instr> Decode(uint64_t word, std::string* error = nullptr);

// "dword1_dword0" as printed by disassemblers and docs/isa-a3xx.md,
// e.g. 03000000_00000000 for `end`.
std::string FormatWord(uint64_t word);
// Parses "xxxxxxxx_xxxxxxxx" (exactly that shape).
std::optional<uint64_t> ParseWord(std::string_view text);

}  // namespace shaderdiff::a3xx
