/* Evaluations and selections as JSON: how an evaluation crosses the pipe
   from an isolated child (isolate.h), and the pieces of `bisect --json`.
   EvaluationFromJson(EvaluationToJson(e)) == e field by field. */
#pragma once

#include <functional>

#include <nlohmann/json.hpp>

#include "tools/bisect/search.h"

namespace shaderdiff::bisect {

nlohmann::json SelectionToJson(const Selection& selection);
nlohmann::json DecisionToJson(const DecisionRecord& decision);
// With `code` false the disassembly, IR dumps and decision log are left out.
nlohmann::json EvaluationToJson(const Evaluation& evaluation, bool code = true);
// Throws nlohmann::json::exception on a malformed object.
Evaluation EvaluationFromJson(const nlohmann::json& json);

// `evaluate` run in a forked child (isolate.h), its evaluation sent back as
// JSON; a child that dies gives verdict "crash" with how it ended as the
// signature. What every target's evaluator does per compile.
Evaluation EvaluateIsolated(const std::function<Evaluation()>& evaluate);

}  // namespace shaderdiff::bisect
