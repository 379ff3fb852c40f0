// The mutant list (mutant.h, mutants.def).
#include "compiler/support/mutant.h"

#include <atomic>

// The active mutant's number (0: none). Weak: only the testonly
// //compiler/support:mutant_activation defines it; elsewhere its address is
// null.
extern "C" {
extern std::atomic<uint16_t> shaderdiff_active_mutant __attribute__((weak));
}

namespace shaderdiff::compiler {
namespace {

constexpr MutantInfo kMutants[] = {
#define MUTANT(id, name, pass, kind, description) {Mutant::id, name, pass, kind, description},
#include "compiler/support/mutants.def"
#undef MUTANT
};

}  // namespace

std::span<const MutantInfo> AllMutants() { return kMutants; }

bool MutantActive(Mutant m) {
  return &shaderdiff_active_mutant != nullptr &&
         shaderdiff_active_mutant.load(std::memory_order_relaxed) == static_cast<uint16_t>(m);
}

const MutantInfo* FindMutant(std::string_view name) {
  for (const MutantInfo& m : kMutants) {
    if (m.name == name) return &m;
  }
  return nullptr;
}

}  // namespace shaderdiff::compiler
