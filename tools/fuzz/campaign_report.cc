// A campaign's report.json, index.html and junit.xml (campaign_report.h).
#include "tools/fuzz/campaign_report.h"

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "tools/report/escape.h"
#include "tools/report/explanation_text.h"

namespace shaderdiff::fuzz {

namespace {

using nlohmann::json;

std::string Num(double v, const char* format = "%.1f") {
  char b[64];
  std::snprintf(b, sizeof b, format, v);
  return b;
}

bool WriteAtomically(const std::filesystem::path& path, const std::string& text, std::string* error) {
  const std::filesystem::path tmp = path.string() + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    f << text;
    if (!f) {
      *error = tmp.string() + ": cannot write";
      return false;
    }
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) *error = path.string() + ": " + ec.message();
  return !ec;
}

}  // namespace

std::string RenderCampaignHtml(const json& r) {
  using report::HtmlEscape;
  const json& t = r["throughput"];
  std::string h =
      "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>shaderdiff fuzz</title>\n"
      "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
      "td,th{border:1px solid #ccc;padding:2px 8px;text-align:left;vertical-align:top}code{font-size:90%}"
      "details.explanation pre{margin:0;max-height:320px;overflow:auto}table.trace tr.named td{background:#fff8c5}"
      "</style></head><body>\n"
      "<h1>shaderdiff fuzz: seed " + std::to_string(r["seed"].get<uint64_t>()) + ", target " +
      HtmlEscape(r["target"].get<std::string>()) + "</h1>\n<p>" + std::to_string(r["programs"].get<uint64_t>()) +
      " programs in " + Num(r["seconds"].get<double>()) + " s (" + Num(t["programs_per_second"].get<double>()) +
      "/s; " + Num(t["programs_per_cpu_second"].get<double>()) + " per CPU-second, end to end), stopped by " +
      HtmlEscape(r["stopped_by"].get<std::string>()) + ". Coverage: " +
      std::to_string(r["coverage"]["features"].get<uint64_t>()) + " features (";
  bool first = true;
  for (const auto& [kind, n] : r["coverage"]["by_kind"].items()) {
    h += (first ? "" : ", ") + HtmlEscape(kind) + " " + std::to_string(n.get<uint64_t>());
    first = false;
  }
  h += "); " + std::to_string(r["kept"].get<uint64_t>()) + " programs kept. Findings: " +
       std::to_string(r["findings"]["total"].get<uint64_t>()) + ", unique " +
       std::to_string(r["findings"]["unique"].get<uint64_t>()) + ".</p>\n";
  h += "<h2>Verdicts</h2>\n<table><tr><th>config</th><th>verdict</th><th>programs</th></tr>\n";
  for (const auto& [config, vs] : r["verdicts"].items()) {
    for (const auto& [v, n] : vs.items()) {
      h += "<tr><td>" + HtmlEscape(config) + "</td><td>" + HtmlEscape(v) + "</td><td>" + std::to_string(n.get<uint64_t>()) +
           "</td></tr>\n";
    }
  }
  h += "</table>\n<h2>Unique findings</h2>\n<table><tr><th>id</th><th>signature</th><th>findings</th><th>instructions</th><th>files</th><th>explanation</th></tr>\n";
  for (const json& f : r["findings"]["list"]) {
    const std::string id = f.value("id", "");
    const std::string sig = f.value("signature", "");
    h += "<tr><td>" + HtmlEscape(id) + "</td><td><code>" + HtmlEscape(sig) + "</code></td><td>" +
         std::to_string(r["findings"]["per_signature"].value(sig, 0)) + "</td><td>" +
         (f.contains("instructions") ? std::to_string(f["instructions"].get<uint64_t>()) : "") +
         "</td><td><a href=\"" + HtmlEscape(id) + "/case.tgsi\">case.tgsi</a> <a href=\"" + HtmlEscape(id) +
         "/repro.sh\">repro.sh</a> <a href=\"" + HtmlEscape(id) + "/report.json\">report.json</a></td><td>" +
         report::ExplanationHtml(f.value("explanation", json())) + "</td></tr>\n";
  }
  h += "</table>\n</body></html>\n";
  return h;
}

std::string RenderCampaignJunit(const json& r) {
  using report::XmlEscape;
  const json& list = r["findings"]["list"];
  std::string x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n<testsuite name=\"fuzz\" tests=\"" +
                  std::to_string(list.size()) + "\" failures=\"" + std::to_string(list.size()) + "\">\n";
  for (const json& f : list) {
    const std::string id = f.value("id", "");
    x += "<testcase classname=\"fuzz/" + XmlEscape(f.value("config", "")) + "\" name=\"" + XmlEscape(id) + "\">" +
         "<failure type=\"" + XmlEscape(f.value("verdict", "")) + "\" message=\"" + XmlEscape(f.value("signature", "")) +
         "\">" + XmlEscape(id + "/repro.sh" + (f.contains("explanation") ? "\nexplanation: " + report::ExplanationLine(f["explanation"]) : "")) +
         "</failure></testcase>\n";
  }
  return x + "</testsuite>\n</testsuites>\n";
}

bool WriteCampaignReport(const std::string& out, const json& report, std::string* error) {
  const std::filesystem::path dir(out);
  return WriteAtomically(dir / "report.json", report.dump(1) + "\n", error) &&
         WriteAtomically(dir / "index.html", RenderCampaignHtml(report), error) &&
         WriteAtomically(dir / "junit.xml", RenderCampaignJunit(report), error);
}

}  // namespace shaderdiff::fuzz
