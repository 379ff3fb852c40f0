/* Runs a function in a forked child process and hands back the text it
   produced, so a crash (a signal, an abort, a failed assertion) of what it
   runs ends the child, not the caller. Used by the bisection's evaluator
   (a crashing compile is a signature to bisect on, "crash: killed by
   SIGSEGV ..."), the reducer's oracle, and the fuzz campaign's reductions,
   which also limit the child's CPU time (a hang is a finding to reduce,
   not the end of the campaign) and poll an interrupt hook while it runs.
   This is the one isolation mechanism of tools/.

   Invariants: the child leaves with _exit (no exit handlers or stdio
   buffers of the parent run twice); the parent reaps the child before
   returning, also when it kills it (past the wall limit, interrupted);
   the result depends only on what the function does and the limits. */
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace shaderdiff::bisect {

// How the child ended.
enum class IsolatedEnd {
  kFinished,     // the function returned; output holds its text
  kPastCpu,      // it ran past IsolationLimits::cpu_seconds of CPU time (SIGPROF ended it)
  kDied,         // a signal or a non-zero exit ended it (ended describes it)
  kWallTime,     // it ran past the wall-time limit: killed
  kInterrupted,  // the interrupt hook said stop: killed
  kNotStarted,   // no pipe or no fork (ended says why)
};

struct IsolatedRun {
  std::optional<std::string> output;  // what the function returned, if the child finished normally
  std::string ended;                  // otherwise how it ended ("killed by SIGSEGV (Segmentation fault)")
  IsolatedEnd end = IsolatedEnd::kNotStarted;
};

struct IsolationLimits {
  // The child's CPU time (user + system, ITIMER_PROF); 0: no limit. With
  // a limit the wall time is limited too, to 20 times it plus 2 s (a child
  // that blocks instead of computing).
  double cpu_seconds = 0;
  // Polled while the child runs; true kills it (kInterrupted). With a hook
  // the child ignores SIGINT: stopping is the caller's to decide.
  std::function<bool()> interrupted;
};

IsolatedRun RunIsolated(const std::function<std::string()>& body, const IsolationLimits& limits = {});

}  // namespace shaderdiff::bisect
