// The class of a compile-error detail: which pass or checker failed, without
// the particulars (registers, values) that change from shader to shader.
// Shared by the mutation score (what caught a mutant) and `shaderdiff
// reduce` (the failure signature a reduced case must keep).
#pragma once

#include <string>

namespace shaderdiff::harness {

// "pass regalloc: register allocation checker: r3.x ..." -> "pass regalloc:
// register allocation checker"; "emulator: ..." -> "emulator"; a detail
// without ": " is its own class.
std::string CompileErrorCause(const std::string& detail);

}  // namespace shaderdiff::harness
