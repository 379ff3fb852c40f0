// Test-only stage faults (crash_injection.h).
#include "tools/shaderdiff/crash_injection.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <stdexcept>

namespace shaderdiff::cli {
namespace {

const std::vector<std::string> kActions = {"segv", "abort", "kill", "exit", "throw", "hang"};
const std::vector<std::string> kStages = {"reference",          "a3xx/naive",         "a3xx/opt",
                                           "explore",            "explore/a3xx/naive", "explore/a3xx/opt"};

void LogFiring(const harness::CorpusEntry& e, const std::string& stage) {
  const char* path = std::getenv("SHADERDIFF_FAULT_LOG");
  if (path == nullptr || *path == '\0') return;
  const int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) return;
  const std::string line = e.name + "@" + stage + "\n";
  (void)!write(fd, line.data(), line.size());  // one write: lines from several workers do not interleave
  close(fd);
}

// raise() with the signal's default action: a sanitizer's handler would
// otherwise turn the signal into its report and an exit status, and the
// tests that expect the signal's name would see that instead.
void RaiseDefault(int sig) {
  signal(sig, SIG_DFL);
  raise(sig);
}

[[noreturn]] void Act(const std::string& action) {
  if (action == "segv") RaiseDefault(SIGSEGV);
  if (action == "kill") raise(SIGKILL);
  if (action == "exit") std::exit(3);
  if (action == "throw") throw std::runtime_error("injected fault: an exception nothing catches");
  if (action == "hang") {
    for (;;) pause();
  }
  RaiseDefault(SIGABRT);  // "abort": what std::abort() does, without a sanitizer's handler
  std::abort();
}

}  // namespace

bool StageFaultHits(const harness::CorpusEntry& entry) { return entry.hash % 4 == 0; }

StageFault FindStageFault(const std::string& name) {
  const size_t at = name.find('@');
  if (at == std::string::npos) return nullptr;
  const std::string action = name.substr(0, at), stage = name.substr(at + 1);
  bool known_action = false, known_stage = false;
  for (const std::string& a : kActions) known_action |= a == action;
  for (const std::string& s : kStages) known_stage |= s == stage;
  if (!known_action || !known_stage) return nullptr;
  return [action, stage](const harness::CorpusEntry& e, const std::string& now) {
    if (now != stage || !StageFaultHits(e)) return;
    LogFiring(e, now);
    Act(action);
  };
}

std::vector<std::string> StageFaultNames() {
  std::vector<std::string> names;
  for (const std::string& a : kActions) {
    for (const std::string& s : kStages) names.push_back(a + "@" + s);
  }
  return names;
}

}  // namespace shaderdiff::cli
