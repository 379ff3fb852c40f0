/* SIGINT / SIGTERM handling (interrupt.h). */
#include "tools/nightly/interrupt.h"

#include <signal.h>

#include <atomic>

namespace shaderdiff::nightly {
namespace {

std::atomic<int> g_signal{0};
std::atomic<int> g_count{0};
std::atomic<int> g_handled{1};
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs lock-free atomics");

struct sigaction g_old_int, g_old_term;

void OnSignal(int sig) {
  int expected = 0;
  g_signal.compare_exchange_strong(expected, sig);
  if (g_count.fetch_add(1) + 1 >= g_handled.load()) {
    // sigaction is async-signal-safe: the next signal gets the default action.
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(SIGINT, &dfl, nullptr);
    sigaction(SIGTERM, &dfl, nullptr);
  }
}

}  // namespace

InterruptGuard::InterruptGuard(int handled) {
  g_signal.store(0);
  g_count.store(0);
  g_handled.store(handled < 1 ? 1 : handled);
  struct sigaction sa {};
  sa.sa_handler = OnSignal;
  sigemptyset(&sa.sa_mask);
  sigaddset(&sa.sa_mask, SIGINT);
  sigaddset(&sa.sa_mask, SIGTERM);
  sigaction(SIGINT, &sa, &g_old_int);
  sigaction(SIGTERM, &sa, &g_old_term);
}

InterruptGuard::~InterruptGuard() {
  sigaction(SIGINT, &g_old_int, nullptr);
  sigaction(SIGTERM, &g_old_term, nullptr);
}

int InterruptGuard::Requested() { return g_signal.load(); }

int InterruptGuard::Count() { return g_count.load(); }

}  // namespace shaderdiff::nightly
