/* JUnit XML for CI systems (GitLab, Jenkins) from a classified run.

   Layout: <testsuites> holding one <testsuite> per config (target/build, and
   "reference" for the interpreter's own verdicts), in name order; one
   <testcase classname="CONFIG" name="SHADER FILE"> per check, in report
   order. Regressions carry <failure type="VERDICT" message="..."> with the
   detail and the reproduction command; expected failures, flakes and
   unsupported checks carry <skipped message="..."> with the reason; fixes
   pass with a <system-out> note asking for a baseline update. Baseline
   entries missing from the run are not test cases; each suite lists its
   missing ones in its <system-out>. A run with --explore has a suite
   "explore": one <testcase classname="explore/CONFIG" name="SHADER FILE">
   per new finding, <skipped> (a finding is not a regression) with the
   detail and reproduction command in its <system-out>.

   Invariants: well-formed XML for any report (all text goes through
   XmlEscape); the tests/failures/skipped attributes equal the counts of the
   elements they describe; testcase count == number of classified checks
   that are not missing, plus the findings. */
#pragma once

#include <string>

#include "tools/report/classify.h"
#include "tools/report/report_model.h"

namespace shaderdiff::report {

std::string RenderJunit(const Report& report, const Classification& classification);

}  // namespace shaderdiff::report
