#!/bin/bash
# Runs every benchmark binary once with a tiny --benchmark_min_time, so a
# benchmark that reports an error instead of a figure (SkipWithError:
# Google Benchmark prints "ERROR OCCURRED"), crashes, exits non-zero or
# runs nothing fails a test instead of going unnoticed, as
# emulator_benchmark's did for two stops. It checks that they run, not
# how fast.
#
#   benchmark_smoke_test.sh --shader S.tgsi --vector V.json \
#       [--arg NAME ARG]... BINARY...
#
# side_by_side_benchmark gets S.tgsi and V.json (one shader and vector, the
# arguments it needs); `--arg NAME ARG` adds ARG to the binary named NAME
# (e.g. a --benchmark_filter to the cases small enough for a fastbuild);
# every other binary runs with no arguments.
set -u

shader="" vector=""
declare -A extra=()
while [[ $# -gt 0 && "$1" == --* ]]; do
  case "$1" in
    --shader) shader="$2"; shift 2 ;;
    --vector) vector="$2"; shift 2 ;;
    --arg) extra["$2"]="${extra["$2"]:-}${extra["$2"]:+ }$3"; shift 3 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
if [[ $# -eq 0 ]]; then
  echo "no benchmark binaries given" >&2
  exit 2
fi

failed=0
for bin in "$@"; do
  name=$(basename "$bin")
  args=()
  if [[ "$name" == side_by_side_benchmark ]]; then
    if [[ -z "$shader" || -z "$vector" ]]; then
      echo "FAIL $name: needs --shader and --vector" >&2
      failed=1
      continue
    fi
    args=("$shader" "$vector")
  fi
  if [[ -n "${extra["$name"]:-}" ]]; then
    read -r -a more <<<"${extra["$name"]}"
    args+=("${more[@]}")
  fi
  start=$SECONDS
  out=$("$bin" "${args[@]}" --benchmark_min_time=0.000001 --benchmark_color=false 2>&1)
  rc=$?
  # Result rows: the lines after the header's dashed rule.
  rows=$(printf '%s\n' "$out" | sed -n '/^-----/,$p' | tail -n +2 | grep -c .)
  if [[ $rc -ne 0 ]]; then
    echo "FAIL $name: exit $rc" >&2
    failed=1
  elif printf '%s\n' "$out" | grep -q "ERROR OCCURRED"; then
    echo "FAIL $name: a benchmark reported an error" >&2
    failed=1
  elif [[ "$rows" -eq 0 ]]; then
    echo "FAIL $name: no benchmark ran" >&2
    failed=1
  else
    echo "ok   $name: $rows benchmarks in $((SECONDS - start)) s"
    continue
  fi
  printf '%s\n' "$out" | tail -n 30 >&2
done
exit $failed
