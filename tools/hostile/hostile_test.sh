#!/usr/bin/env bash
# The hostile-input regression suite: runs every case of expectations.txt
# through the shaderdiff binary and asserts its exact exit code and that the
# output names the expected location (FILE:LINE:COL, or FILE: word N for
# binaries). A sanitizer report (ASan, UBSan) or a run longer than the
# per-run limit fails the case whatever the exit code. The invalid shaders
# (`every-command` lines) also go through one nightly over a corpus of
# them: each must get its own verdict with its location, and the run exit 1.
#
# usage: hostile_test.sh SHADERDIFF EXPECTATIONS_FILE (cases are next to it,
# in cases/)
#
# Sharded (Bazel's TEST_TOTAL_SHARDS / TEST_SHARD_INDEX): run number i
# belongs to shard i % TOTAL, and the nightly to shard 0. Under ASan+UBSan
# every run pays its sanitizer start-up, so one process would need most of
# a large test's limit on a loaded machine.
set -uo pipefail
SD="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
EXPECT="$2"
CASES="$(cd "$(dirname "$EXPECT")/cases" && pwd)"
TMP="${TEST_TMPDIR:-/tmp}/hostile_test.$$"
mkdir -p "$TMP/corpus"
LIMIT=120  # seconds per run: a hang fails the case
# Sanitizer builds: a report is not an exit code we could confuse with 1.
export ASAN_OPTIONS="exitcode=86:abort_on_error=0:detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="halt_on_error=1:exitcode=87:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"

failures=0
runs=0
seen=0  # runs of every shard, in order
SHARDS="${TEST_TOTAL_SHARDS:-1}"
SHARD="${TEST_SHARD_INDEX:-0}"
[[ -n ${TEST_SHARD_STATUS_FILE:-} ]] && touch "$TEST_SHARD_STATUS_FILE"
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# run EXIT WHERE ARGS...: one case.
run() {
  local want="$1" where="$2"; shift 2
  seen=$((seen + 1))
  (( (seen - 1) % SHARDS == SHARD )) || return 0
  runs=$((runs + 1))
  (cd "$CASES" && timeout "$LIMIT" "$SD" "$@") >"$TMP/out" 2>"$TMP/err"
  local got=$?
  local what="shaderdiff $*"
  if [[ $got == 124 ]]; then fail "$what: no answer within ${LIMIT}s"; return; fi
  if grep -qE "runtime error:|AddressSanitizer|LeakSanitizer" "$TMP/err"; then
    fail "$what: sanitizer report: $(grep -m3 -E "runtime error:|Sanitizer" "$TMP/err")"
    return
  fi
  [[ $got == "$want" ]] || fail "$what: exit $got, want $want; stderr: $(head -3 "$TMP/err")"
  if [[ $want == 5 ]]; then fail "$what: exit 5 is our bug, never a user's input"; fi
  if [[ $where != "-" ]] && ! grep -qF -- "$where" "$TMP/out" "$TMP/err"; then
    fail "$what: the output does not name $where; stderr: $(head -3 "$TMP/err"); stdout: $(head -3 "$TMP/out")"
  fi
}

# Every command a shader goes through refuses an invalid one at the front
# door, with exit 1 and its location.
every_command() {
  local file="$1" where="$2"
  run 1 "$where" parse --check "$file"
  run 1 "$where" parse --check --strict "$file"
  run 1 "$where" print "$file"
  run 1 "$where" vector "$file" --seed 1 --lanes 4
  run 1 "$where" interp "$file" --seed 1
  run 1 "$where" interp "$file" --vector vector_frag.json
  run 1 "$where" compile --target a3xx "$file"
  run 1 "$where" compile --target a3xx --build naive "$file"
  run 1 "$where" emulate --target a3xx "$file" --seed 1 --compare
  run 1 "$where" emulate --target a3xx --build naive "$file" --vector vector_frag.json --compare
  run 1 "$where" check --target a3xx "$file" --vectors 2
  run 1 "$where" check --target a3xx --build opt "$file" --vectors 2
  run 1 "$where" stats "$file"
  cp "$CASES/$file" "$TMP/corpus/"
  echo "$file $where" >>"$TMP/nightly_expect"
}

: >"$TMP/nightly_expect"
line_no=0
while IFS= read -r line || [[ -n $line ]]; do
  line_no=$((line_no + 1))
  [[ -z ${line// /} || $line == \#* ]] && continue
  IFS='|' read -r code where args <<<"$line"
  code="$(echo $code)"
  where="$(echo $where)"
  read -r -a argv <<<"$args"
  if [[ $code == every-command ]]; then
    every_command "${argv[0]}" "$where"
  elif [[ $code =~ ^[0-9]+$ ]]; then
    run "$code" "$where" "${argv[@]}"
  else
    fail "$EXPECT:$line_no: bad line: $line"
  fi
done <"$EXPECT"

# One nightly over the invalid shaders: a verdict for each, never our error.
if [[ -s $TMP/nightly_expect && $SHARD == 0 ]]; then
  : >"$TMP/empty_baseline.csv"
  runs=$((runs + 1))
  # The whole invalid corpus: the nightly would shard itself by Bazel's variables.
  env -u TEST_TOTAL_SHARDS -u TEST_SHARD_INDEX -u TEST_SHARD_STATUS_FILE \
    timeout "$LIMIT" "$SD" nightly --corpus "$TMP/corpus" --vectors 2 --jobs 1 --out "$TMP/nightly" --run hostile \
    --baseline "$TMP/empty_baseline.csv" >"$TMP/out" 2>"$TMP/err"
  got=$?
  [[ $got == 1 ]] || fail "nightly over the invalid shaders: exit $got, want 1; stderr: $(head -3 "$TMP/err")"
  grep -qE "runtime error:|AddressSanitizer|LeakSanitizer" "$TMP/err" && fail "nightly: sanitizer report"
  python3 - "$TMP/nightly/hostile/report.json" "$TMP/nightly_expect" <<'PY' || fail "nightly verdicts"
import json, sys
report = json.load(open(sys.argv[1]))
want = dict(line.split(" ", 1) for line in open(sys.argv[2]).read().splitlines())
got = {s["file"]: s for s in report["shaders"]}
bad = 0
for file, where in want.items():
    s = got.get(file)
    if s is None:
        print("nightly: no entry for", file); bad += 1; continue
    if s["verdict"] not in ("invalid", "parse-error") or where not in s.get("detail", ""):
        print("nightly:", file, "verdict", s["verdict"], "detail", s.get("detail"), "want", where); bad += 1
    if "checks" in s:
        print("nightly:", file, "was checked although it is invalid"); bad += 1
sys.exit(1 if bad else 0)
PY
fi

echo "$runs runs (shard $((SHARD + 1)) of $SHARDS), $failures failure(s)"
(( seen >= SHARDS )) || fail "only $seen runs for $SHARDS shards"
[[ $failures == 0 ]]
