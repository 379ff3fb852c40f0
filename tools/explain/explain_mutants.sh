#!/usr/bin/env bash
# The explain table of tools/explain/README.md: for each compiler mutant
# (compiler/testdata/mutants/<name>.tgsi), the failing case `check` finds
# with the mutant active, explained by `shaderdiff_mutants --mutant NAME
# explain` (bisect included): the status, the named instruction, whether it
# is part of the culprit rewrite's output, and the time per explanation.
# Usage: explain_mutants.sh SHADERDIFF_MUTANTS MUTANT_SHADER... > table.md
set -uo pipefail
M="$(realpath "$1")"
shift
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$TMP/shaders"
echo "| mutant | pass | check verdict | explain | instruction named | TGSI | bisect culprit | in culprit's output | seconds |"
echo "|---|---|---|---|---|---|---|---|---|"
for f in "$@"; do
  mutant=$(basename "$f" .tgsi)
  grep -v '^#' "$f" >"$TMP/shaders/$mutant.tgsi"
  # The naive-build mutant fails in the naive build; every other in the optimizing one.
  b=opt
  [[ "$mutant" == naive-* ]] && b=naive
  "$M" --mutant "$mutant" check --build $b "$TMP/shaders/$mutant.tgsi" >"$TMP/$mutant.check" 2>&1
  line=$(grep -m1 'reproduce:' "$TMP/$mutant.check")
  verdict=$(grep -m1 -o -E '\b(pass|mismatch|naive-mismatch|build-mismatch|hazard|unsupported|compile-error|timeout|untested)\b' "$TMP/$mutant.check" | head -1)
  c=$(sed -n 's/.*reproduce: .* --build \(opt\|naive\) //p' <<<"$line" | sed 's/ --compare//; s/ --hazards trap//')
  build=$(sed -n 's/.*reproduce: .* --build \(opt\|naive\) .*/\1/p' <<<"$line")
  pass=$(sed -n "s/^MUTANT([A-Za-z0-9]*, \"$mutant\", \"\([a-z-]*\)\".*/\1/p" "${MUTANTS_DEF:-compiler/support/mutants.def}")
  if [[ -z "$c" ]]; then
    echo "| $mutant | $pass | ${verdict:-?} | (no failing vector: nothing to explain) | | | | | |"
    continue
  fi
  start=$(date +%s.%N)
  # shellcheck disable=SC2086
  "$M" --mutant "$mutant" explain --build "${build:-opt}" $c --json "$TMP/$mutant.json" >"$TMP/$mutant.out" 2>&1
  end=$(date +%s.%N)
  secs=$(python3 -c "print(f'{$end - $start:.2f}')")
  if [[ ! -s "$TMP/$mutant.json" ]]; then
    echo "| $mutant | $pass | ${verdict:-?} | (no JSON: $(head -c 120 "$TMP/$mutant.out" | tr '\n|' '  ')) | | | | | $secs |"
    continue
  fi
  python3 - "$TMP/$mutant.json" "$mutant" "$pass" "${verdict:-?}" "$secs" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
mutant, pass_, verdict, secs = sys.argv[2:6]
ins = j.get('instruction', {})
named = f"#{ins['pc']} `{ins['asm']}`" if ins else ''
t = j.get('tgsi', {})
tg = f"{t['index']}: `{t['text']}`" if t and t.get('index', -1) >= 0 else ''
b = j.get('bisect')
cul = ' '.join(c['pass'] + '/' + c['rewrite'] for c in b['culprits']) if b and b['culprits'] else (b['status'] if b else '')
if b and b.get('culprit_passes'):
    cul = 'pass ' + ', '.join(b['culprit_passes']) + ('; exposed by ' + cul if b['culprits'] else '')
inout = {True: 'yes', False: 'no'}.get(b.get('explained_in_output')) if b else ''
print(f"| {mutant} | {pass_} | {verdict} | {j['status']} | {named} | {tg} | {cul} | {inout or ''} | {secs} |")
PY
done
