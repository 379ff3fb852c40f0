#!/usr/bin/env bash
# tools/git-bisect-run under `git bisect run`, over a synthetic history in
# a temporary repository:
#   A  clean compiler                         (good)
#   B  an unrelated change                    (good)
#   C  a mutant's branch enabled              (bad: the first bad commit)
#   D  the tree does not build                (skip, 125)
#   E  an unrelated change                    (bad)
# Building the real project per commit does not fit CI's time, so the build
# step is the script's --build-cmd: a stand-in that "builds" bin/shaderdiff
# for the checked-out commit from the prebuilt binaries (the shipped
# shaderdiff, or shaderdiff_mutants with the commit's mutant), and fails
# where the tree is broken. Everything else is the script's real logic: the
# build's exit status, running the case with the binary built for that
# commit, the exit-code mapping, a report record as the case.
# tools/bisect/README.md shows a real run over this repository's history.
# r500 (its cases run `check`, not `emulate`): a commit F after E enables
# the r500 mutant R500_MUTANT; an r500 shader case and an r500 report record
# are good before F, bad at F, and `git bisect run` from A to F names F.
# Usage: git_bisect_run_test.sh GIT_BISECT_RUN SHADERDIFF SHADERDIFF_MUTANTS SHADER.tgsi R500_SHADER.tgsi
set -uo pipefail
RUN="$(realpath "$1")"
SD="$(realpath "$2")"
M="$(realpath "$3")"
SHADER_SRC="$(realpath "$4")"
R500_SRC="$(realpath "$5")"
R500_MUTANT=r500-opt-pair-dependent
TMP="${TEST_TMPDIR:-/tmp}/git_bisect_run_test.$$"
mkdir -p "$TMP"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# The case lives outside the repository, as the README says.
grep -v '^#' "$SHADER_SRC" >"$TMP/case.tgsi"
grep -v '^#' "$R500_SRC" >"$TMP/r500.tgsi"
"$M" --mutant peephole-inverted-compare check --build opt "$TMP/case.tgsi" >"$TMP/check.out"
vector=$(sed -n 's/.*reproduce: .* --build opt [^ ]* //p' "$TMP/check.out" | sed 's/ --compare//')
[[ "$vector" == --seed* ]] || fail "no failing vector: $(cat "$TMP/check.out")"

cat >"$TMP/build.sh" <<BUILD
#!/bin/sh
# The stand-in build: bin/shaderdiff for this commit.
if [ -e BROKEN ]; then echo "error: BROKEN: this tree does not compile" >&2; exit 1; fi
mkdir -p bin
mutant=\$(cat mutant.txt)
if [ -n "\$mutant" ]; then
  printf '#!/bin/sh\nexec %s --mutant %s "\$@"\n' "$M" "\$mutant" >bin/shaderdiff
else
  printf '#!/bin/sh\nexec %s "\$@"\n' "$SD" >bin/shaderdiff
fi
chmod +x bin/shaderdiff
BUILD
chmod +x "$TMP/build.sh"

R="$TMP/repo"
mkdir -p "$R"
cd "$R" || exit 1
git init -q .
git config user.email test@example.com
git config user.name test
echo "bin/" >.gitignore
: >mutant.txt
echo one >notes.txt
git add -A && git commit -qm "A: clean"
A=$(git rev-parse HEAD)
echo two >>notes.txt && git commit -qam "B: unrelated"
echo peephole-inverted-compare >mutant.txt && git commit -qam "C: peephole swaps a select's arms"
C=$(git rev-parse HEAD)
touch BROKEN && git add BROKEN && git commit -qm "D: does not build"
D=$(git rev-parse HEAD)
git rm -q BROKEN && echo three >>notes.txt && git commit -qam "E: builds again"
E=$(git rev-parse HEAD)

# Single steps: the exit codes.
step() {  # COMMIT ARGS... -> exit code of the script there
  git checkout -q "$1" && shift
  "$RUN" --build-cmd "$TMP/build.sh" --shaderdiff bin/shaderdiff "$@" 2>>"$TMP/steps.log"
}
# shellcheck disable=SC2086
step "$A" -- "$TMP/case.tgsi" --build opt $vector; [[ $? == 0 ]] || fail "A is not good"
# shellcheck disable=SC2086
step "$C" -- "$TMP/case.tgsi" --build opt $vector; [[ $? == 1 ]] || fail "C is not bad"
# shellcheck disable=SC2086
step "$D" -- "$TMP/case.tgsi" --build opt $vector; [[ $? == 125 ]] || fail "D (build fails) is not skipped"
# The naive build has no mutant: good at C.
# shellcheck disable=SC2086
step "$C" -- "$TMP/case.tgsi" --build naive $vector; [[ $? == 0 ]] || fail "the naive build is not good at C"
# A bad command line for shaderdiff (exit 2) cannot say good or bad: skip.
step "$C" -- "$TMP/case.tgsi" --build opt --no-such-flag; [[ $? == 125 ]] || fail "shaderdiff exit 2 is not a skip"
# A shader file that cannot be read is no evidence either way: skip.
# shellcheck disable=SC2086
step "$C" -- "$TMP/missing.tgsi" --build opt $vector; [[ $? == 125 ]] || fail "an unreadable shader is not a skip"
# The script's own usage errors stop the bisection (not 0, 1 or 125).
"$RUN" >/dev/null 2>&1; [[ $? == 200 ]] || fail "no case is not exit 200"
"$RUN" --from "$TMP/none.json" --check x@a3xx/opt --build-cmd true >/dev/null 2>&1; [[ $? == 200 ]] || fail "a missing report is not exit 200"
git checkout -q "$E"

# The whole bisection.
git bisect start "$E" "$A" >/dev/null
# shellcheck disable=SC2086
git bisect run "$RUN" --build-cmd "$TMP/build.sh" --shaderdiff bin/shaderdiff -- "$TMP/case.tgsi" --build opt $vector \
  >"$TMP/bisect.log" 2>&1
grep -q "^$C is the first bad commit" "$TMP/bisect.log" || fail "git bisect run did not name C: $(cat "$TMP/bisect.log")"
git bisect reset >/dev/null 2>&1

# A report record as the case: a nightly of the mutant over a one-shader corpus.
mkdir -p "$TMP/corpus"
cp "$TMP/case.tgsi" "$TMP/corpus/case.tgsi"
"$M" --mutant peephole-inverted-compare nightly --corpus "$TMP/corpus" --out "$TMP/out" --run r --vectors 4 --no-fork \
  --baseline /dev/null >"$TMP/nightly.out" 2>&1
[[ -f "$TMP/out/r/report.json" ]] || fail "the nightly wrote no report"
git bisect start "$E" "$A" >/dev/null
(git bisect run "$RUN" --build-cmd "$TMP/build.sh" --shaderdiff bin/shaderdiff \
  --from "$TMP/out/r/report.json" --check case.tgsi@a3xx/opt >"$TMP/bisect_from.log" 2>&1)
grep -q "^$C is the first bad commit" "$TMP/bisect_from.log" || fail "--from: git bisect run did not name C: $(cat "$TMP/bisect_from.log")"
git bisect reset >/dev/null 2>&1

# r500: F enables its mutant; A..E are good for r500 cases (C's mutant is a3xx's).
git checkout -q "$E"
echo "$R500_MUTANT" >mutant.txt && git commit -qam "F: r500-schedule pairs dependent halves"
F=$(git rev-parse HEAD)
r5=(-- "$TMP/r500.tgsi" --target r500 --build opt --seed 1 --vectors 16 --lanes 16)
step "$A" "${r5[@]}"; [[ $? == 0 ]] || fail "r500: A is not good"
step "$E" "${r5[@]}"; [[ $? == 0 ]] || fail "r500: E is not good"
step "$F" "${r5[@]}"; [[ $? == 1 ]] || fail "r500: F is not bad"
step "$F" -- "$TMP/r500.tgsi" --target r500 --build naive --seed 1 --vectors 16 --lanes 16
[[ $? == 0 ]] || fail "r500: the naive build is not good at F"
step "$F" -- "$TMP/missing.tgsi" --target r500 --build opt; [[ $? == 125 ]] || fail "r500: an unreadable shader is not a skip"
printf 'FRAG\nDCL OUT[0], COLOR\n  0: NOPE OUT[0]\n  1: END\n' >"$TMP/bad.tgsi"
step "$F" -- "$TMP/bad.tgsi" --target r500 --build opt; [[ $? == 125 ]] || fail "r500: a shader that does not parse is not a skip"
mkdir -p "$TMP/r500corpus"
cp "$TMP/r500.tgsi" "$TMP/r500corpus/r500.tgsi"
"$M" --mutant "$R500_MUTANT" nightly --corpus "$TMP/r500corpus" --out "$TMP/r500out" --run r --vectors 4 --no-fork \
  --baseline /dev/null >"$TMP/r500nightly.out" 2>&1
grep -q '"reproduce": "[^"]* check --target r500 ' "$TMP/r500out/r/report.json" ||
  fail "r500: the nightly's record reproduces with no r500 check"
git bisect start "$F" "$A" >/dev/null
(git bisect run "$RUN" --build-cmd "$TMP/build.sh" --shaderdiff bin/shaderdiff \
  --from "$TMP/r500out/r/report.json" --check r500.tgsi@r500/opt >"$TMP/bisect_r500.log" 2>&1)
grep -q "^$F is the first bad commit" "$TMP/bisect_r500.log" || fail "r500 --from: git bisect run did not name F: $(cat "$TMP/bisect_r500.log")"
git bisect reset >/dev/null 2>&1

if [[ $failures -gt 0 ]]; then
  echo "$failures failure(s)"
  cat "$TMP/steps.log"
  exit 1
fi
echo "PASS"
