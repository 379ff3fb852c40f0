/* Combining the shard reports of one run into the report of the whole run.

   The inputs must be the shards K = 1..N of one --fraction N (each exactly
   once; an unsharded report counts as the single shard of N = 1), all
   complete, with the same seed, corpus hash and settings (RunIdentity) and
   the same --shader selection. The merged report lists their shaders in
   corpus order (the order harness::LoadCorpus uses: std::filesystem::path
   comparison of the file names), has no "shard" key, and its summary is
   recomputed, so it is byte-identical (apart from "run") to the report of
   one unsharded run.

   The merged "run" object: "git_revision" (the shards' common revision, or
   "mixed"), and "shards": each input's own "run" object with its
   "fraction_start", in shard order.

   Invariants: a shader file appears in at most one input (else an error);
   the output is independent of the order of the inputs. */
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace shaderdiff::nightly {

struct MergeInput {
  std::string name;  // for messages: the file it came from
  nlohmann::json report;
};

// Returns false with *error (naming the input) when the inputs do not form
// one complete run.
bool MergeReports(const std::vector<MergeInput>& inputs, nlohmann::json* merged, std::string* error);

}  // namespace shaderdiff::nightly
