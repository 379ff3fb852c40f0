#!/usr/bin/env bash
# bazel with the fuzz configuration: `fuzz/libfuzzer/bazel_fuzz.sh build
# //fuzz/libfuzzer:fuzzers` is `bazel build --config=fuzz ...` with CC set
# to this folder's clang14.sh. Bazel's C++ autoconfiguration takes CC only
# as an absolute path, and that path is in every compile action's command
# line, so a path inside the checkout would give each clone its own action
# keys and the disk cache would serve no clone but the one that filled it.
# The wrapper is therefore copied to a path named by its content,
# ${XDG_CACHE_HOME:-~/.cache}/shaderdiff/clang14-<sha256 prefix>.sh: the
# same for every clone, and a new one when the wrapper changes (so cached
# actions of an older wrapper are never reused). Prints the fuzz
# configuration's bazel-bin on stdout with --print-bin instead.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
command -v clang-14 >/dev/null || { echo "bazel_fuzz: clang-14 missing: apt-get install clang-14 libclang-rt-14-dev" >&2; exit 1; }
sum=$(sha256sum "$here/clang14.sh" | cut -c1-16)
dir=${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/shaderdiff
cc=$dir/clang14-$sum.sh
if [[ ! -x $cc ]]; then
  mkdir -p "$dir"
  tmp=$(mktemp "$dir/.clang14.XXXXXX")
  cp "$here/clang14.sh" "$tmp"
  chmod 755 "$tmp"
  mv -f "$tmp" "$cc"  # atomic: a concurrent run sees the old state or the whole file
fi
cmd=$1
shift
if [[ $cmd == --print-bin ]]; then
  exec bazel info --config=fuzz --repo_env=CC="$cc" bazel-bin 2>/dev/null
fi
exec bazel "$cmd" --config=fuzz --repo_env=CC="$cc" "$@"
