#!/usr/bin/env bash
# A full disk, simulated with RLIMIT_FSIZE (`ulimit -f`, SIGXFSZ ignored: a
# write past the limit fails with EFBIG, as one on a full disk fails with
# ENOSPC, through the same error paths). Issue 10 item 7:
#   - the nightly names what failed (the journal, with the errno text),
#     leaves no temporary file behind, exits 1, and --resume without the
#     limit finishes the run to the report an unlimited run writes;
#   - `shaderdiff report` failing to write index.html names it, with the
#     errno text, and leaves no index.html.tmp.
# Usage: disk_full_test.sh SHADERDIFF CORPUS/baseline.csv
set -uo pipefail
SD="$1"
CORPUS="$(dirname "$2")"
TMP="${TEST_TMPDIR:-/tmp}/disk_full_test.$$"
mkdir -p "$TMP/small/shaders"
for f in $(ls "$CORPUS/shaders" | head -24); do cp "$CORPUS/shaders/$f" "$TMP/small/shaders/"; done
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# limited KB command...: runs command with files limited to KB kilobytes.
limited() { local kb="$1"; shift; ( trap '' XFSZ; ulimit -f "$kb"; exec "$@" ); }

RUN=(nightly --corpus "$TMP/small" --baseline "$2" --vectors 2 --jobs 1 --date 20261126)
"$SD" "${RUN[@]}" --out "$TMP/clean" --run r > "$TMP/clean.log" 2>&1 || { fail "the unlimited run failed"; cat "$TMP/clean.log"; }

# full KB WHAT: a run on a disk that fills at KB kilobytes must exit 1
# naming WHAT failed with the errno text, leave no temporary file, keep a
# journal, and --resume without the limit must finish it to the report of
# the unlimited run. (Output goes through a pipe: the limit applies to
# regular files only.)
full() {
  local kb="$1" what="$2" out="$TMP/full$1"
  limited "$kb" "$SD" "${RUN[@]}" --out "$out" --run r 2>&1 | cat > "$out.log"
  local code=${PIPESTATUS[0]}
  [ "$code" -eq 1 ] || fail "$kb KB: the nightly on a full disk exits $code, not 1"
  grep -q "$what" "$out.log" || { fail "$kb KB: the failure is not named ($what)"; cat "$out.log"; }
  local leftovers
  leftovers=$(find "$out" -name '*.tmp')
  [ -z "$leftovers" ] || fail "$kb KB: temporary files left behind: $leftovers"
  [ -s "$out/r/journal.jsonl" ] || fail "$kb KB: no journal to resume from"
  "$SD" "${RUN[@]}" --out "$out" --run r --resume > "$out.resume.log" 2>&1 ||
    { fail "$kb KB: --resume after the full disk failed"; cat "$out.resume.log"; }
  python3 - "$TMP/clean/r/report.json" "$out/r/report.json" <<'PY' || fail "$kb KB: the resumed report differs from the unlimited run's"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
a.pop("run"); b.pop("run")
sys.exit(0 if a == b else 1)
PY
}
# 2 KB: the journal fills after a few shaders; 8 KB: the journal fits, the
# report does not.
full 2 "journal.jsonl: cannot append to the journal: File too large"
full 8 "cannot write .*report.json (through report.json.tmp): File too large"

# The report renderer: index.html is larger than 4 KB.
mkdir -p "$TMP/render"
limited 4 "$SD" report "$TMP/clean/r/report.json" --out "$TMP/render" 2>&1 | cat > "$TMP/render.log"
code=${PIPESTATUS[0]}
[ $code -ne 0 ] || fail "report on a full disk exits 0"
grep -q "cannot write .*index.html (through index.html.tmp): File too large" "$TMP/render.log" ||
  { fail "the failed index.html write is not named with its errno text"; cat "$TMP/render.log"; }
[ ! -e "$TMP/render/index.html.tmp" ] || fail "index.html.tmp left behind"

rm -rf "$TMP"
if [ $failures -ne 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "disk full: all passed"
