// Activating a mutant here and in child processes (activation.h).
#include "tools/mutants/activation.h"

#include <cstdlib>

#include "compiler/support/mutant_activation.h"

namespace shaderdiff::mutants {

void Activate(const compiler::MutantInfo* mutant) {
  compiler::ActivateMutant(mutant ? mutant->id : compiler::Mutant::kNone);
  if (mutant) {
    setenv(kMutantEnvironment, std::string(mutant->name).c_str(), 1);
  } else {
    unsetenv(kMutantEnvironment);
  }
}

bool ActivateFromEnvironment(std::string* error) {
  const char* name = std::getenv(kMutantEnvironment);
  if (name == nullptr || *name == '\0') return true;
  const compiler::MutantInfo* mutant = compiler::FindMutant(name);
  if (!mutant) {
    *error = std::string(kMutantEnvironment) + "=" + name + ": no such mutant";
    return false;
  }
  Activate(mutant);
  return true;
}

}  // namespace shaderdiff::mutants
