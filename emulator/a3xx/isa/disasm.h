// Disassembly in two syntaxes (AsmSyntax, syntax.def): Mesa's a3xx
// disassembler's text, and our own older one (the default of Disassemble,
// which compiler dumps, reports and goldens print), e.g. "(sy)(ss)(rpt3)bary.f hr0.x, (r)0, r0.x",
// "mad.f32 r1.y, (neg)c12.x, r1.x, c12.y", "sam (f16)(xyzw)hr0.x, hr0.y, s#2, t#2".
//
// Invariant: for every valid Instr i, Assemble(Disassemble(i)) yields
// exactly i in our syntax (the text is lossless; immediates fall back to
// raw hex when their typed spelling would not read back bit-exactly). In
// Mesa's syntax the same holds except for what Mesa's text drops: cat1
// float immediates printed with "%f", the high 16 bits of f16/s16 cat1
// immediates, and the type of dsxpp.1/dsypp.1 (read back from the
// destination's precision); DisassembleProgram names those bits ("bits not
// shown").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "emulator/a3xx/isa/asm_syntax.h"
#include "emulator/a3xx/isa/instr.h"

namespace shaderdiff::a3xx {

std::string Disassemble(const Instr& instr, AsmSyntax syntax = AsmSyntax::kShaderdiff);

struct DisasmOptions {
  // Prefix each line with the word as "dword1_dword0" and two blanks (the
  // assembler skips such a prefix).
  bool show_hex = false;
  AsmSyntax syntax = AsmSyntax::kShaderdiff;
};

// One line per word, each ending in '\n'; in Mesa's syntax, an "lN:" line
// before each instruction a forward branch in the program targets, and
// "#lN" in the branch (as Mesa prints them). Words that do not decode become a
// comment line "; invalid: <reason>" so the output still assembles. A word
// whose text assembles to a different word (bits in fields the decoder
// ignores: docs/isa-a3xx.md's "x" bits) gets the comment
// "  ; bits not shown: 0x<16 hex digits>" naming exactly the bits the
// assembler will not give back.
inline constexpr const char* kBitsNotShown = "; bits not shown: ";
std::string DisassembleProgram(const std::vector<uint64_t>& words, const DisasmOptions& options = {});

}  // namespace shaderdiff::a3xx
