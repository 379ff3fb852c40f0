# Sourced by the campaign tests (fuzz_mutant_test.sh, fuzz_r500_mutant_test.sh,
# fuzz_r500_opt_mutant_test.sh):
# their arguments SHADERDIFF SHADERDIFF_MUTANTS MUTANT MAX as S (absolute),
# M (absolute: a repro.sh changes directory), MUTANT and MAX; a fresh
# scratch folder T named after the test; fail MESSAGE; field FILE EXPR
# (a Python expression over the JSON file's object r); expect_r500_repro
# and run_clean_campaign (below) for the r500 tests.
S=$(realpath "$1")
M=$(realpath "$2")
MUTANT=$3
MAX=$4
T=${TEST_TMPDIR:-/tmp}/$(basename "$0" .sh)
rm -rf "$T" && mkdir -p "$T" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
field() { python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }
# expect_r500_repro ID BUILD: finding ID's repro.sh checks its reduced r500
# vector with BUILD, reproduces (exit 1) under the mutant binary, and the
# reduced case passes with the clean one.
expect_r500_repro() {
  grep -q "check --target r500 --build $2 case.tgsi --vector vector.json" "$T/mutant/$1/repro.sh" ||
    fail "$1/repro.sh does not check the reduced vector: $(cat "$T/mutant/$1/repro.sh")"
  SHADERDIFF="$M" "$T/mutant/$1/repro.sh" > /dev/null 2>&1
  [ $? -eq 1 ] || fail "$1/repro.sh does not reproduce with the mutant (exit 1)"
  (cd "$T/mutant/$1" && "$S" check --target r500 --build "$2" case.tgsi --vector vector.json > /dev/null 2>&1)
  [ $? -eq 0 ] || fail "$1's reduced case fails without the mutant"
}
# run_clean_campaign ARGS...: the campaign with the clean binary into
# $T/clean; exit status 0 or fail.
run_clean_campaign() {
  "$S" "$@" --out "$T/clean" 2> "$T/clean.log"
  local status=$?
  [ $status -eq 0 ] || { tail -5 "$T/clean.log"; fail "clean r500 campaign exited $status"; }
}
