/* Shards of a corpus (shard.h). */
#include "tools/nightly/shard.h"

#include <charconv>
#include <cstring>

namespace shaderdiff::nightly {
namespace {

constexpr uint64_t kMaxFraction = 1'000'000;

bool ParseUnsigned(const char* text, uint64_t* value) {
  const char* end = text + std::strlen(text);
  auto [ptr, ec] = std::from_chars(text, end, *value);
  return ec == std::errc() && ptr == end && ptr != text;
}

}  // namespace

std::string Shard::Name() const {
  return Whole() ? "all" : std::to_string(start) + "of" + std::to_string(fraction);
}

bool MakeShard(uint64_t fraction, uint64_t start, Shard* shard, std::string* error) {
  if (fraction < 1 || fraction > kMaxFraction) {
    *error = "--fraction must be from 1 to " + std::to_string(kMaxFraction) + " (got " + std::to_string(fraction) + ")";
    return false;
  }
  if (start < 1 || start > fraction) {
    *error = "--fraction-start must be from 1 to --fraction (" + std::to_string(fraction) + "); it is 1-based, as in "
             "deqp-runner (got " + std::to_string(start) + ")";
    return false;
  }
  *shard = Shard{static_cast<uint32_t>(fraction), static_cast<uint32_t>(start)};
  return true;
}

bool ShardFromBazel(const char* total_shards, const char* shard_index, std::optional<Shard>* shard,
                    std::string* error) {
  shard->reset();
  if (total_shards == nullptr) return true;
  uint64_t total = 0, index = 0;
  if (!ParseUnsigned(total_shards, &total) || total < 1 || total > kMaxFraction) {
    *error = std::string("TEST_TOTAL_SHARDS='") + total_shards + "' is not a shard count";
    return false;
  }
  if (shard_index == nullptr || !ParseUnsigned(shard_index, &index) || index >= total) {
    *error = std::string("TEST_SHARD_INDEX='") + (shard_index ? shard_index : "(unset)") +
             "' is not a shard index from 0 to " + std::to_string(total - 1);
    return false;
  }
  *shard = Shard{static_cast<uint32_t>(total), static_cast<uint32_t>(index + 1)};
  return true;
}

}  // namespace shaderdiff::nightly
