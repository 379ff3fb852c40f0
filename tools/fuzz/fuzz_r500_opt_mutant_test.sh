#!/bin/bash
# The r500 campaign bisects what it finds in the optimizing build: with the
# test-only mutant MUTANT (r500-schedule pairs dependent halves) active,
# `fuzz --target r500 --seed 1` over MAX generated programs finds it; every
# r500/opt finding is reduced and bisected, and its signature (issue 13:
# findings deduplicated by the culprit rewrite) names r500-schedule/pair,
# as does its explanation's culprit; the first finding's repro.sh (`check
# --target r500 --build opt --vector`) fails with the mutant and its case
# passes without it. The clean compiler over the same programs: no finding.
set -u
. "$(dirname "$0")/fuzz_test_common.sh"  # S M MUTANT MAX T, fail, field
RUN=(fuzz --target r500 --seed 1 --jobs 1 --corpus '' --max-programs "$MAX" --time 600)

"$M" --mutant "$MUTANT" "${RUN[@]}" --out "$T/mutant" 2> "$T/mutant.log"
status=$?
[ $status -eq 1 ] || { tail -5 "$T/mutant.log"; fail "mutant campaign exited $status, not 1 (findings)"; }
R="$T/mutant/report.json"
opt=$(field "$R" "len([f for f in r['findings']['list'] if f['config'] == 'r500/opt'])")
[ "$opt" -ge 1 ] || fail "no r500/opt finding"
bad=$(field "$R" "[f['signature'] for f in r['findings']['list'] if f['config'] == 'r500/opt' and 'culprit ' not in f['signature']]")
[ "$bad" = "[]" ] || fail "r500/opt findings with no culprit in the signature: $bad"
named=$(field "$R" "all('r500-schedule/pair' in f['signature'] for f in r['findings']['list'] if f['config'] == 'r500/opt')")
[ "$named" = True ] || fail "a finding's signature does not name r500-schedule/pair: $(field "$R" "[f['signature'] for f in r['findings']['list']]")"
id=$(field "$R" "min((f for f in r['findings']['list'] if f['config'] == 'r500/opt'), key=lambda f: f['program'])['id']")
culprits=$(field "$R" "[(c['pass'], c['rewrite']) for f in r['findings']['list'] if f['id'] == '$id' for c in f['explanation']['culprit']['culprits']]")
case "$culprits" in *"('r500-schedule', 'pair')"*) ;; *) fail "$id's explanation names no r500-schedule/pair: $culprits" ;; esac
echo "mutant $MUTANT: $opt r500/opt finding(s); $id: $(field "$R" "[f['signature'] for f in r['findings']['list'] if f['id'] == '$id'][0]")"
expect_r500_repro "$id" opt

run_clean_campaign "${RUN[@]}"
[ "$(field "$T/clean/report.json" "r['findings']['unique']")" -eq 0 ] || fail "the clean campaign has findings"
echo "PASS"
