// The class of a compile-error detail (failure_cause.h).
#include "tools/harness/failure_cause.h"

namespace shaderdiff::harness {

std::string CompileErrorCause(const std::string& detail) {
  const size_t first = detail.find(": ");
  if (first == std::string::npos) return detail;
  if (detail.rfind("pass ", 0) != 0) return detail.substr(0, first);
  const size_t second = detail.find(": ", first + 2);
  return detail.substr(0, second);
}

}  // namespace shaderdiff::harness
