/* Rendering an explanation object (explanation_text.h). */
#include "tools/report/explanation_text.h"

#include "tools/report/escape.h"

namespace shaderdiff::report {
namespace {

using json = nlohmann::json;

std::string Str(const json& object, const char* key) {
  auto it = object.find(key);
  if (it == object.end()) return "";
  return it->is_string() ? it->get<std::string>() : it->dump();
}

std::string Pre(const std::string& text) { return "<pre>" + HtmlEscape(text) + "</pre>"; }

std::string Row(const std::string& label, const std::string& html) {
  return "<tr><th>" + HtmlEscape(label) + "</th><td>" + html + "</td></tr>";
}

// The trace excerpt: a row per issued instruction, the named one marked.
std::string TraceTable(const json& steps, uint64_t named_step) {
  std::string out = "<table class=\"trace\"><thead><tr><th>step</th><th>pc</th><th>instruction</th><th>TGSI</th>"
                    "<th>cycle</th><th>reads (value, written at cycle by #pc, stale)</th><th>writes</th>"
                    "<th>hazards</th></tr></thead><tbody>";
  for (const json& s : steps) {
    std::string reads, writes, hazards;
    for (const json& r : s.value("reads", json::array())) {
      reads += (reads.empty() ? "" : "; ") + Str(r, "reg") + "=" + Str(r, "value") + " @" + Str(r, "written_cycle") +
               " by #" + Str(r, "written_by");
      if (r.value("stale_by", 0) != 0) reads += " STALE by " + Str(r, "stale_by");
    }
    for (const json& w : s.value("writes", json::array())) {
      writes += (writes.empty() ? "" : "; ") + Str(w, "reg") + (w.contains("value") ? "=" + Str(w, "value") : "") +
                (w.value("async", false) ? " (async)" : "");
    }
    for (const json& h : s.value("hazards", json::array())) {
      hazards += (hazards.empty() ? "" : "; ") + (h.is_string() ? h.get<std::string>() : h.dump());
    }
    const bool named = s.value("step", uint64_t{0}) == named_step;
    const int64_t tgsi = s.value("tgsi", int64_t{-1});
    out += std::string(named ? "<tr class=\"named\">" : "<tr>") + "<td class=\"num\">" + Str(s, "step") +
           "</td><td class=\"num\">" + Str(s, "pc") + "</td><td><code>" + HtmlEscape((named ? "=> " : "") + Str(s, "asm")) +
           "</code></td><td>" + (tgsi >= 0 ? std::to_string(tgsi) + (Str(s, "final").empty() ? "" : " ." + Str(s, "final")) : "") +
           "</td><td class=\"num\">" + Str(s, "cycle") + (s.value("sync_wait", 0) ? " (+" + Str(s, "sync_wait") + " sync)" : "") +
           "</td><td><code>" + HtmlEscape(reads) + "</code></td><td><code>" + HtmlEscape(writes) + "</code></td><td>" +
           HtmlEscape(hazards) + "</td></tr>";
  }
  return out + "</tbody></table>";
}

}  // namespace

std::string ExplanationLine(const json& x) {
  if (!x.is_object()) return "";
  const std::string status = x.value("status", "?");
  std::string culprit;
  if (auto c = x.find("culprit"); c != x.end() && c->is_object()) {
    if (auto list = c->find("culprits"); list != c->end() && list->is_array() && !list->empty()) {
      for (const json& d : *list) {
        culprit += (culprit.empty() ? "" : " + ") + d.value("pass", "?") + "/" + d.value("rewrite", "?") + " #" +
                   std::to_string(d.value("index", 0));
      }
    } else {
      culprit = c->value("status", "?");
      if (c->contains("reason")) culprit += " (" + c->value("reason", "") + ")";
    }
  }
  std::string named;
  if (auto e = x.find("explain"); e != x.end() && e->is_object()) {
    named = e->value("summary", "");
  } else {
    named = status + ": " + x.value("reason", "");
  }
  std::string line = culprit.empty() ? "" : "culprit: " + culprit + "; ";
  line += "instruction: " + named;
  if (auto b = x.find("budget_exhausted"); b != x.end() && b->is_string()) line += " [budget exhausted: " + b->get<std::string>() + "]";
  return line;
}

std::string ExplanationHtml(const json& x) {
  if (!x.is_object()) return "";
  std::string out = "<details class=\"explanation\"><summary>" + HtmlEscape(Str(x, "status")) + ": " +
                    HtmlEscape(ExplanationLine(x)) + "</summary><table class=\"explanation\">";
  if (x.contains("reason")) out += Row("why", HtmlEscape(Str(x, "reason")));
  if (x.contains("budget_exhausted")) out += Row("budget exhausted", HtmlEscape(Str(x, "budget_exhausted")));
  if (auto c = x.find("culprit"); c != x.end() && c->is_object()) {
    std::string text = Str(*c, "status");
    for (const json& d : c->value("culprits", json::array())) {
      text += " #" + Str(d, "index") + " " + Str(d, "pass") + "/" + Str(d, "rewrite");
    }
    if (c->contains("reason")) text += " (" + Str(*c, "reason") + ")";
    text += ", " + Str(*c, "compiles") + " compiles";
    if (c->contains("explained_in_output")) {
      text += c->value("explained_in_output", false) ? "; the named instruction is part of its output"
                                                      : "; the named instruction is not changed by it";
    }
    out += Row("culprit", HtmlEscape(text));
  }
  uint64_t named_step = UINT64_MAX;
  if (auto e = x.find("explain"); e != x.end() && e->is_object()) {
    if (auto i = e->find("instruction"); i != e->end() && i->is_object()) {
      named_step = i->value("step", UINT64_MAX);
      out += Row("instruction", "<code>#" + HtmlEscape(Str(*i, "pc") + " " + Str(*i, "asm")) + "</code> (lane " +
                                    HtmlEscape(Str(*e, "lane")) + ", execution " +
                                    std::to_string(i->value("occurrence", 0) + 1) + ")");
    }
    if (auto t = e->find("tgsi"); t != e->end() && t->is_object()) {
      out += Row("TGSI", "<code>" + HtmlEscape(Str(*t, "index") + ": " + Str(*t, "text")) + "</code>");
    }
    if (e->contains("written")) {
      std::string text = Str(*e, "written") + (e->contains("component") ? " for ." + Str(*e, "component") : "");
      if (auto r = e->find("reference"); r != e->end() && r->is_object()) text += "; reference allows " + Str(*r, "allowed");
      out += Row("value", HtmlEscape(text));
    }
    if (e->contains("failure")) out += Row("failure", HtmlEscape(Str(*e, "failure")));
  }
  if (auto r = x.find("reduced"); r != x.end() && r->is_object()) {
    const json& n = r->value("instructions", json::object());
    const json& l = r->value("lanes", json::object());
    out += Row("reduced", HtmlEscape(Str(n, "before") + " -> " + Str(n, "after") + " TGSI instructions, " +
                                     Str(l, "before") + " -> " + Str(l, "after") + " lanes, " + Str(*r, "oracle_calls") +
                                     " oracle calls (" + Str(*r, "stopped_by") + "); signature " + Str(*r, "signature")));
    if (r->contains("reproduce")) out += Row("reproduce", "<code>" + HtmlEscape(Str(*r, "reproduce")) + "</code> (in the run folder)");
    out += Row("reduced shader", Pre(Str(*r, "tgsi")));
    if (r->contains("vector")) out += Row("vector", Pre((*r)["vector"].dump(1)));
  }
  out += "</table>";
  if (auto e = x.find("explain"); e != x.end() && e->is_object() && e->contains("trace")) {
    out += "<p>trace of lane " + HtmlEscape(Str(*e, "lane")) + " around the named instruction:</p>" +
           TraceTable((*e)["trace"], named_step);
  }
  return out + "</details>";
}

}  // namespace shaderdiff::report
