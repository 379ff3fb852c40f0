#!/usr/bin/env bash
# Runs one libFuzzer target for a fixed time on its seed corpus (README.md).
#
#   fuzz/libfuzzer/run_libfuzzer.sh TARGET SECONDS [--out DIR] [--max-shaders N]
#                                   [--no-build] [-- LIBFUZZER_FLAG...]
#   fuzz/libfuzzer/run_libfuzzer.sh --list      (the targets, one a line)
#
# TARGET: tgsi_parse, compile_naive, compile_opt, a3xx_decode, a3xx_asm,
# a3xx_emulate. Builds the fuzz binaries (bazel_fuzz.sh) unless --no-build,
# writes the seeds and dictionary once into DIR/TARGET/seeds (from
# corpus/shaders and corpus/generated, at most N shaders, default 1000),
# then fuzzes with DIR/TARGET/corpus as the growing corpus (kept between
# runs), crash artifacts as DIR/TARGET/crash-<sha1> (libFuzzer's
# -artifact_prefix; also leak-, timeout-, oom-), and the log in
# DIR/TARGET/fuzz.log. DIR defaults to fuzz-out/libfuzzer.
#
# Prints one line "TARGET: SECONDS s, N runs, E exec/s, cov C, ft F,
# K artifacts" and exits 0 when libFuzzer found nothing, 1 otherwise (a
# crash, a sanitizer report, a timeout of one input, an out-of-memory).
set -uo pipefail
cd "$(dirname "$0")/../.."
targets=(tgsi_parse compile_naive compile_opt a3xx_decode a3xx_asm a3xx_emulate compile_r500 r500_decode r500_asm r500_emulate)
if [[ ${1:-} == --list ]]; then printf '%s\n' "${targets[@]}"; exit 0; fi
usage() { echo "usage: $0 TARGET SECONDS [--out DIR] [--max-shaders N] [--no-build] [-- FLAG...]" >&2; exit 2; }
[[ $# -ge 2 ]] || usage
target=$1 seconds=$2
shift 2
out=fuzz-out/libfuzzer max_shaders=1000 build=1 extra=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --out) out=$2; shift 2 ;;
    --max-shaders) max_shaders=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    --) shift; extra=("$@"); break ;;
    *) usage ;;
  esac
done
[[ " ${targets[*]} " == *" $target "* ]] || { echo "unknown target $target" >&2; usage; }
[[ $seconds =~ ^[0-9]+$ && $seconds -gt 0 ]] || usage

if [[ $build == 1 ]]; then
  fuzz/libfuzzer/bazel_fuzz.sh build //fuzz/libfuzzer:fuzzers >&2 || { echo "$target: build failed"; exit 1; }
fi
bin=$(fuzz/libfuzzer/bazel_fuzz.sh --print-bin)/fuzz/libfuzzer
fuzzer=$bin/${target}_fuzzer
[[ -x $fuzzer ]] || { echo "$target: $fuzzer not built" >&2; exit 1; }

dir=$out/$target
mkdir -p "$dir/corpus"
if [[ ! -d $dir/seeds ]]; then
  "$bin/write_seeds" --target "$target" --out "$dir/seeds.tmp" --dict "$dir/target.dict" \
    --max-shaders "$max_shaders" corpus/shaders corpus/generated >&2 || exit 1
  mv "$dir/seeds.tmp" "$dir/seeds"
fi
dict=()
[[ -s $dir/target.dict ]] && dict=("-dict=$dir/target.dict")

before=$(ls "$dir" | grep -cE '^(crash|leak|timeout|oom|slow-unit)-' || true)
# -timeout: one input running 10 s is a finding (the compilers' work budget
# and the emulator target's cycle budget bound every input far below it).
"$fuzzer" "$dir/corpus" "$dir/seeds" "${dict[@]}" -max_total_time="$seconds" \
  -artifact_prefix="$dir/" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 "${extra[@]}" \
  >"$dir/fuzz.log" 2>&1
status=$?
after=$(ls "$dir" | grep -cE '^(crash|leak|timeout|oom|slow-unit)-' || true)

runs=$(grep -oE '^stat::number_of_executed_units: *[0-9]+' "$dir/fuzz.log" | grep -oE '[0-9]+$' || echo 0)
speed=$(grep -oE '^stat::average_exec_per_sec: *[0-9]+' "$dir/fuzz.log" | grep -oE '[0-9]+$' || echo 0)
last=$(grep -E '^#[0-9]+' "$dir/fuzz.log" | tail -1)
cov=$(grep -oE 'cov: [0-9]+' <<<"$last" | grep -oE '[0-9]+' || echo 0)
ft=$(grep -oE 'ft: [0-9]+' <<<"$last" | grep -oE '[0-9]+' || echo 0)
echo "$target: $seconds s, $runs runs, $speed exec/s, cov $cov, ft $ft, $((after - before)) new artifacts (exit $status)"
if [[ $status -ne 0 ]]; then
  grep -m1 -E 'ERROR: (AddressSanitizer|UndefinedBehaviorSanitizer|libFuzzer)|runtime error|fuzz property broken' "$dir/fuzz.log" >&2
  echo "log: $dir/fuzz.log" >&2
  exit 1
fi
exit 0
