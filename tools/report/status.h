/* deqp-runner statuses and the mapping from shaderdiff verdicts to them.

   Baseline and flake files use deqp-runner's `name,Status` lines, so they
   speak deqp-runner's status names, never ours. The mapping (README.md):
     pass, exempt                                        -> Pass
     mismatch, naive-mismatch, build-mismatch, hazard,
     compile-error                                       -> Fail
     parse-error, invalid, print-mismatch,
     error (interpreter)                                 -> Fail
     crash                                               -> Crash
     timeout                                             -> Timeout
     unsupported, untested                               -> Skip
     not-applicable                                      -> NotApplicable
     anything else                                       -> Fail
   NotApplicable is ours, not deqp-runner's: the target's hardware has no
   such stage (a vertex shader on r500), so the check is not a test at all
   (deqp-runner would not list it in its caselist). It is never a failure or
   a regression, and a baseline may not list it (baseline.h).
   Invariant: an unknown verdict never maps to Pass (a verdict this code has
   not heard of is a failure until someone says otherwise). */
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace shaderdiff::report {

enum class Status : uint8_t { kPass, kFail, kCrash, kSkip, kTimeout, kNotApplicable };

// "Pass", "Fail", "Crash", "Skip", "Timeout": deqp-runner's spelling; "NotApplicable".
std::string_view StatusName(Status status);

// The inverse of StatusName; nullopt for anything else (case-sensitive).
std::optional<Status> ParseStatus(std::string_view name);

// The status a shaderdiff verdict (a check's or the interpreter's) maps to.
Status StatusForVerdict(std::string_view verdict);

// The statuses a baseline may list, for error messages: "Fail, Crash, Skip, Timeout".
std::string BaselineStatusList();

}  // namespace shaderdiff::report
