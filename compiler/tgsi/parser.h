// TGSI text -> Shader (ast.h).
//
// ParseShader accepts the syntax of Mesa's tgsi_text.c (docs/tgsi.md 1.1-1.8),
// the V22 grammar plus the removed opcodes of opcodes.def, with these
// deliberate differences:
// - Every malformed input yields a ParseError (1-based line/column); no input
//   crashes, hangs or reads out of bounds. Where Mesa 19.2-24.x crashes (a
//   declaration comma followed by a non-semantic word, e.g.
//   `DCL IN[0], PERSPECTIVE`) this is an error, "expected semantic name".
// - FLT32 immediates also accept inf, -inf, nan, -nan (what the dumper prints
//   for non-finite values); BGNSUB accepts a ":N" label (the dumper prints it).
// - Texture offsets must use a direct index (Mesa silently drops an indirect).
// - Numbers never wrap: they are read in 64-bit arithmetic, and an index,
//   offset, label, array id, stream or property value beyond its Mesa token
//   field, or a declaration or size beyond what any implementation allows
//   (limits.def: 4096 TEMPs, 128 SVIEWs, ...), is an error at the number.
//   Mesa's parser wraps them modulo 2^32 and then truncates them to the
//   token's bit field.
//
// Where Mesa's token stream cannot hold something the text says, the parser
// stores what Mesa keeps, so PrintShader(ParseShader(t)) equals Mesa's dump of
// tgsi_text_translate(t): an interpolation location without an interpolation
// mode is dropped, a "(id)" array id on a direct bracket is dropped, the
// return types of `DCL SVIEW` are all set to the first one listed,
// PIPE_FORMAT_NONE and a BUFFER memory target are stored as "absent", an
// omitted texture-offset swizzle is .xxx, and SVIEW/IMAGE declarations without
// extras get Mesa's defaults (BUFFER, UNORM / BUFFER, no format).
// Declaration::vertex_bracket is set by the dumper's rule (GS inputs, non-patch
// TCS/TES inputs, non-patch TCS outputs), not by whether the text had one.
//
// Structural rules (one END, declared registers, balanced flow control, ...)
// are not parse errors: ValidateShader (validate.h) makes them errors at the
// front door, and CheckShader reports what is left of Mesa's advisory sanity
// checker as warnings.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/tgsi/ast.h"

namespace shaderdiff::tgsi {

struct ParseError {
  SourceLocation location;
  std::string message;
  // "FILE:LINE:COL: error: MESSAGE"
  std::string ToString(std::string_view filename) const;
};

struct ParseResult {
  Shader shader;  // on error: the items parsed before the error
  std::optional<ParseError> error;
  bool ok() const { return !error; }
};

ParseResult ParseShader(std::string_view text);

// The sanity rules of docs/tgsi.md 1.2 that ValidateShader leaves to
// warnings: no register declared twice, 32-bit immediates only. (The other
// rules are ValidateShader's errors.)
std::vector<ParseError> CheckShader(const Shader& shader);

// Whether Mesa's dumper prints the "[]" vertex bracket for `decl` in a shader
// of kind `processor` (what the parser stores in Declaration::vertex_bracket).
bool HasImpliedVertexBracket(Processor processor, const Declaration& decl);

// Vertices per primitive for GS_INPUT_PRIMITIVE (Mesa's u_vertices_per_prim:
// 1, 2, 3, 4 or 6; primitives that make no sense for a GS count as 3).
uint32_t VerticesPerPrimitive(uint32_t primitive);

}  // namespace shaderdiff::tgsi
