// Source positions in JSON text, for error messages. nlohmann::json keeps no
// positions, so a value is found again by walking the text along its path;
// nlohmann's parse errors give a byte offset, turned into LINE:COL here
// (ParseJsonText).
//
// Invariants: no function reads outside `text`; the walk is iterative (no
// recursion, so nesting depth cannot exhaust the stack) and ends on any
// text, valid JSON or not.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "compiler/tgsi/ast.h"

namespace shaderdiff::harness {

// A path to a JSON value: object keys, and array indices in decimal.
using JsonPath = std::vector<std::string>;

// "inputs.3.0" ("" for the root).
std::string JsonPathString(const JsonPath& path);

// The 1-based line and column (counting bytes) of byte `offset`, clamped to
// the end of the text.
tgsi::SourceLocation LocationOfOffset(std::string_view text, size_t offset);

// The byte offset where the value at `path` starts in `text` (with a
// repeated key, its last occurrence, as the parser keeps). When the path
// leaves the document (a missing key or index), where the deepest value on
// it that exists starts.
size_t FindJsonValue(std::string_view text, const JsonPath& path);

// Parses JSON text. On failure returns false with *message (why, without
// nlohmann's prefix) and *at (where: the syntax error, or the number too
// large for a double, e.g. 1e999); never throws.
bool ParseJsonText(std::string_view text, nlohmann::json* out, std::string* message, tgsi::SourceLocation* at);

}  // namespace shaderdiff::harness
