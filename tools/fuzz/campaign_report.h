/* A campaign's report in OUT/: report.json (the campaign object of
   campaign.cc: programs, throughput, coverage, verdict counts, findings),
   a self-contained index.html and junit.xml (one <testcase> per unique
   finding, a <failure> with its signature and repro.sh).
   tools/report's renderers are not used: they render the nightly's model
   (shaders x checks classified against a baseline, report schema 2); a
   campaign has no shader list and no baseline, only findings. Its escaping
   (tools/report/escape.h) is. Files are written to a temporary name and
   renamed, so an interrupted write leaves the previous report. */
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace shaderdiff::fuzz {

std::string RenderCampaignHtml(const nlohmann::json& report);
std::string RenderCampaignJunit(const nlohmann::json& report);
bool WriteCampaignReport(const std::string& out, const nlohmann::json& report, std::string* error);

}  // namespace shaderdiff::fuzz
