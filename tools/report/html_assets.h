/* The inline stylesheet and script of the HTML report.

   Invariants: no external references (no fonts, images or network); the
   script only reads the page's own DOM and works on any table with id
   "checks": a header click sorts by that column (numerically when the <th>
   has data-type="num", using each cell's data-v when present), the text box
   #filter keeps rows containing every whitespace-separated term, and the
   checkbox #nonpass hides rows whose data-status is "Pass". Without script
   the page is complete, only static. */
#pragma once

namespace shaderdiff::report {

extern const char kReportCss[];
extern const char kReportJs[];

}  // namespace shaderdiff::report
