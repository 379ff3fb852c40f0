#!/usr/bin/env bash
# `shaderdiff reduce` end to end on compiler mutants (the test-only
# shaderdiff_mutants binary): a mismatch (lower-lrp-swap) and a hazard
# (legalize-delay-short) from corpus shaders they break, one of them from a
# nightly report's record (--from/--check). Each reduced case must be small
# (<= 10 TGSI instructions), pass the front door, keep the signature
# (reduce.json), make repro.sh exit 1 with the mutant, and pass the same
# command without it (the shipped binary). Also: SIGINT writes the best case
# so far and exits 130; usage errors exit 2; a passing case exits 1.
# Usage: reduce_mutants_test.sh SHADERDIFF_MUTANTS SHADERDIFF CORPUS/baseline.csv
set -uo pipefail
abs() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
M="$(abs "$1")"  # absolute: repro.sh runs in the case's folder
S="$(abs "$2")"
CORPUS="$(dirname "$3")"
TMP="${TEST_TMPDIR:-/tmp}/reduce_test.$$"
mkdir -p "$TMP"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# check_case DIR SIGNATURE CLEAN_FLAG: the files, their sizes, the repro with
# and without the mutant.
check_case() {
  local dir="$1" signature="$2" flag="$3"
  for f in reduced.tgsi vector.json repro.sh reduce.json; do [[ -s "$dir/$f" ]] || fail "$dir/$f missing"; done
  grep -qF "\"text\": \"$signature\"" "$dir/reduce.json" || fail "$dir: signature is not '$signature': $(grep '"text"' "$dir/reduce.json")"
  local n
  n=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['after']['instructions'])" "$dir/reduce.json")
  [[ "$n" -le 10 ]] || fail "$dir: $n instructions after reduction (want <= 10)"
  "$S" parse "$dir/reduced.tgsi" >/dev/null || fail "$dir/reduced.tgsi does not pass the front door"
  SHADERDIFF="$M" sh "$dir/repro.sh" >/dev/null 2>&1
  [[ $? == 1 ]] || fail "$dir/repro.sh does not reproduce (exit 1 wanted)"
  grep -q -- "--vector vector.json" "$dir/repro.sh" || fail "$dir/repro.sh does not read the reduced vector"
  (cd "$dir" && "$S" emulate --target a3xx --build opt reduced.tgsi --vector vector.json $flag >/dev/null 2>&1)
  [[ $? == 0 ]] || fail "$dir: the reduced case fails without the mutant"
}

# A mismatch from a file and a vector choice (a check's reproduce command).
"$M" --mutant lower-lrp-swap reduce --target a3xx --build opt "$CORPUS/shaders/167a3b816ee6637c.tgsi" \
  --seed 11700033324267672242 --lanes 16 --edges --dictionary --out "$TMP/lrp" 2>"$TMP/lrp.err" >/dev/null
[[ $? == 0 ]] || fail "reduce lower-lrp-swap: $(tail -1 "$TMP/lrp.err")"
grep -q "^reduce: opt mismatch OUT\[1\].x: " "$TMP/lrp.err" || fail "no summary on stderr: $(tail -1 "$TMP/lrp.err")"
check_case "$TMP/lrp" "opt mismatch OUT[1].x" --compare

# A hazard from a nightly report's record.
"$M" --mutant legalize-delay-short nightly --corpus "$CORPUS" --shader shaders/000bee50c879719b.tgsi \
  --check a3xx/opt --out "$TMP/nightly" --run r --baseline /dev/null --no-fork >/dev/null 2>&1
[[ -s "$TMP/nightly/r/report.json" ]] || fail "no nightly report"
"$M" --mutant legalize-delay-short reduce --from "$TMP/nightly/r/report.json" \
  --check shaders/000bee50c879719b.tgsi@a3xx/opt --out "$TMP/delay" 2>"$TMP/delay.err" >/dev/null
[[ $? == 0 ]] || fail "reduce --from: $(tail -1 "$TMP/delay.err")"
check_case "$TMP/delay" "opt hazard alu-delay" "--hazards trap"
grep -q '"check": "shaders/000bee50c879719b.tgsi@a3xx/opt"' "$TMP/delay/reduce.json" || fail "reduce.json does not name the record"
# The same record without the mutant does not fail any more: refused.
"$S" reduce --from "$TMP/nightly/r/report.json" --check shaders/000bee50c879719b.tgsi@a3xx/opt --out "$TMP/x" 2>"$TMP/err" >/dev/null
[[ $? == 1 ]] && grep -q "the record says hazard but the check now gives pass" "$TMP/err" || fail "a stale record is not refused: $(cat "$TMP/err")"
"$S" reduce --from "$TMP/nightly/r/report.json" --check shaders/nope.tgsi@a3xx/opt --out "$TMP/x" 2>"$TMP/err" >/dev/null
[[ $? == 1 ]] && grep -q "no check named shaders/nope.tgsi@a3xx/opt" "$TMP/err" || fail "an unknown record: $(cat "$TMP/err")"

# SIGINT: a timeout case (each check runs the emulator to its cycle budget)
# is interrupted; the best case so far is written and the exit status is 130.
"$M" --mutant legalize-branch-offset reduce --target a3xx --build opt "$CORPUS/shaders/0739c5aa894c625b.tgsi" \
  --seed 12319670831783010891 --lanes 16 --out "$TMP/int" 2>"$TMP/int.err" >/dev/null &
pid=$!
for _ in $(seq 100); do grep -q "^reduce: lanes" "$TMP/int.err" 2>/dev/null && break; sleep 0.1; done
kill -INT "$pid"
wait "$pid"
code=$?
[[ $code == 130 ]] || fail "interrupted reduce exits $code, want 130"
grep -q '"stopped_by": "interrupt"' "$TMP/int/reduce.json" || fail "interrupted reduce.json: $(cat "$TMP/int/reduce.json")"
"$S" parse "$TMP/int/reduced.tgsi" >/dev/null || fail "the interrupted case does not pass the front door"

# Usage and input errors.
"$S" reduce "$CORPUS/shaders/000bee50c879719b.tgsi" --seed 1 >/dev/null 2>&1
[[ $? == 2 ]] || fail "no --out is not a usage error"
"$S" reduce --from x.json --out "$TMP/x" >/dev/null 2>&1
[[ $? == 2 ]] || fail "--from without --check is not a usage error"
"$S" reduce --target a3xx --build opt "$CORPUS/shaders/000bee50c879719b.tgsi" --seed 1 --out "$TMP/x" 2>"$TMP/err" >/dev/null
[[ $? == 1 ]] && grep -q "does not fail (verdict pass)" "$TMP/err" || fail "a passing case: $(cat "$TMP/err")"
printf 'VERT\nDCL OUT[0], POSITION\n  0: MOV OUT[0], TEMP[9]\n  1: END\n' >"$TMP/bad.tgsi"
"$S" reduce "$TMP/bad.tgsi" --seed 1 --out "$TMP/x" 2>"$TMP/err" >/dev/null
[[ $? == 1 ]] && grep -q "bad.tgsi:3:[0-9]*: error: " "$TMP/err" || fail "an invalid shader: $(cat "$TMP/err")"
"$S" reduce --help >"$TMP/help" && grep -q "reduce.json" "$TMP/help" || fail "reduce --help"  # (grep -q on a pipe: SIGPIPE under pipefail)

if [[ $failures -gt 0 ]]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "PASS"
