/* What `shaderdiff bisect` prints and writes (--json): the culprit's pass,
   rewrite and index (or the minimal set), the IR after that pass without
   and with it, the machine code of the good and bad compiles side by side,
   the compiles used and the bound; or "not bisectable" with the reason.

   The JSON object (schema in tools/bisect/README.md) holds the same facts
   as the text, plus every probe of the search. */
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "tools/bisect/search.h"

namespace shaderdiff::bisect {

// How the case was chosen, for the header and reproduction commands.
struct CaseDescription {
  std::string file;          // the shader
  std::string vector_flags;  // " --seed S --lanes N ..." or " --vector V.json"
  std::string program = "shaderdiff";  // how reproduction commands invoke this build
  std::string target = "a3xx";          // --target (harness/targets.h); named in the JSON
};

// The section "=== after PASS ===" of a --dump-all text ("" if absent).
std::string DumpSection(const std::string& dumps, const std::string& pass);

std::string FormatText(const BisectResult& result, const CaseDescription& what);
nlohmann::json FormatJson(const BisectResult& result, const CaseDescription& what);

}  // namespace shaderdiff::bisect
