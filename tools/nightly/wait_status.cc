/* Worker exit statuses in words (wait_status.h). */
#include "tools/nightly/wait_status.h"

#include <string.h>
#include <sys/wait.h>

namespace shaderdiff::nightly {

std::string DescribeSignal(int signal) {
  const char* abbrev = sigabbrev_np(signal);
  const char* description = sigdescr_np(signal);
  if (abbrev == nullptr) return "signal " + std::to_string(signal);
  std::string text = std::string("SIG") + abbrev;
  if (description != nullptr) text += std::string(" (") + description + ")";
  return text;
}

std::string DescribeWaitStatus(int status) {
  if (WIFSIGNALED(status)) return "killed by " + DescribeSignal(WTERMSIG(status));
  if (WIFEXITED(status)) {
    return WEXITSTATUS(status) == 0 ? "exited normally" : "exited with status " + std::to_string(WEXITSTATUS(status));
  }
  return "ended with wait status " + std::to_string(status);
}

}  // namespace shaderdiff::nightly
