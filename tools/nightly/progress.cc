/* The progress display (progress.h). */
#include "tools/nightly/progress.h"

#include <unistd.h>

#include <cmath>

namespace shaderdiff::nightly {

std::string FormatDuration(double seconds) {
  long s = seconds < 0 || !std::isfinite(seconds) ? 0 : std::lround(seconds);
  char buf[32];
  if (s >= 3600) {
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  } else {
    std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  }
  return buf;
}

bool Progress::StderrIsTerminal() { return isatty(STDERR_FILENO) == 1; }

Progress::Progress(size_t total, size_t done, bool terminal, std::FILE* out)
    : total_(total), done_(done), terminal_(terminal), out_(out), start_(std::chrono::steady_clock::now()),
      last_draw_(start_), last_decile_(total ? done * 10 / total : 10) {}

std::string Progress::Line() const {
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double rate = elapsed > 0 ? session_done_ / elapsed : 0;
  std::string eta = rate > 0 ? FormatDuration((total_ - done_) / rate) : "?";
  char buf[160];
  if (terminal_) {
    constexpr int kWidth = 20;
    const int filled = total_ ? static_cast<int>(done_ * kWidth / total_) : kWidth;
    std::string bar = std::string(filled, '#') + std::string(kWidth - filled, '.');
    std::snprintf(buf, sizeof buf, "[%s] %zu/%zu shaders  %.1f/s  ETA %s", bar.c_str(), done_, total_, rate,
                  eta.c_str());
  } else {
    std::snprintf(buf, sizeof buf, "nightly: %zu/%zu shaders, %.1f/s, ETA %s", done_, total_, rate, eta.c_str());
  }
  return buf;
}

void Progress::Draw(bool force) {
  if (terminal_) {
    auto now = std::chrono::steady_clock::now();
    if (!force && drawn_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
    last_draw_ = now;
    std::fprintf(out_, "\r%s\x1b[K", Line().c_str());
    drawn_ = true;
  } else {
    const size_t decile = total_ ? done_ * 10 / total_ : 10;
    if (!force && decile == last_decile_) return;
    last_decile_ = decile;
    std::fprintf(out_, "%s\n", Line().c_str());
  }
  std::fflush(out_);
}

void Progress::ShaderDone() {
  ++done_;
  ++session_done_;
  Draw(done_ == total_);
}

void Progress::Message(const std::string& line) {
  if (terminal_ && drawn_) std::fprintf(out_, "\r\x1b[K");
  std::fprintf(out_, "%s\n", line.c_str());
  if (terminal_ && drawn_) std::fprintf(out_, "%s", Line().c_str());
  std::fflush(out_);
}

void Progress::Finish() {
  if (terminal_ && drawn_) {
    std::fprintf(out_, "\n");
    std::fflush(out_);
    drawn_ = false;
  }
}

}  // namespace shaderdiff::nightly
