// Writing a whole buffer to a pipe or file descriptor, through short writes
// and EINTR: what the worker processes (worker_process.cc) and bisect's
// forked compiles (tools/bisect/isolate.cc) send to their parent.
#pragma once

#include <string_view>

namespace shaderdiff::nightly {

// False when the descriptor fails (for a pipe: the reader is gone).
bool WriteAll(int fd, std::string_view text);

}  // namespace shaderdiff::nightly
