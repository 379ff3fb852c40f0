// --bless for the golden tests, written once: a golden test either
// compares its output with the expected text stored next to it, or, run as
// `bazel run //pkg:test -- --bless`, rewrites that text from the current
// output.
//
// Invariants: without --bless nothing is written and a difference (or a
// case with no expected text yet) is a test failure naming the bless
// command; with --bless nothing is compared, and outside `bazel run` (no
// BUILD_WORKSPACE_DIRECTORY) blessing is a failure, never a silent no-op.
#pragma once

#include <string>
#include <string_view>

#include "compiler/passes/golden_file.h"

namespace shaderdiff::compiler {

// Whether this test binary was started with --bless.
bool Blessing();

// The main of a golden test: gtest's flags, then --bless.
int GoldenTestMain(int argc, char** argv);

// A case in the golden-file format (golden_file.h) at `path` (relative to
// the workspace): blessing writes `file` with `actual` as its expected part;
// otherwise `actual` must equal file.expected. `target` is the test's Bazel
// label, for the message; `name` the case.
void BlessOrCompare(const GoldenFile& file, std::string_view pass, const std::string& path, const std::string& actual,
                    std::string_view target, std::string_view name);

// The same for a golden that is a whole file of expected text.
void BlessOrCompareFile(const std::string& path, const std::string& actual, std::string_view target,
                        std::string_view name);

}  // namespace shaderdiff::compiler
