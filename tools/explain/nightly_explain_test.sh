#!/usr/bin/env bash
# The nightly's explain phase end to end (tools/shaderdiff/nightly_explain.h):
# a nightly over a small corpus with a seeded compiler mutant has a
# regression whose report.json record carries an explanation naming the
# mutated rewrite and the machine instruction, whose index.html row and
# junit.xml failure show it, and whose reduced case's repro.sh reproduces;
# the same with --jobs 1 gives the same report (bar "run"); --explain-budget 0
# gives no explanation and says so; the clean compiler's run has no
# regression and no explanation key at all.
# Usage: nightly_explain_test.sh SHADERDIFF_MUTANTS SHADERDIFF LOWER_LRP_SWAP.tgsi
set -uo pipefail
M="$(realpath "$1")"
SD="$(realpath "$2")"
TMP="${TEST_TMPDIR:-/tmp}/nightly_explain_test.$$"
C="$TMP/corpus"
mkdir -p "$C/shaders"
grep -v '^#' "$3" >"$C/shaders/lrp.tgsi"
cat >"$C/shaders/add.tgsi" <<'EOF'
VERT
DCL IN[0]
DCL OUT[0], POSITION
  0: ADD OUT[0], IN[0], IN[0]
  1: END
EOF
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
run() {  # EXPECTED_EXIT NAME CMD...
  local want=$1 name=$2
  shift 2
  "$@" >"$TMP/$name.out" 2>"$TMP/$name.err"
  local got=$?
  [[ $got == "$want" ]] || fail "$name: exit $got, expected $want: $(tail -5 "$TMP/$name.err") $(tail -5 "$TMP/$name.out")"
}
NIGHTLY=(nightly --corpus "$C" --out "$TMP/out" --vectors 4 --seed 7)

run 1 mutant "$M" --mutant lower-lrp-swap "${NIGHTLY[@]}" --run m2 --jobs 2
grep -q 'explaining 1/' "$TMP/mutant.err" || fail "no progress line on stderr: $(cat "$TMP/mutant.err")"
python3 - "$TMP/out/m2/report.json" <<'PY' || fail "the report's explanation"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["schema"] == 2, r["schema"]
s = {e["file"]: e for e in r["shaders"]}
assert "explanation" not in s["shaders/add.tgsi"]["checks"]["a3xx/opt"], "a passing check got an explanation"
c = s["shaders/lrp.tgsi"]["checks"]["a3xx/opt"]
assert c["verdict"] != "pass", c
x = c["explanation"]
assert x["status"] in ("explained", "intermediate"), x.get("status")
names = [d["pass"] + "/" + d["rewrite"] for d in x["culprit"]["culprits"]]
assert names == ["lower-tgsi/lower-lrp"], names
assert x["explain"]["instruction"]["asm"], x["explain"]
assert x["explain"]["tgsi"]["text"].startswith("LRP"), x["explain"]["tgsi"]
assert len(x["explain"]["trace"]) > 0
red = x["reduced"]
assert red["tgsi"].startswith("VERT") and "LRP" in red["tgsi"], red["tgsi"]
assert red["instructions"]["after"] <= red["instructions"]["before"], red["instructions"]
assert red["oracle_calls"] > 0 and red["vector"]["lanes"] >= 1
assert red["reproduce"] == "explain/shaders_lrp.tgsi@a3xx-opt/repro.sh", red["reproduce"]
assert r["summary"]["explanations"][x["status"]] >= 1, r["summary"]
assert r["run"]["explain"]["cases"] >= 1, r["run"]
PY
CASE="$TMP/out/m2/explain/shaders_lrp.tgsi@a3xx-opt"
[[ -s "$CASE/reduced.tgsi" && -s "$CASE/vector.json" ]] || fail "no reduced case in $CASE: $(ls "$TMP/out/m2" "$CASE" 2>&1)"
SHADERDIFF="$M" "$CASE/repro.sh" >/dev/null 2>&1
[[ $? != 0 ]] || fail "the reduced case's repro.sh does not reproduce with the mutant"
grep -q 'lower-tgsi/lower-lrp' "$TMP/out/m2/index.html" || fail "index.html does not name the culprit"
grep -q '<details class="explanation">' "$TMP/out/m2/index.html" || fail "index.html has no explanation block"
grep -q 'class="named"' "$TMP/out/m2/index.html" || fail "index.html's trace does not mark the named instruction"
grep -q 'explanation: culprit: lower-tgsi/lower-lrp' "$TMP/out/m2/junit.xml" || fail "junit.xml's failure has no culprit"

# The same run on one job: the same report but for "run".
run 1 mutant1 "$M" --mutant lower-lrp-swap "${NIGHTLY[@]}" --run m1 --jobs 1
python3 - "$TMP/out/m1/report.json" "$TMP/out/m2/report.json" <<'PY' || fail "--jobs 1 and 2 differ"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
del a["run"], b["run"]
assert a == b
PY

# Budget 0: no explanation, and the record says so.
run 1 off "$M" --mutant lower-lrp-swap "${NIGHTLY[@]}" --run off --explain-budget 0
python3 - "$TMP/out/off/report.json" <<'PY' || fail "--explain-budget 0"
import json, sys
r = json.load(open(sys.argv[1]))
x = [e for e in r["shaders"] if e["file"] == "shaders/lrp.tgsi"][0]["checks"]["a3xx/opt"]["explanation"]
assert x == {"status": "off", "reason": "explaining is off (--explain-budget 0)"}, x
PY
[[ ! -e "$TMP/out/off/explain" ]] || fail "--explain-budget 0 wrote reduced cases"
grep -q 'explaining is off' "$TMP/out/off/index.html" || fail "index.html does not say explaining is off"

# The clean compiler: no regression, no explanation anywhere.
run 0 clean "$SD" "${NIGHTLY[@]}" --run clean
grep -q '"explanation' "$TMP/out/clean/report.json" && fail "a clean run's report has explanation keys"
grep -q 'explaining' "$TMP/clean.err" && fail "a clean run explained something: $(cat "$TMP/clean.err")"

# Bad flags.
run 2 badbudget "$SD" "${NIGHTLY[@]}" --run bad --explain-budget -1

if [[ $failures -gt 0 ]]; then
  echo "$failures failure(s); files in $TMP"
  exit 1
fi
rm -rf "$TMP"
echo "PASS"
