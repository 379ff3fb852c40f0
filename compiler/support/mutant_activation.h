// Test-only: the write side of the mutation hook (mutant.h). This library
// is testonly and defines the storage `shaderdiff_active_mutant` that
// MutantActive reads; a binary without it has no active mutant, ever.
//
// Invariant: activate a mutant only while no compilation runs (before a
// worker pool starts, after it joined).
#pragma once

#include "compiler/support/mutant.h"

namespace shaderdiff::compiler {

// Makes `m` the active mutant (Mutant::kNone: none).
void ActivateMutant(Mutant m);

// The active mutant.
Mutant ActiveMutant();

// Activates a mutant for a scope and restores the previous one after it.
class ScopedMutant {
 public:
  explicit ScopedMutant(Mutant m) : previous_(ActiveMutant()) { ActivateMutant(m); }
  ~ScopedMutant() { ActivateMutant(previous_); }
  ScopedMutant(const ScopedMutant&) = delete;
  ScopedMutant& operator=(const ScopedMutant&) = delete;

 private:
  Mutant previous_;
};

}  // namespace shaderdiff::compiler
