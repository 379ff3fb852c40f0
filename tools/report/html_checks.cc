/* The per-check parts of the HTML report: the changes versus the baseline
   (regressions, each expanding to its explanation when the nightly made
   one; fixes, flakes, missing) and the sortable, filterable table
   of every check (html_parts.h). */
#include <vector>

#include "tools/report/escape.h"
#include "tools/report/explanation_text.h"
#include "tools/report/html_parts.h"

namespace shaderdiff::report::html {
namespace {

std::string Expected(const ClassifiedCheck& c) { return c.expected ? std::string(StatusName(*c.expected)) : ""; }

// "K/N" branch sites that went both ways (reference rows), sorted by K.
std::string BranchesTd(const CheckResult& k) {
  if (!k.branches_total || !k.branches_both_ways) return NumTd(std::nullopt);
  return "<td class=\"num\" data-v=\"" + std::to_string(*k.branches_both_ways) + "\">" +
         Thousands(*k.branches_both_ways) + "/" + Thousands(*k.branches_total) + "</td>";
}

// One changes table (capped at `limit` rows), or a "none" note.
std::string ChangeTable(const std::string& heading, const std::string& id, const std::vector<const ClassifiedCheck*>& rows,
                        size_t limit, bool with_failure) {
  std::string out = "<h3 id=\"" + id + "\">" + HtmlEscape(heading) + " (" + Thousands(rows.size()) + ")</h3>";
  if (rows.empty()) return out + "<p class=\"note\">none</p>";
  out += "<table><thead><tr>" + Th("test") + Th("baseline") + Th("now");
  if (with_failure) out += Th("detail") + Th("reproduce") + Th("explanation");
  out += "</tr></thead><tbody>";
  for (size_t i = 0; i < rows.size() && i < limit; ++i) {
    const ClassifiedCheck& c = *rows[i];
    const std::string now = c.outcome == Outcome::kMissing ? "not in this run" : std::string(StatusName(c.status)) + " (" + c.check.verdict + ")";
    out += "<tr class=\"" + std::string(OutcomeName(c.outcome)) + "\">" + Td(c.name) + Td(Expected(c)) + Td(now);
    if (with_failure) {
      out += Td(c.check.detail, "detail") + ReproTd(c.check.reproduce) + "<td>" + ExplanationHtml(c.check.explanation) +
             "</td>";
    }
    out += "</tr>";
  }
  out += "</tbody></table>";
  if (rows.size() > limit) {
    out += "<p class=\"note\">and " + Thousands(rows.size() - limit) +
           " more: type the outcome name in the filter of the table of all checks</p>";
  }
  return out;
}

}  // namespace

std::string ChangesSection(const Classification& classification, size_t limit) {
  std::vector<const ClassifiedCheck*> regressions, fixes, flakes, missing;
  for (const ClassifiedCheck& c : classification.checks) {
    switch (c.outcome) {
      case Outcome::kRegression: regressions.push_back(&c); break;
      case Outcome::kFix: fixes.push_back(&c); break;
      case Outcome::kFlake: flakes.push_back(&c); break;
      case Outcome::kMissing: missing.push_back(&c); break;
      default: break;
    }
  }
  std::string out = "<section id=\"changes\"><h2>Changes versus the baseline</h2>";
  out += ChangeTable("New failures (regressions)", "regressions", regressions, limit, true);
  out += ChangeTable("Fixed (update the baseline)", "fixes", fixes, limit, false);
  out += ChangeTable("Known flakes that failed", "flakes", flakes, limit, true);
  out += ChangeTable("In the baseline but not in this run", "missing", missing, limit, false);
  return out + "</section>";
}

std::string ChecksSection(const Classification& classification) {
  std::string out = "<section id=\"all\"><h2>All checks</h2><div class=\"controls\">"
                    "<input id=\"filter\" type=\"search\" placeholder=\"filter: every word must appear, e.g. a3xx/opt mismatch\" "
                    "aria-label=\"filter the checks\">"
                    "<label><input id=\"nonpass\" type=\"checkbox\"> non-passing only</label>"
                    "<span id=\"shown\" class=\"note\"></span></div>";
  out += "<table id=\"checks\"><thead><tr>" + Th("shader") + Th("stage") + Th("target/build") + Th("verdict") +
         Th("outcome") + Th("baseline") + Th("instructions", true) + Th("regs", true) + Th("cycles", true) +
         Th("stalls", true) + Th("branches both ways", true) + Th("detail") + Th("reproduce") +
         "</tr></thead><tbody>\n";
  for (const ClassifiedCheck& c : classification.checks) {
    const CheckResult& k = c.check;
    out += "<tr class=\"" + std::string(OutcomeName(c.outcome)) + "\" data-status=\"" +
           (c.outcome == Outcome::kMissing ? std::string("Missing") : std::string(StatusName(c.status))) + "\">" +
           Td(c.file) + Td(c.stage) + Td(k.config) + Td(c.outcome == Outcome::kMissing ? "" : k.verdict) +
           Td(OutcomeName(c.outcome)) + Td(Expected(c)) + NumTd(k.instructions) + NumTd(k.full_regs) +
           NumTd(k.cycles) + NumTd(k.stall_cycles) + BranchesTd(k) + Td(k.detail, "detail") + ReproTd(k.reproduce) +
           "</tr>\n";
  }
  return out + "</tbody></table></section>";
}

}  // namespace shaderdiff::report::html
