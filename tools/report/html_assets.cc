/* CSS and JavaScript embedded in the HTML report (html_assets.h). */
#include "tools/report/html_assets.h"

namespace shaderdiff::report {

const char kReportCss[] = R"css(
body { font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 24px 48px; color: #1d2329; background: #fff; }
h1 { font-size: 22px; margin: 20px 0 4px; }
h2 { font-size: 18px; margin: 28px 0 8px; border-bottom: 1px solid #d8dee4; padding-bottom: 4px; }
h3 { font-size: 15px; margin: 16px 0 6px; }
.meta { color: #57606a; margin: 0 0 12px; }
.cards { display: flex; flex-wrap: wrap; gap: 10px; margin: 12px 0; }
.card { border: 1px solid #d8dee4; border-radius: 6px; padding: 8px 14px; min-width: 110px; }
.card .n { font-size: 24px; font-weight: 600; }
.card.bad { border-color: #cf222e; background: #ffebe9; }
.card.good { border-color: #1a7f37; background: #dafbe1; }
.grid { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; }
table { border-collapse: collapse; margin: 4px 0 12px; }
th, td { border: 1px solid #d8dee4; padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: #f6f8fa; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.regression td { background: #ffebe9; }
tr.fix td { background: #dafbe1; }
tr.flake td { background: #fff8c5; }
tr.expected-failure td, tr.missing td { color: #57606a; }
tr[hidden] { display: none; }
.up { color: #cf222e; } .down { color: #1a7f37; }
code { font: 12px ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; word-break: break-all; }
td.detail { max-width: 520px; word-break: break-word; }
.note { color: #57606a; font-style: italic; }
#checks th { cursor: pointer; user-select: none; position: sticky; top: 0; }
#checks th[data-dir="asc"]::after { content: " \25B2"; }
#checks th[data-dir="desc"]::after { content: " \25BC"; }
.controls { margin: 8px 0; display: flex; gap: 16px; align-items: center; }
#filter { width: 420px; padding: 4px 6px; font: inherit; }
details.explanation summary { cursor: pointer; max-width: 640px; }
details.explanation pre { font: 12px ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; margin: 0; max-height: 320px; overflow: auto; }
table.trace tr.named td { background: #fff8c5; font-weight: 600; }
svg.chart { border: 1px solid #d8dee4; border-radius: 4px; background: #fff; }
svg.chart text { font: 11px system-ui, sans-serif; fill: #1d2329; }
svg.chart .chart-title { font-size: 13px; font-weight: 600; }
svg.chart .axis { stroke: #57606a; }
svg.chart .bar { fill: #0969da; }
svg.chart .bar:hover { fill: #0550ae; }
)css";

const char kReportJs[] = R"js(
(function () {
  var table = document.getElementById('checks');
  if (!table) return;
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var texts = rows.map(function (r) { return r.textContent.toLowerCase(); });
  var filter = document.getElementById('filter');
  var nonpass = document.getElementById('nonpass');
  var shown = document.getElementById('shown');
  function apply() {
    var terms = filter.value.toLowerCase().split(/\s+/).filter(function (t) { return t.length > 0; });
    var onlyBad = nonpass.checked, n = 0;
    rows.forEach(function (r, i) {
      var keep = !(onlyBad && r.getAttribute('data-status') === 'Pass') &&
                 terms.every(function (t) { return texts[i].indexOf(t) >= 0; });
      r.hidden = !keep;
      if (keep) n++;
    });
    shown.textContent = n + ' of ' + rows.length + ' checks shown';
  }
  filter.addEventListener('input', apply);
  nonpass.addEventListener('change', apply);
  var heads = Array.prototype.slice.call(table.tHead.rows[0].cells);
  heads.forEach(function (th, col) {
    th.addEventListener('click', function () {
      var numeric = th.getAttribute('data-type') === 'num';
      var dir = th.getAttribute('data-dir') === 'asc' ? -1 : 1;
      heads.forEach(function (h) { h.removeAttribute('data-dir'); });
      th.setAttribute('data-dir', dir === 1 ? 'asc' : 'desc');
      var keyed = rows.map(function (r, i) {
        var cell = r.cells[col];
        var v = cell.hasAttribute('data-v') ? cell.getAttribute('data-v') : cell.textContent;
        return [numeric ? (v === '' ? -Infinity : Number(v)) : v.toLowerCase(), i, r];
      });
      keyed.sort(function (a, b) { return a[0] < b[0] ? -dir : a[0] > b[0] ? dir : a[1] - b[1]; });
      var frag = document.createDocumentFragment();
      keyed.forEach(function (k) { frag.appendChild(k[2]); });
      body.appendChild(frag);
    });
  });
  apply();
})();
)js";

}  // namespace shaderdiff::report
