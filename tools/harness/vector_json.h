// JSON encoding of test vectors and execution results (the contracts
// documented in emulator/common/test_vector.h). Words are written as
// "0x%08x" strings; reading accepts exactly that form (any hex case).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "emulator/common/test_vector.h"

namespace shaderdiff::harness {

std::string WordToString(common::Word w);

nlohmann::json VectorToJson(const common::TestVector& vector);
// Parses a vector; on malformed input returns false and sets *error to a
// message naming the offending key.
bool VectorFromJson(const nlohmann::json& json, common::TestVector* vector, std::string* error);

nlohmann::json ResultToJson(const common::ExecResult& result);

std::string_view ExecStatusName(common::ExecStatus status);

}  // namespace shaderdiff::harness
