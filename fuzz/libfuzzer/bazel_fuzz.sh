#!/usr/bin/env bash
# bazel with the fuzz configuration: `fuzz/libfuzzer/bazel_fuzz.sh build
# //fuzz/libfuzzer:fuzzers` is `bazel build --config=fuzz ...` with CC set
# to this folder's clang14.sh by absolute path (Bazel's C++ autoconfiguration
# takes no relative path, and .bazelrc cannot name the checkout). Prints the
# fuzz configuration's bazel-bin on stdout with --print-bin instead.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
command -v clang-14 >/dev/null || { echo "bazel_fuzz: clang-14 missing: apt-get install clang-14 libclang-rt-14-dev" >&2; exit 1; }
cmd=$1
shift
if [[ $cmd == --print-bin ]]; then
  exec bazel info --config=fuzz --repo_env=CC="$here/clang14.sh" bazel-bin 2>/dev/null
fi
exec bazel "$cmd" --config=fuzz --repo_env=CC="$here/clang14.sh" "$@"
