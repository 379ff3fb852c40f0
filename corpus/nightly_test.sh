#!/usr/bin/env bash
# //corpus:nightly and //corpus:nightly_vectors64: `shaderdiff nightly` over
# the shipped corpus at the default seed, at the default vector count or at
# the one the arguments after the baseline give, one Bazel shard per process. The nightly
# itself reads TEST_TOTAL_SHARDS / TEST_SHARD_INDEX, touches
# TEST_SHARD_STATUS_FILE and writes its report into
# TEST_UNDECLARED_OUTPUTS_DIR; this wrapper only points it at the runfiles
# corpus and its baseline. One job per shard: Bazel runs the shards in
# parallel already.
set -uo pipefail
SD="$1"
BASELINE="$2"
shift 2
exec "$SD" nightly --corpus "$(dirname "$BASELINE")" --baseline "$BASELINE" --jobs 1 "$@"
