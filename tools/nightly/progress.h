/* Progress of a run on stderr.

   On a terminal: one line redrawn in place with '\r' (at most 10 times a
   second, and always for the last shader):
     [##########..........] 1234/2618 shaders  410.2/s  ETA 0:03
   Otherwise (a log file, CI): a plain line at every tenth of the run:
     nightly: 1309/2618 shaders, 410.2/s, ETA 0:03
   Shaders taken from a resume journal count as done from the start; the
   rate and ETA use only the shaders run in this session.

   Not thread-safe: the caller serialises calls (the nightly calls it under
   the lock that also guards the journal). Message() prints a line without
   tearing the bar. */
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <string>

namespace shaderdiff::nightly {

class Progress {
 public:
  // `done` shaders of `total` are finished before this session starts.
  Progress(size_t total, size_t done, bool terminal, std::FILE* out = stderr);

  void ShaderDone();
  void Message(const std::string& line);
  // Ends the bar's line (a terminal) so later output starts on a new line.
  void Finish();

  // Whether stderr is a terminal.
  static bool StderrIsTerminal();

 private:
  void Draw(bool force);
  std::string Line() const;

  size_t total_, done_, session_done_ = 0;
  bool terminal_;
  std::FILE* out_;
  std::chrono::steady_clock::time_point start_, last_draw_;
  bool drawn_ = false;
  size_t last_decile_;
};

// "1:02:03", "2:03", "0:07".
std::string FormatDuration(double seconds);

}  // namespace shaderdiff::nightly
