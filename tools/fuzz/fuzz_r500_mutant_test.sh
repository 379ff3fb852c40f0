#!/bin/bash
# The r500 campaign finds a seeded bug of the r500 naive translator: with
# the test-only mutant MUTANT active, `fuzz --target r500 --seed 1` over
# generated programs (no corpus) finds it within MAX programs, its first
# unique finding is reduced (to at most 8 TGSI instructions) with a
# repro.sh (`check --target r500 --vector`) that fails with the mutant and
# passes without it, and the report says the campaign checked both r500
# builds. The clean translator over the same programs: no finding, and a
# share of unsupported programs (counted, never dropped) below a quarter.
set -u
. "$(dirname "$0")/fuzz_test_common.sh"  # S M MUTANT MAX T, fail, field
RUN=(fuzz --target r500 --seed 1 --jobs 1 --corpus '' --max-programs "$MAX" --time 600)

"$M" --mutant "$MUTANT" "${RUN[@]}" --out "$T/mutant" 2> "$T/mutant.log"
status=$?
[ $status -eq 1 ] || { tail -5 "$T/mutant.log"; fail "mutant campaign exited $status, not 1 (findings)"; }
[ "$(field "$T/mutant/report.json" "r['settings']['builds']['checked']")" = "['r500/naive', 'r500/opt']" ] ||
  fail "the campaign did not check both r500 builds"
unique=$(field "$T/mutant/report.json" "r['findings']['unique']")
[ "$unique" -ge 1 ] || fail "no unique finding"
id=$(field "$T/mutant/report.json" "min((f for f in r['findings']['list'] if f.get('reduction_attempted')), key=lambda f: f['program'])['id']")
first=$(field "$T/mutant/report.json" "[f for f in r['findings']['list'] if f['id'] == '$id'][0]['first']")
size=$(field "$T/mutant/report.json" "[f for f in r['findings']['list'] if f['id'] == '$id'][0]['instructions']")
echo "mutant $MUTANT: $unique unique finding(s); $id ($first) reduced to $size instructions"
[ "$size" -le 8 ] || fail "$id reduced to $size instructions, more than 8"
grep -q "MUL" "$T/mutant/$id/case.tgsi" || fail "$id's reduced case has no MUL: $(cat "$T/mutant/$id/case.tgsi")"
expect_r500_repro "$id" naive

run_clean_campaign "${RUN[@]}"
[ "$(field "$T/clean/report.json" "r['programs']")" -eq "$MAX" ] || fail "clean campaign did not run $MAX programs"
share=$(field "$T/clean/report.json" "r['unsupported']['share']")
echo "clean: $(grep programs "$T/clean.log" | tail -1)"
python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) < 0.25 else 1)" "$share" ||
  fail "a share $share of the r500 policy's programs is unsupported"
echo "PASS"
