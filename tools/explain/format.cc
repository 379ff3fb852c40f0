// FormatText / FormatJson / Summary (format.h).
#include "tools/explain/format.h"

#include <cstdio>

#include "emulator/a3xx/trace.h"
#include "tools/harness/vector_json.h"

namespace shaderdiff::explain {

namespace {

std::string Allowed(const tgsi_exec::StoreRecord& r) {
  if (r.undefined) return "any value (" + r.reason + ")";
  if (r.inexact) return harness::WordToString(r.word) + " or " + r.set.ToString() + " (" + r.reason + ")";
  return harness::WordToString(r.word);
}

std::string Comps(uint8_t m) {
  std::string s;
  for (int c = 0; c < 4; ++c)
    if (m & (1u << c)) s += "xyzw"[c];
  return s;
}

std::string StatusText(bisect::Status s) {
  switch (s) {
    case bisect::Status::kCulprit: return "culprit";
    case bisect::Status::kCulpritSet: return "culprit-set";
    case bisect::Status::kNotFailing: return "not-failing";
    case bisect::Status::kNotBisectable: return "not-bisectable";
    case bisect::Status::kFailsWithoutRewrites: return "fails-without-rewrites";
    case bisect::Status::kCulpritPass: return "culprit-pass";
  }
  return "?";
}

nlohmann::json StepJson(const TraceLine& l) {
  nlohmann::json reads = nlohmann::json::array(), writes = nlohmann::json::array(), hazards = nlohmann::json::array();
  for (const a3xx::TraceRead& r : l.trace.reads) {
    reads.push_back({{"reg", a3xx::TraceRegName(r.reg, r.half)}, {"value", harness::WordToString(r.value)}, {"written_cycle", r.written_cycle},
                     {"written_by", r.written_pc}, {"stale_by", r.short_by}});
  }
  for (const a3xx::TraceWrite& w : l.trace.writes) {
    nlohmann::json j = {{"reg", a3xx::TraceRegName(w.reg, w.half)}, {"async", w.async}};
    if (!w.async || w.landed) j["value"] = harness::WordToString(w.value);
    if (w.async && w.landed) j["landed_cycle"] = w.landed_cycle;
    writes.push_back(j);
  }
  for (const a3xx::Hazard& h : l.trace.hazards) hazards.push_back(h.ToString());
  return {{"step", l.step},     {"pc", l.trace.pc},      {"asm", l.asm_text},         {"tgsi", l.tgsi},
          {"final", Comps(l.comps)}, {"cycle", l.trace.cycle}, {"sync_wait", l.trace.sync_wait},
          {"reads", reads},     {"writes", writes},      {"hazards", hazards}};
}

}  // namespace

std::string Summary(const Explanation& e) {
  if (e.pc < 0) return std::string(StatusName(e.status)) + ": " + e.reason;
  std::string s = "lane " + std::to_string(e.lane) + ": #" + std::to_string(e.pc) + " " + e.asm_text;
  if (e.tgsi_index >= 0) s += " (TGSI " + std::to_string(e.tgsi_index) + ": " + e.tgsi_text + ")";
  if (e.status == Status::kHazard) return s + ": " + e.reason;
  s += std::string(" wrote ") + harness::WordToString(e.written);
  if (e.comp >= 0) s += std::string(" for .") + "xyzw"[e.comp];
  if (e.reference) s += ", reference: " + Allowed(*e.reference);
  if (e.status == Status::kIntermediate) s += " (an intermediate: no reference value of its own)";
  return s;
}

std::string FormatText(const Explanation& e, const std::optional<CulpritInfo>& culprit) {
  std::string out = "failure: " + e.failure + "\n";
  out += "explain: " + std::string(StatusName(e.status)) + "\n";
  if (e.pc < 0) return out + "reason: " + e.reason + "\n";
  out += "lane " + std::to_string(e.lane) + ", machine instruction #" + std::to_string(e.pc) + " (execution " +
         std::to_string(e.occurrence + 1) + ", trace step " + std::to_string(e.step) + "): " + e.asm_text + "\n";
  if (e.tgsi_index >= 0) {
    out += "TGSI instruction " + std::to_string(e.tgsi_index) + " (line " + std::to_string(e.tgsi_line) +
           "): " + e.tgsi_text + "\n";
  } else {
    out += "TGSI instruction: none (prologue/epilogue)\n";
  }
  if (e.status != Status::kHazard) {
    out += "wrote " + harness::WordToString(e.written);
    if (e.comp >= 0) out += std::string(" for component ") + "xyzw"[e.comp];
    out += "\n";
  }
  if (e.reference) {
    out += "reference allows " + Allowed(*e.reference) + (e.status == Status::kExplained ? " (the final write)" : "") +
           "\n";
  } else if (e.status == Status::kIntermediate) {
    out += "comparison point: an intermediate, with no reference value\n";
  }
  if (!e.reason.empty()) out += "note: " + e.reason + "\n";
  out += "final writes compared: " + std::to_string(e.finals_compared) + " of " + std::to_string(e.trace_steps) +
         " traced steps" + (e.trace_truncated ? " (trace truncated)" : "") + "\n";
  if (culprit) {
    out += "bisect: " + StatusText(culprit->status);
    for (const bisect::DecisionRecord& d : culprit->culprits) {
      out += " #" + std::to_string(d.index) + " " + d.pass + "/" + d.rewrite;
    }
    if (!culprit->reason.empty()) out += " (" + culprit->reason + ")";
    out += "\n";
    if (culprit->probed) {
      std::string passes;
      for (const std::string& p : culprit->culprit_passes) passes += (passes.empty() ? "" : ", ") + p;
      out += "culprit pass: " + (passes.empty() ? "none named" : passes) + " (" +
             std::to_string(culprit->pass_probe_compiles) + " pass-probe compiles with conservative substitutes)\n";
    }
    if (culprit->attribution && culprit->attribution->compiled) {
      out += std::string("the explained instruction is ") +
             (culprit->attribution->changed ? "part of the culprit's output" : "not changed by the culprit") +
             " (its TGSI instruction's code differs between the last good and first bad compile: " +
             (culprit->attribution->changed ? "yes" : "no") + ")\n";
    }
  }
  out += "trace (lane " + std::to_string(e.lane) + "):\n";
  for (const TraceLine& l : e.around) {
    out += (l.step == e.step ? "=> " : "   ") + std::string("[") + std::to_string(l.step) + "] #" +
           std::to_string(l.trace.pc) + " " + l.asm_text;
    if (l.tgsi >= 0) out += "  ; TGSI " + std::to_string(l.tgsi) + (l.comps ? " final ." + Comps(l.comps) : "");
    out += "\n      " + a3xx::FormatStep(l.trace) + "\n";
  }
  return out;
}

nlohmann::json FormatJson(const Explanation& e, const std::optional<CulpritInfo>& culprit) {
  nlohmann::json j = {{"status", std::string(StatusName(e.status))}, {"failure", e.failure}, {"lane", e.lane},
                      {"summary", Summary(e)},         {"finals_compared", e.finals_compared},
                      {"trace_steps", e.trace_steps}, {"trace_truncated", e.trace_truncated}};
  if (!e.reason.empty()) j["reason"] = e.reason;
  if (e.pc >= 0) {
    j["instruction"] = {{"pc", e.pc}, {"asm", e.asm_text}, {"occurrence", e.occurrence}, {"step", e.step}};
    j["tgsi"] = {{"index", e.tgsi_index}, {"text", e.tgsi_text}, {"line", e.tgsi_line}};
    if (e.comp >= 0) j["component"] = std::string(1, "xyzw"[e.comp]);
    if (e.status != Status::kHazard) j["written"] = harness::WordToString(e.written);
    if (e.reference) {
      j["reference"] = {{"word", harness::WordToString(e.reference->word)},
                        {"undefined", e.reference->undefined},
                        {"inexact", e.reference->inexact},
                        {"allowed", Allowed(*e.reference)}};
    }
    nlohmann::json steps = nlohmann::json::array();
    for (const TraceLine& l : e.around) steps.push_back(StepJson(l));
    j["trace"] = steps;
  }
  if (culprit) {
    nlohmann::json c = {{"status", StatusText(culprit->status)}, {"compiles", culprit->compiles}};
    if (!culprit->reason.empty()) c["reason"] = culprit->reason;
    nlohmann::json list = nlohmann::json::array();
    for (const bisect::DecisionRecord& d : culprit->culprits) {
      list.push_back({{"index", d.index}, {"pass", d.pass}, {"rewrite", d.rewrite}});
    }
    c["culprits"] = list;
    if (culprit->attribution && culprit->attribution->compiled) c["explained_in_output"] = culprit->attribution->changed;
    if (culprit->probed) {
      c["culprit_passes"] = culprit->culprit_passes;
      c["pass_probe_compiles"] = culprit->pass_probe_compiles;
    }
    j["bisect"] = c;
  }
  return j;
}

}  // namespace shaderdiff::explain
