// A report's check record as the case of a command that takes `emulate`'s
// arguments (bisect, explain): the record named <file>@<config> (among the
// checks, then the explore findings) and the arguments of its reproduction
// command after `emulate`/`compile`.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tools/report/report_model.h"
#include "tools/shaderdiff/cli.h"

namespace shaderdiff::cli {

// The main of a command whose case is a shader and a vector or a report's
// record (bisect, explain): parses `args` (one positional FILE), prints the
// help, checks that --from comes with --check and without FILE, --vector or
// --seed (and --check only with --from), then calls from_report(vm) or
// run_case(vm).
int RunCaseCommand(const std::vector<std::string>& args, const std::string& command, const std::string& synopsis,
                   const po::options_description& options, const std::function<int(const po::variables_map&)>& run_case,
                   const std::function<int(const po::variables_map&)>& from_report);

// The record, or nullopt after printing why (unreadable or invalid report,
// no such check) as `command`'s error.
std::optional<report::CheckResult> FindReportCheck(const std::string& path, const std::string& name);

// The record's reproduction command's arguments after `emulate`/`compile`,
// or nullopt after printing that it has none.
std::optional<std::vector<std::string>> ReproArguments(const report::CheckResult& record, const std::string& path,
                                                       const std::string& name);

}  // namespace shaderdiff::cli
