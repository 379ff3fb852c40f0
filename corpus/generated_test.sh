#!/bin/bash
# corpus/generated/<policy>/ holds exactly what `shaderdiff gen` writes for
# the options README.md records (seed 1, 100 shaders; 5:200 instructions,
# and 5:100 fragment shaders for r500): regenerate every folder and compare
# every file, gen.json included.
set -uo pipefail
SD="$1"
TMP="${TEST_TMPDIR:-/tmp}/generated_test.$$"
mkdir -p "$TMP"
failures=0
for policy in default rewrites wide r500; do
  options=(--size 5:200)
  [[ $policy == r500 ]] && options=(--size 5:100 --stage frag)
  "$SD" gen --seed 1 --count 100 "${options[@]}" --policy "$policy" --out "$TMP/$policy" >/dev/null ||
    { echo "FAIL: shaderdiff gen --policy $policy"; failures=$((failures + 1)); continue; }
  if ! diff -r "corpus/generated/$policy" "$TMP/$policy" >"$TMP/diff"; then
    echo "FAIL: corpus/generated/$policy differs from what shaderdiff gen writes now:"
    head -20 "$TMP/diff"
    failures=$((failures + 1))
  fi
  n=$(ls "corpus/generated/$policy"/*.tgsi | wc -l)
  [[ $n == 100 ]] || { echo "FAIL: $policy: $n shaders, want 100"; failures=$((failures + 1)); }
done
rm -rf "$TMP"
if [[ $failures -gt 0 ]]; then echo "$failures failure(s)"; exit 1; fi
echo "the generated slice is what the generator writes"
