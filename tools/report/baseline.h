/* Baselines and flake lists in deqp-runner's format.

   A file holds one `name,Status` line per expected non-pass, e.g.
     shaders/001a581d0b479688.tgsi@a3xx/opt,Fail
   where name is report_model.h's TestName and Status one of deqp-runner's
   Fail, Crash, Skip, Timeout (status.h maps our verdicts onto them). Blank
   lines and lines starting with '#' are ignored when reading (Mesa's
   *-fails.txt files carry such comments); CR-LF line ends are accepted.

   Invariants: names are unique; a name is "<file>@<config>" with both parts
   non-empty; Pass is never stored (a baseline lists non-passes only), nor
   NotApplicable (a check the target's hardware cannot run is no test);
   WriteBaseline is deterministic (sorted by name, byte order, LF line ends,
   no comments), and ParseBaseline(WriteBaseline(b)) == b. */
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "tools/report/status.h"

namespace shaderdiff::report {

struct Baseline {
  std::map<std::string, Status> entries;  // test name -> expected status

  // nullptr when the name is not listed.
  const Status* Find(const std::string& name) const;
  bool operator==(const Baseline&) const = default;
};

// Parses `text`; `filename` prefixes the messages. Returns false and appends
// one "FILE:LINE: error: ..." message per bad line (malformed line, unknown
// or Pass or NotApplicable status, duplicate name) to *errors; *out then holds the good lines.
bool ParseBaseline(std::string_view text, const std::string& filename, Baseline* out, std::vector<std::string>* errors);

// The file text: sorted `name,Status` lines.
std::string WriteBaseline(const Baseline& baseline);

}  // namespace shaderdiff::report
