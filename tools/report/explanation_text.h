/* The nightly's "explanation" object of a regression or finding (report.json
   schema 2, reports/README.md; made by tools/explain/case_explanation.h)
   rendered for people: one line for a JUnit failure or a table's summary,
   and an HTML block (a <details> element) with the reduced shader, its
   vector, the culprit, the named instruction and the trace excerpt.

   Invariants: both read only the object (missing keys are left out, never
   invented); the HTML is escaped and well nested; a null object renders
   as "" (schema-1 reports, and checks that are not regressions). */
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace shaderdiff::report {

// "culprit: lower-tgsi/lower-lrp #3; instruction: lane 0: #8 add.f ... (TGSI 0: LRP ...) wrote ..., reference: ..."
// or "instruction: off: explaining is off (--explain-budget 0)".
std::string ExplanationLine(const nlohmann::json& explanation);

// <details class="explanation"><summary>the line</summary>...</details>
std::string ExplanationHtml(const nlohmann::json& explanation);

}  // namespace shaderdiff::report
