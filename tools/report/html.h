/* The self-contained HTML report of a run.

   One file with inline CSS, JavaScript and SVG (nothing fetched over the
   network), in sections:
     overview   run metadata and the outcome counts (regressions, fixes, ...)
     summary    verdict counts per target/build, per target, per build, and
                the reference interpreter's verdicts
     changes    what is new (regressions), fixed, flaky and missing versus
                the baseline, with each failure's detail and reproduction
     explore    with --explore: the exploration seed's new findings, apart
                from the changes (they are never regressions)
     stats      instructions / registers / cycles totals versus the previous
                run (shader-db style, compare.h) or, without one, this run's
     charts     SVG histograms: optimizing/naive instruction ratio per
                target, instruction counts per target/build
     checks     every check in one table, sortable by any column and
                filterable by text (html_assets.h)
   Invariants: every string from a report passes through HtmlEscape; the
   output is deterministic for the same inputs. */
#pragma once

#include <string>

#include "tools/report/classify.h"
#include "tools/report/report_model.h"

namespace shaderdiff::report {

struct HtmlOptions {
  std::string title = "shaderdiff report";  // also shown as the page heading
  std::string run_label;                    // e.g. "nightly-20261121"
  std::string previous_label;               // e.g. the previous report's path
  size_t change_limit = 200;                // rows per changes table; the checks table has them all
};

// `previous` may be null (no comparison).
std::string RenderHtml(const Report& run, const Report* previous, const Classification& classification,
                       const HtmlOptions& options = {});

}  // namespace shaderdiff::report
