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
     anything else                                       -> Fail
   Invariant: an unknown verdict never maps to Pass (a verdict this code has
   not heard of is a failure until someone says otherwise). */
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace shaderdiff::report {

enum class Status : uint8_t { kPass, kFail, kCrash, kSkip, kTimeout };

// "Pass", "Fail", "Crash", "Skip", "Timeout": deqp-runner's spelling.
std::string_view StatusName(Status status);

// The inverse of StatusName; nullopt for anything else (case-sensitive).
std::optional<Status> ParseStatus(std::string_view name);

// The status a shaderdiff verdict (a check's or the interpreter's) maps to.
Status StatusForVerdict(std::string_view verdict);

// The statuses a baseline may list, for error messages: "Fail, Crash, Skip, Timeout".
std::string BaselineStatusList();

}  // namespace shaderdiff::report
