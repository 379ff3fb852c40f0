// JSON encoding of test vectors and execution results (the contracts
// documented in emulator/common/test_vector.h). Words are written as
// "0x%08x" strings; reading accepts exactly that form (any hex case).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "emulator/common/test_vector.h"
#include "tools/harness/json_location.h"

namespace shaderdiff::harness {

std::string WordToString(common::Word w);

nlohmann::json VectorToJson(const common::TestVector& vector);
// Parses a vector; on malformed input returns false and sets *error to a
// message naming the offending key, and *path (if given) to the JSON path of
// the offending value (or of the deepest existing value on the way to a
// missing one).
bool VectorFromJson(const nlohmann::json& json, common::TestVector* vector, std::string* error,
                    JsonPath* path = nullptr);

// Parses vector JSON text read from `file`. On failure *error is
// "FILE:LINE:COL: error: ...": for text that is not JSON the position of
// the parse error ("not valid JSON: ..."), else the position of the
// offending value (json_location.h).
bool ReadVectorJson(std::string_view text, const std::string& file, common::TestVector* vector,
                    std::string* error);

nlohmann::json ResultToJson(const common::ExecResult& result);

std::string_view ExecStatusName(common::ExecStatus status);

}  // namespace shaderdiff::harness
