/* SIGINT / SIGTERM as a polite stop request, then as an order.

   While an InterruptGuard lives, SIGINT and SIGTERM are only counted; the
   run polls them. The first is a stop request: no new shader is started,
   the shaders in flight finish and are journaled, and a valid partial
   report is written. With worker processes the guard handles two signals:
   the second abandons the shaders in flight (their workers are killed, they
   are not journaled) and the partial report is still written, so a stuck
   worker cannot hold the run. After `handled` signals the handlers are
   reset to the default action, so one more signal kills the process at once
   (the journal is flushed line by line, so even that loses only the
   shaders in flight). In-thread runs handle one signal: a thread cannot be
   killed, so the second one is already the default action.

   Invariants: one guard at a time; the destructor restores the previous
   handlers. Requested() and Count() are safe to call from any thread. */
#pragma once

namespace shaderdiff::nightly {

class InterruptGuard {
 public:
  explicit InterruptGuard(int handled = 1);
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  // The first signal received (SIGINT or SIGTERM), or 0.
  static int Requested();
  // How many signals were received while the guard lives.
  static int Count();
};

}  // namespace shaderdiff::nightly
