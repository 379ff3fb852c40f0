// Test-only: activating a compiler mutant for this process and the
// processes it starts.
//
// The mutant is set in the compiler's hook (compiler/support/
// mutant_activation.h) and exported as SHADERDIFF_MUTANT, so that a worker
// process that runs this same binary (a nightly worker pool of processes)
// compiles with the same mutant; ActivateFromEnvironment is what such a
// process calls at startup.
//
// Invariant: call only while no compilation runs.
#pragma once

#include <string>

#include "compiler/support/mutant.h"

namespace shaderdiff::mutants {

inline constexpr const char* kMutantEnvironment = "SHADERDIFF_MUTANT";

// Activates `mutant` (nullptr: none) here and for child processes.
void Activate(const compiler::MutantInfo* mutant);

// Activates the mutant SHADERDIFF_MUTANT names, if it is set. False (with
// *error) for an unknown name.
bool ActivateFromEnvironment(std::string* error);

}  // namespace shaderdiff::mutants
