#!/usr/bin/env bash
# `shaderdiff bisect` end to end on planted bugs: the test-only
# shaderdiff_mutants (every shipped command, with a compiler mutant active)
# bisects each mutant's own shader (compiler/testdata/mutants) on the vector
# `check` reports, and must name the mutated rewrite, within the compile
# bound; the cases that are not the optimizing build's rewrites must be
# reported "not bisectable", never with a culprit; and a report record
# (--from/--check) from a real nightly run bisects the same way.
# to-machine-collect-reverse fails on no vector of its own shader: its case
# is a corpus shader (TO_MACHINE_CASE), where to-machine's probe names it.
# Usage: bisect_mutants_test.sh SHADERDIFF_MUTANTS SHADERDIFF TO_MACHINE_CASE MUTANT_SHADER...
set -uo pipefail
M="$(realpath "$1")"
SD="$(realpath "$2")"
TM_CASE="$(realpath "$3")"
shift 3
TMP="${TEST_TMPDIR:-/tmp}/bisect_mutants_test.$$"
mkdir -p "$TMP/shaders"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
for f in "$@"; do grep -v '^#' "$f" >"$TMP/shaders/$(basename "$f")"; done

# The failing case `check` finds: the vector flags of its reproduction command.
case_of() {  # MUTANT [FILE] -> "FILE --seed S --lanes N [--edges] [--dictionary]" (or just FILE for compile errors)
  "$M" --mutant "$1" check --build opt "${2:-$TMP/shaders/$1.tgsi}" | sed -n 's/.*reproduce: .* --build opt //p' |
    sed 's/ --compare//; s/ --hazards trap//'
}

json() {  # FILE EXPR -> the value (python3)
  python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print($2)" "$1"
}

# mutant, expected culprit pass/rewrite
while read -r mutant expected; do
  c=$(case_of "$mutant")
  [[ -n "$c" ]] || { fail "$mutant: check found no failure"; continue; }
  # shellcheck disable=SC2086
  "$M" --mutant "$mutant" bisect $c --json "$TMP/$mutant.json" >"$TMP/$mutant.out" 2>&1
  code=$?
  [[ $code == 0 ]] || { fail "$mutant: bisect exit $code"; cat "$TMP/$mutant.out"; continue; }
  got=$(json "$TMP/$mutant.json" "' '.join(c['pass']+'/'+c['rewrite'] for c in j['culprits'])")
  [[ "$got" == "$expected" ]] || fail "$mutant: culprit '$got', expected '$expected'"
  if [[ "$expected" == *" "* ]]; then  # a set: both rewrites are needed, ddmin names them
    grep -q "^culprit set (no single rewrite fails alone; ddmin's 1-minimal set): #[0-9]* ${expected// / #[0-9]* }\$" \
      "$TMP/$mutant.out" || fail "$mutant: the text names no culprit set $expected"
  else
    grep -q "^culprit: #[0-9]* $expected " "$TMP/$mutant.out" || fail "$mutant: the text names no culprit $expected"
  fi
  # The limit search stays within ceil(log2 R) + 2, plus one compile of the
  # culprit alone; ddmin (a culprit whose site moves without the earlier
  # rewrites) within its own worst case, (R + 1)^2.
  [[ $(json "$TMP/$mutant.json" "j['search_compiles'] <= j['search_bound'] and (j['compiles'] <= j['search_bound'] + 1 if j['method'] == 'limit' else j['compiles'] <= (j['rewrites'] + 1) ** 2)") == True ]] ||
    fail "$mutant: compiles over the bound: $(json "$TMP/$mutant.json" "(j['method'], j['compiles'], j['search_bound'])")"
  [[ "$mutant" == dce-loop-phi || "$expected" == *" "* || $(json "$TMP/$mutant.json" "j['method']") == limit ]] ||
    fail "$mutant: needed ddmin for a single rewrite" 
  grep -q "^=== IR after pass ${expected%%/*}" "$TMP/$mutant.out" || fail "$mutant: no IR of the culprit's pass"
  grep -q "^=== machine code ===" "$TMP/$mutant.out" || fail "$mutant: no machine code"
  [[ $(json "$TMP/$mutant.json" "j['good']['verdict'] != j['bad']['verdict'] or j['good']['verdict'] != 'pass'") == True ]] ||
    fail "$mutant: good and bad compiles both pass"
  # The clean compiler passes the same case: nothing to bisect, exit 1.
  # shellcheck disable=SC2086
  "$SD" bisect $c >"$TMP/clean.out" 2>&1
  [[ $? == 1 ]] && grep -q "^nothing to bisect" "$TMP/clean.out" || fail "$mutant: the clean compiler's case is not 'nothing to bisect'"
done <<'CASES'
lower-lrp-swap lower-tgsi/lower-lrp
const-fold-conversion const-fold/const-word
copy-prop-conversion copy-prop/copy-prop
copy-prop-mad-swap-addend copy-prop/copy-prop-mad-swap
cse-ignores-neg-abs cse/cse
cse-ignores-cond cse/cse
peephole-mul-zero peephole/mul-zero
peephole-shift-mask peephole/shift-mask
peephole-inverted-compare peephole/bool-neg peephole/invert-select
dce-drops-kill dce/dce
dce-loop-phi dce/dce
schedule-p0-reorder schedule/schedule-block
schedule-a0-reorder schedule/schedule-block
CASES

# A compile error is bisected on its failing pass.
grep -q "^failure: compile-error in pass dce" "$TMP/dce-loop-phi.out" || fail "dce-loop-phi: not bisected as a compile error of pass dce"

# A legalize bug fails with no rewrites at all: the rewrite search names
# nothing (2 compiles), the pass probes name legalize (exit 0); without the
# probes it is "not bisectable" (exit 1, the reason, no culprit).
c=$(case_of legalize-delay-short)
# shellcheck disable=SC2086
"$M" --mutant legalize-delay-short bisect $c --json "$TMP/nb.json" >"$TMP/nb.out" 2>&1
[[ $? == 0 ]] || fail "legalize-delay-short: exit not 0"
grep -q "^no culprit rewrite: fails with no rewrites: limit 0 fails the same way (hazard)" "$TMP/nb.out" ||
  fail "legalize-delay-short: no 'fails with no rewrites' reason: $(cat "$TMP/nb.out")"
grep -q "^culprit pass: legalize (its conservative substitute removes the failure)$" "$TMP/nb.out" ||
  fail "legalize-delay-short: the text names no culprit pass"
[[ $(json "$TMP/nb.json" "(j['status'], len(j['culprits']), j['compiles'], j['culprit_passes'], j['pass_probes']['compiles'])") == "('culprit-pass', 0, 2, ['legalize'], 6)" ]] ||
  fail "legalize-delay-short: JSON $(json "$TMP/nb.json" "(j['status'], len(j['culprits']), j['compiles'], j['culprit_passes'])")"
# shellcheck disable=SC2086
"$M" --mutant legalize-delay-short bisect $c --no-pass-probes --json "$TMP/np.json" >"$TMP/np.out" 2>&1
[[ $? == 1 ]] || fail "legalize-delay-short --no-pass-probes: exit not 1"
grep -q "^not bisectable: fails with no rewrites: limit 0 fails the same way (hazard)" "$TMP/np.out" ||
  fail "legalize-delay-short --no-pass-probes: no 'not bisectable' reason"
grep -q "legalize" "$TMP/np.out" || fail "legalize-delay-short: the reason does not name the passes without rewrites"
[[ $(json "$TMP/np.json" "(j['status'], len(j['culprits']), j['compiles'], 'pass_probes' in j)") == "('not-bisectable', 0, 2, False)" ]] ||
  fail "legalize-delay-short --no-pass-probes: JSON $(json "$TMP/np.json" "(j['status'], len(j['culprits']), j['compiles'])")"

# The mutants of the fixed passes: bisect names the pass by its substitute
# (pass probes: at most 2 compiles per substitutable pass, plus 2 for
# out-of-ssa's downstream check), with the rewrite
# that exposes it when there is one; no other pass's substitute removes it.
while read -r mutant pass; do
  c=$(case_of "$mutant")
  [[ -n "$c" ]] || { fail "$mutant: check found no failure"; continue; }
  # shellcheck disable=SC2086
  "$M" --mutant "$mutant" bisect $c --json "$TMP/$mutant.json" >"$TMP/$mutant.out" 2>&1
  code=$?
  [[ $code == 0 ]] || { fail "$mutant: bisect exit $code"; cat "$TMP/$mutant.out"; continue; }
  [[ $(json "$TMP/$mutant.json" "j['culprit_passes']") == "['$pass']" ]] ||
    fail "$mutant: culprit passes $(json "$TMP/$mutant.json" "j['culprit_passes']"), expected ['$pass']"
  grep -q "^culprit pass: $pass (its conservative substitute removes the failure)" "$TMP/$mutant.out" ||
    fail "$mutant: the text names no culprit pass $pass"
  [[ $(json "$TMP/$mutant.json" "j['pass_probes']['compiles'] <= 8 and j['search_compiles'] <= j['search_bound']") == True ]] ||
    fail "$mutant: compiles over the bound"
  if [[ $(json "$TMP/$mutant.json" "len(j['culprits'])") != 0 ]]; then  # a rewrite exposes it: both named
    grep -q "^culprit pass: $pass (its conservative substitute removes the failure); exposed by rewrite #" "$TMP/$mutant.out" ||
      fail "$mutant: the rewrite that exposes the pass's bug is not named with it"
  fi
done <<'CASES'
out-of-ssa-copy-order out-of-ssa
regalloc-range-end-early regalloc
regalloc-collect-clobber regalloc
regalloc-no-ij-reserve regalloc
legalize-delay-short legalize
legalize-a0-delay legalize
legalize-war-no-ss legalize
legalize-join-drops-sy legalize
legalize-branch-offset legalize
legalize-no-jp legalize
CASES
# to-machine-collect-reverse: a mismatch that four copy-prop rewrites expose
# (a collect's copies overlap); only to-machine's substitute is probed (one
# compile) and it removes the failure: the pass is named with the rewrites.
c=$(case_of to-machine-collect-reverse "$TM_CASE")
if [[ -z "$c" ]]; then
  fail "to-machine-collect-reverse: check found no failure on its corpus case"
else
  # shellcheck disable=SC2086
  "$M" --mutant to-machine-collect-reverse bisect $c --json "$TMP/tm.json" >"$TMP/tm.out" 2>&1
  [[ $? == 0 ]] || fail "to-machine-collect-reverse: bisect exit not 0: $(head -n 3 "$TMP/tm.out")"
  [[ $(json "$TMP/tm.json" "(j['failure']['verdict'], j['status'], j['culprit_passes'], j['pass_probes']['compiles'], [p['pass'] for p in j['pass_probes']['probes']])") == "('mismatch', 'culprit-set', ['to-machine'], 1, ['to-machine'])" ]] ||
    fail "to-machine-collect-reverse: JSON $(json "$TMP/tm.json" "(j['failure']['verdict'], j['status'], j['culprit_passes'], j['pass_probes'].get('compiles'))")"
  grep -q "^culprit pass: to-machine (its conservative substitute removes the failure); exposed by rewrite #.* copy-prop/copy-prop" "$TMP/tm.out" ||
    fail "to-machine-collect-reverse: the text does not name to-machine with the rewrites that expose it"
fi
# out-of-ssa's bug is caught in regalloc (web members live at once): the pass
# named is out-of-ssa, not the pass that caught it.
grep -q "^failure: compile-error in pass regalloc" "$TMP/out-of-ssa-copy-order.out" ||
  fail "out-of-ssa-copy-order: not a compile error caught in regalloc"
# The rewrite mutants need no pass probe, or name no pass (a hazard a rewrite causes).
for m in lower-lrp-swap cse-ignores-neg-abs peephole-shift-mask dce-loop-phi; do
  [[ $(json "$TMP/$m.json" "j['culprit_passes']") == "[]" ]] || fail "$m: a culprit pass named for a rewrite's bug"
done

# The naive build has no rewrites: its failure is "not bisectable", and the
# template probe (the optimizing build at limit 0 shares its templates and
# passes) puts it in the naive build's own emission.
c=$("$M" --mutant naive-sfu-no-ss check --build naive "$TMP/shaders/naive-sfu-no-ss.tgsi" |
  sed -n 's/.*reproduce: .* --build naive //p' | sed 's/ --compare//; s/ --hazards trap//')
[[ -n "$c" ]] || fail "naive-sfu-no-ss: check found no failure"
# shellcheck disable=SC2086
"$M" --mutant naive-sfu-no-ss bisect $c --build naive --json "$TMP/naive.json" >"$TMP/naive.out" 2>&1
[[ $? == 1 ]] && grep -q "^not bisectable: the naive build has no rewrites" "$TMP/naive.out" || fail "--build naive is not 'not bisectable'"
grep -q "^culprit part: naive emission$" "$TMP/naive.out" || fail "naive-sfu-no-ss: the template probe does not clear the templates: $(cat "$TMP/naive.out")"
[[ $(json "$TMP/naive.json" "(j['status'], j['failure']['verdict'], j['template_probe']['culprit_part'], [c['verdict'] for c in j['template_probe']['compiles']])") == "('not-bisectable', 'hazard', 'naive emission', ['pass', 'pass'])" ]] ||
  fail "naive-sfu-no-ss: JSON $(json "$TMP/naive.json" "j.get('template_probe')")"
# A case the naive build passes is nothing to bisect.
c=$(case_of legalize-delay-short)
# shellcheck disable=SC2086
"$M" --mutant legalize-delay-short bisect $c --build naive >"$TMP/naive-pass.out" 2>&1
[[ $? == 1 ]] && grep -q "^nothing to bisect: the naive build passes" "$TMP/naive-pass.out" || fail "--build naive on a passing case: $(cat "$TMP/naive-pass.out")"

# From a report record: a real nightly over a two-shader corpus with the mutant.
mkdir -p "$TMP/corpus"
cp "$TMP/shaders/peephole-inverted-compare.tgsi" "$TMP/corpus/pic.tgsi"
cp "$TMP/shaders/lower-lrp-swap.tgsi" "$TMP/corpus/lrp.tgsi"
(cd "$TMP" && "$M" --mutant peephole-inverted-compare nightly --corpus corpus --out out --run r --vectors 4 --no-fork \
  --baseline /dev/null >nightly.out 2>&1)
[[ -f "$TMP/out/r/report.json" ]] || fail "the nightly wrote no report"
(cd "$TMP" && "$M" --mutant peephole-inverted-compare bisect --from out/r/report.json --check pic.tgsi@a3xx/opt \
  --json from.json >from.out 2>&1)
[[ $? == 0 ]] || fail "--from: exit not 0: $(cat "$TMP/from.out")"
[[ $(json "$TMP/from.json" "' '.join(c['pass']+'/'+c['rewrite'] for c in j['culprits'])") == "peephole/bool-neg peephole/invert-select" ]] ||
  fail "--from: culprit $(json "$TMP/from.json" "j['culprits']")"
(cd "$TMP" && "$M" --mutant peephole-inverted-compare bisect --from out/r/report.json --check pic.tgsi@a3xx/naive >naive_rec.out 2>&1)
[[ $? == 1 ]] && grep -q "^nothing to bisect" "$TMP/naive_rec.out" || fail "--from a passing record is not 'nothing to bisect'"
(cd "$TMP" && "$SD" bisect --from out/r/report.json --check nope.tgsi@a3xx/opt >/dev/null 2>err.out)
[[ $? == 1 ]] && grep -q "no check named 'nope.tgsi@a3xx/opt'" "$TMP/err.out" || fail "an unknown check name is not a clear error"
"$SD" bisect --check x@a3xx/opt >/dev/null 2>&1
[[ $? == 2 ]] || fail "--check without --from is not a usage error"
"$SD" bisect --help >"$TMP/help.out" 2>&1  # to a file: grep -q on a pipe may cut the help short (SIGPIPE)
grep -q "ddmin" "$TMP/help.out" && grep -q "^Pass probes" "$TMP/help.out" && grep -q -- "--no-pass-probes" "$TMP/help.out" ||
  fail "bisect --help"

if [[ $failures -gt 0 ]]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "PASS"
