/* deqp-runner statuses and the verdict mapping (see status.h). */
#include "tools/report/status.h"

#include <array>

namespace shaderdiff::report {
namespace {

constexpr std::array<std::string_view, 6> kNames = {"Pass", "Fail", "Crash", "Skip", "Timeout", "NotApplicable"};

}  // namespace

std::string_view StatusName(Status status) { return kNames[static_cast<size_t>(status)]; }

std::optional<Status> ParseStatus(std::string_view name) {
  for (size_t i = 0; i < kNames.size(); ++i) {
    if (kNames[i] == name) return static_cast<Status>(i);
  }
  return std::nullopt;
}

Status StatusForVerdict(std::string_view verdict) {
  if (verdict == "pass" || verdict == "exempt") return Status::kPass;
  if (verdict == "unsupported" || verdict == "untested") return Status::kSkip;
  if (verdict == "not-applicable") return Status::kNotApplicable;
  if (verdict == "timeout") return Status::kTimeout;
  if (verdict == "crash") return Status::kCrash;
  return Status::kFail;  // mismatch, naive-mismatch, build-mismatch, hazard, compile-error, parse-error, invalid, ... and unknown ones
}

std::string BaselineStatusList() { return "Fail, Crash, Skip, Timeout"; }

}  // namespace shaderdiff::report
