/* Internal: the sections of the HTML report (html.h) and the small helpers
   they share. Every function returns escaped, well-nested HTML. */
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "tools/report/classify.h"
#include "tools/report/report_model.h"

namespace shaderdiff::report::html {

// <td>escaped text</td>, optionally with a class.
std::string Td(std::string_view text, std::string_view css_class = "");
// A right-aligned number cell with data-v for sorting ("" when absent).
std::string NumTd(std::optional<uint64_t> value);
std::string Th(std::string_view text, bool numeric = false);
// 1,234,567
std::string Thousands(uint64_t value);
// A cell with the reproduction command as <code>, or empty.
std::string ReproTd(const std::string& command);

std::string SummarySection(const Classification& classification);
std::string ChangesSection(const Classification& classification, size_t limit);
std::string StatsSection(const Report& run, const Report* previous, const std::string& previous_label);
std::string ChartsSection(const Report& run);
std::string ChecksSection(const Classification& classification);
// The --explore findings (empty when the run did not explore).
std::string ExploreSection(const Report& run, size_t limit);

}  // namespace shaderdiff::report::html
