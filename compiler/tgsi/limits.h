// The front door's limits (limits.def, numbers from Mesa's headers): how far
// any index or size a TGSI shader gives may go. The parser refuses
// declarations, token fields and properties beyond them; ValidateShader
// checks the same limits on trees built in memory.
//
// Invariant: every check is done in 64-bit arithmetic on the value as
// written, before it is narrowed to a field of the AST.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "compiler/tgsi/ast.h"

namespace shaderdiff::tgsi {

enum class Limit : uint8_t {
#define TGSI_REGISTER_LIMIT(file, registers, source)
#define TGSI_VALUE_LIMIT(name, min, max, source) name,
#include "compiler/tgsi/limits.def"
#undef TGSI_VALUE_LIMIT
#undef TGSI_REGISTER_LIMIT
};

struct ValueLimit {
  int64_t min;
  int64_t max;
  std::string_view source;  // the Mesa constant or field it comes from
};
const ValueLimit& GetLimit(Limit limit);

bool Within(Limit limit, int64_t value);

// "<what> <value> is out of range <min>..<max> (<source>)"; `value` as
// written (the parser quotes the digits, however many there are).
std::string OutOfRange(Limit limit, std::string_view value, std::string_view what);

struct RegisterLimit {
  uint32_t registers;  // indices 0 .. registers - 1
  std::string_view source;
};
// The register-count limit of `file`, or nullopt when only the token fields
// limit it (MEMORY, HWATOMIC, ...).
std::optional<RegisterLimit> RegisterLimitOf(File file);

// Which part of a declaration breaks a limit (so the parser can point at it).
enum class DeclarationPart : uint8_t { kFirst, kLast, kDimension };

struct DeclarationLimitError {
  DeclarationPart part;
  std::string message;
};

// The first limit `decl` breaks in a shader of kind `processor`: its range
// beyond its file's registers (per-vertex inputs: the vertex stride), its
// 2-D index beyond the buffers of its file (only CONST and HWATOMIC take
// one). Token-field limits are the parser's (they apply to the text).
std::optional<DeclarationLimitError> CheckDeclarationLimits(Processor processor, const Declaration& decl);

}  // namespace shaderdiff::tgsi
