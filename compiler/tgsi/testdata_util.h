// Test helper: the TGSI dumps in compiler/tgsi/testdata (Bazel runfiles).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace shaderdiff::tgsi::testing {

// (file name, contents) of every testdata/*.tgsi, sorted by name. Looks in
// the test's working directory (the runfiles root) and then $TEST_SRCDIR.
std::vector<std::pair<std::string, std::string>> LoadTestdata();

}  // namespace shaderdiff::tgsi::testing
