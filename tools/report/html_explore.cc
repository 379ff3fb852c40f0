/* The exploration part of the HTML report (html_parts.h): the new findings
   of an --explore run, apart from the changes versus the baseline because
   they are not regressions. */
#include "tools/report/escape.h"
#include "tools/report/explanation_text.h"
#include "tools/report/html_parts.h"

namespace shaderdiff::report::html {

std::string ExploreSection(const Report& run, size_t limit) {
  if (!run.explore_seed) return "";
  size_t count = 0;
  for (const ShaderResult& s : run.shaders) count += s.findings.size();
  std::string out = "<section id=\"explore\"><h2>New findings of the exploration (seed " +
                    std::to_string(*run.explore_seed) + ", " + Thousands(count) + ")</h2>";
  out += "<p class=\"note\">Failures that vectors of the exploration seed (which changes every night) found and "
         "the stable seed's did not. They are not regressions: they do not change the exit status or the "
         "baseline; reproduce one, then fix it or add the shader to the corpus tests.</p>";
  if (count == 0) return out + "<p class=\"note\">none</p></section>";
  out += "<table><thead><tr>" + Th("test") + Th("verdict") + Th("detail") + Th("reproduce") + Th("explanation") +
         "</tr></thead><tbody>";
  size_t shown = 0;
  for (const ShaderResult& s : run.shaders) {
    for (const CheckResult& f : s.findings) {
      if (shown++ == limit) break;
      out += "<tr class=\"finding\">" + Td(TestName(s.file, f.config)) + Td(f.verdict) + Td(f.detail, "detail") +
             ReproTd(f.reproduce) + "<td>" + ExplanationHtml(f.explanation) + "</td></tr>";
    }
  }
  out += "</tbody></table>";
  if (count > limit) out += "<p class=\"note\">and " + Thousands(count - limit) + " more in report.json</p>";
  return out + "</section>";
}

}  // namespace shaderdiff::report::html
