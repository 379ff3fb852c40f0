#!/usr/bin/env bash
# `shaderdiff explain` end to end on planted bugs (tools/mutants): a
# rewrite's miscompile is explained at the rewrite's own output, with the
# culprit named and the trace shown; a too-short schedule is explained at the
# instruction that read the stale register; the clean compiler's case is
# "not-failing" (exit 1); --dot writes the IR graph; --from takes the case
# from a report record.
# Usage: explain_test.sh SHADERDIFF_MUTANTS SHADERDIFF LOWER_LRP_SWAP.tgsi LEGALIZE_DELAY_SHORT.tgsi
set -uo pipefail
M="$(realpath "$1")"
SD="$(realpath "$2")"
TMP="${TEST_TMPDIR:-/tmp}/explain_test.$$"
mkdir -p "$TMP"
grep -v '^#' "$3" >"$TMP/lrp.tgsi"
grep -v '^#' "$4" >"$TMP/lds.tgsi"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
json() { python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print($2)" "$1"; }
case_of() {  # MUTANT FILE -> "FILE --seed S --lanes N ..."
  "$M" --mutant "$1" check --build opt "$2" | sed -n 's/.*reproduce: .* --build opt //p' | sed 's/ --compare//; s/ --hazards trap//'
}

c=$(case_of lower-lrp-swap "$TMP/lrp.tgsi")
[[ -n "$c" ]] || fail "lower-lrp-swap: check found no failure"
# shellcheck disable=SC2086
"$M" --mutant lower-lrp-swap explain $c --json "$TMP/lrp.json" --dot "$TMP/lrp.dot" >"$TMP/lrp.out" 2>&1
[[ $? == 0 ]] || fail "lower-lrp-swap: exit $?: $(cat "$TMP/lrp.out")"
[[ $(json "$TMP/lrp.json" "j['status']") == explained ]] || fail "lower-lrp-swap: not explained: $(cat "$TMP/lrp.out")"
[[ $(json "$TMP/lrp.json" "j['tgsi']['index']") == 0 ]] || fail "lower-lrp-swap: not the LRP"
[[ $(json "$TMP/lrp.json" "' '.join(c['pass']+'/'+c['rewrite'] for c in j['bisect']['culprits'])") == lower-tgsi/lower-lrp ]] ||
  fail "lower-lrp-swap: culprit $(json "$TMP/lrp.json" "j['bisect']")"
[[ $(json "$TMP/lrp.json" "j['bisect']['explained_in_output']") == True ]] || fail "lower-lrp-swap: not in the culprit's output"
[[ $(json "$TMP/lrp.json" "j['written'] != j['reference']['word'] and len(j['trace']) > 0") == True ]] ||
  fail "lower-lrp-swap: written word or trace missing"
grep -q '^=> \[' "$TMP/lrp.out" || fail "lower-lrp-swap: the trace does not mark the instruction"
head -1 "$TMP/lrp.dot" | grep -q '^digraph' || fail "lower-lrp-swap: --dot wrote no graph"

# The clean compiler passes the same case.
# shellcheck disable=SC2086
"$SD" explain $c --json "$TMP/clean.json" >"$TMP/clean.out" 2>&1
[[ $? == 1 ]] || fail "clean: exit not 1"
[[ $(json "$TMP/clean.json" "j['status']") == not-failing ]] || fail "clean: $(cat "$TMP/clean.out")"

# A delay one slot short: the consumer read a stale register.
c=$(case_of legalize-delay-short "$TMP/lds.tgsi")
# shellcheck disable=SC2086
"$M" --mutant legalize-delay-short explain $c --json "$TMP/lds.json" >"$TMP/lds.out" 2>&1
[[ $? == 0 ]] || fail "legalize-delay-short: exit $?: $(cat "$TMP/lds.out")"
[[ $(json "$TMP/lds.json" "j['status']") == explained ]] || fail "legalize-delay-short: $(cat "$TMP/lds.out")"
[[ $(json "$TMP/lds.json" "any(r['stale_by'] > 0 for s in j['trace'] if s['pc'] == j['instruction']['pc'] for r in s['reads'])") == True ]] ||
  fail "legalize-delay-short: the named instruction's trace shows no stale read"
grep -q 'STALE' "$TMP/lds.out" || fail "legalize-delay-short: the text shows no stale read"
# No rewrite causes it; the pass probes name legalize (its conservative substitute removes the hazard).
[[ $(json "$TMP/lds.json" "j['bisect']['status']") == culprit-pass ]] || fail "legalize-delay-short: bisect status"
[[ $(json "$TMP/lds.json" "j['bisect']['culprit_passes']") == "['legalize']" ]] || fail "legalize-delay-short: culprit pass"
grep -q '^culprit pass: legalize ' "$TMP/lds.out" || fail "legalize-delay-short: the text names no culprit pass"

if ((failures)); then
  echo "$failures failure(s)"
  exit 1
fi
echo "explain: all cases as expected"
