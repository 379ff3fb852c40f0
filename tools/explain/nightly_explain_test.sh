#!/usr/bin/env bash
# The nightly's explain phase end to end (tools/shaderdiff/nightly_explain.h):
# a nightly over a small corpus with a seeded compiler mutant has a
# regression whose report.json record carries an explanation naming the
# mutated rewrite and the machine instruction, whose index.html row and
# junit.xml failure show it, and whose reduced case's repro.sh reproduces;
# the same with --jobs 1 gives the same report (bar "run"); --explain-budget 0
# gives no explanation and says so; --explain-cap 0 skips every case with
# the reason; an --explore finding gets its explanation; Ctrl-C during the
# explain phase writes the partial report with the cases not started
# "interrupted"; the clean compiler's run has no regression and no
# explanation key at all.
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
# The default nightly's every target/build: the shaders here are VERT, so
# their r500/naive and r500/opt checks are not-applicable (r500 is the fragment
# processor), never a regression though there is no baseline.
NIGHTLY=(nightly --corpus "$C" --out "$TMP/out" --vectors 4 --seed 7)

run 1 mutant "$M" --mutant lower-lrp-swap "${NIGHTLY[@]}" --run m2 --jobs 2
grep -q 'explaining 1/' "$TMP/mutant.err" || fail "no progress line on stderr: $(cat "$TMP/mutant.err")"
python3 - "$TMP/out/m2/report.json" <<'PY' || fail "the report's explanation"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["schema"] == 2, r["schema"]
s = {e["file"]: e for e in r["shaders"]}
assert "explanation" not in s["shaders/add.tgsi"]["checks"]["a3xx/opt"], "a passing check got an explanation"
for e in r["shaders"]:  # VERT on r500: not applicable, neither a regression nor explained
    for b in ("r500/naive", "r500/opt"):
        assert e["checks"][b] == {"verdict": "not-applicable",
                                  "detail": "the r500 target is the fragment processor"}, e["checks"]
assert r["settings"]["targets"] == ["a3xx/naive", "a3xx/opt", "r500/naive", "r500/opt"], r["settings"]["targets"]
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
grep -q '<skipped message="not applicable: the r500 target is the fragment processor"/>' "$TMP/out/m2/junit.xml" ||
  fail "junit.xml does not skip the VERT shaders' r500/naive checks as not applicable"

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
grep -q ' 0 regressions, .*, 4 not applicable;' "$TMP/clean.out" ||
  fail "the clean run's summary does not count the two VERT shaders' four r500 checks as not applicable: $(cat "$TMP/clean.out")"

# --explain-cap spent before the first case: every regression's explanation
# is "skipped" with the reason, nothing is reduced.
run 1 capped "$M" --mutant lower-lrp-swap "${NIGHTLY[@]}" --run capped --explain-cap 0
python3 - "$TMP/out/capped/report.json" <<'PY' || fail "--explain-cap 0"
import json, sys
r = json.load(open(sys.argv[1]))
x = [e for e in r["shaders"] if e["file"] == "shaders/lrp.tgsi"][0]["checks"]["a3xx/opt"]["explanation"]
assert x["status"] == "skipped" and x["budget_exhausted"] == "run-cap", x
assert "--explain-cap" in x["reason"], x
assert r["summary"]["explanations"].get("skipped", 0) >= 1, r["summary"]
PY
[[ ! -e "$TMP/out/capped/explain" ]] || fail "--explain-cap 0 wrote reduced cases"

# An --explore finding gets an explanation: x * 0.0 with x = 3.8 - IN[0].x is
# -0 only where IN[0].x > 3.8 (rare in the vectors' [-4, 4]): the stable
# seed's one vector (seed 9) passes, explore seed 7's has such a lane, and the
# finding is reduced, bisected to peephole/mul-zero and explained, in
# explore.findings[].
E="$TMP/explore"
mkdir -p "$E/shaders"
cat >"$E/shaders/mulzero.tgsi" <<'EOF'
VERT
DCL IN[0]
DCL OUT[0], GENERIC[0]
DCL TEMP[0]
IMM[0] FLT32 {    3.8000,     0.0000,     0.0000,     0.0000}
  0: ADD TEMP[0].x, IMM[0].xxxx, -IN[0].xxxx
  1: MUL OUT[0], TEMP[0].xxxx, IMM[0].yyyy
  2: END
EOF
run 0 explore "$M" --mutant peephole-mul-zero nightly --corpus "$E" --out "$TMP/out" --run explore --vectors 1 --seed 9 --explore=7
python3 - "$TMP/out/explore/report.json" <<'PY' || fail "--explore finding explanation"
import json, sys
r = json.load(open(sys.argv[1]))
s = r["shaders"][0]
assert s["checks"]["a3xx/opt"]["verdict"] == "pass" and "explanation" not in s["checks"]["a3xx/opt"], s["checks"]
f = [f for f in s["explore"]["findings"] if f["config"] == "a3xx/opt"]
assert len(f) == 1, s["explore"]
x = f[0]["explanation"]
assert x["status"] in ("explained", "intermediate"), x.get("status")
assert [c["pass"] + "/" + c["rewrite"] for c in x["culprit"]["culprits"]] == ["peephole/mul-zero"], x["culprit"]
assert x["reduced"]["reproduce"].startswith("explain/explore-"), x["reduced"]["reproduce"]
PY
ls "$TMP/out/explore/explain/" 2>/dev/null | grep -q '^explore-shaders_mulzero.tgsi@a3xx-opt$' || fail "no explore- case folder"

# Ctrl-C during the explain phase: the partial report is written and the
# cases not started are "interrupted" with the signal named.
I="$TMP/interrupt"
mkdir -p "$I/shaders"
n=0
for args in "IN[0], IN[1], IN[2]" "IN[1], IN[0], IN[2]" "IN[2], IN[1], IN[0]" "IN[0], IN[2], IN[1]" \
            "IN[1], IN[2], IN[0]" "IN[2], IN[0], IN[1]"; do
  n=$((n + 1))
  printf 'VERT\nDCL IN[0]\nDCL IN[1]\nDCL IN[2]\nDCL OUT[0], GENERIC[0]\n  0: LRP OUT[0], %s\n  1: END\n' "$args" \
    >"$I/shaders/lrp$n.tgsi"
done
"$M" --mutant lower-lrp-swap nightly --corpus "$I" --out "$TMP/out" --run interrupt --vectors 4 --seed 7 --jobs 1 \
  >"$TMP/interrupt.out" 2>"$TMP/interrupt.err" &
pid=$!
for _ in $(seq 600); do
  grep -q 'nightly: explaining 1/' "$TMP/interrupt.err" && break
  sleep 0.05
done
grep -q 'nightly: explaining 1/' "$TMP/interrupt.err" || fail "the explain phase never started: $(cat "$TMP/interrupt.err")"
kill -INT "$pid"
wait "$pid"
[[ $? != 0 ]] || fail "an interrupted nightly exits 0"
python3 - "$TMP/out/interrupt/report.json" <<'PY' || fail "the interrupted explain phase's report: $(tail -3 "$TMP/interrupt.err")"
import json, sys
r = json.load(open(sys.argv[1]))
xs = [s["checks"]["a3xx/opt"]["explanation"] for s in r["shaders"] if "explanation" in s["checks"]["a3xx/opt"]]
assert len(xs) == 6, len(xs)
stopped = [x for x in xs if x["status"] == "interrupted"]
assert stopped, [x["status"] for x in xs]
assert all(x["reason"] == "not started: the run was stopped by SIGINT" for x in stopped), stopped
assert r["summary"]["explanations"].get("interrupted", 0) == len(stopped), r["summary"]
PY

# Bad flags.
run 2 badbudget "$SD" "${NIGHTLY[@]}" --run bad --explain-budget -1

if [[ $failures -gt 0 ]]; then
  echo "$failures failure(s); files in $TMP"
  exit 1
fi
rm -rf "$TMP"
echo "PASS"
