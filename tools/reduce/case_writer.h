// What `shaderdiff reduce --out DIR` writes, as file name -> contents:
//   reduced.tgsi  the smallest shader (canonical tgsi_dump form);
//   vector.json   its vector, as `emulate --vector` reads it;
//   repro.sh      runs the shaderdiff command that shows the failure
//                 (harness::ReproCommand on the reduced files); exits
//                 non-zero when it reproduces (1: a difference or hazard,
//                 3: timeout, 5: compile error), 0 when it does not;
//                 $SHADERDIFF overrides the binary it runs;
//   reduce.json   the signature, sizes before and after, oracle calls,
//                 rejected candidates, seconds, why it stopped, and the
//                 accepted candidates per step, and how many candidates
//                 crashed the check;
//   crash.tgsi, crash-vector.json
//                 only when a candidate crashed or hung the compiler or
//                 emulator: the first such candidate (reduce.json's
//                 "crash" says how its check ended).
// The caller writes them (atomically); nothing here touches the disk.
#pragma once

#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "tools/harness/check.h"
#include "tools/reduce/reducer.h"

namespace shaderdiff::reduce {

// `program`: how to invoke shaderdiff ("shaderdiff", or a test-only build
// with its flags, e.g. "shaderdiff_mutants --mutant NAME"). `source`: where
// the case came from (shown as-is in reduce.json).
std::map<std::string, std::string> CaseFiles(const ReduceResult& result, const harness::CheckOptions& options,
                                             const std::string& program, const nlohmann::json& source);

// The command repro.sh runs, relative to the output folder.
std::string ReducedReproCommand(const ReduceResult& result, const harness::CheckOptions& options,
                                const std::string& program);

}  // namespace shaderdiff::reduce
