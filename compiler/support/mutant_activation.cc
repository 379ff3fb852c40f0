// Test-only storage and setter of the active mutant (mutant_activation.h).
#include "compiler/support/mutant_activation.h"

#include <atomic>
#include <cstdint>

// The storage mutant.cc reads through a weak reference (mutant.h).
extern "C" {
std::atomic<uint16_t> shaderdiff_active_mutant{0};
}

namespace shaderdiff::compiler {

void ActivateMutant(Mutant m) { shaderdiff_active_mutant.store(static_cast<uint16_t>(m), std::memory_order_relaxed); }

Mutant ActiveMutant() { return static_cast<Mutant>(shaderdiff_active_mutant.load(std::memory_order_relaxed)); }

}  // namespace shaderdiff::compiler
