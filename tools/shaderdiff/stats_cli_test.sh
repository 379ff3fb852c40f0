#!/usr/bin/env bash
# `shaderdiff stats --mesa-programs`: every row of the opt/mesa table on one
# tiny fixed shader (tools/ir3_dump/testdata/fs.tgsi and the program Mesa's
# ir3 built for it). The expected figures are counted here, independently
# of the harness: Mesa's from its dump by hand (10 words: bary.f x3, nop,
# mov, end, then 4 padding nops; 2 full registers, r0..r1), ours from the
# assembly `shaderdiff compile` prints. A wrong count in any row
# (instructions, nop slots, registers, instructions / nop slots up to the
# last `end`, the padding line, the worst-shader line) fails the test.
set -uo pipefail
SD="$1"
TGSI="$2"
DUMP="$3"
TMP="${TEST_TMPDIR:-/tmp}/stats_cli_test.$$"
mkdir -p "$TMP/shaders" "$TMP/mesa"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

cp "$TGSI" "$TMP/shaders/fs.tgsi"
"$SD" stats "$TMP/shaders" --min-instructions 1 --json "$TMP/plain.json" >"$TMP/out" 2>"$TMP/err" ||
  fail "stats without Mesa programs: $(head -3 "$TMP/err")"
hash=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["shaders"][0]["hash"])' "$TMP/plain.json")
cp "$DUMP" "$TMP/mesa/$hash.txt"
"$SD" compile --target a3xx "$TMP/shaders/fs.tgsi" >"$TMP/asm" 2>"$TMP/err" || fail "compile: $(head -3 "$TMP/err")"
"$SD" stats "$TMP/shaders" --mesa-programs "$TMP/mesa" --min-instructions 1 --json "$TMP/stats.json" \
  >"$TMP/out" 2>"$TMP/err" || fail "stats --mesa-programs: $(head -3 "$TMP/err")"

python3 - "$TMP/asm" "$TMP/out" "$TMP/stats.json" <<'PY' || fail "stats rows"
import json, re, sys

asm_lines, out, js = open(sys.argv[1]).read().splitlines(), open(sys.argv[2]).read(), json.load(open(sys.argv[3]))

def count(lines):
    """words, nop slots, and both up to (and including) the last `end`."""
    words = nops = 0
    upto = None
    for line in lines:
        m = re.match(r"^((?:\([a-z0-9]+\))*)(\S+)", line)
        if not m or line.startswith(";") or line.startswith("l") and line.endswith(":"):
            continue
        words += 1
        if m.group(2) == "nop":
            rpt = re.search(r"\(rpt(\d)\)", m.group(1))
            nops += 1 + (int(rpt.group(1)) if rpt else 0)
        if m.group(2) == "end":
            upto = (words, nops)
    return words, nops, upto[0], upto[1]

# Ours: the assembly lines compile prints before its statistics.
body = [l for l in asm_lines if l and not l.startswith(";")]
ow, on, ow_end, on_end = count(body)
stat = re.search(r"^; (\d+) instructions, (\d+) nop slots, \d+ \(ss\), \d+ \(sy\), (\d+) full", "\n".join(asm_lines), re.M)
assert stat and (int(stat.group(1)), int(stat.group(2))) == (ow, on), (stat and stat.groups(), ow, on)
oregs = int(stat.group(3))
# Mesa's, by hand from the dump.
mw, mn, mw_end, mn_end, mregs = 10, 5, 6, 1, 2

s = js["shaders"][0]
assert s["mesa"]["status"] == "ok", s["mesa"]
assert (s["mesa"]["instructions"], s["mesa"]["nop_slots"], s["mesa"]["full_regs"]) == (mw, mn, mregs), s["mesa"]
assert (s["mesa"]["padding_instructions"], s["mesa"]["padding_nop_slots"]) == (mw - mw_end, mn - mn_end), s["mesa"]
assert (s["opt"]["instructions"], s["opt"]["nop_slots"], s["opt"]["full_regs"]) == (ow, on, oregs), s["opt"]
assert (s["opt"]["padding_instructions"], s["opt"]["padding_nop_slots"]) == (ow - ow_end, on - on_end), s["opt"]

mesa = out[out.rindex("\n", 0, out.index("opt / mesa:")) + 1:]
def row(name, num, den):
    pct = "%.1f%%" % (100.0 * num / max(1, den))
    m = re.search(r"^  " + re.escape(name) + r"\s+(.*)$", mesa, re.M)
    assert m, "no row " + name
    cells = m.group(1).replace("|", " ").split()
    # p10 p25 median p75 p90 max | total: one shader, so all seven are its ratio.
    assert cells == [pct] * 7, (name, cells, pct)
row("instructions", ow, mw)
row("nop slots", on, mn)
row("registers", oregs, mregs)
row("instr to end", ow_end, mw_end)
row("nops to end", on_end, mn_end)
assert re.search(r"^1 shaders both opt and mesa build", mesa, re.M), mesa
pad = "programs with words after their last end: opt %d, mesa 1" % (1 if ow > ow_end else 0)
assert pad in mesa, (pad, mesa)
worst = "%.1f%% fs.tgsi: opt %di %dn %dr, mesa %di %dn %dr" % (100.0 * ow / mw, ow, on, oregs, mw, mn, mregs)
assert worst in mesa, (worst, mesa)
PY

# A dump whose padding is cut shows in the rows: the same program without
# its 4 trailing nops has 6 words, and "instructions" becomes opt/6.
grep -v "^:0:000[6-9]:" "$DUMP" >"$TMP/mesa/$hash.txt"
"$SD" stats "$TMP/shaders" --mesa-programs "$TMP/mesa" --min-instructions 1 --json "$TMP/cut.json" >"$TMP/out" 2>&1 ||
  fail "stats on the cut dump"
python3 - "$TMP/cut.json" <<'PY' || fail "stats counts the cut dump's words"
import json, sys
m = json.load(open(sys.argv[1]))["shaders"][0]["mesa"]
assert (m["instructions"], m["nop_slots"], m["padding_instructions"]) == (6, 1, 0), m
PY

rm -rf "$TMP"
if ((failures)); then
  echo "$failures failure(s)"
  exit 1
fi
echo "PASS"
