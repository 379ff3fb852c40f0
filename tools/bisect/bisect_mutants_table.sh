#!/usr/bin/env bash
# The bisect table of tools/bisect/README.md: for each compiler mutant, the
# failing case `check` finds with the mutant active on its own shader
# (compiler/testdata/mutants/<name>.tgsi; when that shader has no failing
# vector, the first failing shader of CORPUS_DIR, as the nightly catches it),
# bisected by `shaderdiff_mutants --mutant NAME bisect` (--build naive for
# the naive build's mutant): what it names (rewrite, pass, or the naive
# template probe's part), the rewrite search's compiles, the pass probes'
# compiles, and the seconds of the whole command.
# Usage: bisect_mutants_table.sh SHADERDIFF_MUTANTS CORPUS_DIR MUTANT_SHADER... > table.md
# (tools/bisect/README.md gives the command that lists them in pipeline order)
set -uo pipefail
M="$(realpath "$1")"
CORPUS="$2"
shift 2
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$TMP/shaders"
echo "| mutant | pass | case | check verdict | bisect names | status | compiles (search / bound) | probe compiles | seconds |"
echo "|---|---|---|---|---|---|---|---|---|"
for f in "$@"; do
  mutant=$(basename "$f" .tgsi)
  grep -v '^#' "$f" >"$TMP/shaders/$mutant.tgsi"
  b=opt
  [[ "$mutant" == naive-* ]] && b=naive
  pass=$(sed -n "s/^MUTANT([A-Za-z0-9]*, \"$mutant\", \"\([a-z-]*\)\".*/\1/p" "${MUTANTS_DEF:-compiler/support/mutants.def}")
  where=own
  "$M" --mutant "$mutant" check --build $b "$TMP/shaders/$mutant.tgsi" >"$TMP/$mutant.check" 2>&1
  line=$(grep -m1 'reproduce:' "$TMP/$mutant.check")
  if [[ -z "$line" ]]; then
    "$M" --mutant "$mutant" check --build $b "$CORPUS" >"$TMP/$mutant.check" 2>/dev/null
    line=$(grep -m1 'reproduce:' "$TMP/$mutant.check")
    where="corpus $(sed -n 's/.*\/\([0-9a-f]*\)\.tgsi.*/\1/p' <<<"$line" | head -c 8)"
  fi
  verdict=$(grep -B1 -m1 'reproduce:' "$TMP/$mutant.check" | head -n 1 | grep -o -E '\b(mismatch|naive-mismatch|build-mismatch|hazard|compile-error|timeout)\b' | head -n 1)
  c=$(sed -n 's/.*reproduce: .* --build \(opt\|naive\) //p' <<<"$line" | sed 's/ --compare//; s/ --hazards trap//')
  if [[ -z "$c" ]]; then
    echo "| $mutant | $pass | | pass | (no failing case) | | | | |"
    continue
  fi
  start=$(date +%s.%N)
  # shellcheck disable=SC2086
  "$M" --mutant "$mutant" bisect --build $b $c --json "$TMP/$mutant.json" >"$TMP/$mutant.out" 2>&1
  end=$(date +%s.%N)
  secs=$(python3 -c "print(f'{$end - $start:.2f}')")
  python3 - "$TMP/$mutant.json" "$mutant" "$pass" "$where" "${verdict:-?}" "$secs" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
mutant, pass_, where, verdict, secs = sys.argv[2:7]
rw = ' '.join(f"#{c['index']} {c['pass']}/{c['rewrite']}" for c in j.get('culprits', []))
passes = j.get('culprit_passes', [])
names = []
if passes:
    names.append('pass ' + ', '.join(passes))
if rw:
    names.append(('exposed by ' if passes else 'rewrite ') + rw)
tp = j.get('template_probe')
if tp and tp.get('culprit_part'):
    names.append(tp['culprit_part'] + ' (opt limit 0: ' + ', '.join(c['verdict'] for c in tp['compiles']) + ')')
if not names:
    names.append('nothing: ' + j.get('reason', '')[:60])
pp = j.get('pass_probes', {}).get('compiles', 0)
tpc = len(tp['compiles']) if tp else 0
comp = f"{j.get('compiles', 0)} ({j.get('search_compiles', 0)} / {j.get('search_bound', 0)})" if not tp else '0'
print(f"| {mutant} | {pass_} | {where} | {verdict} | {'; '.join(names)} | {j['status']} | {comp} | {pp or tpc} | {secs} |")
PY
done
