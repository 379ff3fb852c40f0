/* SIGINT / SIGTERM as a polite stop request.

   While an InterruptGuard lives, the first SIGINT or SIGTERM only records
   the signal; the run polls Requested() between shaders, stops its workers
   and writes a valid partial report. The handler is installed with
   SA_RESETHAND, so a second signal gets the default action and kills the
   process at once (the journal is flushed line by line, so even that loses
   at most the shaders in flight).

   Invariants: one guard at a time; the destructor restores the previous
   handlers. Requested() is safe to call from any thread. */
#pragma once

namespace shaderdiff::nightly {

class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  // The signal received (SIGINT or SIGTERM), or 0.
  static int Requested();
};

}  // namespace shaderdiff::nightly
