/* A nightly worker process (worker_process.h). */
#include "tools/nightly/worker_process.h"

#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <cerrno>
#include <exception>
#include <string>

#include "tools/nightly/worker_protocol.h"
#include "tools/nightly/write_all.h"

namespace shaderdiff::nightly {
namespace {

// Writes all of `text`; the parent is gone if this fails, and so is the point.
void Send(int fd, const std::string& text) {
  if (!WriteAll(fd, text)) _exit(0);
}

class Streamer : public StageListener {
 public:
  explicit Streamer(int fd) : fd_(fd) {}
  void Reference(ReferencePart part) override { Send(fd_, ReferenceMessage(part)); }
  void Check(CheckPart part) override { Send(fd_, CheckMessage(part)); }
  void ExploreReference(ExploreReferencePart part) override { Send(fd_, ExploreReferenceMessage(part)); }
  void ExploreCheck(ExploreCheckPart part) override { Send(fd_, ExploreCheckMessage(part)); }

 private:
  int fd_;
};

// The next task line, or _exit(0) at EOF (the parent closed the socket).
std::string ReadTask(int fd, LineBuffer& in) {
  std::string line;
  char buffer[256];
  while (!in.Next(&line)) {
    const ssize_t n = read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) _exit(0);
    in.Append(buffer, static_cast<size_t>(n));
  }
  return line;
}

}  // namespace

void WorkerMain(int fd, pid_t parent, const std::vector<const harness::CorpusEntry*>& shaders,
                const ShaderRunOptions& options) {
  signal(SIGINT, SIG_IGN);
  signal(SIGTERM, SIG_IGN);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(0);  // the parent died before prctl took effect
  LineBuffer in;
  Streamer out(fd);
  for (;;) {
    const std::string task = ReadTask(fd, in);
    size_t k = 0, first_check = 0;
    if (!ParseTaskLine(task, &k, &first_check) || k >= shaders.size()) _exit(2);  // the parent's bug
    try {
      RunStages(*shaders[k], options, first_check, out);
      Send(fd, DoneMessage());
    } catch (const std::exception& e) {
      Send(fd, ExceptionMessage(e.what()));
    } catch (...) {
      Send(fd, ExceptionMessage("an exception that is not a std::exception"));
    }
  }
}

}  // namespace shaderdiff::nightly
