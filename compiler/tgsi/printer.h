// Shader (ast.h) -> TGSI text in the canonical form of Mesa's tgsi_dump.c
// (docs/tgsi.md 1.9).
//
// The output is what tgsi_dump prints for the tokens tgsi_text_translate
// would build from the tree, so for every canonical dump `t`,
// PrintShader(ParseShader(t).shader) == t byte for byte. Consequently fields
// that Mesa's token stream cannot carry are not printed: an array id on a
// direct bracket, an interpolation location without an interpolation mode,
// STREAM without a semantic, a BUFFER memory target; the interpolation mode
// itself is printed only for fragment-shader inputs (as tgsi_dump does).
//
// Numbers are formatted without the C library's locale: FLT32 as "%10.4f"
// (or "0x%08x" of the bits when float_as_hex), FLT64 as "%10.8f", integers in
// decimal. Unsigned fields are printed unsigned (tgsi_dump prints some with
// %d, which only differs above 2^31-1, where Mesa's own text cannot be read
// back). Enum values outside their name table print as numbers, as in
// tgsi_dump; item indices out of range are skipped. If Shader::items is
// empty, everything is printed in the order properties, declarations,
// immediates, instructions.
//
// Instruction nesting follows tgsi_dump exactly: the level drops by one before
// ELSE/ENDIF/ENDLOOP/ENDSUB and rises by one after IF/UIF/ELSE/BGNLOOP/BGNSUB;
// like Mesa's counter it may go negative on unbalanced input, and a negative
// level prints no indentation.
#pragma once

#include <string>

#include "compiler/tgsi/ast.h"

namespace shaderdiff::tgsi {

std::string PrintShader(const Shader& shader);

// One instruction without its number and indentation, e.g.
// "MOV_SAT TEMP[0].xy, -|IN[0].wzyx|" (no trailing newline).
std::string PrintInstruction(const Instruction& inst);

// One declaration line without the newline, e.g. "DCL IN[0], GENERIC[0], PERSPECTIVE".
std::string PrintDeclaration(const Declaration& decl, Processor processor);

}  // namespace shaderdiff::tgsi
