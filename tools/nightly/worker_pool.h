/* A fixed pool of worker threads over the indices 0..count-1.

   Each index is handed to exactly one worker, in increasing order of
   claiming (not of completion). Workers stop claiming new indices as soon as
   `stop()` returns true; an index already claimed runs to the end, so a stop
   never leaves half-done work behind. The caller collects results by index,
   which makes the outcome independent of the number of workers.

   Invariants: `work` runs on the pool's threads, never concurrently for the
   same index; ForEachIndex returns only after every started call returned.
   An exception thrown by `work` stops the pool (no new indices are claimed)
   and ForEachIndex rethrows the first one after joining. */
#pragma once

#include <cstddef>
#include <functional>

namespace shaderdiff::nightly {

// Runs work(i) for i in [0, count) on `jobs` threads (at least 1, at most
// count). Returns how many calls were started (== count unless stopped).
size_t ForEachIndex(size_t count, unsigned jobs, const std::function<bool()>& stop,
                    const std::function<void(size_t)>& work);

}  // namespace shaderdiff::nightly
