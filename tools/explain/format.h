// The printed and JSON forms of an explanation (README.md shows both).
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "tools/bisect/search.h"
#include "tools/explain/attribution.h"
#include "tools/explain/explain.h"

namespace shaderdiff::explain {

// What the bisection said about the case (optimizing build only).
struct CulpritInfo {
  bisect::Status status = bisect::Status::kNotFailing;
  std::string reason;
  std::vector<bisect::DecisionRecord> culprits;
  std::optional<Attribution> attribution;  // of the explained instruction
  uint64_t compiles = 0;
  // The fixed-pass probes (tools/bisect/pass_probe.h), when they ran.
  bool probed = false;
  std::vector<std::string> culprit_passes;  // passes whose conservative substitute removes the failure
  uint64_t pass_probe_compiles = 0;
};

std::string FormatText(const Explanation& e, const std::optional<CulpritInfo>& culprit);
nlohmann::json FormatJson(const Explanation& e, const std::optional<CulpritInfo>& culprit);
// One line: "OUT[1].x lane 3: #12 mad.f32 ... (TGSI 4: MAD TEMP[0].x, ...) wrote 0x..., reference allows ..."
std::string Summary(const Explanation& e);

}  // namespace shaderdiff::explain
