# Sourced by the campaign tests (fuzz_mutant_test.sh, fuzz_r500_mutant_test.sh,
# fuzz_r500_opt_mutant_test.sh):
# their arguments SHADERDIFF SHADERDIFF_MUTANTS MUTANT MAX as S (absolute),
# M (absolute: a repro.sh changes directory), MUTANT and MAX; a fresh
# scratch folder T named after the test; fail MESSAGE; field FILE EXPR
# (a Python expression over the JSON file's object r).
S=$(realpath "$1")
M=$(realpath "$2")
MUTANT=$3
MAX=$4
T=${TEST_TMPDIR:-/tmp}/$(basename "$0" .sh)
rm -rf "$T" && mkdir -p "$T" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
field() { python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }
