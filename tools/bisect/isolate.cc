// Runs a function in a forked child (isolate.h).
#include "tools/bisect/isolate.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "tools/nightly/wait_status.h"
#include "tools/nightly/write_all.h"

namespace shaderdiff::bisect {
using nightly::WriteAll;

IsolatedRun RunIsolated(const std::function<std::string()>& body) {
  IsolatedRun run;
  int fds[2];
  if (pipe(fds) != 0) {
    run.ended = std::string("cannot create a pipe: ") + std::strerror(errno);
    return run;
  }
  const pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    run.ended = std::string("cannot fork: ") + std::strerror(errno);
    return run;
  }
  if (pid == 0) {
    close(fds[0]);
    const std::string text = body();
    _exit(WriteAll(fds[1], text) ? 0 : 125);
  }
  close(fds[1]);
  std::string text;
  char buffer[65536];
  for (;;) {
    const ssize_t n = read(fds[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    text.append(buffer, static_cast<size_t>(n));
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
    run.output = std::move(text);
  } else {
    run.ended = nightly::DescribeWaitStatus(status);
  }
  return run;
}

}  // namespace shaderdiff::bisect
