/* What the nightly's parent and its worker processes say to each other over
   their socket: one message per line.

   Parent to worker, a task:   "<k> <first_check>\n"
     run shader k of the run's list, its reference stage, then its checks
     from first_check on (0: all; more after a check crashed in another
     worker, see shader_run.h's RunStages).
   Worker to parent, JSON lines, in this order for each task, each as soon
   as its stage ends:
     {"reference": ENTRY, "checks_follow": B, "vectors": N, "seconds": S, "lane_instructions": N}
     {"check": CONFIG, "result": CHECK, "seconds": S}    for each check run
     {"explore_reference": EXPLORE, "finding": F|null, "checks_follow": B, "vectors": N, "seconds": S}
     {"explore_check": CONFIG, "finding": F|null, "seconds": S}   with --explore
     {"done": true}                                      the task is over
   or, ending the task instead of "done", {"exception": WHAT} when the stage
   in flight threw (the worker itself lives on).

   A message is written with one write() as its stage ends, so whatever a
   worker said before it died is still read by the parent: the stage in
   flight is the first whose result is missing, and it began when the
   previous message was written (the next stage starts right away).

   Invariants: encoding then parsing gives back the same message; a line
   that is not one of these is an error, never ignored. */
#pragma once

#include <cstddef>
#include <string>

#include "tools/nightly/shader_run.h"

namespace shaderdiff::nightly {

std::string TaskLine(size_t k, size_t first_check);
bool ParseTaskLine(const std::string& line, size_t* k, size_t* first_check);

std::string ReferenceMessage(const ReferencePart& part);
std::string CheckMessage(const CheckPart& part);
std::string ExploreReferenceMessage(const ExploreReferencePart& part);
std::string ExploreCheckMessage(const ExploreCheckPart& part);
std::string ExceptionMessage(const std::string& what);
std::string DoneMessage();

struct WorkerMessage {
  enum class Kind { kReference, kCheck, kExploreReference, kExploreCheck, kException, kDone } kind = Kind::kDone;
  std::string text;  // the exception's text
  ReferencePart reference;
  CheckPart check;
  ExploreReferencePart explore_reference;
  ExploreCheckPart explore_check;
};

// Parses one line (without its newline). False with *error on anything else.
bool ParseWorkerMessage(const std::string& line, WorkerMessage* message, std::string* error);

// Bytes read from a socket, handed out a complete line at a time.
class LineBuffer {
 public:
  void Append(const char* data, size_t size) { buffer_.append(data, size); }
  // Takes the next complete line (without '\n'); false if there is none yet.
  bool Next(std::string* line);

 private:
  std::string buffer_;
  size_t start_ = 0;
};

}  // namespace shaderdiff::nightly
