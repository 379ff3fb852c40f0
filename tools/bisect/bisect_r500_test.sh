#!/usr/bin/env bash
# `shaderdiff bisect --target r500` end to end on seeded r500 mutants
# (shaderdiff_mutants): on r500-opt-pair-dependent's own shader the search
# names r500-schedule's `pair` rewrite (the limit search's culprit, kept by
# ddmin's set), within the compile bound, says the pass probes have nothing
# to probe on r500, and names the target in its JSON; a report record
# (--from/--check FILE@r500/opt) bisects the same way, and `reduce --from`
# shrinks it; the clean build on the same case has nothing to bisect; the
# naive build's mutant is "not bisectable" with the reason there is no
# template probe on r500; a shader the r500 build does not support is "not
# bisectable" (exit 4), not a failure; `explain --target r500` is refused
# with what it lacks (exit 4).
# Usage: bisect_r500_test.sh SHADERDIFF_MUTANTS SHADERDIFF PAIR_SHADER MUL_SHADER
set -uo pipefail
M="$(realpath "$1")"
SD="$(realpath "$2")"
TMP="${TEST_TMPDIR:-/tmp}/bisect_r500_test.$$"
mkdir -p "$TMP/corpus"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
json() {  # FILE EXPR -> the value (python3)
  python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print($2)" "$1"
}
grep -v '^#' "$3" >"$TMP/corpus/pair.tgsi"
grep -v '^#' "$4" >"$TMP/mul.tgsi"
PAIR=r500-opt-pair-dependent
CASE=("$TMP/corpus/pair.tgsi" --target r500 --seed 1 --lanes 16)

# What a bisection of the pair mutant must say (JSON FILE, TEXT FILE, LABEL).
check_pair() {
  [[ $(json "$1" "j['target']") == r500 ]] || fail "$3: the JSON names no target r500"
  [[ $(json "$1" "j['status'] in ('culprit', 'culprit-set')") == True ]] || fail "$3: status $(json "$1" "j['status']")"
  # The limit search's culprit (the first bad limit's last decision) is a
  # pair, and the culprits reported hold it.
  [[ $(json "$1" "[(c['pass'], c['rewrite']) for c in j['culprits'] if c['index'] == j['first_bad_limit'] - 1]") == \
     "[('r500-schedule', 'pair')]" ]] || fail "$3: culprits $(json "$1" "(j['first_bad_limit'], j['culprits'])")"
  grep -Eq "^culprit( set \(.*\))?: .*#[0-9]+ r500-schedule/pair" "$2" || fail "$3: the text names no r500-schedule/pair"
  # Compile bound: the limit search within ceil(log2 R) + 2, ddmin within (R + 1)^2.
  [[ $(json "$1" "j['search_compiles'] <= j['search_bound'] and j['compiles'] <= (j['rewrites'] + 1) ** 2 and j['rewrites'] > 0") == True ]] ||
    fail "$3: compiles over the bound: $(json "$1" "(j['compiles'], j['search_compiles'], j['search_bound'], j['rewrites'])")"
  [[ $(json "$1" "(j['pass_probes']['compiles'], j['pass_probes']['none'].startswith('none: '))") == "(0, True)" ]] ||
    fail "$3: the pass probes do not say there are none on r500"
  grep -q "^pass probes: none: " "$2" || fail "$3: the text does not say there are no pass probes"
  grep -q "^=== machine code ===" "$2" || fail "$3: no machine code"
  [[ $(json "$1" "j['good']['selection'] != j['bad']['selection'] and j['bad']['verdict'] == 'mismatch'") == True ]] ||
    fail "$3: good and bad selections"
}

"$M" --mutant $PAIR bisect "${CASE[@]}" --json "$TMP/pair.json" >"$TMP/pair.out" 2>&1
code=$?
if [[ $code != 0 ]]; then
  fail "pair: bisect exit $code: $(cat "$TMP/pair.out")"
else
  check_pair "$TMP/pair.json" "$TMP/pair.out" pair
fi
# The same case with isolation off gives the same culprits.
"$M" --mutant $PAIR bisect "${CASE[@]}" --no-isolate --json "$TMP/pair_ni.json" >/dev/null 2>&1
[[ "$(json "$TMP/pair_ni.json" "j['culprits']")" == "$(json "$TMP/pair.json" "j['culprits']")" ]] ||
  fail "--no-isolate: other culprits"
# The clean compiler passes the same case: nothing to bisect, exit 1.
"$SD" bisect "${CASE[@]}" --json "$TMP/clean.json" >"$TMP/clean.out" 2>&1
[[ $? == 1 ]] && grep -q "^nothing to bisect" "$TMP/clean.out" || fail "clean: not 'nothing to bisect': $(cat "$TMP/clean.out")"
[[ $(json "$TMP/clean.json" "(j['target'], j['status'])") == "('r500', 'not-failing')" ]] ||
  fail "clean JSON: $(json "$TMP/clean.json" "(j.get('target'), j['status'])")"

# The naive build's mutant: not bisectable, and why there is no template probe.
"$M" --mutant r500-naive-mul-plus-zero bisect "$TMP/mul.tgsi" --target r500 --build naive --seed 8 --lanes 16 --edges \
  >"$TMP/naive.out" 2>&1
[[ $? == 1 ]] && grep -q "^not bisectable: the naive build has no rewrites.*; no template probe on r500: " "$TMP/naive.out" ||
  fail "--build naive: $(cat "$TMP/naive.out")"

# From a report record: a real nightly of the mutant.
(cd "$TMP" && "$M" --mutant $PAIR nightly --corpus corpus --out out --run r --vectors 4 --no-fork \
  --baseline /dev/null >nightly.out 2>&1)
[[ -f "$TMP/out/r/report.json" ]] || fail "the nightly wrote no report"
(cd "$TMP" && "$M" --mutant $PAIR bisect --from out/r/report.json --check pair.tgsi@r500/opt --json from.json >from.out 2>&1)
code=$?
if [[ $code != 0 ]]; then
  fail "--from: exit $code: $(cat "$TMP/from.out")"
else
  check_pair "$TMP/from.json" "$TMP/from.out" "--from"
fi
(cd "$TMP" && "$M" --mutant $PAIR bisect --from out/r/report.json --check pair.tgsi@r500/naive >naive_rec.out 2>&1)
[[ $? == 1 ]] && grep -q "^nothing to bisect" "$TMP/naive_rec.out" || fail "--from a passing r500 record: $(cat "$TMP/naive_rec.out")"
# reduce takes the same record end to end.
(cd "$TMP" && "$M" --mutant $PAIR reduce --from out/r/report.json --check pair.tgsi@r500/opt --out red >reduce.out 2>&1)
[[ $? == 0 ]] || fail "reduce --from r500: $(cat "$TMP/reduce.out")"
[[ $(json "$TMP/red/reduce.json" "j['after']['instructions'] < j['before']['instructions']") == True ]] ||
  fail "reduce --from r500 did not shrink the case"
grep -q "check --target r500 --build opt reduced.tgsi --vector vector.json" "$TMP/red/repro.sh" || fail "reduce: repro.sh"
SHADERDIFF="$M" "$TMP/red/repro.sh" >/dev/null 2>&1
[[ $? == 1 ]] || fail "reduce: repro.sh does not reproduce with the mutant"
(cd "$TMP/red" && "$SD" check --target r500 --build opt reduced.tgsi --vector vector.json >/dev/null 2>&1)
[[ $? == 0 ]] || fail "reduce: the reduced case fails without the mutant"

# A shader r500 cannot run (an integer opcode): unsupported is not a failure.
printf 'FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL TEMP[0]\n  0: UADD TEMP[0], IN[0], IN[0]\n  1: MOV OUT[0], TEMP[0]\n  2: END\n' >"$TMP/uadd.tgsi"
"$SD" bisect "$TMP/uadd.tgsi" --target r500 --seed 1 >"$TMP/uadd.out" 2>&1
[[ $? == 4 ]] && grep -q "^not bisectable: the r500 optimizing build does not support the shader (integer opcode UADD on r500): unsupported is not a failure" "$TMP/uadd.out" ||
  fail "an unsupported shader is not reported not bisectable: $(cat "$TMP/uadd.out")"

# explain refuses r500 with what it lacks (exit 4), from a file or a record.
"$M" --mutant $PAIR explain "${CASE[@]}" >"$TMP/explain.out" 2>&1
[[ $? == 4 ]] && grep -q "explain: --target r500: .*provenance.*execution trace" "$TMP/explain.out" ||
  fail "explain --target r500 is not refused with its reason: $(cat "$TMP/explain.out")"
(cd "$TMP" && "$M" --mutant $PAIR explain --from out/r/report.json --check pair.tgsi@r500/opt >explain_rec.out 2>&1)
[[ $? == 4 ]] || fail "explain --from an r500 record is not refused: $(cat "$TMP/explain_rec.out")"

"$SD" bisect --help >"$TMP/help.out" 2>&1
grep -q "GPU target: a3xx or r500" "$TMP/help.out" && ! grep -q "has none yet" "$TMP/help.out" || fail "bisect --help on r500"

if [[ $failures -gt 0 ]]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "PASS"
