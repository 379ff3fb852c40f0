/* Manual exemptions: corpus/exemptions.json.

   A mismatch the interpreter does not flag as undefined or inexact, but that
   a person checked and found to be allowed, is exempted by an entry:
     {"schema": 1,
      "exemptions": [
        {"hash": "001a581d0b479688", "target": "a3xx", "build": "opt",
         "output": "OUT[1].y", "reason": "nan-operand",
         "note": "MAX with a NaN operand; checked by <who> against <what>"}]}
   Keys, all required strings:
     hash    16 lowercase hex digits (the shader's XXH64, as in report.json)
     target  lowercase letters and digits ("a3xx")
     build   "naive" or "opt"
     output  "OUT[n]" (every component), "OUT[n].x" (one of x, y, z, w) or
             "kill" (a killed-lane difference)
     reason  one of the interpreter's reason codes (emulator/tgsi/reasons.h)
             or free text; a single kebab-case word is taken to be a code and
             must be a known one (so typos of codes are caught)
     note    who checked it and how; non-empty
   Unknown keys (at the top level or in an entry) are errors, as are two
   entries for the same hash, target, build and output.

   Staleness: report.json schema 1 carries only the *first* mismatching
   component of a failing check, as text in its detail, so an exemption for
   OUT[1].y may be live while the detail names OUT[0].x. An exemption is
   therefore matched on hash + target + build, and it is stale only on
   evidence that it is no longer needed: the shader is not in the run, the
   run has no check for that target/build, or that check passes. Any other
   verdict keeps it (mismatch and exempt are uses of it; compile-error,
   hazard, timeout or unsupported hide whether the mismatch is still there).
   The output field is validated but not used for matching. */
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tools/report/report_model.h"

namespace shaderdiff::report {

struct Exemption {
  size_t index = 0;  // position in the file's "exemptions" array
  std::string hash, target, build, output, reason, note;
  bool reason_is_code = false;  // reason names one of the interpreter's reason codes
  std::string Config() const { return target + "/" + build; }
};

// Validates the document; appends "exemptions[i].key: problem" messages (all
// of them, not only the first) to *errors and returns false on any problem.
// *out receives the valid entries.
bool ParseExemptions(const nlohmann::json& json, std::vector<Exemption>* out, std::vector<std::string>* errors);

// JSON text first; syntax errors carry nlohmann's line and column.
bool ParseExemptionsText(const std::string& text, std::vector<Exemption>* out, std::vector<std::string>* errors);

struct StaleExemption {
  Exemption exemption;
  std::string why;  // "shader ... is not in this run", "a3xx/opt was not checked for this shader", "a3xx/opt passes"
};

// The exemptions that match no failing check of `report` (see above), in
// file order.
std::vector<StaleExemption> FindStaleExemptions(const std::vector<Exemption>& exemptions, const Report& report);

}  // namespace shaderdiff::report
