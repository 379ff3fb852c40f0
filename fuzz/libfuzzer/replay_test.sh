#!/usr/bin/env bash
# A fuzz target's replay test (fuzz_target.bzl): writes its seed corpus from
# the shipped corpus, then runs the target binary once over every seed and
# every kept crash artifact (regressions/TARGET/). Fails on a crash, a
# sanitizer report or a broken property (the binary dies), and when no
# input ran.
#   replay_test.sh FUZZER WRITE_SEEDS TARGET MAX_SHADERS
set -euo pipefail
fuzzer=$1 write_seeds=$2 target=$3 max_shaders=$4
seeds="${TEST_TMPDIR:-$(mktemp -d)}/seeds-$target"
"$write_seeds" --target "$target" --out "$seeds" --max-shaders "$max_shaders" corpus/shaders corpus/generated
inputs=("$seeds")
regressions=fuzz/libfuzzer/regressions/$target
if [[ -d $regressions ]]; then
  inputs+=("$regressions")
  echo "$(ls "$regressions" | wc -l) kept artifacts in $regressions"
fi
# -runs=0: under --config=fuzz the binary is libFuzzer, which then only runs
# the inputs; the standalone driver ignores it.
"$fuzzer" -runs=0 "${inputs[@]}"
