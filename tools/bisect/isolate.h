/* Runs a function in a forked child process and hands back the text it
   produced, so a crash (a signal, an abort, a failed assertion) of what it
   runs ends the child, not the caller. Used by the bisection's evaluator:
   a crashing compile is a signature to bisect on ("crash: killed by
   SIGSEGV ..."), not the end of the search.

   Invariants: the child leaves with _exit (no exit handlers or stdio
   buffers of the parent run twice); the parent reaps the child before
   returning; the result depends only on what the function does. */
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace shaderdiff::bisect {

struct IsolatedRun {
  std::optional<std::string> output;  // what the function returned, if the child finished normally
  std::string ended;                  // otherwise how it ended ("killed by SIGSEGV (Segmentation fault)")
};

IsolatedRun RunIsolated(const std::function<std::string()>& body);

}  // namespace shaderdiff::bisect
