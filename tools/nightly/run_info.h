/* Facts about a run that vary between runs of the same build and inputs,
   for the report's "run" object: the workspace's git revision and the
   wall-clock time; and the fingerprint of the build itself, for the resume
   journal.

   Invariant: nothing here feeds the deterministic part of a report. */
#pragma once

#include <chrono>
#include <string>

namespace shaderdiff::nightly {

struct GitState {
  std::string revision = "unknown";  // `git rev-parse HEAD`, or "unknown" outside a git work tree
  bool dirty = false;                // tracked files differ from HEAD
};

// Asks git about the work tree at `dir` (runs `git -C dir ...`; stderr is
// discarded). Never fails: without git or a repository, the revision is "unknown".
GitState ReadGitState(const std::string& dir);

// A fingerprint of the running executable (XXH64 of /proc/self/exe, 16 hex
// digits; "unknown" if it cannot be read): what a resume journal is tied to,
// so results of two different builds never mix in one report.
std::string BuildFingerprint();

// "2026-11-21T08:01:02Z".
std::string UtcTimestamp(std::chrono::system_clock::time_point t);

}  // namespace shaderdiff::nightly
