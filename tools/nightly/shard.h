/* Which shaders of a corpus one run covers.

   deqp-runner's convention, followed exactly: `--fraction N --fraction-start
   K` with K 1-based (1..N) takes the caselist, skips K-1 entries and then
   keeps every N-th (Rust: `.skip(K - 1).step_by(N)`). So shader i (0-based,
   in corpus order) is in the shard iff i % N == K - 1. Striding rather than
   slicing spreads neighbouring (similar) shaders over every shard.

   Bazel's test-sharding protocol maps onto it: TEST_TOTAL_SHARDS=N and the
   0-based TEST_SHARD_INDEX=I mean fraction N, start I + 1.

   Invariants: 1 <= start <= fraction; for a given N the shards K = 1..N
   partition the corpus (every index is in exactly one). */
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace shaderdiff::nightly {

struct Shard {
  uint32_t fraction = 1;  // N: how many shards the corpus is cut into
  uint32_t start = 1;     // K: this shard, 1..N

  bool Whole() const { return fraction == 1; }
  bool Contains(size_t index) const { return index % fraction == start - 1; }
  // "2of3"; "all" for the whole corpus.
  std::string Name() const;
  bool operator==(const Shard&) const = default;
};

// Validates --fraction / --fraction-start. On failure returns false with a
// message naming the flag.
bool MakeShard(uint64_t fraction, uint64_t start, Shard* shard, std::string* error);

// Bazel's variables (pass getenv's results; null = unset). Sets *shard to
// nullopt when TEST_TOTAL_SHARDS is unset; fails on malformed values or
// TEST_SHARD_INDEX outside 0..N-1.
bool ShardFromBazel(const char* total_shards, const char* shard_index, std::optional<Shard>* shard,
                    std::string* error);

}  // namespace shaderdiff::nightly
