/* How a worker process ended, in words, for a crash verdict's detail.

   "killed by SIGSEGV (Segmentation fault)", "exited with status 3",
   "exited normally". The text depends only on the status (glibc's own
   signal names), so a crash's detail is as deterministic as the crash. */
#pragma once

#include <string>

namespace shaderdiff::nightly {

// `status` as waitpid returns it.
std::string DescribeWaitStatus(int status);

// "SIGSEGV (Segmentation fault)"; "signal 77" for one glibc does not name.
std::string DescribeSignal(int signal);

}  // namespace shaderdiff::nightly
