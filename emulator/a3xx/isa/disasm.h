// Disassembly in the syntax of docs/isa-a3xx.md and Mesa's isaspec
// disassembler, e.g. "(sy)(ss)(rpt3)bary.f hr0.x, (r)0, r0.x",
// "mad.f32 r1.y, (neg)c12.x, r1.x, c12.y", "sam (f16)(xyzw)hr0.x, hr0.y, s#2, t#2".
//
// Invariant: for every valid Instr i, Assemble(Disassemble(i)) yields
// exactly i (the text is lossless; immediates fall back to raw hex when
// their typed spelling would not read back bit-exactly).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "emulator/a3xx/isa/instr.h"

namespace shaderdiff::a3xx {

std::string Disassemble(const Instr& instr);

struct DisasmOptions {
  // Prefix each line with the word as "dword1_dword0" and two blanks (the
  // assembler skips such a prefix).
  bool show_hex = false;
};

// One line per word, each ending in '\n'. Words that do not decode become a
// comment line "; invalid: <reason>" so the output still assembles. A word
// whose text assembles to a different word (bits in fields the decoder
// ignores: docs/isa-a3xx.md's "x" bits) gets the comment
// "  ; bits not shown: 0x<16 hex digits>" naming exactly the bits the
// assembler will not give back.
inline constexpr const char* kBitsNotShown = "; bits not shown: ";
std::string DisassembleProgram(const std::vector<uint64_t>& words, const DisasmOptions& options = {});

}  // namespace shaderdiff::a3xx
