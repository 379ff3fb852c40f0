#!/usr/bin/env bash
# The conservative substitutes of the fixed passes (compiler/targets/a3xx/conservative.h)
# end to end: each one passes the clean sample (the compiler/testdata/opt
# shaders and the 29 mutant shaders, checked with the emulator against the
# reference and the naive build), alone and all four together; each bypasses
# the planted bugs of its own pass (the mutant's case fails without the
# substitute and passes with it) and not those of another pass; bad
# --conservative values are usage errors. to-machine-collect-reverse fails on
# no mutant shader vector: its case is a corpus shader (TO_MACHINE_CASE).
# Usage: conservative_passes_test.sh SHADERDIFF_MUTANTS SHADERDIFF TO_MACHINE_CASE SHADER...
set -uo pipefail
M="$(realpath "$1")"
SD="$(realpath "$2")"
TM_CASE="$(realpath "$3")"
shift 3
TMP="${TEST_TMPDIR:-/tmp}/conservative_passes_test.$$"
mkdir -p "$TMP/sample"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# The shader part of each file (testdata/opt files carry goldens after a `=` line).
for f in "$@"; do awk '/^=/{exit} !/^#/{print}' "$f" >"$TMP/sample/$(basename "$f")"; done
n=$(ls "$TMP/sample" | wc -l)
[[ $n -ge 40 ]] || fail "only $n sample shaders"

for c in "" out-of-ssa regalloc to-machine legalize out-of-ssa,regalloc,to-machine,legalize; do
  # shellcheck disable=SC2086
  out=$("$SD" check --build opt ${c:+--conservative $c} "$TMP/sample" 2>&1 | tail -n 1)
  [[ "$out" == "$n shader(s): $n pass" ]] || fail "clean sample with '${c:-no substitute}': $out"
done

# mutant -> the pass whose substitute bypasses it
while read -r mutant pass file; do
  f="${file:-$TMP/sample/$mutant.tgsi}"
  "$M" --mutant "$mutant" check --build opt "$f" >"$TMP/without.out" 2>&1
  [[ $? != 0 ]] || fail "$mutant: its case passes without a substitute"
  "$M" --mutant "$mutant" check --build opt --conservative "$pass" "$f" >"$TMP/with.out" 2>&1
  [[ $? == 0 ]] && grep -q ": pass (" "$TMP/with.out" || fail "$mutant: not bypassed by the $pass substitute: $(head -n 1 "$TMP/with.out")"
  for other in out-of-ssa regalloc to-machine legalize; do
    [[ $other == "$pass" ]] && continue
    # Without register reuse the SFU's source is never overwritten: no WAR
    # for legalize to miss (bisect's downstream check clears regalloc); and
    # a collect's copies never overlap, so their order cannot matter (bisect
    # probes only to-machine on a mismatch rewrites expose).
    [[ $mutant/$other == legalize-war-no-ss/regalloc ]] && continue
    [[ $mutant/$other == to-machine-collect-reverse/regalloc ]] && continue
    "$M" --mutant "$mutant" check --build opt --conservative "$other" "$f" >/dev/null 2>&1
    [[ $? != 0 ]] || fail "$mutant: the $other substitute bypasses it too (it should only bypass $pass)"
  done
done <<CASES
out-of-ssa-copy-order out-of-ssa
regalloc-range-end-early regalloc
regalloc-collect-clobber regalloc
regalloc-no-ij-reserve regalloc
to-machine-collect-reverse to-machine $TM_CASE
legalize-delay-short legalize
legalize-a0-delay legalize
legalize-war-no-ss legalize
legalize-join-drops-sy legalize
legalize-branch-offset legalize
legalize-no-jp legalize
CASES

# The substitute shows in the program: a (ss)(sy) nop before every instruction.
"$SD" compile --target a3xx --conservative legalize "$TMP/sample/loop.tgsi" >"$TMP/loop.out" 2>&1 || fail "compile --conservative legalize"
grep -q "(sy)(ss)" "$TMP/loop.out" || grep -q "(ss)(sy)" "$TMP/loop.out" || fail "no synced nop in the conservative legalize's program"
# The reproduction command carries the flag.
"$M" --mutant regalloc-range-end-early check --build opt --conservative legalize "$TMP/sample/regalloc-range-end-early.tgsi" >"$TMP/repro.out"
grep -q -- "compile --target a3xx --build opt --conservative legalize " "$TMP/repro.out" || fail "the reproduction command drops --conservative"

"$SD" compile --target a3xx --conservative select "$TMP/sample/loop.tgsi" >/dev/null 2>"$TMP/err"
[[ $? == 2 ]] && grep -q "no substitute for pass 'select'" "$TMP/err" || fail "--conservative select is not a usage error"
"$SD" check --build naive --conservative legalize "$TMP/sample/loop.tgsi" >/dev/null 2>"$TMP/err"
[[ $? == 2 ]] && grep -q "goes with --build opt" "$TMP/err" || fail "--conservative with --build naive is not a usage error"

if [[ $failures -gt 0 ]]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "PASS"
