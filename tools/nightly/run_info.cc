/* Run facts: git state and timestamps (run_info.h). */
#include "tools/nightly/run_info.h"

#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>

#include "tools/harness/corpus.h"

namespace shaderdiff::nightly {
namespace {

// Single-quotes `s` for the shell.
std::string Quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Runs a command; returns its stdout, or nullopt-like "" with ok=false on a non-zero exit.
bool Capture(const std::string& command, std::string* out) {
  out->clear();
  std::FILE* p = popen(command.c_str(), "r");
  if (p == nullptr) return false;
  char buf[256];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out->append(buf, n);
  return pclose(p) == 0;
}

}  // namespace

GitState ReadGitState(const std::string& dir) {
  GitState state;
  const std::string git = "git -C " + Quote(dir.empty() ? "." : dir) + " ";
  std::string out;
  if (!Capture(git + "rev-parse --verify HEAD 2>/dev/null", &out)) return state;
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  if (out.size() != 40 && out.size() != 64) return state;
  state.revision = out;
  state.dirty = Capture(git + "status --porcelain --untracked-files=no 2>/dev/null", &out) && !out.empty();
  return state;
}

std::string BuildFingerprint() {
  std::ifstream in("/proc/self/exe", std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (!in || bytes.str().empty()) return "unknown";
  return harness::HashHex(harness::HashText(bytes.str()));
}

std::string UtcTimestamp(std::chrono::system_clock::time_point t) {
  std::time_t tt = std::chrono::system_clock::to_time_t(t);
  std::tm tm{};
  gmtime_r(&tt, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace shaderdiff::nightly
