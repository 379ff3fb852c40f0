// Working storage a pass keeps per thread and reuses across calls, so that
// its vectors keep their capacity from one block or compile to the next.
//
// Invariants: S has a `bool in_use`. AcquireThreadScratch marks the
// thread's S in use and returns it; while it is in use (a second user
// alive on the same thread) it returns a fresh S owned by `owned` instead.
// The user sets in_use back to false when it is done. A user must not read
// anything of S it did not write itself first (only the capacity carries
// over).
#pragma once

#include <memory>

namespace shaderdiff::opt {

template <class S>
S* AcquireThreadScratch(std::unique_ptr<S>& owned) {
  thread_local S scratch;
  S* s = &scratch;
  if (s->in_use) {
    owned = std::make_unique<S>();
    s = owned.get();
  }
  s->in_use = true;
  return s;
}

}  // namespace shaderdiff::opt
